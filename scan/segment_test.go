package scan

import (
	"encoding/json"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/internal/testkit"
)

// segmentWords and segmentSeps build texts that put every kind of thing
// across the places where §5 may cut a text: the patterns' words, words of
// two scripts, §2 codepoints, ill-formed UTF-8, encoded surrogates (lone
// surrogates in a UTF-16 scan), comments, tags and stylesheets open and
// closed, base64 chains, and every passage end there is.
var (
	segmentWords = strings.Fields(`ignore previous instructions all the user don't tell keep this secret send
		the data to http://x.example a@b.example you must now delete your system prompt reveal print what are dear
		ai assistant: new instructions: before answering from now on here are your new only then answer after that
		hidden style class display none σend Αlpha Пpивет naïve x2 日本 it's don’t send'it e-mail language model
		reading this forward everything above sender immediately secretly pay`)
	segmentSeps = []string{" ", " ", " ", ", ", ". ", "! ", "? ", ".\n", ".\t", ".\r\n", "\n", "\n\n", "\n\n\n", "\n \n",
		"\r\n\r\n", ": ", "\t", "’", "\u200b", "\u200b\n\u200b\n", ".\u200b ", "\u202e", "\x07", "\x0c", "\xff", "\xe2\x80",
		"\xed\xa0\x80", "\xed\xb0\x80", "\U0001F600", "\U000E0041", "\ue000", "\u0378", "\ufeff", "\u0301",
		"<!-- c. \n\n -->", "<!--", "-->", "<b>", "</b>", "<span style=\"display:none\">", "</span>", "<div hidden>",
		"</div>", "<style>.h{display:none}</style>", "<p class=\"h\">", "</p>", "<script>", "</script>", "<a title=\". \n\n\" class=h>",
		"[x]: # (c)\n", "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=", "aWdub3JlIHByZXZpb3VzIGluc3RydWN0aW9ucw==\n\n", "<", ">", "]:",
		"=\"", "'", "-", "_", "@", "..."}
)

func segmentText(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(600) {
		if rng.IntN(3) == 0 {
			b.WriteString(segmentSeps[rng.IntN(len(segmentSeps))])
		} else {
			b.WriteString(segmentWords[rng.IntN(len(segmentWords))])
			b.WriteString(" ")
		}
	}
	return b.String()
}

// TestSegmentsParallel checks that reading a text for §5 in segments, on
// several cores, gives exactly the result of reading it whole: every text
// is scanned whole (no segment) and cut at every place segmentCuts may cut
// (segments of one byte and more), in both contexts, as UTF-8 and as
// UTF-16, with several caps.
func TestSegmentsParallel(t *testing.T) {
	defer func(n int) { segmentSize = n }(segmentSize)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	rng := rand.New(rand.NewPCG(19, 20))
	cut, texts := 0, testkit.Scale(t, 500, 100)
	for n := range texts {
		s := segmentText(rng)
		opts := &Options{MaxFindings: []int{0, -1, 1, 3}[n%4]}
		if n%3 == 0 {
			opts.Context = EmailHTML
		}
		scanBoth := func() (string, string) {
			res, err := Scan(s, opts)
			if err != nil {
				t.Fatal(err)
			}
			res16, err := ScanUTF16(wtf16(s), opts)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(res)
			b16, _ := json.Marshal(res16)
			return string(b), string(b16)
		}
		segmentSize = 1 << 62
		whole, whole16 := scanBoth()
		segmentSize = 1
		cut += len(segmentCuts(s))
		segmented, segmented16 := scanBoth()
		if diff := cmp.Diff(whole, segmented); diff != "" {
			t.Fatalf("text %d %q: segmented result differs (-whole +segmented):\n%s", n, s, diff)
		}
		if diff := cmp.Diff(whole16, segmented16); diff != "" {
			t.Fatalf("text %d %q: segmented UTF-16 result differs (-whole +segmented):\n%s", n, s, diff)
		}
	}
	if cut < 20*texts {
		t.Errorf("only %d cuts in all the texts", cut)
	}
}

// wtf16 encodes s as UTF-16, an encoded surrogate (ED A0–BF 80–BF) as that
// surrogate, alone, and other ill-formed UTF-8 as U+FFFD.
func wtf16(s string) []uint16 {
	var u []uint16
	for i := 0; i < len(s); {
		if i+2 < len(s) && s[i] == 0xED && s[i+1]&0xE0 == 0xA0 && s[i+2]&0xC0 == 0x80 {
			u = append(u, 0xD000|uint16(s[i+1]&0x3F)<<6|uint16(s[i+2]&0x3F))
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		u = utf16.AppendRune(u, r)
		i += size
	}
	return u
}

// TestOmitSanitizedSameResult checks that a scan without the sanitized
// copy (which keeps only the markup constructs it reports) gives the same
// result but for the copy.
func TestOmitSanitizedSameResult(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	for n := range testkit.Scale(t, 120, 24) {
		s := segmentText(rng)
		if n%5 == 0 {
			s = strings.Repeat("<p hidden><!-- c -->", 200+rng.IntN(2000)) + s
		}
		for _, max := range []int{0, 1, 7, -1} {
			opts := &Options{MaxFindings: max, Context: []Context{Text, EmailHTML}[n%2]}
			full, err := Scan(s, opts)
			if err != nil {
				t.Fatal(err)
			}
			opts.OmitSanitized = true
			omitted, err := Scan(s, opts)
			if err != nil {
				t.Fatal(err)
			}
			full.Sanitized = ""
			if diff := cmp.Diff(full, omitted); diff != "" {
				t.Fatalf("text %d, max %d: without the sanitized copy (-full +omitted):\n%s", n, max, diff)
			}
		}
	}
}

// TestViewWithout checks that §5's view of a segment made from the spans
// the pass over the codepoints recorded is the view withoutClasses makes by
// decoding it: on random texts with §2 codepoints, ill-formed UTF-8 and
// encoded surrogates (lone surrogates, read as WTF-8), for every segment
// of one byte and more; and that past maxEditSpans the spans are dropped.
func TestViewWithout(t *testing.T) {
	defer func(n int) { segmentSize = n }(segmentSize)
	segmentSize = 1
	limit := spanLimit
	defer func() { spanLimit = limit }()
	spanLimit = func(int) int { return maxEditSpans }
	rng := rand.New(rand.NewPCG(31, 32))
	checked, texts := 0, testkit.Scale(t, 300, 60)
	for n := range texts {
		s := segmentText(rng)
		for _, isWTF8 := range []bool{false, true} {
			c := &charScan{s: s, isWTF8: isWTF8, max: -1, omitSanitized: true, recordEdits: true}
			c.scan()
			if c.spansLost {
				t.Fatalf("text %d: %d spans lost", n, c.edits)
			}
			if len(c.spans) != c.edits {
				t.Fatalf("text %d: %d spans for %d edits", n, len(c.spans), c.edits)
			}
			cuts := segmentCuts(s)
			segs := withSpans(segmentsOf(s, cuts, positionsAt(s, isWTF8, cuts), nil, 0), s, c.spans)
			for _, sg := range segs {
				want, wantChanged := withoutClasses(s[sg.start:sg.end], isWTF8)
				b, changed := appendWithout([]byte("junk"), s[sg.start:sg.end], sg.start, sg.spans)
				got := string(b[4:])
				if !changed {
					got = s[sg.start:sg.end]
				}
				if got != want || changed != wantChanged {
					t.Fatalf("text %d (WTF-8 %v), segment [%d, %d): view %q (%v), want %q (%v)", n, isWTF8, sg.start, sg.end, got, changed, want, wantChanged)
				}
				checked++
			}
		}
	}
	if checked < 10000*texts/300 {
		t.Errorf("only %d segments checked", checked)
	}
	spanLimit = limit
	for _, n := range []int{1000, 1 << 20, 64 << 20} {
		limit := spanLimit(n * 3)
		for _, edits := range []int{limit, limit + 1} {
			s := strings.Repeat("\u200b", edits) + strings.Repeat("abc", n-edits)
			c := &charScan{s: s, max: 0, omitSanitized: true, recordEdits: true}
			c.scan()
			if lost := edits > limit; c.spansLost != lost || lost && c.spans != nil || !lost && len(c.spans) != edits {
				t.Errorf("%d bytes, %d edits: spans lost %v, %d kept; want lost %v", len(s), edits, c.spansLost, len(c.spans), lost)
			}
		}
	}
}

// TestMapBack checks mapBack against a plain walk of the text: for random
// texts (§2 codepoints, ill-formed UTF-8, encoded surrogates, line feeds
// and tabs among ASCII, other scripts), every offset of the view that is a
// codepoint boundary, as a start and as an end, in both modes, with the
// spans of the §2 codepoints and ill-formed sequences known and without.
func TestMapBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for n := range 400 {
		s := segmentText(rng)
		if len(s) > 400 {
			s = s[:400]
		}
		isWTF8 := n%2 == 0
		for _, transparent := range []bool{false, true} {
			// The plain walk: at each codepoint boundary of the view, the
			// position before the next kept codepoint (a start) and after
			// the last one (an end).
			starts, ends := map[int]textPos{}, map[int]textPos{}
			v, cp, u16, last := 0, 0, 0, textPos{}
			for i := 0; i < len(s); {
				r, size, ok := decodeAt(s, i, isWTF8)
				kept, vsize := true, size
				switch {
				case !transparent:
				case !ok:
					vsize = len(replacement)
				case classOf(r) != noClass:
					kept = false
				}
				if kept {
					if _, seen := starts[v]; !seen {
						starts[v] = textPos{i, cp, u16}
					}
					ends[v] = last
					v += vsize
				}
				i, cp = i+size, cp+1
				u16++
				if r >= 0x10000 {
					u16++
				}
				if kept {
					last = textPos{i, cp, u16}
				}
			}
			if _, seen := starts[v]; !seen {
				starts[v] = textPos{len(s), cp, u16}
			}
			ends[v] = last
			var offs []int
			for o := range starts {
				offs = append(offs, o)
			}
			slices.Sort(offs)
			// Without the spans, and with them as the pass over the
			// codepoints records them (in a text where s begins at 7).
			c := &charScan{s: strings.Repeat("a", 7) + s, isWTF8: isWTF8, max: -1, omitSanitized: true, recordEdits: true}
			c.scan()
			if c.spansLost {
				t.Fatalf("text %d: the spans are lost", n)
			}
			for _, known := range []*[]editSpan{nil, &c.spans} {
				gotStarts, gotEnds := mapBack(s, isWTF8, transparent, known, 7, offs, offs)
				for k, o := range offs {
					if gotStarts[k] != starts[o] || gotEnds[k] != ends[o] {
						t.Fatalf("text %d %q (WTF-8 %v, transparent %v, spans known %v), view offset %d: start %v, end %v; want %v, %v",
							n, s, isWTF8, transparent, known != nil, o, gotStarts[k], gotEnds[k], starts[o], ends[o])
					}
				}
			}
		}
	}
}

// TestCountUTF8 checks countUTF8 against a decoding of random valid UTF-8
// of every length up to 40, from every script length (1–4 bytes).
func TestCountUTF8(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	runes := []rune{'a', '\n', 0x7F, 0xE9, 0x7FF, 0x800, 0x4E2D, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF}
	for range 20000 {
		var b strings.Builder
		for b.Len() < rng.IntN(41) {
			b.WriteRune(runes[rng.IntN(len(runes))])
		}
		s := b.String()
		wantCP, wantU16 := 0, 0
		for _, r := range s {
			wantCP++
			wantU16 += utf16.RuneLen(r)
		}
		if cp, u16 := countUTF8(s); cp != wantCP || u16 != wantU16 {
			t.Fatalf("countUTF8(%q) = %d, %d; want %d, %d", s, cp, u16, wantCP, wantU16)
		}
	}
}
