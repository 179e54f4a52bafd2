package heuristic

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// labelled is one line of testdata/calibration/labelled.jsonl (see
// SOURCES.md there): a text, whether it is an injection, and the patterns a
// reader of §5 assigns it.
type labelled struct {
	ID       string   `json:"id"`
	Split    string   `json:"split"` // "tune" or "test"
	Label    string   `json:"label"` // "injection" or "benign"
	Patterns []string `json:"patterns"`
	Category string   `json:"category"`
	Text     string   `json:"text"`
}

func loadLabelled(t *testing.T) []labelled {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "calibration", "labelled.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l labelled
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("labelled.jsonl line %d: %v", len(out)+1, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// passages counts the passages of s as Instructions splits them (a
// sentence end, or a blank line), leaving out those without a letter.
func passages(s string) int {
	n, letter := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		end := false
		switch {
		case lower[c] != 0:
			letter = true
		case c == '.' || c == '!' || c == '?':
			end = i+1 == len(s) || space(s[i+1])
		case c == '\n':
			j := i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
				j++
			}
			end = j < len(s) && s[j] == '\n'
		}
		if end && letter {
			n++
			letter = false
		}
	}
	if letter {
		n++
	}
	return n
}

// TestCalibration measures the ten patterns, and prints the tables the
// docs/heuristics.md publishes (go test -run Calibration -v ./internal/heuristic):
//
//   - on the labelled set, per split and pattern: the texts a reader says
//     hold the pattern (positives), those it finds (hits), and of those the
//     true ones; precision is true hits over hits, recall true hits over
//     positives. A text counts as one, however many times it matches. The
//     grammar was written from §5 before the set existed; one round of
//     changes was then made from the tune split's misses and false
//     positives alone (docs/heuristics.md), and the
//     test split reports how they carry over.
//   - on the benign corpus (benignProse): the hits per pattern per 10,000
//     passages. Every hit there is a false positive.
//
// The assertions are floors under the published numbers, so that a change
// that makes the patterns worse fails here.
func TestCalibration(t *testing.T) {
	set := loadLabelled(t)
	type counts struct{ positives, hits, trueHits int }
	var bySplit = map[string]*[numPatterns]counts{"tune": {}, "test": {}}
	detected := map[string][2]int{} // split → injections found, injections
	benignHit := map[string][2]int{}
	for _, l := range set {
		c := bySplit[l.Split]
		if c == nil {
			t.Fatalf("%s: split %q", l.ID, l.Split)
		}
		found := map[string]bool{}
		for _, m := range Instructions(l.Text, nil) {
			found[Patterns[m.Pattern].ID] = true
		}
		for p := range Patterns {
			id := Patterns[p].ID
			want := slices.Contains(l.Patterns, id)
			if want {
				c[p].positives++
			}
			if found[id] {
				c[p].hits++
				if want {
					c[p].trueHits++
				}
			}
		}
		switch l.Label {
		case "injection":
			d := detected[l.Split]
			d[1]++
			if len(found) > 0 {
				d[0]++
			}
			detected[l.Split] = d
		case "benign":
			b := benignHit[l.Split]
			b[1]++
			if len(found) > 0 {
				b[0]++
			}
			benignHit[l.Split] = b
		default:
			t.Fatalf("%s: label %q", l.ID, l.Label)
		}
	}
	for _, split := range []string{"tune", "test"} {
		var b strings.Builder
		fmt.Fprintf(&b, "\nlabelled set, %s split: %d of %d injections found by some pattern; %d of %d near misses matched\n",
			split, detected[split][0], detected[split][1], benignHit[split][0], benignHit[split][1])
		b.WriteString("| pattern | positives | hits | true hits | false positives | precision | recall |\n|---|---|---|---|---|---|---|\n")
		for p, c := range bySplit[split] {
			fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %d | %s | %s |\n", Patterns[p].ID, c.positives, c.hits, c.trueHits,
				c.hits-c.trueHits, ratio(c.trueHits, c.hits), ratio(c.trueHits, c.positives))
		}
		t.Log(b.String())
	}
	// Floors (the published test-split numbers, rounded down).
	if d := detected["test"]; d[0]*100 < 70*d[1] {
		t.Errorf("test split: %d of %d injections found, want at least 70%%", d[0], d[1])
	}
	if b := benignHit["test"]; b[0]*100 > 50*b[1] {
		t.Errorf("test split: %d of %d near misses matched, want at most 50%%", b[0], b[1])
	}

	prose := loadBenign(t)
	n := passages(prose)
	perPattern := [numPatterns]int{}
	for _, m := range Instructions(prose, nil) {
		perPattern[m.Pattern]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nbenign corpus: %d bytes of comments from %s/src (%s), %d passages\n", len(prose), goroot(), runtime.Version(), n)
	b.WriteString("| pattern | hits | per 10,000 passages |\n|---|---|---|\n")
	total := 0
	for p, hits := range perPattern {
		total += hits
		fmt.Fprintf(&b, "| `%s` | %d | %.2f |\n", Patterns[p].ID, hits, float64(hits)*10000/float64(n))
	}
	fmt.Fprintf(&b, "| all | %d | %.2f |\n", total, float64(total)*10000/float64(n))
	t.Log(b.String())
	if n < 20000 {
		t.Errorf("benign corpus: %d passages, want at least 20,000", n)
	}
	if float64(total)*10000/float64(n) > 10 {
		t.Errorf("benign corpus: %d hits in %d passages, want at most 10 per 10,000", total, n)
	}
}

func ratio(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}
