package signature

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"testing"
)

// The shipped corpus's false-positive rate, measured: a million random
// shingle hashes (of no text) are probed. The full filter finds 1 in 256;
// the sampled one (rate 4) is asked only for the quarter of hashes its
// rate divides, and finds 1 in 256 of those: (1 + 1/4)/256 = 0.49 % in
// all. (A hash found in the sampled filter counts 4 in Corpus.Shared, so
// a shingle of no text adds 2/256 = 0.78 % to a candidate's share on
// average.)
func TestCorpusFalsePositiveRate(t *testing.T) {
	c := DefaultCorpus()
	r := rand.New(rand.NewPCG(1, 2))
	hits, n := 0, 1000000
	for range n {
		if c.Has(r.Uint64()) {
			hits++
		}
	}
	rate := float64(hits) / float64(n)
	t.Logf("shipped corpus: %d shingles; %d of %d random hashes found (%.3f %%)", c.Len(), hits, n, 100*rate)
	if want := CorpusFalsePositiveRate * 1.25; rate < want*0.85 || rate > want*1.15 {
		t.Errorf("false-positive rate %.4f, want about %.4f", rate, want)
	}
}

var poolFlag = flag.String("pool", "", "the training pool (train.jsonl) for TestGuardOnPool")

// TestGuardOnPool measures both guards on the project's pool, by source
// group: go test -run TestGuardOnPool -v ./signature -pool
// ../../shared/datasets/injection/train.jsonl (the path from the
// worktree). For injection items: how many the corpus guard (half or
// more shingles in the corpus) and the judge would wrongly call benign;
// for benign items of kinds the corpus was not built from (its
// benign_skill and benign_doc items are in it): how many each guard
// stops.
func TestGuardOnPool(t *testing.T) {
	if *poolFlag == "" {
		t.Skip("a measurement: give -pool PATH/train.jsonl")
	}
	f, err := os.Open(*poolFlag)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type row struct{ n, corpus, judge, either int }
	rows := map[string]*row{}
	var shSum, shHit int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	c := DefaultCorpus()
	for sc.Scan() {
		var it struct {
			Text, Label, Kind string
			Group             string `json:"source_group"`
		}
		if json.Unmarshal(sc.Bytes(), &it) != nil {
			continue
		}
		if it.Label == "benign" && (it.Kind == "benign_skill" || it.Kind == "benign_doc") {
			continue
		}
		text, err := Clean(it.Text)
		if err != nil {
			continue
		}
		sh := Shingles(text)
		if len(sh) == 0 {
			continue
		}
		key := it.Label + " " + it.Group
		r := rows[key]
		if r == nil {
			r = &row{}
			rows[key] = r
		}
		r.n++
		shared := c.Shared(sh)
		if it.Label == "injection" {
			shSum += len(sh)
			shHit += shared
		}
		byCorpus := 2*shared >= len(sh)
		hostile, _ := ShieldJudge(context.Background(), text)
		if byCorpus {
			r.corpus++
		}
		if !hostile {
			r.judge++
		}
		if byCorpus || !hostile {
			r.either++
		}
	}
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Log("| label source_group | items | corpus ≥ 50 % | judge: benign | either (not confirmable) |")
	t.Log("|---|---|---|---|---|")
	tot := map[string]*row{"injection": {}, "benign": {}}
	for _, k := range keys {
		r := rows[k]
		t.Logf("| %s | %d | %d | %d | %d |", k, r.n, r.corpus, r.judge, r.either)
		var lab string
		fmt.Sscan(k, &lab)
		T := tot[lab]
		T.n += r.n
		T.corpus += r.corpus
		T.judge += r.judge
		T.either += r.either
	}
	for _, lab := range []string{"injection", "benign"} {
		T := tot[lab]
		t.Logf("| **%s, all** | %d | %d (%.1f %%) | %d (%.1f %%) | %d (%.1f %%) |", lab, T.n, T.corpus, pct(T.corpus, T.n), T.judge, pct(T.judge, T.n), T.either, pct(T.either, T.n))
	}
	t.Logf("injection shingles found in the corpus: %d of %d (%.2f %%; the filter alone gives %.2f %%)", shHit, shSum, pct(shHit, shSum), 100*CorpusFalsePositiveRate)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
