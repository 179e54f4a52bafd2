package vectors_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// The structs below mirror schemas/precall_url_test_schema_v1.json.

type urlFile struct {
	Schema        string          `json:"schema"`
	Spec          specRef         `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]note `json:"notes"`
	TestGroups    []struct {
		Type    string `json:"type"`
		Comment string `json:"comment"`
		Policy  struct {
			AllowLoopback *bool `json:"allow_loopback"`
		} `json:"policy"`
		Tests []urlTest `json:"tests"`
	} `json:"testGroups"`
}

type urlRedirect struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Status int    `json:"status"`
}

type urlTest struct {
	TcID      int                 `json:"tcId"`
	Comment   string              `json:"comment"`
	Spec      []string            `json:"spec"`
	URL       *string             `json:"url"`
	Resolve   map[string][]string `json:"resolve"`
	Responses []struct {
		URL      string `json:"url"`
		Status   int    `json:"status"`
		Location string `json:"location"`
	} `json:"responses"`
	Expected struct {
		Verdict      string         `json:"verdict"`
		Reason       string         `json:"reason"`
		Hop          *int           `json:"hop"`
		EffectiveURL string         `json:"effective_url"`
		Redirects    *[]urlRedirect `json:"redirects"`
	} `json:"expected"`
	Result string   `json:"result"`
	Flags  []string `json:"flags"`
}

var urlReasons = []string{"malformed_url", "scheme", "loopback", "private", "link_local", "shared", "documentation",
	"multicast", "unspecified", "reserved", "too_many_redirects"}

func TestLintPrecallURLs(t *testing.T) {
	for _, name := range corpusFiles(t, "precall/urls*.json") {
		var f urlFile
		decodeStrict(t, name, &f)
		if f.Schema != "precall_url_test_schema_v1.json" || f.Spec.Name != "agent-safety-formats" || len(f.Spec.Sections) == 0 {
			t.Errorf("%s: schema %q, spec %+v", name, f.Schema, f.Spec)
		}
		count, last := 0, 0
		policies := map[bool]bool{}
		for _, g := range f.TestGroups {
			if g.Type != "UrlTest" || g.Policy.AllowLoopback == nil {
				t.Errorf("%s: group %q, policy %+v", name, g.Type, g.Policy)
				continue
			}
			policies[*g.Policy.AllowLoopback] = true
			for _, tc := range g.Tests {
				count++
				if tc.TcID <= last {
					t.Errorf("%s: tcId %d after %d", name, tc.TcID, last)
				}
				last = tc.TcID
				e := tc.Expected
				switch {
				case tc.Comment == "" || len(tc.Spec) == 0 || tc.URL == nil || tc.Result != "valid":
					t.Errorf("%s #%d: comment, spec, url and result are required", name, tc.TcID)
				case e.Verdict == "refused" && (!slices.Contains(urlReasons, e.Reason) || e.Hop == nil || e.EffectiveURL != ""):
					t.Errorf("%s #%d: a refusal needs a known reason and a hop, and no effective_url", name, tc.TcID)
				case e.Verdict == "allowed" && (e.Reason != "" || e.Hop != nil || e.EffectiveURL == "" || e.Redirects == nil):
					t.Errorf("%s #%d: an allowed URL has an effective_url and redirects, no reason", name, tc.TcID)
				case e.Verdict == "unreachable" && (e.Reason != "" || e.Hop != nil || e.EffectiveURL != ""):
					t.Errorf("%s #%d: unreachable carries no reason", name, tc.TcID)
				case e.Verdict != "allowed" && e.Verdict != "refused" && e.Verdict != "unreachable":
					t.Errorf("%s #%d: verdict %q", name, tc.TcID, e.Verdict)
				}
				if e.Redirects != nil && e.Hop != nil && *e.Hop > 0 && len(*e.Redirects) != *e.Hop {
					t.Errorf("%s #%d: refused at hop %d after %d redirects", name, tc.TcID, *e.Hop, len(*e.Redirects))
				}
				for _, fl := range tc.Flags {
					if _, ok := f.Notes[fl]; !ok {
						t.Errorf("%s #%d: flag %q not in notes", name, tc.TcID, fl)
					}
				}
			}
		}
		if count != f.NumberOfTests {
			t.Errorf("%s: numberOfTests %d, counted %d", name, f.NumberOfTests, count)
		}
		if !policies[true] || !policies[false] {
			t.Errorf("%s: both loopback policies need vectors", name)
		}
	}
}

type precallOther struct {
	Slug               string  `json:"slug"`
	URL                string  `json:"url"`
	ServerName         string  `json:"server_name"`
	LinkedStoreListing *string `json:"linked_store_listing"`
	PageURL            string  `json:"page_url"`
}

type precallRecorded struct {
	Server precallOther      `json:"server"`
	Tools  []json.RawMessage `json:"tools"`
}

// precallFile mirrors schemas/precall_collision_test_schema_v1.json and
// schemas/precall_answer_test_schema_v1.json (the test fields of both).
type precallFile struct {
	Schema        string          `json:"schema"`
	Spec          specRef         `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]note `json:"notes"`
	TestGroups    []struct {
		Type  string `json:"type"`
		Tests []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Spec    []string `json:"spec"`
			// CollisionTest
			Server *struct {
				URL   string            `json:"url"`
				Tools []json.RawMessage `json:"tools"`
			} `json:"server"`
			Recorded []precallRecorded `json:"recorded"`
			// UnregisteredAnswerTest
			URL   string `json:"url"`
			Tool  string `json:"tool"`
			Probe *struct {
				Unreachable  bool             `json:"unreachable"`
				EffectiveURL string           `json:"effective_url"`
				Redirects    []urlRedirect    `json:"redirects"`
				Served       *json.RawMessage `json:"served"`
			} `json:"probe"`
			StandingFlags []string        `json:"standing_flags"`
			Expected      json.RawMessage `json:"expected"`
			Result        string          `json:"result"`
			Flags         []string        `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestLintPrecallCollisionsAndAnswers(t *testing.T) {
	for _, c := range []struct{ name, schema, group string }{
		{"precall/collisions.json", "precall_collision_test_schema_v1.json", "CollisionTest"},
		{"precall/answers.json", "precall_answer_test_schema_v1.json", "UnregisteredAnswerTest"},
	} {
		var f precallFile
		decodeStrict(t, c.name, &f)
		if f.Schema != c.schema || f.Spec.Name != "agent-safety-formats" || len(f.Header) == 0 {
			t.Errorf("%s: schema %q, spec %+v", c.name, f.Schema, f.Spec)
		}
		count, last := 0, 0
		for _, g := range f.TestGroups {
			if g.Type != c.group {
				t.Errorf("%s: group %q", c.name, g.Type)
			}
			for _, tc := range g.Tests {
				count++
				if tc.TcID <= last || tc.Comment == "" || len(tc.Spec) == 0 || tc.Result != "valid" || len(tc.Expected) == 0 {
					t.Errorf("%s #%d: tcId order, comment, spec, result and expected", c.name, tc.TcID)
				}
				last = tc.TcID
				if (c.group == "CollisionTest") != (tc.Server != nil) || (c.group != "CollisionTest") != (tc.Probe != nil) {
					t.Errorf("%s #%d: fields of the other kind of test", c.name, tc.TcID)
				}
				if p := tc.Probe; p != nil && p.Unreachable == (p.Served != nil) {
					t.Errorf("%s #%d: a probe is unreachable or serves definitions", c.name, tc.TcID)
				}
				for _, fl := range tc.Flags {
					if _, ok := f.Notes[fl]; !ok {
						t.Errorf("%s #%d: flag %q not in notes", c.name, tc.TcID, fl)
					}
				}
			}
		}
		if count != f.NumberOfTests || count == 0 {
			t.Errorf("%s: numberOfTests %d, counted %d", c.name, f.NumberOfTests, count)
		}
	}
}

// registeredFile mirrors schemas/precall_registered_test_schema_v1.json.
type registeredFile struct {
	Schema        string          `json:"schema"`
	Spec          specRef         `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]note `json:"notes"`
	TestGroups    []struct {
		Type  string `json:"type"`
		Tests []struct {
			TcID         int             `json:"tcId"`
			Comment      string          `json:"comment"`
			Spec         []string        `json:"spec"`
			URL          string          `json:"url"`
			Tool         string          `json:"tool"`
			Registration json.RawMessage `json:"registration"`
			Recorded     json.RawMessage `json:"recorded"`
			Reviews      []struct {
				FingerprintVersion int `json:"fingerprint_version"`
				Rating             int `json:"rating"`
			} `json:"reviews"`
			Others []json.RawMessage `json:"others"`
			Probe  struct {
				Unreachable bool             `json:"unreachable"`
				Served      *json.RawMessage `json:"served"`
			} `json:"probe"`
			Expected map[string]json.RawMessage `json:"expected"`
			Result   string                     `json:"result"`
			Flags    []string                   `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestLintPrecallRegistered(t *testing.T) {
	const name = "precall/registered.json"
	var f registeredFile
	decodeStrict(t, name, &f)
	if f.Schema != "precall_registered_test_schema_v1.json" || f.Spec.Name != "agent-safety-formats" || len(f.Header) == 0 {
		t.Errorf("%s: schema %q, spec %+v", name, f.Schema, f.Spec)
	}
	count, last := 0, 0
	for _, g := range f.TestGroups {
		if g.Type != "RegisteredAnswerTest" {
			t.Errorf("%s: group %q", name, g.Type)
		}
		for _, tc := range g.Tests {
			count++
			if tc.TcID <= last || tc.Comment == "" || len(tc.Spec) == 0 || tc.Result != "valid" || tc.URL == "" ||
				len(tc.Registration) == 0 || len(tc.Recorded) == 0 || len(tc.Expected) != 13 {
				t.Errorf("%s #%d: tcId order, comment, spec, result, url, registration, recorded and the 13 fields of expected", name, tc.TcID)
			}
			last = tc.TcID
			if tc.Probe.Unreachable == (tc.Probe.Served != nil) {
				t.Errorf("%s #%d: a probe is unreachable or serves definitions", name, tc.TcID)
			}
			for _, r := range tc.Reviews {
				if r.FingerprintVersion != 1 || r.Rating < 1 || r.Rating > 5 {
					t.Errorf("%s #%d: a review binds to recorded version 1 with a rating of 1 to 5", name, tc.TcID)
				}
			}
			if string(tc.Expected["registered"]) != "true" || string(tc.Expected["checked_not_registered"]) != "false" {
				t.Errorf("%s #%d: a registered answer", name, tc.TcID)
			}
			for _, fl := range tc.Flags {
				if _, ok := f.Notes[fl]; !ok {
					t.Errorf("%s #%d: flag %q not in notes", name, tc.TcID, fl)
				}
			}
		}
	}
	if count != f.NumberOfTests || count == 0 {
		t.Errorf("%s: numberOfTests %d, counted %d", name, f.NumberOfTests, count)
	}
}

// TestLintPrecallRedirects checks precall/redirects.json beyond its
// schema: ids in order, every flag declared in notes, each group's tests
// of its own kind, and each chain consistent — a hop's from is the
// previous hop's to, the first from is the asked URL, at most five hops
// unless the sixth is refused.
func TestLintPrecallRedirects(t *testing.T) {
	const name = "precall/redirects.json"
	f := vectortest.Redirects(t)
	if f.Schema != "precall_redirect_test_schema_v1.json" || len(f.Header) == 0 {
		t.Errorf("%s: schema %q", name, f.Schema)
	}
	last := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			if tc.TcID <= last || tc.Comment == "" || len(tc.Spec) == 0 || len(tc.Expected) == 0 {
				t.Errorf("%s #%d: tcId order, comment, spec and expected", name, tc.TcID)
			}
			last = tc.TcID
			for _, fl := range tc.Flags {
				if _, ok := f.Notes[fl]; !ok {
					t.Errorf("%s #%d: flag %q not in notes", name, tc.TcID, fl)
				}
			}
			registered := g.Type == "RegisteredAnswerRedirectTest"
			if registered != (tc.Registration != nil && tc.Recorded != nil && tc.ExpectedRegistry != nil) {
				t.Errorf("%s #%d: fields of the other kind of test", name, tc.TcID)
			}
			var chain struct {
				Outcome   string           `json:"outcome"`
				Reason    string           `json:"reason"`
				Redirects []vectortest.Hop `json:"redirects"`
			}
			if err := json.Unmarshal(tc.Expected, &chain); err != nil {
				t.Fatalf("%s #%d: %v", name, tc.TcID, err)
			}
			from := tc.URL
			for i, h := range chain.Redirects {
				if h.From != from {
					t.Errorf("%s #%d: hop %d from %q, want %q", name, tc.TcID, i+1, h.From, from)
				}
				from = h.To
			}
			if len(chain.Redirects) > 5 && chain.Reason != "too_many_redirects" && !registered {
				t.Errorf("%s #%d: %d hops without too_many_redirects", name, tc.TcID, len(chain.Redirects))
			}
		}
	}
}
