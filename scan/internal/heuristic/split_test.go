package heuristic

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// ignoreAsWritten is ignore_instructions' expression as §5's grammar was
// first written, its first form one alternative with four inner ones.
var ignoreAsWritten = compile(
	`{IGNORE} (?:{QUAL} (?:{W} ){0,3}|{W} {QUAL} (?:{W} ){0,2}|(?:{W} ){2}{QUAL} (?:{W} )?|(?:{W} ){3}{QUAL} ){INSTR}`,
	`{IGNORE} (?:the )?{INSTR} (?:above|before|so far|given|you were given|you{'}ve been given|you have been given|you received)`,
	`{IGNORE} (?:everything|anything|all|what) (?:above|before|prior|previously|you were told|you have been told|you{'}ve been told|that came before|said before)`)

// TestIgnoreSplitSame: ignore_instructions with its first form written as
// four alternatives matches exactly as written (every submatch, anchored
// at every word start), on random passages of the patterns' words with
// the qualifiers and verbs made frequent, on the labelled texts and on Go's
// comments; and each of the four compiles to a program the regexp
// package's backtracker takes (at most 500 instructions).
func TestIgnoreSplitSame(t *testing.T) {
	src := Patterns[IgnoreInstructions].src
	if src == ignoreAsWritten {
		t.Fatal("the pattern is the expression as written: nothing to compare")
	}
	old := regexp.MustCompile(withStandIns(`^` + strings.TrimPrefix(ignoreAsWritten, `\b`)))
	cur := regexp.MustCompile(withStandIns(`^` + strings.TrimPrefix(src, `\b`)))
	for i, a := range compiledOf(IgnoreInstructions).alts[:4] {
		if n := progLen(t, a.re.String()); n > 500 {
			t.Errorf("alternative %d: %d instructions", i, n)
		}
	}
	words := func(piece string) []string {
		return regexp.MustCompile(`[a-z]+(?:['’][a-z]+)?`).FindAllString(pieces[piece], -1)
	}
	ignore, qual, instr := words("IGNORE"), words("QUAL"), words("INSTR")
	rng := rand.New(rand.NewPCG(33, 2))
	pick := func(ws []string) string { return ws[rng.IntN(len(ws))] }
	var texts []string
	for range testkit.Scale(t, 20000, 3000) {
		var b strings.Builder
		for k := range 3 + rng.IntN(9) {
			if k > 0 {
				b.WriteString(separators[rng.IntN(len(separators))])
			}
			switch r := rng.IntN(10); {
			case k == 0 || r == 0:
				b.WriteString(pick(ignore))
			case r < 4:
				b.WriteString(pick(qual))
			case r < 6:
				b.WriteString(pick(instr))
			default:
				b.WriteString(vocabulary[rng.IntN(len(vocabulary))])
			}
		}
		texts = append(texts, b.String())
	}
	for _, l := range loadLabelled(t) {
		texts = append(texts, l.Text)
	}
	if docs, err := benchtext.GoDocs(); err == nil {
		for i := 0; i < 64<<10; i += 2 << 10 {
			texts = append(texts, docs[i:i+2<<10])
		}
	}
	matched := 0
	for _, s := range texts {
		text := appendPassage(nil, s)
		for i := range text {
			if i > 0 && wordByte(text[i-1]) || !wordByte(text[i]) {
				continue
			}
			want := old.FindSubmatchIndex(text[i:])
			if got := cur.FindSubmatchIndex(text[i:]); !slices.Equal(got, want) {
				t.Fatalf("on %q: match %v, as written %v", s[i:], got, want)
			}
			if want != nil {
				matched++
			}
		}
	}
	t.Logf("%d matches in %d texts", matched, len(texts))
	if matched < len(texts)/10 {
		t.Errorf("%d matches: the test does not reach the pattern", matched)
	}
}

// progLen is the number of instructions src compiles to.
func progLen(t *testing.T, src string) int {
	t.Helper()
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	p, err := syntax.Compile(re.Simplify())
	if err != nil {
		t.Fatal(err)
	}
	return len(p.Inst)
}
