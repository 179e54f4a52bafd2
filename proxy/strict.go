package proxy

import (
	"encoding/json"
	"fmt"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/scan"
)

// strictPoisoned judges the tools of a raw tools/list array as
// plainsight's commands judge definitions (precall.ScanDefinitions, the
// fields precall.ScannedFields names: names, descriptions, input-schema
// keys and strings) in the Strict profile: a tool with a deterministic
// finding (invisible characters, hidden markup, a base64 payload) is
// poisoned, and why is said. The guard's shield verdict on each whole
// definition is the other half (issue 30, item 3); this half finds what
// hides without reading as an instruction. A list §7 refuses (a tool
// without a name, two of one name) is judged by the guard alone.
func strictPoisoned(raw json.RawMessage) map[string]string {
	tools, err := fingerprint.ParseTools(raw)
	if err != nil {
		return nil
	}
	return strictFindings(&fingerprint.Definitions{Tools: tools}, true)
}

// strictInstructions says why the server's instructions are poisoned, or
// "".
func strictInstructions(text string) string {
	if text == "" {
		return ""
	}
	return strictFindings(&fingerprint.Definitions{Instructions: text}, false)[""]
}

// strictFindings is the first finding of each tool (or, "", of the
// instructions), as a reason.
func strictFindings(d *fingerprint.Definitions, tools bool) map[string]string {
	rep := precall.ScanDefinitions(d, scan.Strict)
	out := map[string]string{}
	for _, f := range rep.Findings {
		name := ""
		if f.Tool != nil {
			name = *f.Tool
		}
		if _, seen := out[name]; seen || (f.Tool != nil) != tools {
			continue
		}
		where := f.Field
		if f.Path != "" {
			where += " " + f.Path
		}
		out[name] = fmt.Sprintf("its %s hides content (%s, found by the Strict scan: %s)", where, f.Finding.Class, f.Finding.Excerpt)
	}
	return out
}
