package fingerprint

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// roundTrip saves a record as JSON and reads it back.
func roundTrip(t *testing.T, rec Record) Record {
	t.Helper()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("unmarshal %s: %v", data, err)
	}
	return back
}

// TestRecordRoundTripVectors saves the record of every fingerprint vector
// and checks that the record read back is equal, and that an integrity
// check against it answers exactly as against the record in memory.
func TestRecordRoundTripVectors(t *testing.T) {
	opts := cmp.Options{cmpopts.EquateErrors()}
	n := 0
	for _, tc := range vectortest.Fingerprint(t) {
		var before, after *Definitions
		switch tc.Type {
		case "FingerprintTest":
			if tc.Result == "invalid" {
				continue
			}
			d, err := definitions(t, tc.Server, tc.Tools)
			if err != nil {
				t.Fatalf("%s: %v", tc.Name, err)
			}
			before, after = d, d
		case "DiffTest":
			before, after = diffSide(t, tc, tc.Before), diffSide(t, tc, tc.After)
		}
		// The fields outside the fingerprint travel too.
		before.ProtocolVersion, before.Instructions = "2025-06-18", tc.Comment
		rec, err := NewRecord(before)
		if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		back := roundTrip(t, rec)
		if diff := cmp.Diff(rec, back); diff != "" {
			t.Errorf("%s: the record read back differs (-saved +read):\n%s", tc.Name, diff)
		}
		want, got := Check(rec, after, nil), Check(back, after, nil)
		if diff := cmp.Diff(want, got, opts); diff != "" {
			t.Errorf("%s: the check against the saved record differs (-memory +saved):\n%s", tc.Name, diff)
		}
		n++
	}
	if n < 90 {
		t.Errorf("only %d vectors round-tripped", n)
	}
}

func TestRecordJSONForm(t *testing.T) {
	v := "1.0"
	d := &Definitions{
		Server:          Server{Name: "srv", Version: &v},
		ProtocolVersion: "2025-06-18",
		Instructions:    "be nice",
		Tools: []Tool{
			{Name: "b\xed\xa0\x80", Description: "lone surrogate", InputSchema: []byte(`{"type":"object","a":1}`)},
			{Name: "a", Description: "", InputSchema: nil},
		},
	}
	rec, err := NewRecord(d)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"format":"plainsight.fingerprint.record/1","fingerprint":"` + rec.Fingerprint +
		`","version":1,"definitions":{"server":{"name":"srv","version":"1.0"},"protocol_version":"2025-06-18","instructions":"be nice",` +
		`"tools":[{"name":"b\ud800","description":"lone surrogate","inputSchema":{"a":1,"type":"object"}},{"name":"a","description":"","inputSchema":null}]}}`
	if string(data) != want {
		t.Errorf("JSON form:\n got %s\nwant %s", data, want)
	}
	back := roundTrip(t, rec)
	if back.Definitions.Tools[0].Name != "b\xed\xa0\x80" || back.Definitions.Tools[1].InputSchema != nil {
		t.Errorf("read back %+v", back.Definitions.Tools)
	}
}

func TestRecordRefused(t *testing.T) {
	rec, err := NewRecord(&Definitions{Server: Server{Name: "s"}, Tools: []Tool{{Name: "t", InputSchema: []byte("{}")}}})
	if err != nil {
		t.Fatal(err)
	}
	good, _ := json.Marshal(rec)
	for name, data := range map[string]string{
		"not JSON":           "{",
		"another format":     strings.Replace(string(good), "record/1", "record/2", 1),
		"edited fingerprint": strings.Replace(string(good), rec.Fingerprint, strings.Repeat("0", 64), 1),
		"edited tool":        strings.Replace(string(good), `"name":"t"`, `"name":"u"`, 1),
		"unknown member":     strings.Replace(string(good), `"version":1,`, `"version":1,"x":2,`, 1),
		"version 0":          strings.Replace(string(good), `"version":1,`, `"version":0,`, 1),
		"no definitions":     `{"format":"plainsight.fingerprint.record/1","fingerprint":"` + rec.Fingerprint + `","version":1}`,
		"schema not object":  strings.Replace(string(good), `"inputSchema":{}`, `"inputSchema":[]`, 1),
		"duplicate tools":    strings.Replace(string(good), `"tools":[`, `"tools":[{"name":"t","description":"","inputSchema":{}},`, 1),
	} {
		var r Record
		if err := r.UnmarshalJSON([]byte(data)); !errors.Is(err, ErrInvalidRecord) {
			t.Errorf("%s: err %v, want ErrInvalidRecord", name, err)
		}
	}
}

func FuzzRecord(f *testing.F) {
	rec, _ := NewRecord(&Definitions{Server: Server{Name: "s"}, Tools: []Tool{{Name: "t", Description: "d", InputSchema: []byte(`{"type":"object"}`)}}})
	good, _ := json.Marshal(rec)
	f.Add(good)
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Record
		if err := r.UnmarshalJSON(data); err != nil {
			if !errors.Is(err, ErrInvalidRecord) {
				t.Fatalf("error %v is not ErrInvalidRecord", err)
			}
			return
		}
		// What was read writes back to a form that reads back the same.
		again, err := r.MarshalJSON()
		if err != nil {
			t.Fatalf("marshal of a record read: %v", err)
		}
		var r2 Record
		if err := r2.UnmarshalJSON(again); err != nil {
			t.Fatalf("reading back %s: %v", again, err)
		}
		if diff := cmp.Diff(r, r2); diff != "" {
			t.Fatalf("round trip differs:\n%s", diff)
		}
	})
}
