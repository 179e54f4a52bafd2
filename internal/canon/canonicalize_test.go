package canon

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// TestCanonicalizeReuse runs Canonicalize on documents of different shapes
// and sizes from several goroutines at once, so that pooled slabs pass
// between documents, and checks each result against Marshal(Parse(…)).
func TestCanonicalizeReuse(t *testing.T) {
	docs := []string{
		`{"b":[1,2,{"z":null,"a":"x"}],"a":{"10":1,"9":2}}`,
		`{"only":"one"}`,
		`[` + strings.Repeat(`{"k":"v","j":[true,false]},`, 300) + `0]`,
		`{"dup":1,"dup":{"inner":[1,2,3]},"e":"\ud800"}`,
		`{"a":` + strings.Repeat(`[`, 30) + strings.Repeat(`]`, 30) + `}`, // too deep for the reference
		`{"a":1,`, // a syntax error
	}
	for _, vec := range vectortest.Upstream(t) {
		docs = append(docs, string(vec.Binding))
	}
	lim := Limits{MaxDepth: 64}
	want := make([]string, len(docs))
	for i, d := range docs {
		v, err := Parse([]byte(d), lim)
		if err == nil {
			var b []byte
			b, err = Marshal(v, JSObject, ReferenceLimits)
			want[i] = string(b)
		}
		if err != nil {
			want[i] = "error: " + err.Error()
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Go(func() {
			for n := range 200 {
				i := (g + n*7) % len(docs)
				got, err := Canonicalize(nil, []byte(docs[i]), JSObject, lim, ReferenceLimits)
				s := string(got)
				if err != nil {
					s = "error: " + err.Error()
				}
				if s != want[i] {
					errs <- fmt.Sprintf("doc %d, round %d: %q, want %q", i, n, s, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestCanonicalizeAllocations checks that Canonicalize reuses its memory:
// once the pools are warm, a document costs no allocation when dst is
// large enough and no string has an escape (whose decoded copy is an
// allocation). (The race detector empties pools at random, so the bound
// holds only without it.)
func TestCanonicalizeAllocations(t *testing.T) {
	if raceEnabled {
		t.Log("race detector on: the pools drop items at random; checking only that the result is right")
	}
	doc := []byte(`{"b":[1,2,{"z":null,"a":"x"}],"a":{"10":1,"9":2},"c":"é"}`)
	const want = `{"a":{"9":2,"10":1},"b":[1,2,{"a":"x","z":null}],"c":"é"}`
	dst := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		out, err := Canonicalize(dst[:0], doc, JSObject, Limits{}, ReferenceLimits)
		if err != nil || string(out) != want {
			t.Fatalf("Canonicalize = %q, %v; want %q", out, err, want)
		}
	})
	if !raceEnabled && allocs > 0 {
		t.Errorf("Canonicalize: %v allocations per call, want 0", allocs)
	}
}

func TestCanonicalizeKeepsDstOnError(t *testing.T) {
	dst := []byte("kept")
	for _, doc := range []string{`{"a":`, `[1]`, `{"__proto__":1}`} {
		out, err := Canonicalize(dst, []byte(doc), JSObject, Limits{}, ReferenceLimits)
		if err == nil || string(out) != "kept" {
			t.Errorf("Canonicalize(%q) = %q, %v; want \"kept\" and an error", doc, out, err)
		}
	}
}
