package pii

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// recognizerOf maps a kind to the recognizer the labelled set names.
func recognizerOf(kind string) string {
	switch {
	case kind == "email_address":
		return "email"
	case kind == "phone_number":
		return "phone"
	case strings.HasPrefix(kind, "card_number"):
		return "card"
	case strings.HasPrefix(kind, "us_ssn"):
		return "ssn"
	case strings.HasPrefix(kind, "us_itin"):
		return "itin"
	case kind == "passport_number":
		return "passport"
	case kind == "drivers_license":
		return "driver"
	case kind == "bank_account", kind == "aba_routing_number", kind == "uk_sort_code":
		return "bank"
	case strings.HasPrefix(kind, "uk_nhs"):
		return "nhs"
	case kind == "br_cpf":
		return "cpf"
	case kind == "es_dni":
		return "dni"
	}
	return kind
}

type labelledItem struct {
	ID, Kind, Note, Text string
	Label                bool
}

func loadLabelled(t *testing.T, path string) []labelledItem {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var items []labelledItem
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		var it labelledItem
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatal(err)
		}
		items = append(items, it)
	}
	return items
}

// TestLabelled measures each recognizer on the project-written labelled
// set (testdata/labelled.jsonl: sentences with and without personal data,
// the negatives built to look like it) and fails below the issue's
// targets: recall 0.90 at precision 0.95, for the class and for each
// recognizer. go test -run Labelled -v ./shield/internal/pii prints the
// table of docs/judgement/pii.md.
func TestLabelled(t *testing.T) { measureLabelled(t, "testdata/labelled.jsonl", true) }

// TestHeldOut measures on testdata/heldout.jsonl: sentences written by
// hand after the rules were fixed, in other phrasings and formats, and
// not tuned on (its figures are reported, not enforced).
func TestHeldOut(t *testing.T) { measureLabelled(t, "testdata/heldout.jsonl", false) }

func measureLabelled(t *testing.T, path string, enforce bool) {
	type counts struct{ tp, fn, fp int }
	per := map[string]*counts{}
	get := func(r string) *counts {
		if per[r] == nil {
			per[r] = &counts{}
		}
		return per[r]
	}
	var all counts
	for _, it := range loadLabelled(t, path) {
		fired := map[string]bool{}
		Find(it.Text, func(m Match) {
			if m.Start < 0 || m.End > len(it.Text) || m.Start >= m.End {
				t.Errorf("%s: span %d..%d out of bounds", it.ID, m.Start, m.End)
			}
			fired[recognizerOf(m.Kind)] = true
		})
		switch {
		case it.Label && len(fired) > 0:
			all.tp++
		case it.Label:
			all.fn++
		case len(fired) > 0:
			all.fp++
		}
		if it.Label {
			if fired[it.Kind] {
				get(it.Kind).tp++
			} else {
				get(it.Kind).fn++
				t.Logf("missed %s %s: %q", it.ID, it.Note, it.Text)
			}
		}
		for r := range fired {
			if !it.Label {
				get(r).fp++
				t.Logf("false positive %s (%s): %q", it.ID, r, it.Text)
			}
		}
	}
	names := make([]string, 0, len(per))
	for r := range per {
		names = append(names, r)
	}
	slices.Sort(names)
	t.Logf("| recognizer | positives | found | false positives on negatives | recall | precision |\n|---|---|---|---|---|---|")
	check := func(name string, c counts) {
		recall := float64(c.tp) / float64(max(1, c.tp+c.fn))
		precision := float64(c.tp) / float64(max(1, c.tp+c.fp))
		t.Logf("| %s | %d | %d | %d | %.2f | %.2f |", name, c.tp+c.fn, c.tp, c.fp, recall, precision)
		if enforce && (recall < 0.9 || precision < 0.95) {
			t.Errorf("%s: recall %.2f precision %.2f, below 0.90 / 0.95", name, recall, precision)
		}
	}
	for _, r := range names {
		check(r, *per[r])
	}
	check("all (an item flagged when any recognizer fires)", all)
}
