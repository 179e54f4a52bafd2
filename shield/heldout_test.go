package shield

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"sort"
	"testing"
)

// heldOutFloor is what TestHeldOutSecretsPII asserts for one file: the
// recall and precision of "the class fires" (a score above zero) measured
// on it at the end of issue 27's secrets and PII work (items 2 and 3).
type heldOutFloor struct {
	path              string
	class             Class
	recall, precision float64
}

var heldOutFloors = []heldOutFloor{
	{"../internal/secret/testdata/heldout.jsonl", Secrets, 0.995, 1},
	{"internal/pii/testdata/heldout-wild.jsonl", PII, 1, 1},
	{"../internal/secret/testdata/heldout2.jsonl", Secrets, 0.99, 1},
	{"internal/pii/testdata/heldout-wild2.jsonl", PII, 1, 1},
	{"internal/pii/testdata/intl_heldout.jsonl", PII, 0.99, 1},
	{"internal/pii/testdata/intl_heldout2.jsonl", PII, 1, 0.97},
	// The independent sets, written by an author who read no detector,
	// test or data file of this project, and read since only as these
	// figures: secrets 167 of 192 (87.0 %) at 167 of 168 precision; pii
	// 145 of 161 (90.1 %) at 145 of 155 (93.5 %), after the international
	// identifiers (72.0 % at 92.8 % before them); after the fourth pass
	// (its authors were given these sets' per-kind figures, never a text)
	// secrets 181 of 192 (94.3 %) at 181 of 182, pii 148 of 161 (91.9 %)
	// at 148 of 150 (98.7 %).
	{"../internal/secret/testdata/heldout3.jsonl", Secrets, 0.94, 0.99},
	{"internal/pii/testdata/heldout-wild3.jsonl", PII, 0.91, 0.98},
	// The fourth pass's own sets, written before its rules and never
	// edited (issue 27, items 2 and 3). Before the pass: secrets 138 of
	// 180 at precision 1.00; pii 89 of 106 at 89 of 126 (70.6 %).
	{"../internal/secret/testdata/heldout-own4.jsonl", Secrets, 0.96, 1},
	{"internal/pii/testdata/heldout-own4.jsonl", PII, 0.94, 0.96},
	// The third independent round, by an author who read nothing of the
	// project, committed before the fourth pass was measured on it and
	// read only as these figures. Secrets: 209 of 222 (94.1 %) at 209 of
	// 217 (96.3 %) on the build before the pass (bc30858), 213 (95.9 %)
	// at 213 of 222 (95.9 %) after; pii: 152 of 180 (84.4 %) at 152 of
	// 166 (91.6 %) before, 156 (86.7 %) at 156 of 163 (95.7 %) after.
	{"../internal/secret/testdata/heldout4.jsonl", Secrets, 0.95, 0.95},
	{"internal/pii/testdata/heldout-wild4.jsonl", PII, 0.86, 0.95},
}

// TestHeldOutSecretsPII scans the held-out sets of internal/secret and
// shield/internal/pii (each written before the changes it measured and
// never edited: heldout.jsonl and heldout-wild.jsonl before the first
// pass, heldout2.jsonl and heldout-wild2.jsonl before the second,
// intl_heldout.jsonl before the international identifiers and
// intl_heldout2.jsonl after them, never used to change them) through Scan and checks that the secrets and pii classes fire on
// the positives and stay silent on the look-alikes, per kind (go test -v
// prints the table).
func TestHeldOutSecretsPII(t *testing.T) {
	for _, fl := range heldOutFloors {
		f, err := os.Open(fl.path)
		if err != nil {
			t.Fatal(err)
		}
		type row struct{ n, fired, blocked int }
		rows := map[string]*row{}
		var tp, fn, fp, tn, tpBlock, fpBlock int
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var it struct {
				Text, Kind string
				Label      bool
			}
			if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
				t.Fatal(err)
			}
			resp, err := Scan(context.Background(), Request{Content: it.Text, Context: Context{Source: SourceToolOutput, Direction: Inbound}})
			if err != nil {
				t.Fatal(err)
			}
			score := resp.Scores.Get(fl.class)
			fired, blocked := score > 0, score >= DefaultThresholds.Get(fl.class)
			k := it.Kind
			if !it.Label {
				k = "neg:" + k
			}
			r := rows[k]
			if r == nil {
				r = &row{}
				rows[k] = r
			}
			r.n++
			if fired {
				r.fired++
			}
			if blocked {
				r.blocked++
			}
			switch {
			case it.Label && fired:
				tp++
			case it.Label:
				fn++
				if testing.Verbose() {
					t.Logf("miss %s: %.120q", it.Kind, it.Text)
				}
			case fired:
				fp++
				if testing.Verbose() {
					t.Logf("false %s: %.120q %v", it.Kind, it.Text, heldOutKinds(resp, fl.class))
				}
			default:
				tn++
			}
			if it.Label && blocked {
				tpBlock++
			}
			if !it.Label && blocked {
				fpBlock++
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		keys := make([]string, 0, len(rows))
		for k := range rows {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			r := rows[k]
			t.Logf("%-28s %3d fired %3d blocked %3d", k, r.n, r.fired, r.blocked)
		}
		recall := float64(tp) / float64(tp+fn)
		precision := float64(tp) / max(1, float64(tp+fp))
		t.Logf("%s: %d positives, %d negatives; fires: recall %.3f precision %.3f (fp %d); at block: recall %.3f, %d negatives blocked",
			fl.path, tp+fn, fp+tn, recall, precision, fp, float64(tpBlock)/float64(tp+fn), fpBlock)
		if recall < fl.recall || precision < fl.precision {
			t.Errorf("%s: recall %.3f precision %.3f, want at least %.3f and %.3f", fl.path, recall, precision, fl.recall, fl.precision)
		}
	}
}

func heldOutKinds(resp Response, c Class) []string {
	var out []string
	for _, s := range resp.Signals {
		if s.Class == c {
			out = append(out, s.Kind)
		}
	}
	return out
}
