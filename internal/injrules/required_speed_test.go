package injrules

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"os"
	"regexp"
	"regexp/syntax"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// sample writes to b a random string of t's language, or one close to it
// (an empty-width assertion is not checked; the caller matches the
// result): a random alternative, a random count of a repetition (at most
// 3 past its minimum), a random rune of a class, a case-folded literal in
// a random case, k and s of a folded literal sometimes as U+212A and
// U+017F.
func sample(r *rand.Rand, t *syntax.Regexp, b *strings.Builder) {
	switch t.Op {
	case syntax.OpLiteral:
		for _, c := range t.Rune {
			if t.Flags&syntax.FoldCase != 0 {
				switch {
				case c == 'k' && r.Intn(4) == 0:
					c = '\u212a'
				case c == 's' && r.Intn(4) == 0:
					c = '\u017f'
				case r.Intn(2) == 0:
					c = unicode.SimpleFold(c)
				}
			}
			b.WriteRune(c)
		}
	case syntax.OpCharClass:
		if len(t.Rune) == 0 {
			return
		}
		k := r.Intn(len(t.Rune)/2) * 2
		lo, hi := t.Rune[k], t.Rune[k+1]
		if hi-lo > 200 {
			hi = lo + 200
		}
		b.WriteRune(lo + rune(r.Intn(int(hi-lo)+1)))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte("ab .,-x"[r.Intn(7)])
	case syntax.OpCapture:
		sample(r, t.Sub[0], b)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, 3
		switch t.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = t.Min, t.Max
			if hi < 0 || hi > lo+3 {
				hi = lo + 3
			}
		}
		for n := lo + r.Intn(hi-lo+1); n > 0; n-- {
			sample(r, t.Sub[0], b)
		}
	case syntax.OpConcat:
		for _, s := range t.Sub {
			sample(r, s, b)
		}
	case syntax.OpAlternate:
		sample(r, t.Sub[r.Intn(len(t.Sub))], b)
	}
}

// TestRequiredSame checks that no window an expression matches is
// refused by its required literals: for every check that has them, on
// 4,000 random strings of the expression's own language (each
// alternative reached, mixed case and Unicode folds), lowered as the
// engine lowers text and put between random text, and on the package's
// held-out sets; and that the strings matched often enough to mean it.
func TestRequiredSame(t *testing.T) {
	var names []string
	for name := range requiredTable() {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) < 5 {
		t.Fatalf("only %d checks have required literals: %v", len(names), names)
	}
	real := testTexts(t, 1, lower, "testdata/direct_heldout.jsonl", "testdata/jailwild_heldout.jsonl", "testdata/ml2_heldout.jsonl", "testdata/ml2_heldout2.jsonl")
	r := rand.New(rand.NewSource(7))
	fill := []string{"", " ", "the ", "x", "\n", "é ", "ok. "}
	for _, name := range names {
		src := checks[name].re.src
		re := regexp.MustCompile(src)
		tree, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		tree = tree.Simplify()
		matched := 0
		for n := 0; n < 4000; n++ {
			var b strings.Builder
			sample(r, tree, &b)
			w := lower(fill[r.Intn(len(fill))] + b.String() + fill[r.Intn(len(fill))])
			if strings.HasPrefix(src, "^") || strings.HasPrefix(src, "(?i)^") {
				w = lower(b.String() + fill[r.Intn(len(fill))])
			}
			if re.MatchString(w) {
				matched++
				if !holdsRequired(name, w) {
					t.Fatalf("%s matches %q, which holds none of %q", name, w, requiredOf(src))
				}
			}
		}
		t.Logf("%s: %d of 4,000 samples matched", name, matched)
		if matched < 100 {
			t.Errorf("%s: only %d of 4,000 samples matched", name, matched)
		}
		for _, text := range real {
			for i := 0; i < len(text); i += 64 {
				w := text[i:min(len(text), i+400)]
				if re.MatchString(w) && !holdsRequired(name, w) {
					t.Fatalf("%s matches %q, which holds none of %q", name, w, requiredOf(src))
				}
			}
		}
	}
}

// BenchmarkRequired runs Analyze on 16 KiB chunks of Go's comments (or
// of the file $REQUIRED_BENCH_TEXT names, repeated) with and without the
// required literals, in turn, the first of the two alternating (thread
// CPU time).
func BenchmarkRequired(b *testing.B) {
	docs, err := benchtext.GoDocs()
	if err != nil {
		b.Skip("no GOROOT prose:", err)
	}
	if _, ok := benchtext.ThreadCPU(); !ok {
		b.Skip("no thread CPU clock")
	}
	var chunks []string
	for i := 0; i+16<<10 <= len(docs) && len(chunks) < 64; i += 61 << 10 {
		chunks = append(chunks, docs[i:i+16<<10])
	}
	if f := os.Getenv("REQUIRED_BENCH_TEXT"); f != "" {
		bs, _ := os.ReadFile(f)
		t := strings.Repeat(string(bs), 1+(64<<10)/len(bs))
		chunks = nil
		for i := 0; i+16<<10 <= len(t); i += 16 << 10 {
			chunks = append(chunks, t[i:i+16<<10])
		}
	}
	table, none := requiredTable(), map[string]*litSet{}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var tNew, tOld time.Duration
	for i := 0; i < b.N; i++ {
		c := chunks[i%len(chunks)]
		for k := 0; k < 2; k++ {
			with := (i+k)%2 == 0 // which goes first alternates
			requiredSets = none
			if with {
				requiredSets = table
			}
			t0, _ := benchtext.ThreadCPU()
			Analyze(c, func(Hit) {})
			t1, _ := benchtext.ThreadCPU()
			if with {
				tNew += t1 - t0
			} else {
				tOld += t1 - t0
			}
		}
	}
	requiredSets = table
	b.ReportMetric(float64(tNew)/float64(b.N), "new-ns/op")
	b.ReportMetric(float64(tOld)/float64(b.N), "old-ns/op")
}

// testTexts returns the "text" field of every every-th line of the JSON
// lines files, through norm (the engine's lower, or asciiLower).
func testTexts(t *testing.T, every int, norm func(string) string, files ...string) []string {
	t.Helper()
	var out []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for n := 0; sc.Scan(); n++ {
			var rec struct{ Text string }
			if n%every == 0 && json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Text != "" {
				out = append(out, norm(rec.Text))
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
