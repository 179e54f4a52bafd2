package extclass

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// digestLens are the hash algorithms of Subresource Integrity and the
// lockfiles that use its syntax, with their digest lengths in bytes.
var digestLens = map[string]int{"sha256-": 32, "sha384-": 48, "sha512-": 64}

// DeclaredDigest reports whether s[start:end], a base64 blob of §4, is
// made of declared digests only: each whitespace-separated token is
// "sha256-", "sha384-" or "sha512-" (in the token or directly before the
// span) followed by the padded base64 of exactly that hash's length, as
// in Subresource Integrity metadata and package lockfiles.
func DeclaredDigest(s string, start, end int) bool {
	// The fields are walked, not listed: a blob can hold millions.
	i := 0
	for tok := range strings.FieldsSeq(s[start:end]) {
		if i == 0 && start >= 7 {
			if _, ok := digestLens[s[start-7:start]]; ok && !hasDigestPrefix(tok) {
				tok = s[start-7:start] + tok
			}
		}
		if !isDigest(tok) {
			return false
		}
		i++
	}
	return i > 0
}

func hasDigestPrefix(tok string) bool {
	return len(tok) >= 7 && digestLens[tok[:7]] != 0
}

func isDigest(tok string) bool {
	if !hasDigestPrefix(tok) {
		return false
	}
	n := digestLens[tok[:7]]
	enc := tok[7:]
	if len(enc) != base64.StdEncoding.EncodedLen(n) {
		return false
	}
	b, err := base64.StdEncoding.Strict().DecodeString(enc)
	return err == nil && len(b) == n
}

// maxURLBack is how far back InURL looks for the start of a URL.
const maxURLBack = 2048

// InURL reports whether byte offset i of s is inside a URL: the
// whitespace-delimited word around it holds "://" before i, or begins with
// "www.".
func InURL(s string, i int) bool {
	lo := max(0, i-maxURLBack)
	w := i
	for w > lo && !strings.ContainsRune(" \t\r\n\"'<>()[]`", rune(s[w-1])) {
		w--
	}
	word := s[w:i]
	return strings.Contains(word, "://") || strings.HasPrefix(word, "www.")
}

// CarriesText reports whether a base64 blob found inside a URL, s, holds a
// path segment (the text between slashes, 16 characters or more) that
// decodes, in the standard or URL-safe alphabet, padded or not, to UTF-8
// text of which at least 85% of the characters are printable (§4's test).
// The blob of §4 starts wherever the alphabet does, often inside the host
// name ("com/p/…"), so each segment is tried on its own.
func CarriesText(s string) bool {
	for _, seg := range strings.Split(s, "/") {
		if len(seg) < 16 {
			continue
		}
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			b, err := enc.Strict().DecodeString(seg)
			if err == nil && printableText(b) {
				return true
			}
		}
	}
	return false
}

func printableText(b []byte) bool {
	if len(b) == 0 || !utf8.Valid(b) {
		return false
	}
	n, p := 0, 0
	for _, r := range string(b) {
		n++
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r != 0x7F {
			p++
		}
	}
	return p*100 >= 85*n
}
