package scan

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// ScanWTF8 scans text held in WTF-8 ("The WTF-8 encoding", Simon Sapin's
// specification): UTF-8, except that a surrogate code point U+D800–U+DFFF
// may stand in it as the three bytes ED A0 80 – ED BF BF that UTF-8's
// pattern gives it. It is the form of a string decoded from JSON whose
// \uXXXX escapes hold a lone surrogate, the way a JSON peer in a UTF-16
// language (JavaScript) holds it; a JSON decoder that keeps lone
// surrogates (as this module's does) gives such strings to Go.
//
// The result is that of [ScanUTF16] on the UTF-16 code units the text
// stands for, as if the caller had converted it:
//
//   - A text that is well-formed UTF-8 is scanned exactly as [Scan] scans
//     it (in every context: ContextEmail too).
//   - An encoded surrogate is that surrogate: a lone one is a codepoint of
//     the class unassigned_codepoint (§2), one codepoint, one UTF-16 code
//     unit and three bytes. A high surrogate's three bytes directly
//     followed by a low one's are the pair, as UTF-16 joins it: one
//     codepoint, the astral character they encode, two UTF-16 code units.
//     Well-formed WTF-8 never holds such a sequence (the specification
//     writes a pair as the four bytes of its character); it is read as
//     the character, not as two lone surrogates, as ScanUTF16 reads the
//     code units it stands for.
//   - Any other byte that is not part of well-formed UTF-8 is one U+FFFD
//     per byte (as Go's unicode/utf8 decodes it, not per maximal subpart
//     as the WHATWG decoder of Scan does), and is not listed in
//     Result.InvalidUTF8: UTF-16 has no ill-formed bytes to list. A JSON
//     decoder gives no such byte; a caller with bytes from elsewhere
//     should call Scan.
//
// Byte offsets (Finding.ByteStart, ByteEnd) count the UTF-8 encoding of
// those code units with a lone surrogate as three bytes, as ScanUTF16's
// do: for text that is well-formed UTF-8 with lone surrogates they are
// offsets in text itself; after a joined pair or an ill-formed byte they
// are not (the pair takes four bytes, the U+FFFD three). Codepoint and
// UTF-16 offsets are the same either way.
//
// The errors are those of Scan: an unknown Options.Context or
// Options.Profile, and in ContextEmail a message whose header cannot be
// read; and ContextEmail for a text that is not well-formed UTF-8 (a
// message is bytes, not UTF-16), which is ErrUnknownContext, as in
// ScanUTF16. opts may be nil.
func ScanWTF8(text string, opts *Options) (*Result, error) {
	if utf8.ValidString(text) {
		return Scan(text, opts)
	}
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	if o.context == ContextEmail {
		return nil, fmt.Errorf("scan: context %q takes a message as UTF-8 bytes, and this text is not UTF-8: %w", o.context, ErrUnknownContext)
	}
	return runProfile(normalWTF8(text), true, o), nil
}

// normalWTF8 returns s as wtf8 would write the UTF-16 code units ScanWTF8
// reads it as: s itself when it is already so (well-formed UTF-8 but for
// lone surrogates), else a copy with each ill-formed byte written as
// U+FFFD and each pair written as two surrogates joined into its four
// bytes.
func normalWTF8(s string) string {
	var b strings.Builder
	done := 0 // s[:done] is written to b (when b is in use)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n != 1 {
			i += n // a well-formed codepoint (U+FFFD itself included)
			continue
		}
		hi, ok := surrogateAt(s, i)
		if !ok {
			if b.Len() == 0 && done == 0 {
				b.Grow(len(s) + 2)
			}
			b.WriteString(s[done:i])
			b.WriteString("\uFFFD")
			i++
			done = i
			continue
		}
		lo, ok := surrogateAt(s, i+3)
		if hi >= 0xDC00 || !ok || lo < 0xDC00 {
			i += 3 // a lone surrogate stays as it is
			continue
		}
		if b.Len() == 0 && done == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[done:i])
		b.WriteRune(0x10000 + (hi-0xD800)<<10 + (lo - 0xDC00))
		i += 6
		done = i
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// surrogateAt reads the surrogate encoded as WTF-8 (ED A0..BF 80..BF) at
// s[i:], if there is one.
func surrogateAt(s string, i int) (rune, bool) {
	if i+2 >= len(s) || s[i] != 0xED || s[i+1]&0xE0 != 0xA0 || s[i+2]&0xC0 != 0x80 {
		return 0, false
	}
	return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), true
}
