package precall

import (
	"encoding/json"
	"testing"
	"unicode/utf16"

	"github.com/plainsight/plainsight/fingerprint"
)

// FuzzScanDefinitions: any served definitions give a scan whose findings
// are deterministic, located in a string that exists, within its bounds.
func FuzzScanDefinitions(f *testing.F) {
	f.Add("search", "Search\u200b the web.", `{"type":"object","properties":{"q\u2060":{"description":"x\u202e"}}}`, "Use search.")
	f.Add("a", "", `{}`, "")
	f.Add("t", "\xed\xa0\x80lone", `[1,"\ud800",{"~/":"\ue000"}]`, "\x00")
	f.Fuzz(func(t *testing.T, name, desc, schema, instructions string) {
		raw, _ := json.Marshal(name)
		tools, err := fingerprint.ParseTools([]byte(`[{"name":` + string(raw) + `,"inputSchema":` + schema + `}]`))
		if err != nil {
			return
		}
		tools[0].Description = desc
		name = tools[0].Name // as JSON carried it
		d := &fingerprint.Definitions{Tools: tools, Instructions: instructions}
		r := scanDefinitions(d)
		if (r.Status == ScanFlagged) != (len(r.Findings) > 0) || len(r.Findings) > maxFindings {
			t.Fatalf("status %s with %d findings", r.Status, len(r.Findings))
		}
		for _, l := range r.Findings {
			var s string
			switch {
			case l.Field == FieldInstructions && l.Tool == nil:
				s = instructions
			case l.Field == FieldName && *l.Tool == name:
				s = name
			case l.Field == FieldDescription && *l.Tool == name:
				s = desc
			case (l.Field == FieldInputSchema || l.Field == FieldInputSchemaKey) && *l.Tool == name && len(l.Path) > 0:
				continue // located by its pointer; bounds checked by scan's own fuzzing
			default:
				t.Fatalf("finding located nowhere: %+v", l)
			}
			n := len(utf16.Encode([]rune(string(wtf8ToRunes(s)))))
			if l.Finding.Heuristic || l.Finding.Start < 0 || l.Finding.End <= l.Finding.Start || l.Finding.UTF16End > n {
				t.Fatalf("finding %+v out of a string of %d UTF-16 units", l.Finding, n)
			}
		}
	})
}

// wtf8ToRunes reads s as wtf8ToUTF16 does.
func wtf8ToRunes(s string) []rune {
	u := wtf8ToUTF16(s)
	r := make([]rune, len(u))
	for i, c := range u {
		r[i] = rune(c)
	}
	return r
}
