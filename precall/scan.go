package precall

import (
	"strconv"
	"strings"
	"unicode/utf8"

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
// findings)"). Strings are WTF-8: one holding a lone surrogate is scanned
// as UTF-16, so that the surrogate is seen (§2 flags it).
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
	opts := &scan.Options{OmitSanitized: true}
	if utf8.ValidString(s) {
		res, _ := scan.Scan(s, opts)
		return res
	}
	res, _ := scan.ScanUTF16(wtf8ToUTF16(s), opts)
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

// wtf8ToUTF16 decodes WTF-8 (UTF-8 that may encode lone surrogates as
// three bytes ED A0–BF 80–BF) to UTF-16; any other ill-formed byte is
// U+FFFD, as a WHATWG decoder reads it.
func wtf8ToUTF16(s string) []uint16 {
	u := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		if s[i] == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
			u = append(u, 0xD000|uint16(s[i+1]&0x3F)<<6|uint16(s[i+2]&0x3F))
			i += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r >= 0x10000 {
			r -= 0x10000
			u = append(u, 0xD800|uint16(r>>10), 0xDC00|uint16(r&0x3FF))
			continue
		}
		u = append(u, uint16(r))
	}
	return u
}
