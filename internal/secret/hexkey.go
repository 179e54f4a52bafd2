package secret

import "strings"

// hexKeyLabels are the words that, shortly before 64 hex digits, name them
// a private key (an Ethereum-style secp256k1 key, an Ed25519 seed, an
// HMAC or signing secret): compared with the lower-cased label, in which
// "_", "-" and "." are read as spaces.
var hexKeyLabels = []string{"private key", "privatekey", "priv key", "privkey", "secret key", "secretkey", "signing key", "wallet key", "seed", "wallet("}

// hexKeys calls fn for each run of exactly 64 hex digits (after an
// optional "0x") that a label of hexKeyLabels precedes within 40 bytes on
// its line: hex_private_key. With strict (the refusal), a "0x" prefix is
// enough.
func hexKeys(text string, strict bool, fn func(Finding)) {
	// A finding holds 64 hex digits in a row, so the pass looks for such
	// a run first, reading one byte in 64 where hex digits are rare: when
	// text[p+63] is not a hex digit no run starts in p..p+63. Where a run
	// starts, the word holding its start is read as a whole (hexWord);
	// words are the maximal runs of classWord bytes, so reading them from
	// there on is reading them from the start of the text.
	for p := 0; p+64 <= len(text); {
		if byteClass[text[p+63]]&classHex == 0 {
			p += 64
			continue
		}
		q := p + 63
		for q > p && byteClass[text[q-1]]&classHex != 0 {
			q--
		}
		e := p + 64
		for e < len(text) && e-q < 64 && byteClass[text[e]]&classHex != 0 {
			e++
		}
		if e-q < 64 {
			p = e + 1 // text[e] is no hex digit: no run starts in p..e
			continue
		}
		w := q
		for w > 0 && byteClass[text[w-1]]&classWord != 0 {
			w--
		}
		p = hexWord(text, w, strict, fn)
	}
}

// hexWord reads the word that starts at i and returns where it ends.
func hexWord(text string, i int, strict bool, fn func(Finding)) int {
	if i+64 > len(text) {
		return len(text)
	}
	start, h := i, i
	ox := strings.HasPrefix(text[i:], "0x")
	if ox {
		h = i + 2
	}
	n := 0
	for h+n < len(text) && n < 65 && byteClass[text[h+n]]&classHex != 0 {
		n++
	}
	if n == 64 && endsWord(text, h+n, isB64url) && (labelled(text, start) || strict && ox) &&
		(strict || !placeholderBody(text[h:h+n])) {
		fn(Finding{Rule: "hex_private_key", Start: start, End: h + n, Confidence: 0.9})
	}
	// Skip the rest of the word.
	for i = h + n; i < len(text) && byteClass[text[i]]&classWord != 0; i++ {
	}
	return i
}

// Byte classes for the loops that read every byte.
const (
	classWord = 1 << iota // base64url: [0-9A-Za-z_-]
	classHex              // [0-9A-Fa-f]
)

var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if isB64url(byte(c)) {
			t[c] |= classWord
		}
		if isHex(byte(c)) {
			t[c] |= classHex
		}
	}
	return t
}()

// labelled reports whether a hex key label ends at most 40 bytes before i
// on the same line.
func labelled(text string, i int) bool {
	s := max(0, i-40)
	if k := strings.LastIndexByte(text[s:i], '\n'); k >= 0 {
		s += k + 1
	}
	b := []byte(strings.ToLower(text[s:i]))
	for k, c := range b {
		if c == '_' || c == '-' || c == '.' {
			b[k] = ' '
		}
	}
	for _, l := range hexKeyLabels {
		if strings.Contains(string(b), l) {
			return true
		}
	}
	return false
}
