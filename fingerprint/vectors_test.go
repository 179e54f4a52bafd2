package fingerprint

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

var vectorErrors = map[string]error{"InvalidTool": ErrInvalidTool, "DuplicateName": ErrDuplicateName}

// member returns the member key of object v, or nil.
func member(v *canon.Value, key string) *canon.Value {
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

func parse(t *testing.T, raw json.RawMessage) canon.Value {
	t.Helper()
	v, err := canon.Parse(raw, canon.Limits{})
	if err != nil {
		t.Fatalf("vector JSON: %v", err)
	}
	return v
}

// definitions reads a server (absent members: no name, no version) and
// its raw tools.
func definitions(t *testing.T, server, tools json.RawMessage) (*Definitions, error) {
	t.Helper()
	d := &Definitions{}
	if len(server) > 0 {
		s := parse(t, server)
		if n := member(&s, "name"); n != nil && n.Kind == canon.KindString {
			d.Server.Name = n.Str
		}
		if v := member(&s, "version"); v != nil && v.Kind == canon.KindString {
			d.Server.Version = &v.Str
		}
	}
	ts, err := ParseTools(tools)
	d.Tools = ts
	return d, err
}

func names(t *testing.T, v *canon.Value) []string {
	t.Helper()
	out := []string{}
	for _, e := range v.Elems {
		if e.Kind != canon.KindString {
			t.Fatalf("a list of names holds a %v", e.Kind)
		}
		out = append(out, e.Str)
	}
	return out
}

// diffSide reads one side (before or after) of a DiffTest.
func diffSide(t *testing.T, tc vectortest.FingerprintVector, raw json.RawMessage) *Definitions {
	t.Helper()
	v := parse(t, raw)
	server, _ := json.Marshal(nil)
	if s := member(&v, "server"); s != nil {
		server, _ = canon.Marshal(*s, canon.SortedUTF16, canon.Limits{})
	}
	tools, _ := canon.Marshal(*member(&v, "tools"), canon.SortedUTF16, canon.Limits{})
	d, err := definitions(t, server, tools)
	if err != nil {
		t.Fatalf("%s: %v", tc.Name, err)
	}
	return d
}

func TestVectors(t *testing.T) {
	vs := vectortest.Fingerprint(t)
	for _, tc := range vs {
		switch tc.Type {
		case "FingerprintTest":
			d, err := definitions(t, tc.Server, tc.Tools)
			var in []byte
			var fp string
			if err == nil {
				in, err = Input(d)
				fp, _ = Fingerprint(d)
			}
			if tc.Result == "invalid" {
				if want := vectorErrors[tc.Error]; want == nil || !errors.Is(err, want) {
					t.Errorf("#%d %s: err %v, want %s", tc.TcID, tc.Comment, err, tc.Error)
				}
				continue
			}
			if err != nil {
				t.Errorf("#%d %s: %v", tc.TcID, tc.Comment, err)
				continue
			}
			exp := parse(t, tc.Expected)
			if want := member(&exp, "canonical").Str; string(in) != want {
				t.Errorf("#%d %s:\n got %q\nwant %q", tc.TcID, tc.Comment, in, want)
			}
			if want := member(&exp, "fingerprint").Str; fp != want {
				t.Errorf("#%d %s: fingerprint %s, want %s", tc.TcID, tc.Comment, fp, want)
			}
		case "DiffTest":
			before, after := diffSide(t, tc, tc.Before), diffSide(t, tc, tc.After)
			rec, err := NewRecord(before)
			if err != nil {
				t.Fatalf("#%d: %v", tc.TcID, err)
			}
			r := Check(rec, after, nil)
			exp := parse(t, tc.Expected)
			if want := Status(member(&exp, "status").Str); r.Status != want {
				t.Errorf("#%d %s: status %s, want %s", tc.TcID, tc.Comment, r.Status, want)
				continue
			}
			d, err := Compare(before, after)
			if err != nil {
				t.Fatalf("#%d: %v", tc.TcID, err)
			}
			wd := member(&exp, "diff")
			ok := equal(d.ToolsAdded, names(t, member(wd, "tools_added"))) &&
				equal(d.ToolsRemoved, names(t, member(wd, "tools_removed"))) &&
				d.ServerIdentityChanged == member(wd, "server_identity_changed").Bool
			changed := member(wd, "tools_changed").Elems
			ok = ok && len(changed) == len(d.ToolsChanged)
			for i := 0; ok && i < len(changed); i++ {
				ok = member(&changed[i], "tool").Str == d.ToolsChanged[i].Tool &&
					equal(d.ToolsChanged[i].Changes, names(t, member(&changed[i], "changes")))
			}
			if !ok {
				t.Errorf("#%d %s: diff %+v, want %s", tc.TcID, tc.Comment, d, tc.Expected)
			}
		default:
			t.Fatalf("test group type %q", tc.Type)
		}
	}
	if len(vs) < 100 {
		t.Errorf("only %d fingerprint vectors", len(vs))
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
