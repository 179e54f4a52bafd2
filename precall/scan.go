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

// ScannedField is one string of a server's definitions that is scanned:
// a tool's name or description, a key or string value of its input
// schema, or the instructions.
type ScannedField struct {
	// Tool is the tool's name; nil for the instructions.
	Tool *string
	// Field is one of the Field constants.
	Field string
	// Path is the JSON Pointer (RFC 6901) of the schema string (of the
	// member, for a key); empty outside the schema.
	Path string
	// Text is the string, as the server wrote it (WTF-8).
	Text string
}

// ScannedFields calls fn for every non-empty string of d that is scanned,
// in order: each tool's name, description and input-schema keys and
// string values (defaults, enums, titles and examples included), then the
// instructions; it stops when fn returns false. It is the one definition
// of the fields of a definition that are scanned: the pre-call answer
// (§9), registry add and check (the flags they record, §8) and plainsight
// fingerprint all scan exactly these (issue 31, item 2). A schema that is
// not valid JSON, or nests deeper than 256, has no schema strings here
// (the fingerprint refuses it first).
func ScannedFields(d *fingerprint.Definitions, fn func(ScannedField) bool) {
	more := true
	emit := func(f ScannedField) {
		if more && f.Text != "" {
			more = fn(f)
		}
	}
	for i := range d.Tools {
		t := &d.Tools[i]
		name := t.Name
		emit(ScannedField{Tool: &name, Field: FieldName, Text: t.Name})
		emit(ScannedField{Tool: &name, Field: FieldDescription, Text: t.Description})
		if len(t.InputSchema) > 0 && more {
			walkSchema(t.InputSchema, func(path string, key bool, s string) {
				field := FieldInputSchema
				if key {
					field = FieldInputSchemaKey
				}
				emit(ScannedField{Tool: &name, Field: field, Path: path, Text: s})
			})
		}
		if !more {
			return
		}
	}
	emit(ScannedField{Field: FieldInstructions, Text: d.Instructions})
}

// ScanDefinitions scans every field of d that [ScannedFields] names in the
// profile p and keeps the deterministic findings (§9: "flagged (with the
// deterministic findings)"), at most 1000. Strings are WTF-8 and scanned
// as such (scan.ScanWTF8), so that a lone surrogate is seen (§2 flags
// it). The report's Note is that of an unregistered server.
func ScanDefinitions(d *fingerprint.Definitions, p scan.Profile) ScanReport {
	r := ScanReport{Status: ScanClean, Findings: []Located{}, FlagIDs: []string{}, Note: ScanNoteUnregistered}
	ScannedFields(d, func(sf ScannedField) bool {
		res := scanString(sf.Text, p)
		if res == nil {
			return true
		}
		for _, f := range res.Findings {
			if len(r.Findings) >= maxFindings {
				return false
			}
			if f.Heuristic {
				continue
			}
			r.Findings = append(r.Findings, Located{Tool: sf.Tool, Field: sf.Field, Path: sf.Path, Finding: f})
		}
		return len(r.Findings) < maxFindings
	})
	if len(r.Findings) > 0 {
		r.Status = ScanFlagged
	}
	return r
}

// scanDefinitions is ScanDefinitions in the checker's profile.
func (c *Checker) scanDefinitions(d *fingerprint.Definitions) ScanReport {
	return ScanDefinitions(d, c.Profile)
}

func scanString(s string, p scan.Profile) *scan.Result {
	res, _ := scan.ScanWTF8(s, &scan.Options{OmitSanitized: true, Profile: p})
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
