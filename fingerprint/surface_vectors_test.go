package fingerprint

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

var surfaceErrors = map[string]error{"InvalidTool": ErrInvalidTool, "InvalidEntry": ErrInvalidEntry,
	"DuplicateName": ErrDuplicateName, "DuplicateKey": ErrDuplicateKey}

// surfaceSide reads one side of an extended-profile vector: server,
// instructions and the four lists, each list re-written as JSON that keeps
// its lone surrogates.
func surfaceSide(t *testing.T, raw json.RawMessage) (*Surface, error) {
	t.Helper()
	v := parse(t, raw)
	var server Server
	if s := member(&v, "server"); s != nil {
		if n := member(s, "name"); n != nil {
			server.Name = n.Str
		}
		if ver := member(s, "version"); ver != nil && ver.Kind == canon.KindString {
			server.Version = &ver.Str
		}
	}
	instructions := ""
	if i := member(&v, "instructions"); i != nil {
		instructions = i.Str
	}
	list := func(name string) []byte {
		m := member(&v, name)
		if m == nil {
			return nil
		}
		b, err := canon.Marshal(*m, canon.SortedUTF16, canon.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	return NewSurface(server, "2025-06-18", instructions, Lists{Tools: list("tools"), Prompts: list("prompts"),
		Resources: list("resources"), ResourceTemplates: list("resourceTemplates")})
}

// TestSurfaceVectors runs the extended profile's vectors: the canonical
// input, the fingerprint and §7's fingerprint of each surface, the
// refusals, and every change between two surfaces; and a record of each
// surface reads back equal.
func TestSurfaceVectors(t *testing.T) {
	vs := vectortest.Surface(t)
	for _, tc := range vs {
		switch tc.Type {
		case "SurfaceTest":
			s, err := surfaceSide(t, tc.Input)
			if tc.Result == "invalid" {
				if want := surfaceErrors[tc.Error]; want == nil || !errors.Is(err, want) {
					t.Errorf("%s: err %v, want %s", tc.Name, err, tc.Error)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", tc.Name, err)
				continue
			}
			var want struct {
				Canonical   string `json:"canonical"`
				Fingerprint string `json:"fingerprint"`
				Section7    string `json:"section7_fingerprint"`
			}
			exp := parse(t, tc.Expected)
			want.Canonical, want.Fingerprint, want.Section7 = member(&exp, "canonical").Str, member(&exp, "fingerprint").Str, member(&exp, "section7_fingerprint").Str
			in, err := s.Input()
			if err != nil || string(in) != want.Canonical {
				t.Errorf("%s:\n got %q (%v)\nwant %q", tc.Name, in, err, want.Canonical)
			}
			if fp, _ := s.Fingerprint(); fp != want.Fingerprint {
				t.Errorf("%s: fingerprint %s, want %s", tc.Name, fp, want.Fingerprint)
			}
			d, err := s.Definitions()
			if err != nil {
				t.Fatalf("%s: %v", tc.Name, err)
			}
			if fp7, _ := Fingerprint(d); fp7 != want.Section7 {
				t.Errorf("%s: §7 fingerprint %s, want %s", tc.Name, fp7, want.Section7)
			}
			rec, err := NewSurfaceRecord(s)
			if err != nil {
				t.Fatal(err)
			}
			data, err := rec.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var back SurfaceRecord
			if err := back.UnmarshalJSON(data); err != nil || !cmp.Equal(rec, back) {
				t.Errorf("%s: the record reads back as %+v (%v)", tc.Name, back, err)
			}
		case "SurfaceDiffTest":
			before, err := surfaceSide(t, tc.Before)
			if err != nil {
				t.Fatalf("%s: before: %v", tc.Name, err)
			}
			after, err := surfaceSide(t, tc.After)
			if err != nil {
				t.Fatalf("%s: after: %v", tc.Name, err)
			}
			var want struct {
				Status  Status   `json:"status"`
				Changes []Change `json:"changes"`
			}
			// The expected changes hold no lone surrogate: encoding/json
			// reads them exactly.
			if err := json.Unmarshal(tc.Expected, &want); err != nil {
				t.Fatal(err)
			}
			got, err := CompareSurfaces(before, after)
			if err != nil {
				t.Fatalf("%s: %v", tc.Name, err)
			}
			if diff := cmp.Diff(want.Changes, got); diff != "" {
				t.Errorf("%s: changes (-want +got):\n%s", tc.Name, diff)
			}
			fb, _ := before.Fingerprint()
			fa, _ := after.Fingerprint()
			if (fb == fa) != (want.Status == Unchanged) {
				t.Errorf("%s: fingerprints %s, %s; want %s", tc.Name, fb, fa, want.Status)
			}
		}
	}
	if len(vs) < 35 {
		t.Errorf("only %d extended profile vectors", len(vs))
	}
}
