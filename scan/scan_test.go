package scan

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/markup"
)

// specClass is §2 written out as plainly as the specification states it,
// to check classOf (which takes a fast path through the Unicode tables)
// against every codepoint.
func specClass(r rune) charClass {
	in := func(lo, hi rune) bool { return lo <= r && r <= hi }
	switch {
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0xFEFF, r == 0x2060:
		return zeroWidth
	case in(0x202A, 0x202E), in(0x2066, 0x2069):
		return bidiControl
	case in(0xE0000, 0xE007F):
		return unicodeTag
	case in(0x0000, 0x001F) && r != 0x09 && r != 0x0A && r != 0x0D, r == 0x7F, in(0x80, 0x9F):
		return controlChar
	case in(0xE000, 0xF8FF), in(0xF0000, 0xFFFFD), in(0x100000, 0x10FFFD):
		return privateUse
	case in(0xD800, 0xDFFF), ucd.Lookup(r)&ucd.Unassigned != 0:
		return unassigned
	}
	return noClass
}

func TestClassOfEveryCodepoint(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if got, want := classOf(r), specClass(r); got != want {
			t.Errorf("classOf(U+%04X) = %v, want %v", r, got, want)
		}
	}
}

// The fast path of classOf returns early for printing codepoints; that is
// only sound if every codepoint of a §2 class is non-printing.
func TestClassesAreNonPrinting(t *testing.T) {
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if specClass(r) != noClass && r > 0x9F && ucd.Lookup(r)&ucd.NonPrinting == 0 {
			t.Errorf("U+%04X is in a §2 class but not NonPrinting", r)
		}
	}
}

func TestUnknownContext(t *testing.T) {
	_, err := Scan("x", &Options{Context: "pdf"})
	if !errors.Is(err, ErrUnknownContext) {
		t.Errorf("Scan with context pdf: got %v, want ErrUnknownContext", err)
	}
	_, err = ScanUTF16([]uint16{'x'}, &Options{Context: "pdf"})
	if !errors.Is(err, ErrUnknownContext) {
		t.Errorf("ScanUTF16 with context pdf: got %v, want ErrUnknownContext", err)
	}
	for _, c := range []Context{"", Text, EmailHTML} {
		if _, err := Scan("x", &Options{Context: c}); err != nil {
			t.Errorf("Scan with context %q: %v", c, err)
		}
	}
}

func TestMaxFindings(t *testing.T) {
	text := strings.Repeat("a\u200b", 5000)
	tests := []struct {
		max, want int
		truncated bool
	}{
		{0, DefaultMaxFindings, true},
		{10, 10, true},
		{5000, 5000, false},
		{-1, 5000, false},
	}
	for _, tt := range tests {
		res, err := Scan(text, &Options{MaxFindings: tt.max})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Findings) != tt.want || res.Truncated != tt.truncated {
			t.Errorf("MaxFindings %d: %d findings, truncated %v; want %d, %v",
				tt.max, len(res.Findings), res.Truncated, tt.want, tt.truncated)
		}
		// The counts and the status stay exact whatever the cap.
		if res.DeterministicCount != 5000 || res.Status != Flagged {
			t.Errorf("MaxFindings %d: count %d status %s, want 5000 flagged", tt.max, res.DeterministicCount, res.Status)
		}
		// The findings kept are the first ones.
		if n := len(res.Findings); n > 0 && res.Findings[n-1].Start != 2*n-1 {
			t.Errorf("MaxFindings %d: last kept finding starts at %d, want %d", tt.max, res.Findings[n-1].Start, 2*n-1)
		}
		if res.Sanitized != strings.Repeat("a", 5000) {
			t.Errorf("MaxFindings %d: sanitized copy is not the 5000 letters", tt.max)
		}
	}
}

func TestInvalidUTF8Capped(t *testing.T) {
	res, err := Scan(strings.Repeat("\xFF", 50), &Options{MaxFindings: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.InvalidUTF8) != 7 || !res.Truncated || res.Sanitized != strings.Repeat("\uFFFD", 50) {
		t.Errorf("got %d invalid sequences, truncated %v, sanitized %q", len(res.InvalidUTF8), res.Truncated, res.Sanitized)
	}
}

// A hostile text of one finding every two codepoints must cost memory in
// proportion to the text, not to the number of findings (the 50 MB
// case).
func TestHostileMemoryBounded(t *testing.T) {
	text := strings.Repeat("\u200bx", testkit.Scale(t, 50<<20, 8<<20)/4) // 50 MiB (8 sampled): 4 bytes a pair
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := Scan(text, nil)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(text) / 4; res.DeterministicCount != want || len(res.Findings) != DefaultMaxFindings {
		t.Errorf("count %d, %d findings kept; want %d, %d", res.DeterministicCount, len(res.Findings), want, DefaultMaxFindings)
	}
	// The sanitized copy's buffer is sized to the text once, and so is the
	// view the heuristics read (the text without its §2 codepoints);
	// everything else is the capped findings and their excerpts. Allow the
	// two buffers plus 8 MiB.
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(2*len(text)+8<<20); got > limit {
		t.Errorf("scan allocated %d bytes, want at most %d", got, limit)
	}
}

func TestCodepointString(t *testing.T) {
	for r, want := range map[rune]string{0: "U+0000", 0x200B: "U+200B", 0xFFFF: "U+FFFF", 0x10000: "U+10000", 0xE0041: "U+E0041", 0x10FFFF: "U+10FFFF"} {
		if got := codepointString(r); got != want {
			t.Errorf("codepointString(%#x) = %q, want %q", r, got, want)
		}
	}
}

func TestSkipClean(t *testing.T) {
	// Every byte value at every position of a word, against the byte table.
	for b := range 256 {
		for pos := range 20 {
			s := []byte(strings.Repeat("abcdefg ", 3))
			s[pos] = byte(b)
			want := len(s)
			for i, c := range s {
				if !asciiClean[c] {
					want = i
					break
				}
			}
			var hint bool
			if got := skipClean(string(s), 0, &hint); got != want {
				t.Errorf("skipClean with %#x at %d = %d, want %d", b, pos, got, want)
			}
		}
	}
}

// TestSkipCleanAfterWhite is TestSkipClean with a tab, line feed or
// carriage return before the byte: clean bytes that stop the word-wide
// test, and must not stop the search.
func TestSkipCleanAfterWhite(t *testing.T) {
	for _, white := range []byte("\t\n\r") {
		for b := range 256 {
			for first := range 40 {
				for pos := first + 1; pos < 40; pos += 3 {
					s := []byte(strings.Repeat("abcdefg ", 5))
					s[first], s[pos] = white, byte(b)
					want := len(s)
					if !asciiClean[b] {
						want = pos
					}
					var hint bool
					if got := skipClean(string(s), 0, &hint); got != want {
						t.Fatalf("skipClean(%q) = %d, want %d", s, got, want)
					}
				}
			}
		}
	}
}

// TestUncleanBytes checks the word test against asciiClean for every byte
// at every place of a word, after every other byte (a borrow or a carry
// from one byte must not reach the next).
func TestUncleanBytes(t *testing.T) {
	for c := range 256 {
		for prev := range 256 {
			for k := 1; k < 8; k++ {
				w := uint64(0x6161616161616161) // "aaaaaaaa"
				w = w&^(0xFFFF<<(8*(k-1))) | uint64(prev)<<(8*(k-1)) | uint64(c)<<(8*k)
				m := uncleanBytes(w)
				if got, want := m>>(8*k+7)&1 == 1, !asciiClean[c]; got != want {
					t.Fatalf("uncleanBytes(%#016x): byte %d (%#x) marked %v, want %v", w, k, c, got, want)
				}
				if m&^0x8080808080808080 != 0 {
					t.Fatalf("uncleanBytes(%#016x) = %#x: bits beside the high ones", w, m)
				}
			}
		}
	}
}

func TestWTF8(t *testing.T) {
	tests := []struct {
		in   []uint16
		want string
	}{
		{[]uint16{'a', 0xD83D, 0xDE00, 'b'}, "a\U0001F600b"},
		{[]uint16{0xD800}, "\xED\xA0\x80"},
		{[]uint16{0xDC00, 0xD800}, "\xED\xB0\x80\xED\xA0\x80"}, // reversed pair: two lone surrogates
		{[]uint16{0xD800, 'x', 0xDC00}, "\xED\xA0\x80x\xED\xB0\x80"},
		{[]uint16{0xDBFF, 0xDFFF}, "\U0010FFFF"},
	}
	for _, tt := range tests {
		if got := wtf8(tt.in); got != tt.want {
			t.Errorf("wtf8(%x) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestOmitSanitized(t *testing.T) {
	text := "a\u200bb\xFFc"
	full, _ := Scan(text, nil)
	omit, _ := Scan(text, &Options{OmitSanitized: true})
	if omit.Sanitized != "" {
		t.Errorf("OmitSanitized: sanitized %q, want empty", omit.Sanitized)
	}
	omit.Sanitized = full.Sanitized
	if d := diffResults(omit, full); d != "" {
		t.Errorf("OmitSanitized changed more than the sanitized copy:\n%s", d)
	}
}

// hasLongRun reports whether s holds 24 or more base64 alphabet characters
// in a row: what skipClean's hint must never miss.
func hasLongRun(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("+/=-_", c) >= 0 {
			if run++; run >= 24 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// checkHint fails when the pass over s misses a run that the hint is for.
func checkHint(t *testing.T, s string) {
	t.Helper()
	c := &charScan{s: s, max: -1, omitSanitized: true}
	c.scan()
	if hasLongRun(s) && !c.base64Hint {
		t.Fatalf("a run of 24 alphabet characters in %q, and no hint", s)
	}
}

func TestBase64Hint(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{" ", "\n", "\t", "\r\n", ".", "é", "中", "\x01", "word", "ab", "x", "<", "]"}
	for range 20000 {
		var b strings.Builder
		for b.Len() < rng.IntN(120) {
			if rng.IntN(4) == 0 {
				n := 20 + rng.IntN(10)
				for range n {
					b.WriteByte("ABCxyz019+/=-_"[rng.IntN(14)])
				}
				continue
			}
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		checkHint(t, b.String())
	}
}

func FuzzBase64Hint(f *testing.F) {
	f.Add(strings.Repeat("Q", 24))
	f.Add("é" + strings.Repeat("Q", 24) + "\n")
	f.Add("a b c d e f g h i j k l m n o p q r s t u v w x y z " + strings.Repeat("Q", 24))
	f.Fuzz(func(t *testing.T, s string) { checkHint(t, s) })
}

// A blob's rescan is capped like the scan, and says so.
func TestRescanCapped(t *testing.T) {
	hidden := strings.Repeat("a\u200b", 20) // 20 findings once decoded
	text := base64.StdEncoding.EncodeToString([]byte(hidden + strings.Repeat(" padding", 8)))
	res, err := Scan(text, &Options{MaxFindings: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Class != Base64Blob {
		t.Fatalf("findings %+v", res.Findings)
	}
	if n := len(res.Findings[0].DecodedFindings); n != 5 || !res.Truncated {
		t.Errorf("%d nested findings, truncated %v; want 5, true", n, res.Truncated)
	}
}

// TestScanFile: a byte order mark at the start of a file is a signature,
// elsewhere a zero_width finding; byte offsets count it, codepoint offsets
// do not.
func TestScanFile(t *testing.T) {
	res, err := ScanFile("\uFEFFab\u200bc\uFEFF", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 2 || res.Sanitized != "abc" {
		t.Fatalf("got %+v", res)
	}
	zw, bom := res.Findings[0], res.Findings[1]
	if zw.Start != 2 || zw.ByteStart != 5 || zw.ByteEnd != 8 {
		t.Errorf("zero-width space: %+v", zw)
	}
	if bom.Start != 4 || bom.ByteStart != 9 || bom.Codepoints[0] != "U+FEFF" {
		t.Errorf("a BOM at the end: %+v", bom)
	}
	if res, _ := ScanFile("ab", nil); res.Status != Clean {
		t.Errorf("no BOM: %+v", res)
	}
}

// TestInvalidUTF8Count checks that the ill-formed sequences beyond the cap
// are counted, not lost.
func TestInvalidUTF8Count(t *testing.T) {
	res, err := Scan(strings.Repeat("a\xff", 1500), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.InvalidUTF8) != DefaultMaxFindings || res.InvalidUTF8Count != 1500 || !res.Truncated {
		t.Errorf("1500 ill-formed bytes: %d listed, %d counted, truncated %v; want %d, 1500, true",
			len(res.InvalidUTF8), res.InvalidUTF8Count, res.Truncated, DefaultMaxFindings)
	}
	res, err = Scan("ok", nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(res); strings.Contains(string(b), "invalid_utf8") {
		t.Errorf("valid UTF-8: %s", b)
	}
}

// TestCutsInPlace checks cutsInPlace against cutsOf, and its premise that
// neither a span nor a construct holds a pointer (their sizes are checked
// where it is defined).
func TestCutsInPlace(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[span](), reflect.TypeFor[markup.Construct]()} {
		for i := range typ.NumField() {
			switch k := typ.Field(i).Type.Kind(); k {
			case reflect.Int, reflect.Uint8, reflect.Bool:
			default:
				t.Errorf("%s.%s is a %s: cutsInPlace takes both for two ints and a few bytes", typ, typ.Field(i).Name, k)
			}
		}
	}
	text := strings.Repeat("<!-- a --><!-- b<div hidden>c</div> --><p hidden>x<style>.h{color:red;background:red}</style></p>[x]: # (y)\n", 3)
	marks := markup.Find(text)
	want := cutsOf(marks, nil)
	if len(want) >= len(marks) || len(want) < 3 {
		t.Fatalf("%d constructs give %d cuts: want some merged", len(marks), len(want))
	}
	if got := cutsInPlace(slices.Clone(marks)); !slices.Equal(got, want) {
		t.Errorf("cutsInPlace: got %v, want %v", got, want)
	}
	if got := cutsInPlace(nil); got != nil {
		t.Errorf("cutsInPlace(nil) = %v", got)
	}
}

// TestSkipPrintable checks skipPrintable on random texts of other scripts
// with §2 codepoints, ill-formed bytes, ASCII letters and spaces among
// them, from every offset and to every limit at a codepoint boundary
// after it (as the pass's offsets are): it stops at the limit or at
// the first codepoint it must leave to the pass (one of four bytes, one
// that is NonPrinting, an ASCII byte in the base64 alphabet or of a class,
// ill-formed bytes), and counts the codepoints before it.
func TestSkipPrintable(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	pieces := []string{"Ω", "ж", "中", "ع", "—", "\u00A0", " ", ",", "\n", "\t", "a", "Z", "7", "+", "=", "\x07", "\x7F",
		"\u200B", "\u202E", "\uE000", "\u0378", "\U0001F600", "\U000E0041", "\xFF", "\xE4\xB8", "\xED\xA0\x80", "\xC0\x80"}
	for range 3000 {
		var b strings.Builder
		for b.Len() < 40 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		for i := 0; i < len(s); i++ {
			for lim := i; lim <= len(s)+1; lim++ {
				j, n := skipPrintable(s, i, lim)
				// The plain walk: codepoint by codepoint while each is one
				// skipPrintable may pass over.
				k, want := i, 0
				for k < min(lim, len(s)) {
					r, size := utf8.DecodeRuneInString(s[k:])
					passes := false
					switch {
					case r == utf8.RuneError && size <= 1:
					case size == 1:
						passes = spaceLike[r]
					case size <= 3:
						passes = ucd.Lookup(r)&ucd.NonPrinting == 0
					}
					if !passes {
						break
					}
					if k+size > lim {
						k = -1 // lim is inside a codepoint: not a limit the pass gives
						break
					}
					k, want = k+size, want+1
				}
				if k < 0 {
					continue
				}
				if j != k || n != want {
					t.Fatalf("skipPrintable(%q, %d, %d) = %d, %d; want %d, %d", s, i, lim, j, n, k, want)
				}
			}
		}
	}
}
