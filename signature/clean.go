package signature

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight/plainsight/internal/secret"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/internal/whatwg"
)

// NFKCVersion is the Unicode version of the NFKC tables used by cleaning
// (golang.org/x/text/unicode/norm): see the package doc.
const NFKCVersion = norm.Version

// The fixed placeholders of cleaning. Each is one word (see [Words]):
// the underscore is a word character, so "_email_" is neither "email" nor
// two words.
const (
	PlaceholderEmail = "_email_"
	PlaceholderPhone = "_phone_"
	PlaceholderIPv4  = "_ipv4_"
	PlaceholderIPv6  = "_ipv6_"
)

// Clean cleans a report's snippet (Shield method 1.0, "Cleaning and
// fingerprints") and returns its normalized text. A snippet in which
// package internal/secret's Holds finds any credential (API keys and
// tokens by the same rules as shield's secrets detector, also of low
// entropy or a documented example; private keys, 64-hex keys with a label
// or a 0x prefix, seed phrases, passwords in URLs), as given or after
// invisible removal and NFKC (a key split by zero-width characters or
// written in full-width letters), is refused whole with ErrSecret; the
// error carries no part of the snippet.
// The steps, in order:
//
//  1. decode UTF-8 as WHATWG does (each maximal ill-formed subsequence
//     becomes U+FFFD) and remove every Default_Ignorable_Code_Point
//     (Unicode 17.0: the zero-width characters, all bidirectional
//     controls, soft hyphen, variation selectors, tag characters…);
//  2. NFKC;
//  3. the secret check, on the input as given and on the text of step 2;
//  4. e-mail addresses, then IPv6, IPv4 addresses, then phone numbers
//     become PlaceholderEmail, PlaceholderIPv6, PlaceholderIPv4,
//     PlaceholderPhone;
//  5. lowercase: the simple lowercase mapping of UnicodeData.txt (Go's
//     unicode package, Unicode 15.0), one codepoint for one, without
//     SpecialCasing — "İ" becomes "i", not "i" and U+0307;
//  6. every run of White_Space characters becomes one U+0020 SPACE, and
//     none is left at either end.
//
// Invisible characters go before NFKC, so that one placed between a letter
// and its combining mark does not keep them apart; placeholders come after
// NFKC, so that an address in full-width characters or split by invisible
// characters is still replaced.
func Clean(snippet string) (string, error) {
	if hasSecret(snippet) {
		return "", refuse("snippet", ErrSecret, "")
	}
	t := norm.NFKC.String(removeIgnorable(snippet))
	if hasSecret(t) {
		return "", refuse("snippet", ErrSecret, "")
	}
	return finish(t), nil
}

// Normalize is Clean without the secret check: the normalization a
// checked text goes through, so that it is compared with signatures in the
// same form. It never fails.
func Normalize(text string) string {
	return finish(norm.NFKC.String(removeIgnorable(text)))
}

func finish(t string) string {
	t = placeholders(t)
	return collapse(strings.ToLower(t))
}

// hasSecret is the refusal's check: package internal/secret's Holds,
// which prefers safety (a prefixed key of low entropy or a documented
// example is refused too; issue 27).
func hasSecret(s string) bool {
	return secret.Holds(s)
}

// removeIgnorable decodes s as WHATWG UTF-8 and drops every
// Default_Ignorable_Code_Point.
func removeIgnorable(s string) string {
	clean := utf8.ValidString(s)
	if clean {
		for _, r := range s {
			if r >= 0x80 && ucd.Lookup(r)&ucd.DefaultIgnorable != 0 {
				clean = false
				break
			}
		}
		if clean {
			return s
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n, _ := whatwg.DecodeRune(s[i:])
		i += n
		if ucd.Lookup(r)&ucd.DefaultIgnorable != 0 {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// collapse replaces each run of White_Space with one space and trims.
func collapse(s string) string {
	if collapsed(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		i += n
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if r < utf8.RuneSelf {
			b.WriteByte(byte(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// collapsed reports whether s is ASCII whose only white space is single
// spaces between other characters: its own collapse.
func collapsed(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf, c >= '\t' && c <= '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' '):
			return false
		}
	}
	return true
}

var (
	emailRE = regexp.MustCompile(`[\p{L}\p{N}._%+\-]+@[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)+`)
	// An IPv6 candidate: hex groups and colons (at least two), optionally
	// ending in a dotted IPv4; netip decides.
	ipv6RE = regexp.MustCompile(`(?:[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){1,6}:(?:\d{1,3}\.){3}\d{1,3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})(?:%[0-9A-Za-z]+)?`)
	ipv4RE = regexp.MustCompile(`(?:\d{1,3}\.){3}\d{1,3}`)
	// Phones: international with "+" (8 to 15 digits, E.164), or the
	// North American grouping (3-3-4).
	phoneIntlRE = regexp.MustCompile(`\+\d[\d \-.()]{5,22}\d`)
	phoneNARE   = regexp.MustCompile(`(?:\(\d{3}\) ?|\d{3}[ .\-])\d{3}[ .\-]\d{4}`)
)

func placeholders(t string) string {
	if strings.IndexByte(t, '@') >= 0 {
		t = emailRE.ReplaceAllString(t, PlaceholderEmail)
	}
	if strings.Count(t, ":") >= 2 {
		t = replaceValid(t, ipv6RE, PlaceholderIPv6, validIPv6, ipv6Runs)
	}
	if !strings.ContainsAny(t, "0123456789") {
		return t
	}
	t = replaceValid(t, ipv4RE, PlaceholderIPv4, validIPv4, ipv4Runs)
	if strings.IndexByte(t, '+') >= 0 {
		t = replaceValid(t, phoneIntlRE, PlaceholderPhone, validIntlPhone, phoneIntlRuns)
	}
	return replaceValid(t, phoneNARE, PlaceholderPhone, digitBounded, phoneNARuns)
}

// The ASCII bytes each pattern's matches are made of: a match lies inside
// one maximal run of them, so only the runs that could hold one are
// searched (the patterns have no anchors or word boundaries, so a run
// searched alone has the matches a search of the whole text finds in it).
// A check of 4 KB with numbers in it spent most of its time in these
// searches (issue 28, item 8).
var (
	ipv6Runs      = runs{set: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:.%", colons: 2}
	ipv4Runs      = runs{set: "0123456789.", digits: 4, dots: 3}
	phoneIntlRuns = runs{set: "0123456789 -.()+", digits: 8, plus: true}
	phoneNARuns   = runs{set: "0123456789 -.()", digits: 10}
)

// runs describes the runs of bytes a pattern's matches lie in, and the
// least a run must hold to contain one.
type runs struct {
	set                  string
	digits, dots, colons int
	plus                 bool
}

// find returns the bounds of the runs of t that could hold a match.
func (rs runs) find(t string) [][2]int {
	var out [][2]int
	for i := 0; i < len(t); {
		if strings.IndexByte(rs.set, t[i]) < 0 {
			i++
			continue
		}
		j, digits, dots, colons, plus := i, 0, 0, 0, false
		for ; j < len(t) && strings.IndexByte(rs.set, t[j]) >= 0; j++ {
			switch t[j] {
			case '.':
				dots++
			case ':':
				colons++
			case '+':
				plus = true
			default:
				if isASCIIDigit(t[j]) {
					digits++
				}
			}
		}
		if digits >= rs.digits && dots >= rs.dots && colons >= rs.colons && (plus || !rs.plus) {
			out = append(out, [2]int{i, j})
		}
		i = j
	}
	return out
}

// replaceValid replaces the matches of re that ok accepts (given the text
// and the match's bounds), searching only the runs of t that rs finds.
func replaceValid(t string, re *regexp.Regexp, with string, ok func(t string, i, j int) bool, rs runs) string {
	var ms [][]int
	for _, r := range rs.find(t) {
		for _, m := range re.FindAllStringIndex(t[r[0]:r[1]], -1) {
			ms = append(ms, []int{r[0] + m[0], r[0] + m[1]})
		}
	}
	if ms == nil {
		return t
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		if !ok(t, m[0], m[1]) {
			continue
		}
		b.WriteString(t[last:m[0]])
		b.WriteString(with)
		last = m[1]
	}
	if last == 0 {
		return t
	}
	b.WriteString(t[last:])
	return b.String()
}

func isASCIIDigit(b byte) bool { return '0' <= b && b <= '9' }

func isHexOrColon(b byte) bool {
	return isASCIIDigit(b) || 'a' <= b&^0x20 && b&^0x20 <= 'f' || b == ':' || b == '.'
}

// digitBounded: the match is not part of a longer run of digits.
func digitBounded(t string, i, j int) bool {
	return (i == 0 || !isASCIIDigit(t[i-1]) && t[i-1] != '.') && (j == len(t) || !isASCIIDigit(t[j]) && !(t[j] == '.' && j+1 < len(t) && isASCIIDigit(t[j+1])))
}

func validIPv4(t string, i, j int) bool {
	if !digitBounded(t, i, j) {
		return false
	}
	for _, p := range strings.Split(t[i:j], ".") {
		n := 0
		for k := 0; k < len(p); k++ {
			n = n*10 + int(p[k]-'0')
		}
		if n > 255 {
			return false
		}
	}
	return true
}

func validIPv6(t string, i, j int) bool {
	if i > 0 && (isHexOrColon(t[i-1]) || unicode.IsLetter(rune(t[i-1]))) {
		return false
	}
	if j < len(t) && isHexOrColon(t[j]) {
		return false
	}
	s := t[i:j]
	if k := strings.IndexByte(s, '%'); k >= 0 {
		s = s[:k]
	}
	return parseIPv6(s)
}

func validIntlPhone(t string, i, j int) bool {
	if !digitBounded(t, i, j) {
		return false
	}
	n := 0
	for k := i; k < j; k++ {
		if isASCIIDigit(t[k]) {
			n++
		}
	}
	return 8 <= n && n <= 15
}
