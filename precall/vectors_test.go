package precall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/vectors"
)

var loneEscape = regexp.MustCompile(`(?i)\\ud[89a-f][0-9a-f]{2}`)

func readVectors(t *testing.T, name string, v any) {
	t.Helper()
	raw, err := fs.ReadFile(vectors.FS(), name)
	if err != nil {
		t.Fatalf("the corpus is missing: %v", err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

type recorded struct {
	Server Other           `json:"server"`
	Tools  json.RawMessage `json:"tools"`
}

func offersOf(t *testing.T, rec []recorded) []Offer {
	t.Helper()
	var offers []Offer
	for _, r := range rec {
		tools, err := fingerprint.ParseTools(r.Tools)
		if err != nil {
			t.Fatal(err)
		}
		for _, tl := range tools {
			offers = append(offers, Offer{Server: r.Server, Tool: tl})
		}
	}
	return offers
}

// toJSON gives v as generic JSON, for comparisons with the vectors.
func toJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var g any
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// prose removes a prose field after checking it is a non-empty string.
func prose(t *testing.T, m map[string]any, key, where string) {
	t.Helper()
	if s, ok := m[key].(string); !ok || s == "" {
		t.Errorf("%s.%s: got %v, want a non-empty string", where, key, m[key])
	}
	delete(m, key)
}

func TestCollisionVectors(t *testing.T) {
	var f struct {
		TestGroups []struct {
			Tests []struct {
				TcID    int    `json:"tcId"`
				Comment string `json:"comment"`
				Server  struct {
					URL   string          `json:"url"`
					Tools json.RawMessage `json:"tools"`
				} `json:"server"`
				Recorded []recorded `json:"recorded"`
				Expected any        `json:"expected"`
				Flags    []string   `json:"flags"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	readVectors(t, "precall/collisions.json", &f)
	n := 0
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			n++
			t.Run(fmt.Sprintf("collisions.json/#%d %s", v.TcID, v.Comment), func(t *testing.T) {
				if len(v.Flags) > 0 {
					t.Fatalf("flags %v: no policy for them", v.Flags)
				}
				tools, err := fingerprint.ParseTools(v.Server.Tools)
				if err != nil {
					t.Fatal(err)
				}
				got := toJSON(t, Collisions(v.Server.URL, tools, offersOf(t, v.Recorded))).([]any)
				for i, w := range got {
					prose(t, w.(map[string]any), "note", fmt.Sprintf("warning %d", i))
				}
				if d := cmp.Diff(v.Expected, any(got)); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
}

func TestAnswerVectors(t *testing.T) {
	var f struct {
		TestGroups []struct {
			Tests []struct {
				TcID    int             `json:"tcId"`
				Comment string          `json:"comment"`
				URL     string          `json:"url"`
				Tool    json.RawMessage `json:"tool"`
				Probe   struct {
					Unreachable  bool             `json:"unreachable"`
					EffectiveURL string           `json:"effective_url"`
					Redirects    []guard.Redirect `json:"redirects"`
					Served       *struct {
						Server          fingerprint.Server `json:"server"`
						ProtocolVersion string             `json:"protocol_version"`
						Instructions    string             `json:"instructions"`
						Tools           json.RawMessage    `json:"tools"`
					} `json:"served"`
				} `json:"probe"`
				Recorded      []recorded      `json:"recorded"`
				StandingFlags []string        `json:"standing_flags"`
				Expected      map[string]any  `json:"expected"`
				RawExpected   json.RawMessage `json:"-"`
				Flags         []string        `json:"flags"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	readVectors(t, "precall/answers.json", &f)
	// encoding/json turns a lone surrogate escape into U+FFFD: the tool
	// name is read with a decoder that keeps it, and every lone surrogate
	// escape of a test's expected answer must be in the answer's JSON.
	var raw struct {
		TestGroups []struct {
			Tests []struct {
				Expected json.RawMessage `json:"expected"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	readVectors(t, "precall/answers.json", &raw)
	for i := range f.TestGroups {
		for j := range f.TestGroups[i].Tests {
			f.TestGroups[i].Tests[j].RawExpected = raw.TestGroups[i].Tests[j].Expected
		}
	}
	n := 0
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			n++
			t.Run(fmt.Sprintf("answers.json/#%d %s", v.TcID, v.Comment), func(t *testing.T) {
				if len(v.Flags) > 0 {
					t.Fatalf("flags %v: no policy for them", v.Flags)
				}
				var defs *fingerprint.Definitions
				var perr error
				if v.Probe.Unreachable {
					perr = errors.New("connection refused")
				} else {
					s := v.Probe.Served
					tools, err := fingerprint.ParseTools(s.Tools)
					if err != nil {
						t.Fatal(err)
					}
					defs = &fingerprint.Definitions{Server: s.Server, ProtocolVersion: s.ProtocolVersion, Instructions: s.Instructions, Tools: tools}
				}
				tool := ""
				if len(v.Tool) > 0 {
					tv, err := canon.Parse(v.Tool, canon.Limits{})
					if err != nil || tv.Kind != canon.KindString {
						t.Fatalf("tool %s: %v", v.Tool, err)
					}
					tool = tv.Str
				}
				a := Unregistered(v.URL, tool, Landing{EffectiveURL: v.Probe.EffectiveURL, Redirects: v.Probe.Redirects}, defs, perr, offersOf(t, v.Recorded), v.StandingFlags)
				rawGot, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				for _, esc := range loneEscape.FindAll(v.RawExpected, -1) {
					if !bytes.Contains(bytes.ToLower(rawGot), bytes.ToLower(esc)) {
						t.Errorf("the answer's JSON lacks %s: %s", esc, rawGot)
					}
				}
				got := toJSON(t, a).(map[string]any)
				prose(t, got, "note", "answer")
				for _, k := range []string{"integrity", "scan", "flags", "reviews"} {
					prose(t, got[k].(map[string]any), "note", k)
				}
				prose(t, got["integrity"].(map[string]any), "detail", "integrity")
				for i, w := range got["shadowing_warnings"].([]any) {
					prose(t, w.(map[string]any), "note", fmt.Sprintf("warning %d", i))
				}
				for _, l := range got["scan"].(map[string]any)["findings"].([]any) {
					f := l.(map[string]any)["finding"].(map[string]any)
					for _, ext := range []string{"byte_start", "byte_end", "utf16_start", "utf16_end"} {
						delete(f, ext)
					}
				}
				if d := cmp.Diff(v.Expected, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
}

type servedDefs struct {
	Server          fingerprint.Server `json:"server"`
	ProtocolVersion string             `json:"protocol_version"`
	Instructions    string             `json:"instructions"`
	Tools           json.RawMessage    `json:"tools"`
}

func (s *servedDefs) defs(t *testing.T) *fingerprint.Definitions {
	t.Helper()
	tools, err := fingerprint.ParseTools(s.Tools)
	if err != nil {
		t.Fatal(err)
	}
	return &fingerprint.Definitions{Server: s.Server, ProtocolVersion: s.ProtocolVersion, Instructions: s.Instructions, Tools: tools}
}

func TestRegisteredAnswerVectors(t *testing.T) {
	var f struct {
		TestGroups []struct {
			Tests []struct {
				TcID         int    `json:"tcId"`
				Comment      string `json:"comment"`
				URL          string `json:"url"`
				Tool         string `json:"tool"`
				Registration struct {
					Slug               string    `json:"slug"`
					PageURL            string    `json:"page_url"`
					PublisherStatus    string    `json:"publisher_status"`
					LinkedStoreListing *string   `json:"linked_store_listing"`
					FirstSeen          time.Time `json:"first_seen"`
				} `json:"registration"`
				Recorded servedDefs `json:"recorded"`
				Reviews  []struct {
					FingerprintVersion int `json:"fingerprint_version"`
					Rating             int `json:"rating"`
				} `json:"reviews"`
				Others []struct {
					URL                string     `json:"url"`
					Slug               string     `json:"slug"`
					PageURL            string     `json:"page_url"`
					LinkedStoreListing *string    `json:"linked_store_listing"`
					Served             servedDefs `json:"served"`
				} `json:"others"`
				Probe struct {
					Unreachable bool        `json:"unreachable"`
					Served      *servedDefs `json:"served"`
				} `json:"probe"`
				Expected map[string]any `json:"expected"`
				Flags    []string       `json:"flags"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	readVectors(t, "precall/registered.json", &f)
	n := 0
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			n++
			t.Run(fmt.Sprintf("registered.json/#%d %s", v.TcID, v.Comment), func(t *testing.T) {
				if len(v.Flags) > 0 {
					t.Fatalf("flags %v: no policy for them", v.Flags)
				}
				ctx := t.Context()
				s := vectorStore(t)
				clk := &clock{now: v.Registration.FirstSeen}
				var serve func() (*fingerprint.Definitions, error)
				c := &Checker{Guard: testGuard(t, guard.Policy{}), Store: s, Clock: clk.Now,
					prober: func(context.Context, string, *guard.Guard) (*fingerprint.Definitions, error) { return serve() }}
				register := func(url, slug, page string, listing *string, d *servedDefs) {
					serve = func() (*fingerprint.Definitions, error) { return d.defs(t), nil }
					in := RegisterInput{URL: url, Slug: slug, PageURL: page}
					if listing != nil {
						in.LinkedStoreListing = *listing
					}
					if res, err := c.Register(ctx, in); err != nil || res.Status != RegisterDone {
						t.Fatalf("Register(%s): %+v %v", url, res, err)
					}
				}
				for _, o := range v.Others {
					register(o.URL, o.Slug, o.PageURL, o.LinkedStoreListing, &o.Served)
				}
				r := v.Registration
				register(v.URL, r.Slug, r.PageURL, r.LinkedStoreListing, &v.Recorded)
				for i, rv := range v.Reviews {
					if err := s.InsertReview(ctx, store.Review{ID: fmt.Sprint("rev_", i), ServerURL: v.URL, FingerprintVersion: rv.FingerprintVersion,
						AgentID: "agt", KYAVerified: true, Rating: rv.Rating, CreatedAt: clk.Now()}); err != nil {
						t.Fatal(err)
					}
				}
				clk.Add(24 * time.Hour)
				serve = func() (*fingerprint.Definitions, error) {
					if v.Probe.Unreachable {
						return nil, errors.New("connection refused")
					}
					return v.Probe.Served.defs(t), nil
				}
				a, err := c.Check(ctx, v.URL, v.Tool)
				if err != nil {
					t.Fatal(err)
				}
				got := toJSON(t, a).(map[string]any)
				prose(t, got, "note", "answer")
				for _, k := range []string{"integrity", "scan", "flags", "reviews"} {
					prose(t, got[k].(map[string]any), "note", k)
				}
				prose(t, got["integrity"].(map[string]any), "detail", "integrity")
				for i, w := range got["shadowing_warnings"].([]any) {
					prose(t, w.(map[string]any), "note", fmt.Sprintf("warning %d", i))
				}
				for _, l := range got["scan"].(map[string]any)["findings"].([]any) {
					f := l.(map[string]any)["finding"].(map[string]any)
					for _, ext := range []string{"byte_start", "byte_end", "utf16_start", "utf16_end"} {
						delete(f, ext)
					}
				}
				vectortest.Placeholders(t, any(got), any(v.Expected), map[string]string{})
				if d := cmp.Diff(v.Expected, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
}
