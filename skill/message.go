package skill

import "github.com/plainsight/plainsight/scan"

// InMessage returns, for the formats that locate findings by line and
// column in the file (the command line's text, package report's GitHub
// annotations and SARIF), a copy of an email scan's result whose findings
// all point at the start of the message: their offsets are within a
// decoded part, not the file. Each excerpt starts with the part it is in.
// Results of other contexts are returned as they are.
func InMessage(res *scan.Result) *scan.Result {
	if len(res.Parts) == 0 {
		return res
	}
	c := *res
	c.Findings = make([]scan.Finding, len(res.Findings))
	for i, f := range res.Findings {
		f.Excerpt = "[part " + f.Part + "] " + f.Excerpt
		f.ByteStart, f.ByteEnd = 0, 0
		c.Findings[i] = f
	}
	c.InvalidUTF8 = make([]scan.InvalidSequence, len(res.InvalidUTF8))
	for i, s := range res.InvalidUTF8 {
		s.ByteStart, s.ByteEnd = 0, 0
		c.InvalidUTF8[i] = s
	}
	return &c
}
