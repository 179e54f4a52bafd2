package injrules_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/plainsight/plainsight/internal/injrules"
	"github.com/plainsight/plainsight/shield"
)

// heldoutItem is a line of a held-out set under testdata: its text, its
// label ("injection" or "benign") and the fields some sets add.
type heldoutItem struct {
	Text    string `json:"text"`
	Label   string `json:"label"`
	Kind    string `json:"kind"`
	Carrier string `json:"carrier"`
	Lang    string `json:"lang"`
}

// heldoutSet describes how one held-out set is measured. Each set was
// written and committed before the rules it measures and is never edited
// (issue 27, item 6: figures on text the rules were not written from);
// the floor and the ceiling are the figures measured when the rules
// landed, so each test fails with its rules removed.
type heldoutSet struct {
	path           string
	floor, ceiling float64 // recall floor, benign-flagged ceiling
	// minEach is the number of injections and of benign items the set
	// must hold at least (0: no check).
	minEach int
	// judge says whether an item is caught (an injection) or flagged (a
	// benign one), with what the log shows of it.
	judge func(t *testing.T, it heldoutItem) (bool, string)
	// by names the field the figures are also given by under show
	// ("lang", "carrier", "kind"; "" for none).
	by string
	// show is the environment variable that logs misses, false flags and
	// the figures by field.
	show string
}

// bySignal judges an item by shield.Scan: caught when the response has a
// prompt_injection signal, the content read as source.
func bySignal(s *shield.Scanner, source func(heldoutItem) shield.Source) func(*testing.T, heldoutItem) (bool, string) {
	return func(t *testing.T, it heldoutItem) (bool, string) {
		resp := scanItem(t, s, source, it)
		var kinds []string
		for _, sg := range resp.Signals {
			if sg.Class == shield.PromptInjection {
				kinds = append(kinds, fmt.Sprintf("%s:%.2f", sg.Kind, sg.Confidence))
			}
		}
		return len(kinds) > 0, fmt.Sprintf("%.3f %v", resp.Scores.PromptInjection, kinds)
	}
}

// byVerdict judges an item by shield.Scan's verdict: caught when it is
// not clean, as tools/judgeeval counts it.
func byVerdict(s *shield.Scanner, source func(heldoutItem) shield.Source) func(*testing.T, heldoutItem) (bool, string) {
	return func(t *testing.T, it heldoutItem) (bool, string) {
		resp := scanItem(t, s, source, it)
		return resp.Verdict != shield.Clean, fmt.Sprintf("%s %.3f", resp.Verdict, resp.Scores.PromptInjection)
	}
}

// byRules judges an item by the rules alone, without the shield's model.
func byRules(_ *testing.T, it heldoutItem) (bool, string) {
	return injrules.RulesFlag(it.Text), "rules"
}

// scanItem scans an item's text as inbound content of its source.
func scanItem(t *testing.T, s *shield.Scanner, source func(heldoutItem) shield.Source, it heldoutItem) shield.Response {
	t.Helper()
	src := shield.SourceUserMessage
	if source != nil {
		src = source(it)
	}
	resp, err := s.Scan(context.Background(), shield.Request{Content: it.Text, Context: shield.Context{Source: src, Direction: shield.Inbound}})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// carrierSource is judgeeval's mapping of a carrier to a context source.
func carrierSource(it heldoutItem) shield.Source {
	switch it.Carrier {
	case "user_message":
		return shield.SourceUserMessage
	case "email":
		return shield.SourceEmail
	case "document":
		return shield.SourceWeb
	default:
		return shield.SourceFile
	}
}

// newShield is a shield with the default options.
func newShield(t *testing.T) *shield.Scanner {
	t.Helper()
	s, err := shield.New(shield.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// measureHeldout reads hs.path and holds the figures to hs's floor and
// ceiling.
func measureHeldout(t *testing.T, hs heldoutSet) {
	t.Helper()
	f, err := os.Open(hs.path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	show := hs.show != "" && os.Getenv(hs.show) != ""
	type tally struct{ inj, caught, ben, flagged int }
	by := map[string]*tally{}
	var all tally
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var it heldoutItem
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatal(err)
		}
		got, info := hs.judge(t, it)
		key := map[string]string{"lang": it.Lang, "carrier": it.Carrier, "kind": it.Kind}[hs.by]
		b := by[key]
		if b == nil {
			b = &tally{}
			by[key] = b
		}
		switch it.Label {
		case "injection":
			all.inj++
			b.inj++
			if got {
				all.caught++
				b.caught++
			} else if show {
				t.Logf("MISS %s %s %s", key, info, trunc(it.Text))
			}
		case "benign":
			all.ben++
			b.ben++
			if got {
				all.flagged++
				b.flagged++
				if show {
					t.Logf("FP %s %s %s", key, info, trunc(it.Text))
				}
			}
		default:
			t.Fatalf("%s: label %q, want injection or benign", hs.path, it.Label)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if all.inj == 0 || all.inj < hs.minEach || all.ben < hs.minEach {
		t.Fatalf("%s holds %d injections and %d benign items, want at least %d each", hs.path, all.inj, all.ben, max(hs.minEach, 1))
	}
	if show && hs.by != "" {
		keys := make([]string, 0, len(by))
		for k := range by {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			b := by[k]
			t.Logf("%s: %d/%d caught, %d/%d benign flagged", k, b.caught, b.inj, b.flagged, b.ben)
		}
	}
	recall := float64(all.caught) / float64(all.inj)
	fpr := float64(all.flagged) / float64(max(all.ben, 1))
	t.Logf("held out: %d/%d caught (%.1f %%), %d/%d benign flagged (%.1f %%)", all.caught, all.inj, 100*recall, all.flagged, all.ben, 100*fpr)
	if recall < hs.floor {
		t.Errorf("recall %.3f below the floor %.3f", recall, hs.floor)
	}
	if fpr > hs.ceiling {
		t.Errorf("benign flagged %.3f above the ceiling %.3f", fpr, hs.ceiling)
	}
}

// trunc shortens a text for the log.
func trunc(s string) string {
	if len(s) > 220 {
		return s[:220] + "…"
	}
	return s
}

// TestDirectHeldOut measures the rules alone (the shield adds the model)
// on testdata/direct_heldout.jsonl, written and committed before the
// rules of direct.go. Without direct.go (main at that commit's parent)
// the rules catch 45 of its 161 injections (28 %).
func TestDirectHeldOut(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/direct_heldout.jsonl", floor: 0.85, ceiling: 0.02, minEach: 150, judge: byRules, by: "kind", show: "DIRECT_SHOW"})
}

// TestJailwildHeldout runs shield.Scan (rules and model) on the held-out
// set of in-the-wild jailbreaks and benign look-alikes, written before
// the rules of jailwild.go. An item is caught when the scan gives it a
// prompt_injection signal. Measured when the rules landed: 107/122
// (87.7 %) caught and 10/122 (8.2 %) benign flagged (main then: 87/122,
// 71.3 %, and 10/122); the benign flags are the model's and earlier
// rules', so the ceiling leaves room for a retrained model.
func TestJailwildHeldout(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/jailwild_heldout.jsonl", floor: 0.85, ceiling: 0.10, judge: bySignal(newShield(t), nil), by: "kind", show: "JAILWILD_SHOW"})
}

// TestML2Heldout runs shield.Scan on the held-out set of overrides,
// extractions, persona set-ups and concealment in 24 more languages, more
// wordings of Russian, Chinese, Japanese, Korean and Arabic, and mixed
// texts, with their benign look-alikes (operators' system prompts, e-mails
// that take back a message, tasks with the same verbs), written before
// the rules of ml2.go. An item counts as flagged when the verdict is not
// clean. The build before the rules: 15/161 (9.3 %) caught and 3/157
// (1.9 %) benign flagged; the rules' first version, before any miss was
// read, 137/161 (85.1 %) and 3/157; at landing, after fixes of the
// classes the misses showed (inflected anchors, operators' prompts),
// 160/161 (99.4 %) and 0/157, an in-sample figure. The floor leaves room
// for a retrained model.
func TestML2Heldout(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/ml2_heldout.jsonl", floor: 0.95, ceiling: 0.03, judge: byVerdict(newShield(t), carrierSource), by: "lang", show: "ML2_SHOW"})
}

// TestML2Heldout2 is TestML2Heldout on a second set, of 41 injections and
// 39 benign look-alikes in the same languages, written after the rules
// in other wordings, run once and committed as written; no rule was
// changed after that run (its misses were not read). The build before
// the rules: 7/41 (17.1 %) caught and 2/39 (5.1 %) benign flagged; with
// the rules 37/41 (90.2 %) and 0/39.
func TestML2Heldout2(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/ml2_heldout2.jsonl", floor: 0.85, ceiling: 0.05, judge: byVerdict(newShield(t), carrierSource), by: "lang", show: "ML2_SHOW"})
}
