package scan

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

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
// or more where a rule hit of at least modelGate or a §5 instruction_like
// finding is present.
//
// The base64 blobs among the findings skip are not read (their text is
// not prose). A stretch of text between them of at most judgedShort bytes
// is judged whole; a longer one only in regions of judgedReach bytes on
// each side of where a cheap prefilter fires (triggers, or a §5
// instruction_like finding), at most maxRegions of them, each framed on
// its own and as the stretch's first 16 KiB are (injrules.Frame): so
// Strict stays near Spec's speed on ordinary prose and code, and memory
// bounded (docs/judgement/strict-class.md).
//
// The stretches of a long text (workersFor) are judged side by side, on
// as many goroutines as there are cores, their spans joined in order: in
// prose, where base64 blobs cut the text into stretches shorter than a
// batch of inOrder, they were judged one after the other on one core
// after the Spec scan (issue 33, item 1).
func judge(s string, skip []Finding) []judgedSpan {
	var stretches [][2]int
	at := 0
	part := func(end int) {
		if at < end {
			stretches = append(stretches, [2]int{at, end})
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
	outs := make([][]judgedSpan, len(stretches))
	if workers := workersFor(len(s)); workers == 1 || len(stretches) == 1 {
		for i, st := range stretches {
			outs[i] = judgeStretch(s, st[0], st[1], skip)
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for {
					i := int(next.Add(1) - 1)
					if i >= len(stretches) {
						return
					}
					outs[i] = judgeStretch(s, stretches[i][0], stretches[i][1], skip)
				}
			})
		}
		wg.Wait()
	}
	return slices.Concat(outs...)
}

// judgeStretch is judge on s[start:end], which holds no blob.
func judgeStretch(s string, start, end int, skip []Finding) []judgedSpan {
	heuristicIn := func(a, b int) bool {
		return slices.ContainsFunc(skip, func(f Finding) bool {
			return f.Class == InstructionLike && f.ByteStart < b && a < f.ByteEnd
		})
	}
	if end-start <= judgedShort {
		return judgeChunk(s[start:end], start, heuristicIn(start, end), nil)
	}
	var regions [][2]int
	add := func(p int) bool {
		a, b := max(start, p-judgedReach), min(end, p+judgedReach)
		if k := len(regions) - 1; k >= 0 && a <= regions[k][1] {
			regions[k][1] = max(regions[k][1], b)
			return true
		}
		if len(regions) == maxRegions {
			return false
		}
		regions = append(regions, [2]int{a, b})
		return true
	}
	var found []int // the §5 findings' starts, in order
	for _, f := range skip {
		if f.Class == InstructionLike && f.ByteStart >= start && f.ByteEnd <= end {
			found = append(found, f.ByteStart-start)
		}
	}
	slices.Sort(found)
	inOrder(s[start:end], found, func(p int) bool { return add(start + p) })
	if len(regions) == 0 {
		return nil
	}
	// The stretch's framing is read only when a region has something it
	// can lower.
	doc := sync.OnceValue(func() injrules.Framing { return injrules.Frame(s[start:end]) })
	var out []judgedSpan
	for _, r := range regions {
		a, b := lineStart(s, r[0], start), r[1]
		for b < end && s[b]&0xC0 == 0x80 {
			b++
		}
		out = append(out, judgeChunk(s[a:b], a, heuristicIn(a, b), doc)...)
	}
	return out
}

// lineStart moves a back to the start of its line, at most judgedReach
// bytes and not before floor; else to the start of its codepoint.
func lineStart(s string, a, floor int) int {
	if i := strings.LastIndexByte(s[max(floor, a-judgedReach):a], '\n'); i >= 0 {
		return max(floor, a-judgedReach) + i + 1
	}
	for a > floor && s[a]&0xC0 == 0x80 {
		a--
	}
	return a
}

// judgedReach is how far a region reaches on each side of a trigger, and
// maxRegions how many regions one stretch of text has at most.
const (
	judgedReach = 2 << 10
	maxRegions  = 256
)

// judgedShort is the length up to which a text is judged whole: a
// message, a tool's description, a skill's instructions.
const judgedShort = 4 << 10

// markerPrefixes are what may follow a '<' or '[' in a forged role marker
// or an <IMPORTANT>-style block (injrules' punctuation anchors), lowered.
var markerPrefixes = []string{"|", "inst]", "/inst]", "<sys>>", "<</sys>>", "system", "/system", "admin", "important",
	"developer", "assistant", "/assistant", "user>", "/user>", "human>", "/human>", "sys>", "/sys>", "critical",
	"urgent", "hidden", "secret", "instruction", "override", "priority"}

// judgedNeedles are phrases of the rules that neither §5 nor a marker
// announces, each opening with a byte rare in prose, which
// strings.IndexByte skips to: a path in a home directory (~/.ssh/id_rsa,
// ~/.aws/credentials), a private key's file name, a pipe into a shell.
var judgedNeedles = []string{"~/", "_rsa", "_ed25519", "| sh", "|sh", "| bash", "|bash"}

// turnLabels are the labels of a forged turn at a line's start.
var turnLabels = []string{"system:", "assistant:", "human:", "user:"}

// triggers calls add with the byte offset of every place in s where the
// prefilter of a long stretch fires: a '<' or '[' that opens a role marker
// or an instruction block, a line that opens a turn, a "### Instruction"-
// style heading, or one of judgedNeedles. Every test is a byte search
// (strings.IndexByte, or strings.Index for "~/", whose '~' fills the
// underlines of some texts) and a prefix comparison where it stops. The
// offsets come in no particular order, each at most once.
func triggers(s string, add func(int)) { triggersIn(s, 0, len(s), add) }

// triggersIn is triggers for the places whose byte searched for (the '<',
// '[', ':', '#', '~', '_' or '|') lies in s[lo:hi]; each test reads s
// around it as triggers does. A turn's label is reported where it begins,
// at most triggerBack bytes before its ':'; every other place at that byte.
func triggersIn(s string, lo, hi int, add func(int)) {
	for _, open := range []byte{'<', '['} {
		for i := lo; ; {
			j := strings.IndexByte(s[i:hi], open)
			if j < 0 {
				break
			}
			i += j + 1
			if i+1 >= len(s) || markerPairs[s[i]][s[i+1]>>6]&(1<<(s[i+1]&63)) == 0 {
				continue
			}
			second := lowerASCII(s[i+1])
			for _, p := range markerByFirst[lowerASCII(s[i])] {
				if len(p) == 1 || p[1] == second && hasPrefixLower(s[i+2:], p[2:]) {
					add(i - 1)
					break
				}
			}
		}
	}
	// A turn's label ends with ':' and a heading opens with '#', both at
	// a line's start: the two bytes are rarer than line breaks. The byte
	// before the ':' ends one of the labels (m, t, n or r in any case)
	// before any label is compared.
	for i := lo; ; {
		j := strings.IndexByte(s[i:hi], ':')
		if j < 0 {
			break
		}
		i += j
		if i > 0 && labelEnds[s[i-1]] {
			for _, p := range turnLabels {
				if k := i + 1 - len(p); k >= 0 && (k == 0 || s[k-1] == '\n') && hasPrefixLower(s[k:], p) {
					add(k)
					break
				}
			}
		}
		i++
	}
	for i := lo; ; {
		j := strings.IndexByte(s[i:hi], '#')
		if j < 0 {
			break
		}
		i += j
		if i == 0 || s[i-1] == '\n' {
			k := i
			for k < len(s) && s[k] == '#' {
				k++
			}
			for k < len(s) && s[k] == ' ' {
				k++
			}
			if hasPrefixLower(s[k:], "instruction") || hasPrefixLower(s[k:], "system") {
				add(i)
			}
			i = min(k, hi) - 1
		}
		i++
	}
	// judgedNeedles: "~/" (found whole: strings.Index passes over runs of
	// '~' by itself), then '_' and '|' with the needles they open.
	for i := lo; i < hi; {
		j := strings.Index(s[i:min(hi+1, len(s))], "~/")
		if j < 0 {
			break
		}
		i += j
		add(i)
		i += 2
	}
	for _, c := range []byte{'_', '|'} {
		for i := lo; ; {
			j := strings.IndexByte(s[i:hi], c)
			if j < 0 {
				break
			}
			i += j
			if i+1 < len(s) && (c != '_' || s[i+1] == 'r' || s[i+1] == 'e') {
				for _, n := range judgedNeedles {
					if n[0] == c && strings.HasPrefix(s[i:], n) {
						add(i)
						break
					}
				}
			}
			i++
		}
	}
}

// triggerBack is how far before its byte searched for a place that
// triggersIn reports can lie: the ':' of "assistant:".
const triggerBack = len("assistant:") - 1

// triggerBlock is the length of the pieces of text inOrder searches at
// once, on as many goroutines as there are cores (workersFor).
var triggerBlock = 256 << 10

// inOrder calls add with the places of triggers(s) and the offsets of
// found (sorted), all in increasing order, until add returns false: the
// text is searched a batch of blocks at a time, so that the search stops
// where judgeStretch has its maxRegions regions (on Vim's tutors within
// the first 7 MB of 100), and the blocks of a batch are searched side by
// side. A place from a block lies at most triggerBack bytes before it, so
// the places before a batch's end less triggerBack come in order once the
// batch is searched. TestInOrder compares it with a sort of all places.
func inOrder(s string, found []int, add func(int) bool) {
	workers := workersFor(len(s))
	var pending []int // places found, not yet passed to add
	parts := make([][]int, workers)
	for lo := 0; lo < len(s); {
		hi := min(len(s), lo+workers*triggerBlock)
		if searchedHook != nil {
			searchedHook(lo, hi)
		}
		if workers == 1 || hi-lo <= triggerBlock {
			triggersIn(s, lo, hi, func(p int) { pending = append(pending, p) })
		} else {
			var wg sync.WaitGroup
			for w := range parts {
				a, b := min(hi, lo+w*triggerBlock), min(hi, lo+(w+1)*triggerBlock)
				parts[w] = parts[w][:0]
				wg.Go(func() { triggersIn(s, a, b, func(p int) { parts[w] = append(parts[w], p) }) })
			}
			wg.Wait()
			for _, p := range parts {
				pending = append(pending, p...)
			}
		}
		slices.Sort(pending)
		done := hi - triggerBack // every later place is at or after it
		if hi == len(s) {
			done = len(s) + 1
		}
		n := 0
		for n < len(pending) && pending[n] < done || len(found) > 0 && found[0] < done {
			var p int
			if n < len(pending) && (len(found) == 0 || pending[n] <= found[0]) && pending[n] < done {
				p, n = pending[n], n+1
			} else {
				p, found = found[0], found[1:]
			}
			if !add(p) {
				return
			}
		}
		pending = append(pending[:0], pending[n:]...)
		lo = hi
	}
	for _, p := range found {
		if !add(p) {
			return
		}
	}
}

// searchedHook, unless nil, is called with each batch of text inOrder
// searches (for TestJudgeStopsEarly).
var searchedHook func(lo, hi int)

// markerByFirst lists the markerPrefixes by their first byte.
var markerByFirst = func() (t [256][]string) {
	for _, p := range markerPrefixes {
		t[p[0]] = append(t[p[0]], p)
	}
	return t
}()

// labelEnds marks the last letters of the turnLabels, in either case.
var labelEnds = func() (t [256]bool) {
	for _, p := range turnLabels {
		for _, x := range fold(p[len(p)-2]) {
			t[x] = true
		}
	}
	return t
}()

// lowerASCII returns b lowered if it is an ASCII capital letter, else b.
func lowerASCII(b byte) byte {
	if b-'A' < 26 {
		return b + 'a' - 'A'
	}
	return b
}

// hasPrefixLower reports whether s begins with the lowered ASCII prefix p,
// its ASCII letters in any case. It is hasPrefixFold, whose
// strings.EqualFold can equal an ASCII prefix only to bytes of ASCII: the
// same number of codepoints in the same number of bytes (TestTriggersSame).
func hasPrefixLower(s, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if lowerASCII(s[i]) != p[i] {
			return false
		}
	}
	return true
}

// markerPairs marks, by its first byte, the second bytes of the
// markerPrefixes (a bit set of 256 bits), in either case; a prefix of one
// byte ("|") allows any second byte.
var markerPairs = func() (t [256][4]uint64) {
	for _, p := range markerPrefixes {
		for _, x := range fold(p[0]) {
			if len(p) == 1 {
				t[x] = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
				continue
			}
			for _, y := range fold(p[1]) {
				t[x][y>>6] |= 1 << (y & 63)
			}
		}
	}
	return t
}()

// fold returns b and, for an ASCII letter, its other case.
func fold(b byte) []byte {
	if c := b | 0x20; c >= 'a' && c <= 'z' {
		return []byte{c, c - 'a' + 'A'}
	}
	return []byte{b}
}

// modelGate is the least confidence after framing of a rule hit beside
// which the model is read (a §5 instruction_like finding is enough too):
// half the floor, so that a rule's weak form (a word of a secret's name
// in prose, "[admin" in a link) does not make the model read ordinary
// documentation.
const modelGate = injrules.Floor / 2

// judgeChunk is judge on the passage s of a text, at the text's byte
// offset off: heuristic says whether a §5 instruction_like finding lies in
// it, and doc, unless nil, gives the framing of the stretch around it (its
// About counts), read only when the passage has a hit it can lower or the
// model may be read.
func judgeChunk(s string, off int, heuristic bool, doc func() injrules.Framing) []judgedSpan {
	var hits []injrules.Hit
	framing := injrules.Analyze(s, func(h injrules.Hit) { hits = append(hits, h) })
	if doc != nil && !framing.About && (heuristic || slices.ContainsFunc(hits, func(h injrules.Hit) bool {
		return !h.Strong && injrules.Weigh(h, framing) >= modelGate
	})) {
		framing.About = doc().About
	}
	var out []judgedSpan
	strong, gate := false, heuristic
	for _, h := range hits {
		c := injrules.Weigh(h, framing)
		gate = gate || c >= modelGate
		if c < injrules.Floor {
			continue
		}
		strong = strong || h.Strong
		out = append(out, judgedSpan{pattern: Pattern(h.Rule), start: off + h.Start, end: off + h.End})
	}
	if gate && injrules.CountWords(s, injrules.ModelWords) >= injrules.ModelWords {
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
// with their positions and, when excerpts is true, their excerpts.
func judgedFindings(s string, isWTF8 bool, spans []judgedSpan, known *offsets, excerpts bool) []Finding {
	ext := make([]extSpan, len(spans))
	for i, sp := range spans {
		ext[i] = extSpan{class: InstructionJudged, start: snap(s, sp.start, isWTF8, false), end: snap(s, sp.end, isWTF8, true)}
	}
	out := extFindingsFrom(s, isWTF8, ext, known, excerpts)
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
