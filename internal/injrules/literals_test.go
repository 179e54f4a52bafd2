package injrules

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// TestLiteralSetSame: a literal set answers MatchString as its expression
// does, for sensitive and for expressions of every shape literalsOf reads
// or refuses, on random text made of their pieces, and sensitive on real
// text too.
func TestLiteralSetSame(t *testing.T) {
	if !sensitiveSet.ok {
		t.Fatal("sensitive is not read as a literal set: readSecret runs the expression")
	}
	exprs := []string{sensitive, `foo\b|bar`, `(?:a|b)c\b|xyz`, `\bx`, `x(?i:y)`, `a\bb`, `ab|\b`, `[a-c]d\b\b`, `é\b|q`, `x+`, `id_(?:rsa|dsa)|\.e\b`}
	var pieces []string
	for _, e := range exprs {
		for _, p := range strings.FieldsFunc(e, func(r rune) bool { return strings.ContainsRune(`\()|?:[]+`, r) }) {
			pieces = append(pieces, p, strings.ToUpper(p))
		}
	}
	pieces = append(pieces, " ", "_", "0", "é", "\xff", ".", "/", "~", "\n", "env", ".env", "envy")
	r := rand.New(rand.NewPCG(27, 11))
	var texts []string
	for n, total := 0, testkit.Scale(t, 20000, 2000); n < total; n++ {
		var b strings.Builder
		for k := r.IntN(12); k > 0; k-- {
			p := pieces[r.IntN(len(pieces))]
			if r.IntN(3) == 0 {
				p = p[:r.IntN(len(p)+1)]
			}
			b.WriteString(p)
		}
		texts = append(texts, b.String())
	}
	real := realTexts(t)
	for i, e := range exprs {
		re := regexp.MustCompile(e)
		l := literalsOf(&lazyRegexp{src: e})
		all := texts
		if i == 0 {
			all = append(real, texts...) // sensitive, the expression in use, on real text too
		}
		for _, s := range all {
			if got, want := l.MatchString(s), re.MatchString(s); got != want {
				t.Fatalf("%q (literal set %v) on %q: %v, want %v", e, l.ok, s[:min(len(s), 200)], got, want)
			}
		}
	}
}

// realTexts are real texts to compare two implementations on: the
// shield's benchmark texts (injections, e-mails, tool definitions) and
// this package's test inputs, whole and as lowered, and 1 MiB of Go's
// comments in 16 KiB pieces, lowered as Analyze reads them.
func realTexts(t testing.TB) []string {
	var out []string
	files, _ := filepath.Glob("../../shield/testdata/bench/*")
	more, _ := filepath.Glob("testdata/*")
	for _, p := range append(files, more...) {
		if b, err := os.ReadFile(p); err == nil {
			out = append(out, string(b), lower(string(b)))
		}
	}
	docs, err := benchtext.GoDocs()
	if err != nil {
		t.Log("no Go distribution to read:", err)
	}
	for i := 0; i < min(len(docs), 1<<20); i += 16 << 10 {
		out = append(out, lower(docs[i:min(len(docs), i+16<<10)]))
	}
	return out
}

// TestAnyTailSame: the checks read as anyTail (the instruction blocks,
// read_secret's window) match as their expressions do, on the windows of
// real text and on random text made of the blocks' pieces.
func TestAnyTailSame(t *testing.T) {
	for _, name := range []string{"important", "secret", "notebracket", "persona", "freed", "nobound"} {
		if tailTable()[name] == nil {
			t.Errorf("check %s is not read as an expression and a repetition", name)
		}
	}
	for _, e := range []string{`^a[\s\S]{0,3}`, `[\s\S]+`, `^(?:ab|a)(x)?[\s\S]*`, `ab[\s\S]{0,2}`, `[\s\S]*`, `^a[\s\S]{2,3}`, `^a[\s\S]+?`, `^a|b[\s\S]{0,2}`,
		`^a[^\n]{0,3}`, `^(?:ab|a)[^b]{0,2}`, `^a[^.\n]*`, `a[^x]{0,2}`, `^a[b-d]{0,3}`, `^a.{0,2}`, `^a(?i:k){0,2}`, `^a[^\n]{1,3}`, `^a[^\n]{0,3}?`, `^(a)?[^\n]{0,2}`} {
		re := &lazyRegexp{src: e}
		if a := anyTailOf(re); a != nil {
			tailTable()["test:"+e] = a
			defer delete(tailTable(), "test:"+e)
		}
		checks["test:"+e] = check{re: re}
		defer delete(checks, "test:"+e)
	}
	pieces := []string{"<", ">", "[", "]", "important", "system", "note", "admin", ":", " ", "\n", "a", "b", "x", "é", "\xff", "\xe2\x80", "instructions", "instruction",
		"you ", "are ", "now ", "freed", "act as ", "pretend to be ", "do not ", "follow ", ".", "rules", "never ", "refuse", "k", "\u212a", "you are no longer bound by "}
	r := rand.New(rand.NewPCG(27, 12))
	var texts []string
	for n, total := 0, testkit.Scale(t, 20000, 2000); n < total; n++ {
		var b strings.Builder
		for k := r.IntN(14); k > 0; k-- {
			p := pieces[r.IntN(len(pieces))]
			if r.IntN(8) == 0 {
				p = strings.Repeat(p, 1+r.IntN(200))
			}
			b.WriteString(p)
		}
		texts = append(texts, b.String())
	}
	for _, s := range realTexts(t) {
		for i := 0; i < len(s); i += 1 + r.IntN(400) {
			texts = append(texts, s[i:min(len(s), i+r.IntN(500))])
		}
		for i, c := range []byte(s) {
			if c == '<' || c == '[' || strings.HasPrefix(s[i:], "you ") || strings.HasPrefix(s[i:], "act ") || strings.HasPrefix(s[i:], "do ") {
				texts = append(texts, s[i:min(len(s), i+420)])
			}
		}
	}
	matched := map[string]int{}
	for name, ch := range checks {
		if tailTable()[name] == nil {
			continue
		}
		for _, w := range texts {
			got, want := submatch(name, ch.re, w), ch.re.FindStringSubmatchIndex(w)
			if !slices.Equal(got, want) {
				t.Fatalf("check %s on %q: %v, want %v", name, w[:min(len(w), 200)], got, want)
			}
			if want != nil {
				matched[name]++
			}
		}
	}
	for _, name := range []string{"important", "secret", "notebracket", "persona", "freed", "nobound"} {
		if matched[name] == 0 {
			t.Errorf("check %s matched no text: the comparison says nothing", name)
		}
	}
}

// BenchmarkFastPaths runs Analyze on 16 KiB texts with the expressions'
// fast paths (literalSet, anyTail) and without them, alternating call by
// call so that a shared machine's drift falls on both, and reports the
// thread-CPU time of each per call and their ratio (engine/fast).
func BenchmarkFastPaths(b *testing.B) {
	inj, err := os.ReadFile("../../shield/testdata/bench/injection.txt")
	if err != nil {
		b.Fatal(err)
	}
	prose, err := benchtext.Corpus(benchtext.Prose, 16<<10, 0)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, text string }{
		{"injection", strings.Repeat(string(inj)+"\n", 1+(16<<10)/len(inj))[:16<<10]},
		{"prose", prose},
	} {
		b.Run(c.name, func(b *testing.B) {
			tails := tailTable()
			defer func() { anyTails, sensitiveSet.ok = tails, true }()
			var fast, engine time.Duration
			odd := false
			benchtext.PerCall(b, func() {
				odd = !odd
				if odd {
					anyTails, sensitiveSet.ok = nil, false
				} else {
					anyTails, sensitiveSet.ok = tails, true
				}
				c0, _ := benchtext.ThreadCPU()
				Analyze(c.text, func(Hit) {})
				c1, _ := benchtext.ThreadCPU()
				if odd {
					engine += c1 - c0
				} else {
					fast += c1 - c0
				}
			})
			b.ReportMetric(float64(fast.Nanoseconds())/float64(b.N/2), "fast-cpu-ns")
			b.ReportMetric(float64(engine.Nanoseconds())/float64(b.N/2), "engine-cpu-ns")
			b.ReportMetric(float64(engine)/float64(fast), "engine/fast")
		})
	}
}
