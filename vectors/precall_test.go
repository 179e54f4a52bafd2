package vectors_test

import (
	"slices"
	"testing"
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
