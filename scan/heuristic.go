package scan

import (
	"math"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight/plainsight/scan/internal/heuristic"
)

// The heuristic classes of §5. Their findings are labelled heuristic: they
// make a result Noted when there is no deterministic finding, and never
// Flagged; they leave the sanitized copy as it is.
const (
	// MixedScriptConfusable is a word (letters, marks, numbers, "_" and
	// "-", from its first letter or number) with at least three letters
	// that mixes Latin letters with Greek or Cyrillic ones; its finding
	// lists the scripts.
	MixedScriptConfusable Class = "mixed_script_confusable"
	// InstructionLike is a passage matching one of the ten patterns of
	// agent-directed language; its finding names the Pattern.
	InstructionLike Class = "instruction_like"
)

// Pattern is the stable id of one of the ten instruction_like patterns, as
// the wire format spells it in a finding's `pattern`. The package
// documentation gives the grammar of each.
type Pattern string

// The ten patterns, each with the words of §5 it implements. §5 lists nine
// kinds of language; its third names nine verbs of two kinds, and each kind
// has its own pattern here.
const (
	// IgnoreInstructions: "instructions to ignore or disregard earlier
	// instructions".
	IgnoreInstructions Pattern = "ignore_instructions"
	// KeepSecret: "instructions to keep a secret from the reader".
	KeepSecret Pattern = "keep_secret"
	// ImperativeDisclose: "direct imperatives that the reading agent send,
	// forward, reply, reveal, output, print".
	ImperativeDisclose Pattern = "imperative_disclose"
	// ImperativeAct: "direct imperatives that the reading agent … delete,
	// transfer or pay".
	ImperativeAct Pattern = "imperative_act"
	// SendToAddress: "instructions to send content to another address".
	SendToAddress Pattern = "send_to_address"
	// OwnInstructions: "references to the agent's own instructions or
	// system prompt".
	OwnInstructions Pattern = "own_instructions"
	// RevealInstructions: "instructions to reveal them".
	RevealInstructions Pattern = "reveal_instructions"
	// AddressedToAI: "text addressed to an AI assistant".
	AddressedToAI Pattern = "addressed_to_ai"
	// NewInstructions: "a claim that new instructions follow".
	NewInstructions Pattern = "new_instructions"
	// BeforeAnswering: "instructions sequencing what the agent must do
	// before answering".
	BeforeAnswering Pattern = "before_answering"
)

// Patterns lists the ten patterns in the order of §5.
func Patterns() []Pattern {
	out := make([]Pattern, len(heuristic.Patterns))
	for i := range heuristic.Patterns {
		out[i] = Pattern(heuristic.Patterns[i].ID)
	}
	return out
}

// heuristics returns the §5 findings of s, at most max of them in Result
// order (all when max < 0), and how many there are. With transparent (the
// pass over the codepoints found some of a §2 class), the search runs on
// s without its §2 codepoints, so that an invisible character cannot break
// a word or a phrase apart; the spans are then mapped back onto s, and a
// span covers the invisible characters inside it.
//
// s is read in segments (see segmentCuts), which §5 reads exactly as it
// reads the whole: on as many cores as Go may use (see heurPipe), each
// with its own view without the §2 codepoints (a copy of the segment, when
// it holds any) and at most max findings, merged in order. segs are the
// segments with their positions; nil is s whole.
func heuristics(s string, isWTF8, transparent bool, max int, segs []segment) ([]Finding, int) {
	if len(segs) == 0 {
		segs = []segment{{end: len(s)}}
	}
	p := newHeurPipe(s, isWTF8, max, segs, workersFor(len(s)), nil)
	for k := range segs {
		segs[k].transparent = transparent
		p.publish(k)
	}
	p.finish(transparent)
	return p.wait()
}

// heuristicsIn is heuristics on one segment, seg, of the text: the
// findings' offsets are those of the text, seg.start and seg.pos added.
func heuristicsIn(s string, isWTF8, transparent bool, max int, seg segment) ([]Finding, int) {
	view, changed := s, false
	switch {
	case !transparent || seg.clean:
	case seg.spansKnown:
		// The view lives only as long as FindN reads it (its matches are
		// offsets): it is made in a buffer reused from segment to segment.
		buf := viewBuffers.Get().(*[]byte)
		defer func() {
			if cap(*buf) <= maxPooledView {
				viewBuffers.Put(buf)
			}
		}()
		*buf, changed = appendWithout((*buf)[:0], s, seg.start, seg.spans)
		if changed {
			view = unsafe.String(unsafe.SliceData(*buf), len(*buf))
		}
	default:
		view, changed = withoutClasses(s, isWTF8)
	}
	ms, total := heuristic.FindN(view, max)
	if len(ms) == 0 {
		return nil, total
	}
	starts := make([]int, 0, len(ms))
	ends := make([]int, 0, len(ms))
	for _, m := range ms {
		starts = append(starts, m.Start)
		ends = append(ends, m.End)
	}
	slices.Sort(starts)
	slices.Sort(ends)
	starts, ends = slices.Compact(starts), slices.Compact(ends)
	// A segment without §2 codepoints or ill-formed UTF-8 is its own view.
	// Where the spans of those are known, the text between them is mapped
	// by counting.
	var known *[]editSpan
	switch {
	case seg.clean:
		known = new([]editSpan)
	case seg.spansKnown:
		known = &seg.spans
	}
	startPos, endPos := mapBack(s, isWTF8, changed, known, seg.start, starts, ends)
	out := make([]Finding, len(ms))
	for i, m := range ms {
		start := startPos[sort.SearchInts(starts, m.Start)]
		end := endPos[sort.SearchInts(ends, m.End)]
		f := Finding{
			Class: InstructionLike, Heuristic: true,
			Start: seg.pos.cp + start.cp, End: seg.pos.cp + end.cp,
			ByteStart: seg.start + start.b, ByteEnd: seg.start + end.b,
			UTF16Start: seg.pos.u16 + start.u16, UTF16End: seg.pos.u16 + end.u16,
		}
		if m.Class == heuristic.MixedScript {
			f.Class, f.Scripts = MixedScriptConfusable, m.Scripts.Names()
		} else {
			f.Pattern = Pattern(heuristic.Patterns[m.Pattern].ID)
		}
		out[i] = f
	}
	return out, total
}

// segment is a part of a text, [start, end) in bytes, at position pos.
// A clean one is known to hold no §2 codepoint and no ill-formed UTF-8.
// With spansKnown, spans are the §2 codepoints and ill-formed sequences in
// it (offsets in the text), as the pass over the codepoints found them.
//
// transparent says whether the text holds a §2 codepoint (see heuristics),
// unless waitPass: a segment whose only edits are ill-formed sequences,
// read before the pass is done, waits for it to know.
type segment struct {
	start, end  int
	pos         position
	clean       bool
	spansKnown  bool
	spans       []editSpan
	transparent bool
	waitPass    bool
}

// withSpans gives each of segs (all of s when segs is empty) its spans, from
// all the spans of the text.
func withSpans(segs []segment, s string, spans []editSpan) []segment {
	if len(segs) == 0 {
		segs = []segment{{end: len(s)}}
	}
	for k := range segs {
		sg := &segs[k]
		i, _ := slices.BinarySearchFunc(spans, sg.start, func(e editSpan, b int) int { return e.start - b })
		j, _ := slices.BinarySearchFunc(spans, sg.end, func(e editSpan, b int) int { return e.start - b })
		sg.spans, sg.spansKnown = spans[i:j], true
	}
	return segs
}

// segmentSize is the least length of a segment but the last. A variable
// for the tests, which cut texts everywhere they may.
var segmentSize = 256 << 10

// segmentCuts returns where s may be cut so that §5 finds in the parts
// exactly what it finds in s, each cut at least segmentSize after the
// last: between the two line feeds of "\n\n" (a blank line ends a passage
// there, and the line feed before it belongs to it), or after ".", "!" or
// "?" followed by a space, tab, line feed or carriage return (a passage
// ends there). Both are there in s without its §2 codepoints too, as all
// five bytes are in no class, and no word of either class holds them. A
// text with neither, one passage of any length, is not cut; the bytes
// looked at to find a cut are at most the text's.
func segmentCuts(s string) []int {
	var cuts []int
	for at := segmentSize; at < len(s); {
		i := at
		for ; i < len(s); i++ {
			c := s[i]
			if c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' { // the first test is the common one
				continue
			}
			if p := s[i-1]; p == '.' || p == '!' || p == '?' || c == '\n' && p == '\n' {
				break
			}
		}
		if i >= len(s) {
			break
		}
		cuts = append(cuts, i)
		at = i + segmentSize
	}
	return cuts
}

// segmentsOf returns the segments of s between cuts, where pos[k] is the
// position of cuts[k]. With edits, edits[k] is the number of §2 codepoints
// and ill-formed sequences before cuts[k], and total in s, which says
// which segments are clean.
func segmentsOf(s string, cuts []int, pos []position, edits []int, total int) []segment {
	if len(cuts) == 0 {
		return nil
	}
	segs := make([]segment, 0, len(cuts)+1)
	segs = append(segs, segment{end: cuts[0], clean: edits != nil && edits[0] == 0})
	for k, c := range cuts {
		sg := segment{start: c, end: len(s), pos: pos[k]}
		after := total
		if k+1 < len(cuts) {
			sg.end = cuts[k+1]
			if edits != nil {
				after = edits[k+1]
			}
		}
		sg.clean = edits != nil && edits[k] == after
		segs = append(segs, sg)
	}
	return segs
}

// withoutClasses returns s without its codepoints of the §2 classes, and
// with U+FFFD for each ill-formed subsequence, and whether that changed
// anything (when it did not, it returns s itself, not a copy).
func withoutClasses(s string, isWTF8 bool) (string, bool) {
	var b strings.Builder
	edited := false
	edit := func(kept, i int, with string) {
		if !edited {
			edited = true
			b.Grow(len(s))
		}
		b.WriteString(s[kept:i])
		b.WriteString(with)
	}
	kept := 0 // s[kept:i] is yet to be copied
	for i := 0; i < len(s); {
		// Clean ASCII eight bytes at a time, and up to the first byte that
		// may not be (non-ASCII, below 0x20 or 0x7F: the lowest byte
		// flagged is one, as a borrow or a carry only runs upwards from
		// one).
		if i+8 <= len(s) {
			w := load64(s[i:])
			flagged := (w | (w-0x20*ones)&^w | (w + ones)) & high
			if flagged == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(flagged) >> 3
		}
		if c := s[i]; c < utf8.RuneSelf {
			if asciiClass[c] != noClass {
				edit(kept, i, "")
				kept = i + 1
			}
			i++
			continue
		}
		r, size, ok := decodeAt(s, i, isWTF8)
		switch {
		case !ok:
			// Ill-formed bytes become U+FFFD, as the scan reads them: left
			// as they are, the removals could join them into a character
			// that is not in the text ("\xD3" U+0012 "\xB1" would read
			// U+04F1).
			edit(kept, i, replacement)
			kept = i + size
		case classOf(r) != noClass:
			edit(kept, i, "")
			kept = i + size
		}
		i += size
	}
	if !edited {
		return s, false
	}
	b.WriteString(s[kept:])
	return b.String(), true
}

// appendWithout appends to dst withoutClasses's view of s, the part of a
// text at byte offset base whose §2 codepoints and ill-formed sequences are
// spans (offsets in the text): what lies between them, copied without
// decoding anything. It reports whether the view differs from s (when it
// does not, dst is returned as it was).
func appendWithout(dst []byte, s string, base int, spans []editSpan) ([]byte, bool) {
	if len(spans) == 0 {
		return dst, false
	}
	kept := 0
	for _, e := range spans {
		dst = append(dst, s[kept:e.start-base]...)
		if e.replaced {
			dst = append(dst, replacement...)
		}
		kept = e.end - base
	}
	return append(dst, s[kept:]...), true
}

// viewBuffers holds the buffers of §5's views (*[]byte), those of at most
// maxPooledView bytes (a segment is at most a few times segmentSize but
// for a text that has no place to cut).
var viewBuffers = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledView = 4 << 20

// replacement is U+FFFD in UTF-8.
const replacement = "\uFFFD"

// textPos is a position in a text: byte, codepoint and UTF-16 offsets.
type textPos struct{ b, cp, u16 int }

// mapBack returns the positions in s of sorted byte offsets of a view of
// s (s itself, or s without its §2 codepoints when transparent): of the
// starts, after the §2 codepoints just before each; of the ends, before
// those just after each. One pass over s up to the last offset.
//
// When known is not nil, it holds every §2 codepoint and ill-formed
// sequence of s (offsets in a text where s begins at base): the text
// between them, valid UTF-8 in which every codepoint is kept, is passed
// over by counting its bytes (countUTF8) rather than decoding them.
func mapBack(s string, isWTF8, transparent bool, known *[]editSpan, base int, starts, ends []int) (startPos, endPos []textPos) {
	startPos = make([]textPos, len(starts))
	endPos = make([]textPos, len(ends))
	i, v, cp, u16 := 0, 0, 0, 0 // v: the offset in the view
	si, ei := 0, 0
	var spans []editSpan // the known spans not yet passed
	if known != nil {
		spans = *known
	}
	for si < len(starts) || ei < len(ends) {
		next := math.MaxInt // the next offset to resolve
		if si < len(starts) {
			next = starts[si]
		}
		if ei < len(ends) {
			next = min(next, ends[ei])
		}
		if known != nil {
			// Up to the next span (or the offset, if nearer) the text is
			// its own view: its bytes are counted, not decoded.
			for len(spans) > 0 && spans[0].end-base <= i {
				spans = spans[1:]
			}
			lim := len(s)
			if len(spans) > 0 {
				lim = spans[0].start - base
			}
			if n := min(next-v, lim-i); n > 0 {
				c, u := countUTF8(s[i : i+n])
				i, v, cp, u16 = i+n, v+n, cp+c, u16+u
			}
		} else if transparent {
			// Clean ASCII eight bytes at a time (line feeds and tabs
			// too): one byte, one codepoint, one unit, and the same in
			// the view.
			for v+8 <= next && i+8 <= len(s) && uncleanBytes(load64(s[i:])) == 0 {
				i, v, cp, u16 = i+8, v+8, cp+8, u16+8
			}
		} else {
			// The view is s: every ASCII byte, a control too, is one byte,
			// codepoint and unit of both.
			for v+8 <= next && i+8 <= len(s) && load64(s[i:])&high == 0 {
				i, v, cp, u16 = i+8, v+8, cp+8, u16+8
			}
		}
		if v == next {
			if ei < len(ends) && ends[ei] == v {
				endPos[ei] = textPos{i, cp, u16}
				ei++
				continue
			}
			// A start passes the removed codepoints first.
			if i == len(s) {
				startPos[si] = textPos{i, cp, u16}
				si++
				continue
			}
			if r, _, ok := decodeAt(s, i, isWTF8); !transparent || !ok || classOf(r) == noClass {
				startPos[si] = textPos{i, cp, u16}
				si++
				continue
			}
		}
		if i >= len(s) {
			// Unreachable: every offset is within the view, which ends
			// where s does (the fuzzers check spans against the text).
			// Clamp rather than fail.
			for ; si < len(starts); si++ {
				startPos[si] = textPos{i, cp, u16}
			}
			for ; ei < len(ends); ei++ {
				endPos[ei] = textPos{i, cp, u16}
			}
			break
		}
		if c := s[i]; c < utf8.RuneSelf && (!transparent || asciiClass[c] == noClass) {
			i, v, cp, u16 = i+1, v+1, cp+1, u16+1
			continue
		}
		r, size, ok := decodeAt(s, i, isWTF8)
		switch {
		case !transparent:
			v += size
		case !ok:
			v += len(replacement) // see withoutClasses
		case classOf(r) == noClass:
			v += size
		}
		i, cp, u16 = i+size, cp+1, u16+1
		if r >= 0x10000 {
			u16++
		}
	}
	return startPos, endPos
}

// countUTF8 returns the codepoints and UTF-16 code units of s (§1's two
// offsets), valid UTF-8 (or WTF-8): a codepoint for each byte that is not a continuation byte
// (10xxxxxx), and a second unit for each that begins four bytes
// (11110xxx), counted eight bytes at a time.
func countUTF8(s string) (cp, u16 int) {
	n, cont, four := len(s), 0, 0
	for ; len(s) >= 8; s = s[8:] {
		w := load64(s)
		// w<<k brings bit 7-k of each byte to its bit 7.
		cont += bits.OnesCount64(w &^ (w << 1) & high)
		four += bits.OnesCount64(w & (w << 1) & (w << 2) & (w << 3) & high)
	}
	for i := 0; i < len(s); i++ {
		if s[i]&0xC0 == 0x80 {
			cont++
		} else if s[i] >= 0xF0 {
			four++
		}
	}
	return n - cont, n - cont + four
}

// SWAR constants: a byte of ones, the high bit of every byte.
const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
)

// load64 reads 8 bytes of s as a little-endian word.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
