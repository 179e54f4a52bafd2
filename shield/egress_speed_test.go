package shield

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// forRunsRef is forRuns before it skipped a short run's end (kept to
// compare with).
func forRunsRef(text string, fn func(start, end int, dns bool)) {
	for i := 0; i+minEgressRun <= len(text); {
		p := i + minEgressRun - 1
		if runByte[text[p]] == 0 {
			i = p + 1
			continue
		}
		s := p
		for s > i && runByte[text[s-1]] != 0 {
			s--
		}
		e := p + 1
		for e < len(text) && e-s < maxEgressRun && runByte[text[e]] != 0 {
			e++
		}
		if e-s >= minEgressRun {
			runsIn(text, s, e, fn)
		}
		i = e
	}
}

// TestForRunsSame compares forRuns with forRunsRef on Go's source and on
// random texts of run bytes, percent escapes and the bytes that end runs,
// some longer than maxEgressRun.
func TestForRunsSame(t *testing.T) {
	var texts []string
	if b, err := os.ReadFile(filepath.Join(goRootForTest(), "src", "net", "http", "server.go")); err == nil {
		texts = append(texts, string(b))
	}
	r := rand.New(rand.NewSource(3))
	pieces := []string{"a", "Z", "9", "+", "/", "-", "_", "=", "%41", "%", ".", "~", " ", "\n", ",", "\"", "aGVsbG8gd29ybGQ", "0123456789abcdef"}
	for n := 0; n < 20000; n++ {
		var b []byte
		size := r.Intn(200)
		if n%500 == 0 {
			size = 3 * maxEgressRun / 16
		}
		for k := 0; k < size; k++ {
			p := pieces[r.Intn(len(pieces))]
			for rep := r.Intn(4); rep >= 0; rep-- {
				b = append(b, p...)
			}
		}
		texts = append(texts, string(b))
	}
	type run struct {
		s, e int
		dns  bool
	}
	found := 0
	for _, text := range texts {
		var got, want []run
		forRuns(text, func(s, e int, dns bool) { got = append(got, run{s, e, dns}) })
		forRunsRef(text, func(s, e int, dns bool) { want = append(want, run{s, e, dns}) })
		if len(got) != len(want) {
			t.Fatalf("forRuns found %d runs in %q, the former loop %d", len(got), text, len(want))
		}
		for k := range got {
			if got[k] != want[k] {
				t.Fatalf("forRuns run %d of %q: %v, the former loop %v", k, text, got[k], want[k])
			}
		}
		found += len(got)
	}
	if found < 10000 {
		t.Fatalf("only %d runs found: the comparison proves little", found)
	}
}

// BenchmarkForRuns runs forRuns (and forRunsRef: -bench ForRuns/ref) on
// 16 KiB of Go's specification (HTML).
func BenchmarkForRuns(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(goRootForTest(), "doc", "go_spec.html"))
	if err != nil {
		b.Skip("no Go specification on this machine")
	}
	text := string(src[:min(len(src), 16<<10)])
	for _, c := range []struct {
		name string
		fn   func(string, func(int, int, bool))
	}{{"new", forRuns}, {"ref", forRunsRef}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				c.fn(text, func(int, int, bool) {})
			}
		})
	}
}

// goRootForTest is "go env GOROOT", or "" when go does not answer (the
// texts of the distribution are then left out).
func goRootForTest() string {
	r, err := benchtext.GoRoot()
	if err != nil {
		return ""
	}
	return r
}
