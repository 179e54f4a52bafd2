package fingerprint

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// handRecord is the record of handSurface, written by hand: the surface's
// members in the documented order, the lists sorted, each Def canonical.
func handRecord(fp string) string {
	return `{"format":"plainsight.fingerprint.surface/1","fingerprint":"` + fp + `","surface":{` +
		`"server":{"name":"weather","version":"1.2.0"},"protocol_version":"2025-06-18","instructions":"Use get_weather for forecasts.",` +
		`"tools":[{"_meta":{"nested":{"n":1,"s":"x"},"openai/widgetDescription":"Shows weather."},` +
		`"annotations":{"destructiveHint":false,"readOnlyHint":true},"description":"",` +
		`"inputSchema":{"properties":{"city":{"type":"string"}},"type":"object"},"name":"get_weather",` +
		`"outputSchema":{"type":"object"},"title":"Weather"}],` +
		`"prompts":[{"arguments":[{"name":"city","required":true}],"description":"Plan a trip.","name":"plan","title":"Trip planner"}],` +
		`"resources":[{"description":"Cities served.","mimeType":"application/json","name":"cities","uri":"weather://cities"}],` +
		`"resource_templates":[{"mimeType":"text/plain","name":"day","uriTemplate":"weather://{city}/{day}"}]}}`
}

func TestSurfaceRecordJSONForm(t *testing.T) {
	s := handSurface(t)
	rec, err := NewSurfaceRecord(s)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if want := handRecord(rec.Fingerprint); string(data) != want {
		t.Errorf("JSON form:\n got %s\nwant %s", data, want)
	}
	var back SurfaceRecord
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rec, back); diff != "" {
		t.Errorf("read back (-saved +read):\n%s", diff)
	}
	// A lone surrogate and an empty surface survive.
	empty, _ := NewSurface(Server{Name: "b\xed\xa0\x80"}, "", "", Lists{Tools: []byte(`[{"name":"\ud800"}]`)})
	rec2, _ := NewSurfaceRecord(empty)
	data2, err := json.Marshal(rec2)
	if err != nil || !strings.Contains(string(data2), `"name":"b\ud800","version":null`) || !strings.Contains(string(data2), `"prompts":[]`) {
		t.Fatalf("record %s, %v", data2, err)
	}
	var back2 SurfaceRecord
	if err := json.Unmarshal(data2, &back2); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rec2, back2); diff != "" {
		t.Errorf("read back (-saved +read):\n%s", diff)
	}
	// A record whose fingerprint is not its surface's is not written.
	rec.Fingerprint = strings.Repeat("0", 64)
	if _, err := rec.MarshalJSON(); !errors.Is(err, ErrInvalidRecord) {
		t.Errorf("marshal of a wrong fingerprint: %v", err)
	}
}

func TestSurfaceRecordRefused(t *testing.T) {
	rec, _ := NewSurfaceRecord(handSurface(t))
	good := handRecord(rec.Fingerprint)
	var r SurfaceRecord
	if err := r.UnmarshalJSON([]byte(good)); err != nil {
		t.Fatalf("the good record: %v", err)
	}
	for name, data := range map[string]string{
		"not JSON":             "{",
		"array":                "[]",
		"another format":       strings.Replace(good, "surface/1", "surface/2", 1),
		"§7's format":          strings.Replace(good, "fingerprint.surface/1", "fingerprint.record/1", 1),
		"edited fingerprint":   strings.Replace(good, rec.Fingerprint, strings.Repeat("0", 64), 1),
		"edited description":   strings.Replace(good, "Plan a trip.", "Plan a trap.", 1),
		"edited annotation":    strings.Replace(good, `"destructiveHint":false`, `"destructiveHint":true`, 1),
		"unknown member":       strings.Replace(good, `"surface":{`, `"x":1,"surface":{`, 1),
		"unknown in surface":   strings.Replace(good, `"instructions":`, `"x":1,"instructions":`, 1),
		"unknown in server":    strings.Replace(good, `"version":"1.2.0"`, `"version":"1.2.0","title":"W"`, 1),
		"member left out":      strings.Replace(good, `"mimeType":"application/json",`, `"mimeType":"application/json","size":1,`, 1),
		"null member":          strings.Replace(good, `"title":"Weather"`, `"title":null`, 1),
		"tool no description":  strings.Replace(good, `"description":"",`, ``, 1),
		"meta without text":    strings.Replace(good, `"_meta":{"nested"`, `"_meta":{"count":1,"nested"`, 1),
		"empty meta":           strings.Replace(good, `{"mimeType":"text/plain"`, `{"_meta":{},"mimeType":"text/plain"`, 1),
		"duplicate prompt":     strings.Replace(good, `"prompts":[`, `"prompts":[{"name":"plan"},`, 1),
		"no templates":         strings.Replace(good, `,"resource_templates":[{"mimeType":"text/plain","name":"day","uriTemplate":"weather://{city}/{day}"}]`, ``, 1),
		"no version":           strings.Replace(good, `,"version":"1.2.0"`, ``, 1),
		"no surface":           `{"format":"plainsight.fingerprint.surface/1","fingerprint":"` + rec.Fingerprint + `"}`,
		"tool not object":      strings.Replace(good, `"tools":[`, `"tools":[1,`, 1),
		"schema not object":    strings.Replace(good, `"outputSchema":{"type":"object"}`, `"outputSchema":true`, 1),
		"instructions number":  strings.Replace(good, `"instructions":"Use get_weather for forecasts."`, `"instructions":1`, 1),
		"fingerprint a number": strings.Replace(good, `"`+rec.Fingerprint+`"`, `1`, 1),
	} {
		if data == good {
			t.Fatalf("%s: the edit did nothing", name)
		}
		var r SurfaceRecord
		if err := r.UnmarshalJSON([]byte(data)); !errors.Is(err, ErrInvalidRecord) {
			t.Errorf("%s: err %v, want ErrInvalidRecord", name, err)
		}
	}
}

// loadSchema resolves a JSON Schema file of this directory.
func loadSchema(t *testing.T, file string) *jsonschema.Resolved {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if s.Schema != "https://json-schema.org/draft/2020-12/schema" {
		t.Fatalf("%s: $schema %q", file, s.Schema)
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return rs
}

func validate(t *testing.T, rs *jsonschema.Resolved, data []byte) error {
	t.Helper()
	var instance any
	if err := json.Unmarshal(data, &instance); err != nil {
		t.Fatal(err)
	}
	return rs.Validate(instance)
}

// TestRecordSchemas checks both record forms against their JSON Schemas:
// every record written validates (the hand surface and the surface of
// every valid §7 vector; every §7 vector's record), and a record with a
// member the reader refuses does not.
func TestRecordSchemas(t *testing.T) {
	surface, record := loadSchema(t, "surface.schema.json"), loadSchema(t, "record.schema.json")
	rec, _ := NewSurfaceRecord(handSurface(t))
	good := handRecord(rec.Fingerprint)
	if err := validate(t, surface, []byte(good)); err != nil {
		t.Errorf("the hand record: %v", err)
	}
	n := 0
	for _, tc := range vectortest.Fingerprint(t) {
		if tc.Type != "FingerprintTest" || tc.Result == "invalid" {
			continue
		}
		d, err := definitions(t, tc.Server, tc.Tools)
		if err != nil {
			t.Fatal(err)
		}
		r7, _ := NewRecord(d)
		data7, err := json.Marshal(r7)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(t, record, data7); err != nil {
			t.Errorf("%s: §7 record: %v", tc.Name, err)
		}
		s, err := NewSurface(d.Server, "2025-06-18", tc.Comment, Lists{Tools: tc.Tools})
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := NewSurfaceRecord(s)
		data, err := json.Marshal(rs)
		if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		if err := validate(t, surface, data); err != nil {
			t.Errorf("%s: surface record: %v", tc.Name, err)
		}
		n++
	}
	if n < 50 {
		t.Errorf("only %d vectors", n)
	}
	for name, data := range map[string]string{
		"unknown member":      strings.Replace(good, `"surface":{`, `"x":1,"surface":{`, 1),
		"member left out":     strings.Replace(good, `"mimeType":"application/json",`, `"mimeType":"application/json","size":1,`, 1),
		"tool no description": strings.Replace(good, `"description":"",`, ``, 1),
		"another format":      strings.Replace(good, "surface/1", "surface/2", 1),
		"empty meta":          strings.Replace(good, `{"mimeType":"text/plain"`, `{"_meta":{},"mimeType":"text/plain"`, 1),
	} {
		if err := validate(t, surface, []byte(data)); err == nil {
			t.Errorf("%s: the schema accepts it", name)
		}
	}
}

// FuzzSurfaceRecord: for any input, no panic; an error is always
// ErrInvalidRecord; a record read writes back to JSON that reads back the
// same.
func FuzzSurfaceRecord(f *testing.F) {
	s, _ := NewSurface(Server{Name: "s", Version: new("1")}, "2025-06-18", "i", Lists{
		Tools:     []byte(`[{"name":"t","title":"T","annotations":{"readOnlyHint":true},"_meta":{"a":"b"}}]`),
		Prompts:   []byte(`[{"name":"p","arguments":[{"name":"x"}]}]`),
		Resources: []byte(`[{"uri":"a:b","name":"n"}]`),
	})
	rec, _ := NewSurfaceRecord(s)
	good, _ := json.Marshal(rec)
	f.Add(good)
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r SurfaceRecord
		if err := r.UnmarshalJSON(data); err != nil {
			if !errors.Is(err, ErrInvalidRecord) {
				t.Fatalf("error %v is not ErrInvalidRecord", err)
			}
			return
		}
		again, err := r.MarshalJSON()
		if err != nil {
			t.Fatalf("marshal of a record read: %v", err)
		}
		var r2 SurfaceRecord
		if err := r2.UnmarshalJSON(again); err != nil {
			t.Fatalf("reading back %s: %v", again, err)
		}
		if diff := cmp.Diff(r, r2); diff != "" {
			t.Fatalf("round trip differs:\n%s", diff)
		}
	})
}

// FuzzNewSurface: for hostile lists, no panic; a surface made fingerprints,
// writes a record that reads back equal, compares with itself as
// unchanged, and its §7 view fingerprints as the tools list does.
func FuzzNewSurface(f *testing.F) {
	f.Add([]byte(`[{"name":"a","description":"d","annotations":{"destructiveHint":true},"_meta":{"x":[1,"y"]}}]`),
		[]byte(`[{"name":"p","arguments":[]}]`), []byte(`[{"uri":"u","size":3}]`), []byte(`[{"uriTemplate":"t{x}"}]`))
	f.Add([]byte(`[{"name":"\ud800"},{"name":"\uff61"}]`), []byte(`null`), []byte(`[]`), []byte(`[1]`))
	f.Add([]byte(`[{"name":"a"},{"name":"a"}]`), []byte(`[{"name":"p","_meta":{}}]`), []byte(`[{"uri":"a","uri":"b"}]`), []byte(`{}`))
	f.Fuzz(func(t *testing.T, tools, prompts, resources, templates []byte) {
		s, err := NewSurface(Server{Name: "s"}, "", "", Lists{Tools: tools, Prompts: prompts, Resources: resources, ResourceTemplates: templates})
		if err != nil {
			return
		}
		rec, err := NewSurfaceRecord(s)
		if err != nil {
			t.Fatalf("a surface made does not fingerprint: %v", err)
		}
		data, err := rec.MarshalJSON()
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var back SurfaceRecord
		if err := back.UnmarshalJSON(data); err != nil {
			t.Fatalf("reading back %s: %v", data, err)
		}
		if diff := cmp.Diff(rec, back); diff != "" {
			t.Fatalf("round trip differs:\n%s", diff)
		}
		if c, err := CompareSurfaces(s, &back.Surface); err != nil || len(c) != 0 {
			t.Fatalf("compared with itself: %v, %v", c, err)
		}
		d, err := s.Definitions()
		if err != nil {
			t.Fatalf("§7 view: %v", err)
		}
		if tools == nil {
			return
		}
		ts, err := ParseTools(tools)
		if err != nil {
			t.Fatalf("the surface read tools §7 refuses: %v", err)
		}
		fp7, err := Fingerprint(&Definitions{Server: s.Server, Tools: ts})
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := Fingerprint(d); v != fp7 {
			t.Fatalf("§7 view fingerprint %s, tools list's %s", v, fp7)
		}
	})
}
