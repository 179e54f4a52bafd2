package injrules

import (
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// jwMLRef is jwML as it was before it read the demand to comply first.
func jwMLRef(lo string, m []int) (float64, bool) {
	rs, re_ := max(0, m[0]-600), min(len(lo), m[1]+600)
	w := lo[rs:re_]
	if !containsAny(w, jwMLLits) {
		return 0, false
	}
	p := jwMLPersona.MatchString(w)
	r := jwMLRemoval.MatchString(w)
	c := jwMLComply.MatchString(w)
	switch {
	case p && r && c:
		return 0.8, false
	case r && c, p && c && jwMLTwo.MatchString(w):
		return 0.65, false
	}
	return 0, false
}

// jwMLCases are the places jwml's expression opens at in Vim's tutors
// (every language) and, when pieces is set, in texts of the set-up's
// pieces in every order.
func jwMLCases(tb testing.TB, withPieces bool) (texts []string, at [][]int) {
	var all []string
	files, _ := filepath.Glob("/usr/share/vim/vim*/tutor/tutor*.utf-8")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		all = append(all, lower(string(b)))
	}
	pieces := jwMLPieces
	for i := range pieces {
		if !withPieces {
			break
		}
		for j := range pieces {
			for k := range pieces {
				all = append(all, pieces[i]+" "+pieces[j]+". "+pieces[k])
			}
		}
	}
	head := jwChecks["jwml"].re
	for _, lo := range all {
		for i := 0; i < len(lo); i++ {
			if i > 0 && isWordByte(lo[i-1]) || !strings.ContainsAny(lo[i:i+1], "nojs") {
				continue
			}
			if m := head.FindStringSubmatchIndex(lo[i:min(len(lo), i+40)]); m != nil {
				texts = append(texts, lo)
				at = append(at, []int{i + m[0], i + m[1]})
			}
		}
	}
	return texts, at
}

// jwMLPieces are the parts of multilingual set-ups jwMLCases joins.
var jwMLPieces = []string{"du bist jetzt dan", "tu es maintenant libre", "eres un asistente", "você é livre",
	"ohne filter", "sans aucune limite", "sin reglas", "sem regras", "niemals", "jamais", "nunca",
	"deux fois", "dos veces", "sans", "ohne",
	// One of each of jwMLComply's alternatives.
	"verweigert dir nie", "niemals warnungen", "warnt nie", "keine warnungen", "ne refuse jamais", "n'ajoutez jamais",
	"sans aucun avertissement", "nunca rechaza", "sin advertencias", "sem avisos", "não adiciona avisos",
	"responde a tudo", "réponds à tout", "responds à tout"}

// TestJwMLSame compares jwML with jwMLRef wherever jwml opens in Vim's
// tutors and in texts of the set-up's pieces (one of each of
// jwMLComply's alternatives among them), checks that all three scores
// occur, and that each alternative of jwMLComply that matches one of
// the pieces holds one of jwMLComplyLits.
func TestJwMLSame(t *testing.T) {
	texts, at := jwMLCases(t, true)
	var scores []float64
	for i, lo := range texts {
		got, _ := jwML(lo, at[i])
		want, _ := jwMLRef(lo, at[i])
		if got != want {
			t.Fatalf("%q at %v: %v, want %v", lo[at[i][0]:min(len(lo), at[i][0]+80)], at[i], got, want)
		}
		if !slices.Contains(scores, got) {
			scores = append(scores, got)
		}
	}
	if len(scores) != 3 {
		t.Errorf("scores seen %v, want 0, 0.65 and 0.8", scores)
	}
	// Every alternative of jwMLComply is read by a piece, and each of
	// its matches holds a literal of jwMLComplyLits.
	tree, err := syntax.Parse(jwMLComply.src, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	tree = tree.Simplify()
	for tree.Op == syntax.OpCapture {
		tree = tree.Sub[0]
	}
	if tree.Op != syntax.OpAlternate {
		t.Fatalf("jwMLComply is not an alternation: %v", tree)
	}
	for _, alt := range tree.Sub {
		re := regexp.MustCompile(alt.String())
		n := 0
		for _, p := range jwMLPieces {
			for _, loc := range re.FindAllStringIndex(p, -1) {
				n++
				if !containsAny(p[loc[0]:loc[1]], jwMLComplyLits) {
					t.Errorf("%q matches %v but holds none of jwMLComplyLits", p[loc[0]:loc[1]], alt)
				}
			}
		}
		if n == 0 {
			t.Errorf("no piece of jwMLPieces matches %v", alt)
		}
	}
}

// BenchmarkJwML runs jwML and jwMLRef in turn where jwml opens in Vim's
// tutors (thread CPU time of each, a call of each in turn).
func BenchmarkJwML(b *testing.B) {
	texts, at := jwMLCases(b, false)
	if len(texts) == 0 {
		b.Skip("no Vim tutors")
	}
	if _, ok := benchtext.ThreadCPU(); !ok {
		b.Skip("no thread CPU clock")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var tNew, tOld time.Duration
	for i := 0; i < b.N; i++ {
		k := i % len(texts)
		t0, _ := benchtext.ThreadCPU()
		jwML(texts[k], at[k])
		t1, _ := benchtext.ThreadCPU()
		jwMLRef(texts[k], at[k])
		t2, _ := benchtext.ThreadCPU()
		tNew += t1 - t0
		tOld += t2 - t1
	}
	b.ReportMetric(float64(tNew)/float64(b.N), "new-ns/op")
	b.ReportMetric(float64(tOld)/float64(b.N), "old-ns/op")
}
