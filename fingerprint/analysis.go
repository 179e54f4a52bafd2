package fingerprint

import (
	"slices"
	"strconv"
)

// Analysis is what a change says beyond §7's diff, for people deciding
// whether to trust it again. It is separate API: the §7 wire shape (Diff)
// never carries it.
type Analysis struct {
	// Renamed pairs a removed tool with an added one whose description and
	// input schema are identical: most likely the same tool under a new
	// name. The diff still lists both as removed and added.
	Renamed []Rename `json:"renamed"`
	// InstructionsChanged reports that the server's instructions to
	// clients differ. §7 does not hash them, so the fingerprints may be
	// equal while they changed — and they are text the agent reads.
	InstructionsChanged bool `json:"instructions_changed"`
	// ProtocolVersionChanged reports that the server answered with another
	// MCP protocol version.
	ProtocolVersionChanged bool `json:"protocol_version_changed"`
}

// Rename is one tool that appears renamed.
type Rename struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Analyze returns the Analysis of the change from before to after. A
// removed tool matches at most one added tool (the first by name).
func Analyze(before, after *Definitions) (Analysis, error) {
	d, err := Compare(before, after)
	if err != nil {
		return Analysis{}, err
	}
	a := Analysis{
		Renamed:                []Rename{},
		InstructionsChanged:    before.Instructions != after.Instructions,
		ProtocolVersionChanged: before.ProtocolVersion != after.ProtocolVersion,
	}
	find := func(tools []Tool, name string) *Tool {
		i := slices.IndexFunc(tools, func(t Tool) bool { return t.Name == name })
		if i < 0 {
			return nil
		}
		return &tools[i]
	}
	type side struct {
		t      *Tool
		schema []byte
	}
	read := func(tools []Tool, names []string) ([]side, error) {
		out := make([]side, len(names))
		for i, name := range names {
			t := find(tools, name)
			schema, err := canonicalSchema(t.InputSchema)
			if err != nil {
				return nil, err
			}
			out[i] = side{t, schema}
		}
		return out, nil
	}
	removed, err := read(before.Tools, d.ToolsRemoved)
	if err != nil {
		return Analysis{}, err
	}
	added, err := read(after.Tools, d.ToolsAdded)
	if err != nil {
		return Analysis{}, err
	}
	// The rule CompareSurfaces shares: each removed tool takes the first
	// added one not yet taken with the same description and schema.
	same := func(sides []side) []string {
		out := make([]string, len(sides))
		for i, s := range sides {
			out[i] = strconv.Itoa(len(s.t.Description)) + ":" + s.t.Description + string(s.schema)
		}
		return out
	}
	to := pairRenames(same(removed), same(added))
	for r, k := range to {
		if k >= 0 {
			a.Renamed = append(a.Renamed, Rename{From: d.ToolsRemoved[r], To: d.ToolsAdded[k]})
		}
	}
	return a, nil
}
