package scan

import (
	"strings"

	"github.com/plainsight/plainsight/internal/injmodel"
	"github.com/plainsight/plainsight/internal/injrules"
)

// InstructionJudged is the Strict profile's heuristic extension class
// (issue 27, part 1): a passage that the prompt-injection judgement of
// internal/injrules and internal/injmodel reads as an attack. Its findings
// have Heuristic and Extension true, and Pattern names the evidence: a rule
// of [JudgedRules] or [JudgedModel].
const InstructionJudged Class = "instruction_judged"

// JudgedModel is the Pattern of an instruction_judged finding of the
// trained model (internal/injmodel); the other findings carry the name of
// the rule of internal/injrules that fired (role_marker, override, …).
const JudgedModel Pattern = "model"

// JudgedRules lists the Patterns an instruction_judged finding can carry:
// the rules of internal/injrules, in the order of its package doc, then
// JudgedModel.
func JudgedRules() []Pattern {
	var out []Pattern
	for _, r := range injrules.Rules() {
		out = append(out, Pattern(r))
	}
	return append(out, JudgedModel)
}

// judgedSpan is an instruction_judged finding in bytes.
type judgedSpan struct {
	pattern    Pattern
	start, end int
}

// judge returns the instruction_judged spans of s, sorted by start: every
// rule hit whose confidence after framing (injrules.Weigh) is at least
// injrules.Floor, and the model's windows that the shield's gate
// (injrules.ModelWeight, uncorroborated) lets count alone, overlapping
// windows merged. The model reads only a text of injrules.ModelWords words
// or more where a cheap prefilter fired: a rule hit of any confidence, or
// a §5 instruction_like finding (heuristic says whether res holds one).
//
// The base64 blobs among the findings skip are not read (their text is
// not prose; the rest of the text is), and a longer stretch of text than
// judgedChunk is judged in chunks of at most that many bytes, cut after a
// blank line or a sentence's end where there is one, so that the rules'
// lowered copy stays small (the Bounds of the package doc); each chunk is
// framed on its own.
func judge(s string, heuristic bool, skip []Finding) []judgedSpan {
	var out []judgedSpan
	at := 0
	part := func(end int) {
		for at < end {
			stop := end
			if stop-at > judgedChunk {
				stop = chunkEnd(s, at, at+judgedChunk)
			}
			out = append(out, judgeChunk(s[at:stop], at, heuristic)...)
			at = stop
		}
	}
	for _, f := range skip {
		if f.Class != Base64Blob || f.ByteStart < at {
			continue
		}
		part(f.ByteStart)
		at = f.ByteEnd
	}
	part(len(s))
	return out
}

// judgedChunk bounds the bytes judged at once.
const judgedChunk = 64 << 10

// chunkEnd returns where a chunk of s that starts at off and may reach
// limit (< len(s)) ends: after the last blank line or ". " in its second
// half, else at limit moved back to a codepoint's start.
func chunkEnd(s string, off, limit int) int {
	half := off + (limit-off)/2
	if i := strings.LastIndex(s[half:limit], "\n\n"); i >= 0 {
		return half + i + 2
	}
	if i := strings.LastIndex(s[half:limit], ". "); i >= 0 {
		return half + i + 2
	}
	for limit > off+1 && s[limit]&0xC0 == 0x80 {
		limit--
	}
	return limit
}

// judgeChunk is judge on the chunk c of a text, at the text's byte offset
// off.
func judgeChunk(c string, off int, heuristic bool) []judgedSpan {
	s := c
	var hits []injrules.Hit
	framing := injrules.Analyze(s, func(h injrules.Hit) { hits = append(hits, h) })
	var out []judgedSpan
	strong := false
	for _, h := range hits {
		c := injrules.Weigh(h, framing)
		if c < injrules.Floor {
			continue
		}
		strong = strong || h.Strong
		out = append(out, judgedSpan{pattern: Pattern(h.Rule), start: off + h.Start, end: off + h.End})
	}
	if (len(hits) > 0 || heuristic) && injrules.CountWords(s, injrules.ModelWords) >= injrules.ModelWords {
		words := injrules.CountWords(s, injrules.ModelFullWords)
		n := len(out)
		injmodel.Windows(s, injrules.ModelAlone, func(r injmodel.Result) {
			if injrules.ModelWeight(r.Prob, words, framing, strong, false) < injrules.Floor {
				return
			}
			if k := len(out) - 1; k >= n && off+r.Start <= out[k].end {
				out[k].end = max(out[k].end, off+r.End)
				return
			}
			out = append(out, judgedSpan{pattern: JudgedModel, start: off + r.Start, end: off + r.End})
		})
	}
	return out
}

// judgedFindings turns the instruction_judged spans of s into findings,
// with their positions and excerpts.
func judgedFindings(s string, isWTF8 bool, spans []judgedSpan) []Finding {
	ext := make([]extSpan, len(spans))
	for i, sp := range spans {
		ext[i] = extSpan{class: InstructionJudged, start: snap(s, sp.start, isWTF8, false), end: snap(s, sp.end, isWTF8, true)}
	}
	out := extFindings(s, isWTF8, ext)
	for i := range out {
		out[i].Heuristic = true
		out[i].Pattern = spans[i].pattern
	}
	return out
}

// snap moves the byte offset b of s to the start (up false) or the end (up
// true) of the codepoint it lies inside, if any: the rules and the model
// read bytes, a finding's offsets are codepoint boundaries. A lead or ASCII
// byte always begins a sequence (also an ill-formed one), so b lies inside
// one only if the last such byte before it, at most three back, begins a
// sequence that reaches past b.
func snap(s string, b int, isWTF8, up bool) int {
	if b <= 0 || b >= len(s) {
		return b
	}
	for p := b; p >= max(0, b-3); p-- {
		if c := s[p]; c < 0x80 || c >= 0xC0 {
			if p == b {
				return b
			}
			_, size, _ := decodeAt(s, p, isWTF8)
			if p+size <= b {
				return b
			}
			if up {
				return p + size
			}
			return p
		}
	}
	return b
}
