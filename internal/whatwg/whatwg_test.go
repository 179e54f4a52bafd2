package whatwg

import (
	"testing"
	"unicode/utf8"
)

// decodeAll decodes s from the start and returns the byte offset of every
// codepoint it produces.
func decodeAll(s string) (starts []int, runes []rune) {
	for i := 0; i < len(s); {
		r, size, _ := DecodeRune(s[i:])
		starts = append(starts, i)
		runes = append(runes, r)
		i += size
	}
	return starts, runes
}

func TestDecodeRune(t *testing.T) {
	// Cases from the WHATWG Encoding Standard's UTF-8 decoder and Unicode
	// §3.9 Table 3-8 ("U+FFFD for maximal subparts").
	const fffd = utf8.RuneError
	tests := []struct {
		name string
		in   string
		want []rune
	}{
		{"ascii", "aB", []rune{'a', 'B'}},
		{"two-byte", "\xC3\xA9", []rune{'é'}},
		{"literal U+FFFD is well-formed", "\xEF\xBF\xBD", []rune{fffd}},
		{"truncated three-byte is one subpart", "\xE2\x82A", []rune{fffd, 'A'}},
		{"surrogate bytes are three subparts", "\xED\xA0\x80", []rune{fffd, fffd, fffd}},
		{"above U+10FFFF", "\xF4\x90\x80\x80", []rune{fffd, fffd, fffd, fffd}},
		{"overlong C0", "\xC0\xAF", []rune{fffd, fffd}},
		{"overlong E0", "\xE0\x80\xAF", []rune{fffd, fffd, fffd}},
		{"truncated four-byte at end", "\xF0\x9F\x98", []rune{fffd}},
		{"truncated four-byte before ascii", "\xF0\x9F\x98a", []rune{fffd, 'a'}},
		{"lone continuation", "\x80\x80", []rune{fffd, fffd}},
		{"F5 and up", "\xF5\xFF", []rune{fffd, fffd}},
		{"Table 3-8", "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
			[]rune{'a', fffd, fffd, fffd, 'b', fffd, 'c', fffd, fffd, 'd'}},
	}
	for _, tt := range tests {
		_, got := decodeAll(tt.in)
		if string(got) != string(tt.want) {
			t.Errorf("%s: DecodeRune over %q: got %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestIsBoundary(t *testing.T) {
	inputs := []string{
		"a\xE2\x82\xACb\xF0\x9F\x98\x80c",
		"\x80\x80\x80\x80\x80\x80",
		"\xF0\x9F\x98\x80\x80\x80\x80\x80",
		"\xE2\x82\xE2\x82\xAC\xED\xA0\x80\xF4\x90\x80\x80",
		"\xC2\x80\x80\xC0\xAF\xE0\x80\xAF",
	}
	for _, s := range inputs {
		starts, _ := decodeAll(s)
		isStart := map[int]bool{}
		for _, i := range starts {
			isStart[i] = true
		}
		for i := 0; i <= len(s); i++ {
			want := isStart[i] || i == len(s)
			if got := IsBoundary(s, i); got != want {
				t.Errorf("IsBoundary(%q, %d) = %v, want %v", s, i, got, want)
			}
		}
	}
}

func TestStartBefore(t *testing.T) {
	s := "\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80"
	for i := 0; i <= len(s); i += 4 {
		for back := 0; back <= len(s); back++ {
			j := StartBefore(s, i, back)
			if j%4 != 0 || j > i || (i-back > 0 && j > i-back) {
				t.Errorf("StartBefore(s, %d, %d) = %d", i, back, j)
			}
		}
	}
}

func FuzzIsBoundary(f *testing.F) {
	f.Add("a\xE2\x82\xACb")
	f.Add("\xF0\x9F\x98\x80\x80\x80")
	f.Add("\xE2\x82\xE2\x82\xAC")
	f.Fuzz(func(t *testing.T, s string) {
		starts, _ := decodeAll(s)
		isStart := map[int]bool{}
		for _, i := range starts {
			isStart[i] = true
		}
		for i := 0; i < len(s); i++ {
			if got := IsBoundary(s, i); got != isStart[i] {
				t.Fatalf("IsBoundary(%q, %d) = %v, want %v", s, i, got, isStart[i])
			}
		}
	})
}
