package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/vectors"
)

// TestPrecallURLVectors runs the refusals of vectors/precall/urls.json
// that need neither a resolver nor a server through the command line,
// whose policy allows loopback: those of the loopback-allowing group, and
// those of the other group for a reason other than loopback (which no
// policy on loopback changes). Each exits 2 with its reason on one line.
// The other vectors need an injected network; the guard's own harness
// runs them all.
func TestPrecallURLVectors(t *testing.T) {
	raw, err := fs.ReadFile(vectors.FS(), "precall/urls.json")
	if err != nil {
		t.Fatalf("the corpus is missing: %v", err)
	}
	var f struct {
		TestGroups []struct {
			Policy struct {
				AllowLoopback bool `json:"allow_loopback"`
			} `json:"policy"`
			Tests []struct {
				TcID      int               `json:"tcId"`
				Comment   string            `json:"comment"`
				URL       string            `json:"url"`
				Resolve   map[string][]any  `json:"resolve"`
				Responses []json.RawMessage `json:"responses"`
				Expected  struct {
					Verdict string `json:"verdict"`
					Reason  string `json:"reason"`
				} `json:"expected"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			if v.Expected.Verdict != "refused" || len(v.Resolve) > 0 || len(v.Responses) > 0 ||
				(!g.Policy.AllowLoopback && v.Expected.Reason == "loopback") {
				continue
			}
			ran++
			t.Run(fmt.Sprintf("urls.json/#%d %s", v.TcID, v.Comment), func(t *testing.T) {
				code, _, errOut := plainsight(t, "", "precall", v.URL)
				want := "refused (" + v.Expected.Reason + ")"
				if code != exitError || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
					t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, want)
				}
			})
		}
	}
	if ran == 0 {
		t.Fatal("no vectors ran")
	}
}
