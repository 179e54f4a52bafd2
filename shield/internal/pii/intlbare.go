package pii

import (
	"crypto/sha256"
	"strings"
)

// The national identifiers, wallet addresses and IP addresses the number
// pass reads without a label (issue 27, item 3); see intl.go for the
// rules.

// A bareID is a value the number pass reported.
type bareID struct {
	kind  string
	start int
}

func (f *finder) addBare(kind string, start, end int) {
	if f.nbare < len(f.bare) {
		f.bare[f.nbare] = bareID{kind, start}
		f.nbare++
	}
	f.add(kind, start, end)
}

// seenBare reports whether the number pass already reported kind at
// start.
func (f *finder) seenBare(kind string, start int) bool {
	for _, b := range f.bare[:f.nbare] {
		if b.kind == kind && b.start == start {
			return true
		}
	}
	return false
}

// alnumToken reads the token of letters and digits around i, a digit
// after a letter, tests it against the formats that begin with letters
// (codice fiscale, CURP, NIE, NRIC/FIN, a bech32 Bitcoin address) and
// returns its end; the number pass goes on from there. Bounds: the token
// is read at most 40 bytes back and 90 forward.
func (f *finder) alnumToken(i int) int {
	text := f.text
	s := i
	for s > 0 && i-s < 40 && isAlnum(text[s-1]) {
		s--
	}
	e := i
	for e < len(text) && e-i < 90 && isAlnum(text[e]) {
		e++
	}
	if s > 0 && (isAlnum(text[s-1]) || text[s-1] == '_') || e < len(text) && (isAlnum(text[e]) || text[e] == '_') {
		return e
	}
	tok := text[s:e]
	switch {
	case len(tok) == 16 && isUpper(tok[0]):
		if validCodiceFiscale(tok) {
			f.addBare("it_codice_fiscale", s, e)
		}
	case len(tok) == 18 && isUpper(tok[0]):
		if validCURP(tok) {
			f.addBare("mx_curp", s, e)
		}
	case len(tok) == 9 && strings.IndexByte("XYZ", tok[0]) >= 0:
		if validNIE(tok) {
			f.addBare("es_nie", s, e)
		}
	case len(tok) == 9 && strings.IndexByte("STFGM", tok[0]) >= 0:
		if validNRIC(tok) {
			f.addBare("sg_nric", s, e)
		}
	case len(tok) >= 42 && len(tok) <= 62 && strings.HasPrefix(tok, "bc1"):
		if validBech32(tok) {
			f.addBare("crypto_wallet", s, e)
		}
	}
	return e
}

// digitLetter tests a token of digits followed by a letter: a Finnish
// henkilötunnus (DDMMYY, a century letter, three digits and a check
// letter, or DDMMYY-ZZZ and a check letter), a base58 Bitcoin address
// (1… or 3…), an Ethereum address after its words (0x and 40 hex
// digits). It returns the end of what it found, or tok.end.
func (f *finder) digitLetter(tok *numberToken) int {
	text := f.text
	j := tok.end
	e := j
	for e < len(text) && e-j < 64 && isAlnum(text[e]) {
		e++
	}
	if e < len(text) && (isAlnum(text[e]) || text[e] == '_') {
		return tok.end
	}
	raw := text[tok.start:e]
	switch {
	case len(raw) == 11 && (tok.nseps == 0 && len(tok.digits) == 6 || tok.is('-', 6, 3)):
		if c := compactID(raw); isUpper(c[len(c)-1]) && hetuAt(c, raw) {
			f.addBare("fi_hetu", tok.start, e)
			return e
		}
	case tok.nseps == 0 && len(raw) >= 26 && len(raw) <= 35 && (raw[0] == '1' || raw[0] == '3'):
		if validBase58Check(raw) {
			f.addBare("crypto_wallet", tok.start, e)
			return e
		}
	case tok.nseps == 0 && len(raw) == 42 && raw[0] == '0' && (raw[1] == 'x' || raw[1] == 'X') && len(tok.digits) == 1:
		if isHex(raw[2:]) && !allSame([]byte(raw[2:])) && f.near(tok.start, e, walletWords) {
			f.addBare("crypto_wallet", tok.start, e)
			return e
		}
	}
	return tok.end
}

// walletWords make a 0x address a wallet's: an Ethereum address has no
// check of its own (the mixed-case checksum is optional), and contract
// addresses, transaction hashes and digests share the form.
var walletWords = newWordList("wallet", "eth", "ethereum", "erc20", "erc-20", "metamask", "usdt", "usdc", "my address", "payout", "send to")

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isDigit(c) && (c < 'a' || c > 'f') && (c < 'A' || c > 'F') {
			return false
		}
	}
	return true
}

// classifyIntl tests a digit token against the national identifiers
// printed in their groups, found without a label: a French NIR
// (1 85 05 78 006 084 36), a Belgian national number (85.07.30-033.61), a
// Korean RRN (850730-1234567); and an IPv4 address of a person. It
// reports whether the token was one.
func (f *finder) classifyIntl(tok *numberToken) bool {
	d := tok.digits
	s, e := tok.start, tok.end
	switch {
	case tok.is(' ', 1, 2, 2, 2, 3, 3, 2):
		if validNIR(d, string(d)) {
			f.addBare("fr_nir", s, e)
			return true
		}
	case tok.nseps == 4 && tok.groups[0] == 2 && tok.groups[1] == 2 && tok.groups[2] == 2 && tok.groups[3] == 3 && tok.groups[4] == 2 &&
		tok.seps[0] == '.' && tok.seps[1] == '.' && tok.seps[2] == '-' && tok.seps[3] == '.':
		if validBENN(d, string(d)) {
			f.addBare("be_national_number", s, e)
			return true
		}
	case tok.is('-', 6, 7):
		if validRRN(d, string(d)) {
			f.addBare("kr_rrn", s, e)
			return true
		}
	case tok.nseps == 3 && tok.sep() == '.':
		return f.personIP(tok)
	}
	return false
}

// ipWords name an IP address; personWords tie one to a person. A server's
// address in a log or a configuration is no one's personal data in the
// sense of the issue (it names a machine); an address written as a
// person's ("my IP", "her home IP", "the customer's IP") identifies them
// (the CJEU's Breyer ruling), so only those are reported.
var (
	ipWords     = newWordList("ip", "ip address", "ip-adresse", "ipv4")
	personWords = newWordList("my", "your", "his", "her", "their", "home", "customer's", "customer’s", "user's", "user’s", "client's", "client’s",
		"visitor's", "mi", "mein", "meine", "meiner", "mon", "mio", "minha", "meu", "mijn", "mitt")
	// machineWords make the address a machine's even beside a person's
	// word ("your server's IP").
	machineWords = newWordList("server", "server's", "host", "hostname", "router", "gateway", "dns", "nameserver", "proxy", "upstream", "vps", "instance", "node")
)

// personIP reports an IPv4 address that a person's words stand around
// (ip_address): public addresses only — private, loopback, link-local,
// shared, documentation and multicast ranges are never a person's.
func (f *finder) personIP(tok *numberToken) bool {
	var o [4]int
	k := 0
	for g := 0; g < 4; g++ {
		if tok.groups[g] > 3 || tok.groups[g] > 1 && tok.digits[k] == '0' {
			return false
		}
		o[g] = digitsVal(tok.digits[k : k+tok.groups[g]])
		if o[g] > 255 {
			return false
		}
		k += tok.groups[g]
	}
	switch {
	case o[0] == 0 || o[0] == 10 || o[0] == 127 || o[0] >= 224,
		o[0] == 169 && o[1] == 254, o[0] == 172 && o[1] >= 16 && o[1] <= 31, o[0] == 192 && o[1] == 168,
		o[0] == 100 && o[1] >= 64 && o[1] <= 127,
		o[0] == 192 && o[1] == 0 && o[2] == 2, o[0] == 198 && o[1] == 51 && o[2] == 100, o[0] == 203 && o[1] == 0 && o[2] == 113:
		return false
	}
	if !f.near(tok.start, tok.end, ipWords) || !f.near(tok.start, tok.end, personWords) || f.near(tok.start, tok.end, machineWords) {
		return false
	}
	f.add("ip_address", tok.start, tok.end)
	return true
}

// base58 is Bitcoin's alphabet.
const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// validBase58Check accepts a Bitcoin P2PKH or P2SH address (BIP 13,
// base58check): 25 bytes decoded, version 0x00 or 0x05, the last four
// the first four of the double SHA-256 of the rest.
func validBase58Check(s string) bool {
	var b [25]byte
	for i := 0; i < len(s); i++ {
		v := strings.IndexByte(base58, s[i])
		if v < 0 {
			return false
		}
		carry := v
		for k := len(b) - 1; k >= 0; k-- {
			carry += int(b[k]) * 58
			b[k] = byte(carry)
			carry >>= 8
		}
		if carry != 0 {
			return false // more than 25 bytes
		}
	}
	// Leading '1's are leading zero bytes.
	ones := 0
	for ones < len(s) && s[ones] == '1' {
		ones++
	}
	lead := 0
	for lead < len(b) && b[lead] == 0 {
		lead++
	}
	if lead != ones && !(ones == 1 && lead == 1) {
		return false
	}
	if b[0] != 0 && b[0] != 5 || allSame(b[1:21]) {
		return false // not a P2PKH or P2SH address, or a burn address (a hash of zeros)
	}
	h := sha256.Sum256(b[:21])
	h = sha256.Sum256(h[:])
	return h[0] == b[21] && h[1] == b[22] && h[2] == b[23] && h[3] == b[24]
}

// bech32Chars is bech32's alphabet (BIP 173).
const bech32Chars = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// validBech32 accepts a native SegWit Bitcoin address (BIP 173; BIP 350
// for witness version 1 and up): "bc1", lower case, the data part's
// checksum a polymod of 1 (bech32) or 0x2bc830a3 (bech32m).
func validBech32(s string) bool {
	if s != strings.ToLower(s) {
		return false
	}
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := uint32(1)
	step := func(v uint32) {
		top := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ v
		for i := 0; i < 5; i++ {
			if top>>uint(i)&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	// The human-readable part "bc": high bits, a zero, low bits.
	step('b' >> 5)
	step('c' >> 5)
	step(0)
	step('b' & 31)
	step('c' & 31)
	for i := 3; i < len(s); i++ {
		v := strings.IndexByte(bech32Chars, s[i])
		if v < 0 {
			return false
		}
		step(uint32(v))
	}
	witness := strings.IndexByte(bech32Chars, s[3])
	if witness == 0 {
		return chk == 1
	}
	return witness <= 16 && chk == 0x2bc830a3
}
