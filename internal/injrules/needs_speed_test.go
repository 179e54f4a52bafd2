package injrules

import (
	"math/rand"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// needsWindows are n windows of Go's comments, lowered, of the lengths
// checks read (40 to 540 bytes).
func needsWindows(tb testing.TB, n int) []string {
	docs, err := benchtext.GoDocs()
	if err != nil {
		tb.Skip("no GOROOT prose:", err)
	}
	lo := lower(docs)
	r := rand.New(rand.NewSource(27))
	out := make([]string, 0, n)
	for len(out) < n {
		s := r.Intn(len(lo) - 600)
		out = append(out, lo[s:s+40+r.Intn(500)])
	}
	return out
}

// TestNeedsSame compares holdsNeeds with containsAny, the substring
// searches it replaces, for every check's needs on windows of Go's
// comments and on random texts of the literals (cut at every byte, in
// upper and lower case, glued to letters and spaces), and checks that
// both answers occur for every check.
func TestNeedsSame(t *testing.T) {
	names := make([]string, 0, len(needs))
	for name := range needs {
		names = append(names, name)
	}
	sortStrings(names)
	var all []string
	for _, name := range names {
		all = append(all, needs[name]...)
	}
	windows := needsWindows(t, 3000)
	r := rand.New(rand.NewSource(33))
	glue := []string{"", " ", "a", "e", "\n", "é", "x."}
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for k := r.Intn(8); k >= 0; k-- {
			l := all[r.Intn(len(all))]
			if r.Intn(3) == 0 {
				l = l[:r.Intn(len(l)+1)]
			}
			if r.Intn(5) == 0 {
				l = l[r.Intn(len(l)+1):]
			}
			b.WriteString(glue[r.Intn(len(glue))])
			b.WriteString(l)
		}
		windows = append(windows, b.String())
	}
	for _, name := range names {
		yes, no := 0, 0
		for _, w := range windows {
			want := containsAny(w, needs[name])
			if got := holdsNeeds(name, w); got != want {
				t.Fatalf("%s on %q: holdsNeeds %v, containsAny %v", name, w, got, want)
			}
			if want {
				yes++
			} else {
				no++
			}
		}
		if yes == 0 || no == 0 {
			t.Errorf("%s: %d windows hold a literal, %d none", name, yes, no)
		}
	}
	for _, lits := range [][]string{nil, {""}, {"a", ""}, {"ab"}, {"x", "xyz"}} {
		s := newLitSet(lits)
		for _, w := range []string{"", "a", "ab", "xy", "zxyz"} {
			if got, want := s.in(w), containsAny(w, lits); got != want {
				t.Errorf("%q in %q: %v, want %v", lits, w, got, want)
			}
		}
	}
}

// BenchmarkNeeds runs every check's needs on windows of Go's comments
// with holdsNeeds and with containsAny, alternating call by call (thread
// CPU time).
func BenchmarkNeeds(b *testing.B) {
	windows := needsWindows(b, 2000)
	var names []string
	for name := range needs {
		names = append(names, name)
	}
	sortStrings(names)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if _, ok := benchtext.ThreadCPU(); !ok {
		b.Skip("no thread CPU clock")
	}
	var tNew, tOld time.Duration
	for i := 0; i < b.N; i++ {
		w := windows[i%len(windows)]
		t0, _ := benchtext.ThreadCPU()
		for _, name := range names {
			holdsNeeds(name, w)
		}
		t1, _ := benchtext.ThreadCPU()
		for _, name := range names {
			containsAny(w, needs[name])
		}
		t2, _ := benchtext.ThreadCPU()
		tNew += t1 - t0
		tOld += t2 - t1
	}
	b.ReportMetric(float64(tNew)/float64(b.N), "new-ns/op")
	b.ReportMetric(float64(tOld)/float64(b.N), "old-ns/op")
}
