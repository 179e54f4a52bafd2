package shield_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/shield"
)

var tooldefsVerbose = flag.Bool("tooldefs-v", false, "TestToolDefsHeldout: log every miss and false positive")

// TestToolDefsHeldout scans the project-written held-out set of whole MCP
// tool definitions (testdata/tooldefs_heldout.jsonl, written before the
// tool-definition rules and never edited) as an MCP proxy does: each
// definition's JSON, inbound from tool_output. A poisoned definition is
// caught when the verdict is not clean; a benign one is flagged when the
// verdict is not clean, whatever the class (issue 27, "Done when": tool
// poisoning caught >= 90 % with <= 5 % of benign definitions flagged).
// The floors are the figures measured when the rules landed
// (docs/judgement/tool-definitions.md); main before them caught 67.5 % and
// flagged 8.6 % (pii 6, ssrf 3, prompt_injection 2, known_bad_url 1).
func TestToolDefsHeldout(t *testing.T) {
	f, err := os.Open("testdata/tooldefs_heldout.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var nInj, nBen, caught, flagged int
	byClass := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var it struct{ Text, Label, Kind string }
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatal(err)
		}
		resp, err := shield.Scan(context.Background(), shield.Request{Content: it.Text,
			Context: shield.Context{Source: shield.SourceToolOutput, Direction: shield.Inbound}})
		if err != nil {
			t.Fatal(err)
		}
		hit := resp.Verdict != shield.Clean
		var kinds []string
		for _, s := range resp.Signals {
			kinds = append(kinds, string(s.Class)+":"+s.Kind)
		}
		if it.Label == "injection" {
			nInj++
			if hit {
				caught++
			} else if *tooldefsVerbose {
				t.Logf("MISS %s: %.200s", it.Kind, it.Text)
			}
			continue
		}
		nBen++
		if hit {
			flagged++
			seen := map[string]bool{}
			for _, s := range resp.Signals {
				if !seen[string(s.Class)] {
					byClass[string(s.Class)]++
					seen[string(s.Class)] = true
				}
			}
			if *tooldefsVerbose {
				t.Logf("FP %s %v: %.200s", it.Kind, kinds, it.Text)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var cls []string
	for c, n := range byClass {
		cls = append(cls, c+"="+itoa(n))
	}
	sort.Strings(cls)
	t.Logf("caught %d/%d (%.1f %%), benign flagged %d/%d (%.1f %%) [%s]", caught, nInj,
		100*float64(caught)/float64(nInj), flagged, nBen, 100*float64(flagged)/float64(nBen), strings.Join(cls, " "))
	if nInj < 80 || nBen < 120 {
		t.Fatalf("held-out set too small: %d poisoned, %d benign", nInj, nBen)
	}
	if 100*caught < 95*nInj {
		t.Errorf("caught %d of %d poisoned definitions, want at least 95 %%", caught, nInj)
	}
	if 100*flagged > 3*nBen {
		t.Errorf("flagged %d of %d benign definitions, want at most 3 %%", flagged, nBen)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
