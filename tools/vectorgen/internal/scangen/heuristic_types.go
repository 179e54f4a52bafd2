package scangen

// HeuristicPath is the path of the generated file of heuristic vectors (§5), relative to the
// vectors directory.
const HeuristicPath = "scan/heuristics.json"

// The heuristic classes of §5.
const (
	hMixed = "mixed_script_confusable"
	hInstr = "instruction_like"
)

// HCase is one hand-written heuristics case. Its heuristic findings are the hand truth, derived
// from §5 and the pattern grammar documented in scan/doc.go; its §2 findings (for the cases
// that put invisible characters inside a word) are checked against the reference model.
type HCase struct {
	Cat     string   // category, for the generator's summary only
	Comment string   // what the case pins
	Spec    []string // sections of agent-safety-formats-v1.md
	In      string
	Want    []HWant // hand-derived heuristic findings, in wire order
	Chars   []Want  // hand-derived §2 findings
	Flags   []string
}

// HWant is one hand-derived heuristic finding.
type HWant struct {
	Class      string
	Start, End int      // codepoint offsets
	Scripts    []string // mixed_script_confusable: "Latin", then "Greek" and/or "Cyrillic"
	Pattern    string   // instruction_like: the pattern id
}

// mixed is a mixed_script_confusable finding.
func mixed(start, end int, scripts ...string) HWant {
	return HWant{Class: hMixed, Start: start, End: end, Scripts: scripts}
}

// instr is an instruction_like finding.
func instr(pattern string, start, end int) HWant {
	return HWant{Class: hInstr, Start: start, End: end, Pattern: pattern}
}
