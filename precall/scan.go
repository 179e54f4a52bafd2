package precall

import (
	"strconv"
	"strings"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/scan"
)

// maxFindings bounds the findings an answer lists (each string's scan is
// bounded by scan's own cap too).
const maxFindings = 1000

// scanDefinitions scans every tool name, description and input-schema
// string (keys and values) and the instructions, and keeps the
// deterministic findings (§9: "flagged (with the deterministic
// findings)"). Strings are WTF-8 and scanned as such (scan.ScanWTF8), so
// that a lone surrogate is seen (§2 flags it).
func scanDefinitions(d *fingerprint.Definitions) ScanReport {
	r := ScanReport{Status: ScanClean, Findings: []Located{}, FlagIDs: []string{}, Note: ScanNoteUnregistered}
	add := func(tool *string, field, path, s string) {
		if s == "" || len(r.Findings) >= maxFindings {
			return
		}
		res := scanString(s)
		if res == nil {
			return
		}
		for _, f := range res.Findings {
			if f.Heuristic || len(r.Findings) >= maxFindings {
				continue
			}
			r.Findings = append(r.Findings, Located{Tool: tool, Field: field, Path: path, Finding: f})
		}
	}
	for i := range d.Tools {
		t := &d.Tools[i]
		name := t.Name
		add(&name, FieldName, "", t.Name)
		add(&name, FieldDescription, "", t.Description)
		if len(t.InputSchema) > 0 {
			v, err := canon.Parse(t.InputSchema, canon.Limits{MaxDepth: 256})
			if err == nil {
				walkStrings(v, "", func(path string, key bool, s string) {
					field := FieldInputSchema
					if key {
						field = FieldInputSchemaKey
					}
					add(&name, field, path, s)
				})
			}
		}
	}
	add(nil, FieldInstructions, "", d.Instructions)
	if len(r.Findings) > 0 {
		r.Status = ScanFlagged
	}
	return r
}

func scanString(s string) *scan.Result {
	res, _ := scan.ScanWTF8(s, &scan.Options{OmitSanitized: true})
	return res
}

// walkStrings calls fn for every object key and string value in v, with
// the JSON Pointer of the value (of the member, for a key).
func walkStrings(v canon.Value, path string, fn func(path string, key bool, s string)) {
	switch v.Kind {
	case canon.KindString:
		fn(path, false, v.Str)
	case canon.KindArray:
		for i, e := range v.Elems {
			walkStrings(e, path+"/"+strconv.Itoa(i), fn)
		}
	case canon.KindObject:
		for _, m := range v.Members {
			p := path + "/" + escapePointer(m.Key)
			fn(p, true, m.Key)
			walkStrings(m.Value, p, fn)
		}
	}
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
