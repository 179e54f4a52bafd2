package precall

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/scan"
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
		r := ScanDefinitions(d, scan.Spec)
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
			n := utf16Len(s)
			if l.Finding.Heuristic || l.Finding.Start < 0 || l.Finding.End <= l.Finding.Start || l.Finding.UTF16End > n {
				t.Fatalf("finding %+v out of a string of %d UTF-16 units", l.Finding, n)
			}
		}
	})
}

// utf16Len is how many UTF-16 code units scan.ScanWTF8 reads s as: one for
// an encoded surrogate (ED A0..BF 80..BF) and for each byte that is not
// UTF-8, one or two for a codepoint (a pair in two halves is two units
// either way).
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1 && i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF:
			size = 3
			n++
		case r >= 0x10000:
			n += 2
		default:
			n++
		}
		i += size
	}
	return n
}

// FuzzDefinitionsRoundTrip: recorded definitions read back fingerprint
// exactly as what was served (a lone surrogate and all), and any bytes
// given to the decoders (definitions, diffs) are read or refused, never a
// panic.
func FuzzDefinitionsRoundTrip(f *testing.F) {
	f.Add("srv", "1.0", "search", "Search\u200b the web.", `{"type":"object","properties":{"q":{"type":"string"}}}`, "Use search.")
	f.Add("\xed\xa0\x80", "", "t\xed\xb0\x80", "", `[1,"\ud800",{"~/":"\ue000"}]`, "\x00")
	f.Add("s", "1", "t", "d", `{"tools_added":["\ud800"],"tools_removed":[],"tools_changed":[{"tool":"x","changes":["schema_changed"]}],"server_identity_changed":true}`, "")
	f.Fuzz(func(t *testing.T, name, version, tool, desc, schema, instructions string) {
		// The decoders alone, on the schema's bytes as a record.
		decodeDefinitions([]byte(schema))
		if d, err := decodeDiff([]byte(schema)); err == nil {
			// What decodes writes back and decodes to the same diff.
			again, err := decodeDiff(diffJSON(&d))
			if err != nil || !reflect.DeepEqual(d, again) {
				t.Fatalf("diff %s: %+v then %+v (%v)", schema, d, again, err)
			}
		}
		raw, _ := json.Marshal(tool)
		tools, err := fingerprint.ParseTools([]byte(`[{"name":` + string(raw) + `,"inputSchema":` + schema + `}]`))
		if err != nil {
			return
		}
		tools[0].Description = desc
		d := &fingerprint.Definitions{Server: fingerprint.Server{Name: name, Version: &version}, ProtocolVersion: "2025-03-26", Instructions: instructions, Tools: tools}
		want, err := fingerprint.Fingerprint(d)
		if err != nil {
			return
		}
		b, err := encodeDefinitions(d)
		if err != nil {
			return // not WTF-8: such a string cannot come from a JSON response
		}
		back, err := decodeDefinitions(b)
		if err != nil {
			t.Fatalf("decode(%s): %v", b, err)
		}
		got, err := fingerprint.Fingerprint(back)
		if err != nil || got != want || back.Instructions != instructions || back.ProtocolVersion != d.ProtocolVersion {
			t.Fatalf("round trip of %s: fingerprint %s, want %s (%v)", b, got, want, err)
		}
	})
}
