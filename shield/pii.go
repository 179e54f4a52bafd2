package shield

import (
	"context"
	"strings"
)

// Confidences of the pii signals (see the README's calibration table).
var piiConfidence = map[string]float64{
	"email_address":           0.4,
	"phone_number":            0.35,
	"card_number":             0.9,
	"card_number_test":        0.2,
	"card_number_unformatted": 0.5,
	"iban":                    0.9,
	"us_ssn":                  0.5,
	"us_ssn_labelled":         0.85,
	"br_cpf":                  0.85,
	"es_dni":                  0.85,
	"cn_resident_id":          0.85,
	"in_aadhaar":              0.7,
}

// piiDetector adds the pii signals: e-mail addresses, phone numbers,
// payment card numbers (Luhn), IBANs (ISO 13616 mod 97) and national
// identifiers with a check digit where one exists.
type piiDetector struct{}

func (piiDetector) detect(_ context.Context, in *input, addHit func(hit)) error {
	text := in.text
	add := func(kind string, start, end int) {
		addHit(hit{class: PII, kind: kind, conf: piiConfidence[kind], start: start, end: end})
	}
	findEmails(text, add)
	findNumbers(text, add)
	findIBANs(text, add)
	return nil
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }
func isUpper(b byte) bool { return 'A' <= b && b <= 'Z' }
func isLower(b byte) bool { return 'a' <= b && b <= 'z' }
func isAlnum(b byte) bool { return isDigit(b) || isUpper(b) || isLower(b) }

func isLocalChar(b byte) bool {
	return isAlnum(b) || strings.IndexByte("._%+-", b) >= 0
}

func isDomainChar(b byte) bool { return isAlnum(b) || b == '-' || b == '.' }

// documentationDomains are reserved for examples (RFC 2606, RFC 6761): an
// address at one of them is nobody's.
var documentationDomains = []string{"example.com", "example.org", "example.net", "example", "test", "invalid", "localhost", "local"}

func isDocumentationDomain(d string) bool {
	d = strings.ToLower(d)
	for _, x := range documentationDomains {
		if d == x || strings.HasSuffix(d, "."+x) {
			return true
		}
	}
	return false
}

// findEmails finds addresses of the common form local@domain.tld (the
// dot-atom of RFC 5322 §3.4.1, without quoted local parts), skipping
// documentation domains.
func findEmails(text string, add func(string, int, int)) {
	from := 0
	for from < len(text) {
		k := strings.IndexByte(text[from:], '@')
		if k < 0 {
			return
		}
		at := from + k
		from = at + 1
		s := at
		for s > 0 && at-s < 64 && isLocalChar(text[s-1]) {
			s--
		}
		for s < at && text[s] == '.' {
			s++
		}
		if s == at {
			continue
		}
		e := at + 1
		for e < len(text) && e-at < 254 && isDomainChar(text[e]) {
			e++
		}
		for e > at+1 && (text[e-1] == '.' || text[e-1] == '-') {
			e--
		}
		domain := text[at+1 : e]
		dot := strings.LastIndexByte(domain, '.')
		if dot <= 0 || len(domain)-dot-1 < 2 {
			continue
		}
		tld := domain[dot+1:]
		letters := true
		for i := 0; i < len(tld); i++ {
			if !isUpper(tld[i]) && !isLower(tld[i]) {
				letters = false
			}
		}
		if !letters || strings.Contains(domain, "..") || isDocumentationDomain(domain) {
			continue
		}
		add("email_address", s, e)
		from = e
	}
}

// numberToken is a run of digit groups joined by single separators.
type numberToken struct {
	start, end int
	digits     []byte  // at most 24, separators left out
	seps       [8]byte // the separators in order
	nseps      int
	groups     [9]int // the length of each digit group
}

// is reports whether the token has exactly these group lengths with sep
// between each two.
func (t *numberToken) is(sep byte, groups ...int) bool {
	if t.nseps != len(groups)-1 {
		return false
	}
	for k, g := range groups {
		if t.groups[k] != g || k > 0 && t.seps[k-1] != sep {
			return false
		}
	}
	return true
}

// findNumbers reads the text's digit groups and tests each token against
// the numeric formats: card numbers, phone numbers and identifiers.
func findNumbers(text string, add func(string, int, int)) {
	var tok numberToken
	var buf [24]byte
	for i := 0; i < len(text); {
		if !isDigit(text[i]) || i > 0 && (isAlnum(text[i-1]) || text[i-1] == '.' || text[i-1] == '_') {
			i++
			continue
		}
		tok = numberToken{start: i, digits: buf[:0]}
		j := i
		for {
			g := j
			for j < len(text) && isDigit(text[j]) {
				if len(tok.digits) < cap(buf) {
					tok.digits = append(tok.digits, text[j])
				}
				j++
			}
			tok.groups[tok.nseps] = j - g
			if j+1 < len(text) && (text[j] == ' ' || text[j] == '-' || text[j] == '.') && isDigit(text[j+1]) && tok.nseps < len(tok.seps) {
				tok.seps[tok.nseps] = text[j]
				tok.nseps++
				j++
				continue
			}
			break
		}
		tok.end = j
		// A run longer than any format's is none of them.
		if j-i <= 32 && len(tok.digits) < cap(buf) {
			plus := i > 0 && text[i-1] == '+'
			switch {
			case j < len(text) && isAlnum(text[j]):
				numberWithLetter(text, &tok, add)
			case plus:
				if n := len(tok.digits); n >= 8 && n <= 15 && tok.nseps >= 1 || n >= 10 && n <= 15 {
					add("phone_number", i-1, j)
				}
			default:
				classifyNumber(text, &tok, add)
			}
		}
		i = j
		for i < len(text) && isAlnum(text[i]) {
			i++
		}
	}
}

// sameSeps reports whether every separator is the same one, and not '.'.
func (t *numberToken) sameSeps() bool {
	for k := 0; k < t.nseps; k++ {
		if t.seps[k] != t.seps[0] || t.seps[k] == '.' {
			return false
		}
	}
	return true
}

func classifyNumber(text string, tok *numberToken, add func(string, int, int)) {
	d := tok.digits
	switch {
	case tok.is('-', 3, 2, 4):
		if validSSN(d) {
			if labelled(text, tok.start, "ssn", "social security") {
				add("us_ssn_labelled", tok.start, tok.end)
			} else {
				add("us_ssn", tok.start, tok.end)
			}
		}
		return
	case tok.nseps == 3 && tok.groups[0] == 3 && tok.groups[1] == 3 && tok.groups[2] == 3 && tok.groups[3] == 2 &&
		tok.seps[0] == '.' && tok.seps[1] == '.' && tok.seps[2] == '-':
		if validCPF(d) {
			add("br_cpf", tok.start, tok.end)
		}
		return
	case tok.is(' ', 4, 4, 4) || tok.is('-', 4, 4, 4):
		if d[0] >= '2' && verhoeff(d) {
			add("in_aadhaar", tok.start, tok.end)
			return
		}
	case tok.nseps == 0 && len(d) == 18:
		if validRIC(d) {
			add("cn_resident_id", tok.start, tok.end)
			return
		}
	}
	if len(d) >= 13 && len(d) <= 19 && tok.sameSeps() && (tok.start == 0 || text[tok.start-1] != '-') {
		if kind, ok := cardKind(d); ok {
			// A bare run of digits passes Luhn one time in ten: tables of
			// numbers in source code hold many. Printed in a card's groups,
			// or named as a card, it is one.
			if kind == "card_number" && !cardGroups(tok) && !labelled(text, tok.start, "card", "visa", "mastercard", "amex", "credit", "debit", "payment") {
				kind = "card_number_unformatted"
			}
			add(kind, tok.start, tok.end)
			return
		}
	}
	if tok.is('-', 3, 3, 4) || tok.is('.', 3, 3, 4) || tok.is(' ', 3, 3, 4) {
		add("phone_number", tok.start, tok.end)
	}
}

// numberWithLetter handles a digit token followed by a letter: a Spanish
// DNI or NIE, or a Chinese resident identity number ending in X.
func numberWithLetter(text string, tok *numberToken, add func(string, int, int)) {
	j := tok.end
	if j+1 < len(text) && isAlnum(text[j+1]) {
		return
	}
	d := tok.digits
	switch {
	case tok.nseps == 0 && len(d) == 8 && isUpper(text[j]):
		if dniLetter(d) == text[j] {
			add("es_dni", tok.start, j+1)
		}
	case tok.nseps == 0 && len(d) == 17 && (text[j] == 'X' || text[j] == 'x'):
		if validRIC(append(d, 'X')) {
			add("cn_resident_id", tok.start, j+1)
		}
	}
}

// labelled reports whether one of the words appears (ASCII
// case-insensitively) in the 40 bytes before start.
func labelled(text string, start int, words ...string) bool {
	lo := max(0, start-40)
	before := strings.ToLower(text[lo:start])
	for _, w := range words {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}

func validSSN(d []byte) bool {
	area, group, serial := string(d[:3]), string(d[3:5]), string(d[5:])
	return area != "000" && area != "666" && area[0] != '9' && group != "00" && serial != "0000"
}

// luhn reports whether the digits pass the Luhn (mod 10) check of
// ISO/IEC 7812-1.
func luhn(d []byte) bool {
	sum, double := 0, false
	for i := len(d) - 1; i >= 0; i-- {
		v := int(d[i] - '0')
		if double {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
		double = !double
	}
	return sum%10 == 0
}

func allSame(d []byte) bool {
	for _, c := range d {
		if c != d[0] {
			return false
		}
	}
	return true
}

// testCards are the card numbers that payment processors publish for
// testing: look-alikes, not anyone's card.
var testCards = map[string]bool{
	"4111111111111111": true, "4242424242424242": true, "4012888888881881": true,
	"4000056655665556": true, "5555555555554444": true, "5105105105105100": true,
	"2223003122003222": true, "378282246310005": true, "371449635398431": true,
	"6011111111111117": true, "6011000990139424": true, "3530111333300000": true,
	"30569309025904": true, "38520000023237": true, "5200828282828210": true,
}

// cardKind reports whether d is a payment card number: a known issuer
// prefix (IIN) with a length it issues, and a Luhn check digit.
func cardKind(d []byte) (string, bool) {
	if !luhn(d) || allSame(d) {
		return "", false
	}
	n := len(d)
	p2 := int(d[0]-'0')*10 + int(d[1]-'0')
	p4 := p2*100 + int(d[2]-'0')*10 + int(d[3]-'0')
	ok := false
	switch {
	case d[0] == '4':
		ok = n == 13 || n == 16 || n == 19 // Visa
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720:
		ok = n == 16 // Mastercard
	case p2 == 34 || p2 == 37:
		ok = n == 15 // American Express
	case p4 == 6011, p2 == 65, p4 >= 6440 && p4 <= 6499:
		ok = n >= 16 && n <= 19 // Discover
	case p4 >= 3528 && p4 <= 3589:
		ok = n >= 16 && n <= 19 // JCB
	case p2 == 36, p2 == 38, p4 >= 3000 && p4 <= 3059:
		ok = n >= 14 && n <= 19 // Diners Club
	case p2 == 62:
		ok = n >= 16 && n <= 19 // UnionPay
	}
	if !ok {
		return "", false
	}
	if testCards[string(d)] {
		return "card_number_test", true
	}
	return "card_number", true
}

// cardGroups reports whether the token is printed in the groups cards
// are: 4-4-4-4 (and 4-4-4-4-3 for 19 digits), 4-6-5 (American Express),
// 4-6-4 (Diners Club).
func cardGroups(t *numberToken) bool {
	return t.is(' ', 4, 4, 4, 4) || t.is('-', 4, 4, 4, 4) || t.is(' ', 4, 4, 4, 4, 3) || t.is('-', 4, 4, 4, 4, 3) ||
		t.is(' ', 4, 6, 5) || t.is('-', 4, 6, 5) || t.is(' ', 4, 6, 4) || t.is('-', 4, 6, 4)
}

// validCPF checks the two mod-11 check digits of a Brazilian CPF.
func validCPF(d []byte) bool {
	if len(d) != 11 || allSame(d) {
		return false
	}
	for k := 9; k <= 10; k++ {
		sum := 0
		for i := 0; i < k; i++ {
			sum += int(d[i]-'0') * (k + 1 - i)
		}
		check := sum * 10 % 11 % 10
		if check != int(d[k]-'0') {
			return false
		}
	}
	return true
}

// dniLetter is the check letter of a Spanish DNI number (mod 23).
func dniLetter(d []byte) byte {
	n := 0
	for i := 0; i < len(d); i++ {
		n = n*10 + int(d[i]-'0')
	}
	return "TRWAGMYFPDXBNJZSQVHLCKE"[n%23]
}

// validRIC checks a Chinese resident identity number (GB 11643-1999): a
// plausible birth date in digits 7–14 and the ISO 7064 MOD 11-2 check
// character.
func validRIC(d []byte) bool {
	if len(d) != 18 {
		return false
	}
	y := string(d[6:10])
	m := int(d[10]-'0')*10 + int(d[11]-'0')
	day := int(d[12]-'0')*10 + int(d[13]-'0')
	if y < "1900" || y > "2099" || m < 1 || m > 12 || day < 1 || day > 31 {
		return false
	}
	sum := 0
	for i := 0; i < 17; i++ {
		w := 1
		for k := 0; k < 17-i; k++ {
			w = w * 2 % 11
		}
		sum += int(d[i]-'0') * w
	}
	return "10X98765432"[sum%11] == d[17]
}

// The Verhoeff tables (dihedral group D5).
var (
	verhoeffD = [10][10]byte{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5},
		{2, 3, 4, 0, 1, 7, 8, 9, 5, 6}, {3, 4, 0, 1, 2, 8, 9, 5, 6, 7},
		{4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
		{6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3},
		{8, 7, 6, 5, 9, 3, 2, 1, 0, 4}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
	}
	verhoeffP = [8][10]byte{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4},
		{5, 8, 0, 3, 7, 9, 6, 1, 4, 2}, {8, 9, 1, 6, 0, 4, 3, 5, 2, 7},
		{9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
		{2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8},
	}
)

// verhoeff reports whether d passes the Verhoeff check (Aadhaar's).
func verhoeff(d []byte) bool {
	c := byte(0)
	for i := 0; i < len(d); i++ {
		c = verhoeffD[c][verhoeffP[i%8][d[len(d)-1-i]-'0']]
	}
	return c == 0
}

// ibanLengths are the IBAN lengths of the countries of the IBAN registry
// (SWIFT, ISO 13616) most often seen.
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AT": 20, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
	"CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "EG": 29, "ES": 24,
	"FI": 18, "FO": 18, "FR": 27, "GB": 22, "GI": 23, "GL": 18, "GR": 27, "HR": 21,
	"HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
	"LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22,
	"MK": 19, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29,
	"PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24,
	"SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}

// findIBANs finds IBANs, compact or printed in groups of four, with the
// length of their country and a valid ISO 7064 mod 97-10 check.
func findIBANs(text string, add func(string, int, int)) {
	for i := 0; i+15 <= len(text); i++ {
		if !isUpper(text[i]) || !isUpper(text[i+1]) || !isDigit(text[i+2]) || !isDigit(text[i+3]) ||
			i > 0 && isAlnum(text[i-1]) {
			continue
		}
		want, ok := ibanLengths[text[i:i+2]]
		if !ok {
			continue
		}
		var buf [34]byte
		n, j := 0, i
		for j < len(text) && n < want {
			c := text[j]
			switch {
			case isDigit(c) || isUpper(c):
				buf[n] = c
				n++
				j++
			case c == ' ' && n%4 == 0 && j+1 < len(text) && isAlnum(text[j+1]):
				j++
			default:
				goto done
			}
		}
	done:
		if n != want || j < len(text) && isAlnum(text[j]) {
			continue
		}
		if mod97(string(buf[:n])) == 1 {
			add("iban", i, j)
			i = j - 1
		}
	}
}

// mod97 is the ISO 7064 mod 97-10 remainder of an IBAN: the first four
// characters moved to the end, letters as 10–35.
func mod97(iban string) int {
	r := 0
	s := iban[4:] + iban[:4]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isDigit(c) {
			r = (r*10 + int(c-'0')) % 97
		} else {
			v := int(c-'A') + 10
			r = (r*100 + v) % 97
		}
	}
	return r
}
