package scan

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/heuristic"
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
// span covers the invisible characters inside it. The view costs one copy
// of the text; mapping back costs a pass over it and no more memory.
func heuristics(s string, isWTF8, transparent bool, max int) ([]Finding, int) {
	view := s
	if transparent {
		view = withoutClasses(s, isWTF8)
	}
	ms := heuristic.Find(view)
	total := len(ms)
	if max >= 0 && len(ms) > max {
		ms = ms[:max]
	}
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
	startPos, endPos := mapBack(s, isWTF8, transparent, starts, ends)
	out := make([]Finding, len(ms))
	for i, m := range ms {
		start := startPos[sort.SearchInts(starts, m.Start)]
		end := endPos[sort.SearchInts(ends, m.End)]
		f := Finding{
			Class: InstructionLike, Start: start.cp, End: end.cp, Heuristic: true,
			ByteStart: start.b, ByteEnd: end.b, UTF16Start: start.u16, UTF16End: end.u16,
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

// withoutClasses returns s without its codepoints of the §2 classes, and
// with U+FFFD for each ill-formed subsequence.
func withoutClasses(s string, isWTF8 bool) string {
	var b strings.Builder
	b.Grow(len(s))
	kept := 0 // s[kept:i] is yet to be copied
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiClass[c] != noClass {
				b.WriteString(s[kept:i])
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
			b.WriteString(s[kept:i])
			b.WriteString(replacement)
			kept = i + size
		case classOf(r) != noClass:
			b.WriteString(s[kept:i])
			kept = i + size
		}
		i += size
	}
	b.WriteString(s[kept:])
	return b.String()
}

// replacement is U+FFFD in UTF-8.
const replacement = "\uFFFD"

// textPos is a position in a text: byte, codepoint and UTF-16 offsets.
type textPos struct{ b, cp, u16 int }

// mapBack returns the positions in s of sorted byte offsets of a view of
// s (s itself, or s without its §2 codepoints when transparent): of the
// starts, after the §2 codepoints just before each; of the ends, before
// those just after each. One pass over s up to the last offset.
func mapBack(s string, isWTF8, transparent bool, starts, ends []int) (startPos, endPos []textPos) {
	startPos = make([]textPos, len(starts))
	endPos = make([]textPos, len(ends))
	i, v, cp, u16 := 0, 0, 0, 0 // v: the offset in the view
	si, ei := 0, 0
	for si < len(starts) || ei < len(ends) {
		next := math.MaxInt // the next offset to resolve
		if si < len(starts) {
			next = starts[si]
		}
		if ei < len(ends) {
			next = min(next, ends[ei])
		}
		// Clean ASCII eight bytes at a time: one byte, one codepoint, one
		// unit, and the same in the view.
		for v+8 <= next && i+8 <= len(s) {
			w := load64(s[i:])
			if (w|(w-0x20*ones)&^w|(w+ones))&high != 0 {
				break
			}
			i, v, cp, u16 = i+8, v+8, cp+8, u16+8
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
		if c := s[i]; c < utf8.RuneSelf && asciiClass[c] == noClass {
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
