package markup

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// found is a construct as the tests write it: kind, reason and the text it
// spans.
type found struct {
	Kind   Kind
	Reason Reason
	Text   string
}

func find(text string) []found {
	var out []found
	for _, c := range Find(text) {
		out = append(out, found{c.Kind, c.Reason, text[c.Start:c.End]})
	}
	return out
}

func TestFind(t *testing.T) {
	tests := []struct {
		why  string
		text string
		want []found
	}{
		{"no markup", "plain text, a < b and c > d", nil},
		{"a comment", "a<!-- x -->b", []found{{HTMLComment, Visible, "<!-- x -->"}}},
		{"the next --> closes, not HTML5's <!-->", "<!-->x-->y", []found{{HTMLComment, Visible, "<!-->x-->"}}},
		{"<!---> does not close itself either", "<!--->x-->", []found{{HTMLComment, Visible, "<!--->x-->"}}},
		{"the empty comment", "<!---->", []found{{HTMLComment, Visible, "<!---->"}}},
		{"--!> does not close a comment", "<!-- a --!> b -->", []found{{HTMLComment, Visible, "<!-- a --!> b -->"}}},
		{"unterminated: to the end", "a<!-- b\nc", []found{{HTMLComment, Visible, "<!-- b\nc"}}},
		{"a comment in an attribute value counts", `<p title="<!-- x -->">t</p>`, []found{{HTMLComment, Visible, "<!-- x -->"}}},
		{"markdown, parentheses", "[//]: # (hidden)", []found{{MarkdownComment, Visible, "[//]: # (hidden)"}}},
		{"markdown, double quotes, three spaces", "   [a]: # \"x\"\n", []found{{MarkdownComment, Visible, `   [a]: # "x"`}}},
		{"markdown, single quotes, CRLF", "x\r\n[a]: # 'y'\r\nz", []found{{MarkdownComment, Visible, "[a]: # 'y'"}}},
		{"markdown, bare, CR", "[a]: # bare words\rz", []found{{MarkdownComment, Visible, "[a]: # bare words"}}},
		{"markdown, empty target", "[a]: #", []found{{MarkdownComment, Visible, "[a]: #"}}},
		{"markdown, no space after the colon", "[a]:# (x)", []found{{MarkdownComment, Visible, "[a]:# (x)"}}},
		{"markdown, four spaces is code", "    [a]: # (x)", nil},
		{"markdown, #anchor is a link", "[a]: #anchor", nil},
		{"markdown, text after the title", "[a]: # (x) y", nil},
		{"markdown, unclosed title", "[a]: # (x", nil},
		{"markdown, empty label", "[]: # (x)", nil},
		{"markdown, a URL", "[a]: https://example.com", nil},
		{"markdown, an inline link", "[a](#b) and [c]: d", nil},
		{"inline style", `<span style="display:none">x</span>`, []found{{HiddenElement, DisplayNone, `<span style="display:none">x</span>`}}},
		{"entity-decoded style", `<span style="display&#58;none">x</span>`, []found{{HiddenElement, DisplayNone, `<span style="display&#58;none">x</span>`}}},
		{"upper-case tag and property", `<DIV STYLE="DISPLAY: NONE">x</div>`, []found{{HiddenElement, DisplayNone, `<DIV STYLE="DISPLAY: NONE">x</div>`}}},
		{"the hidden attribute", `<p hidden>x</p>`, []found{{HiddenElement, HiddenAttribute, `<p hidden>x</p>`}}},
		{"hidden=until-found", `<p hidden="until-found">x</p>`, []found{{HiddenElement, HiddenAttribute, `<p hidden="until-found">x</p>`}}},
		{"the style reason comes before the attribute", `<p hidden style="visibility:hidden">x</p>`, []found{{HiddenElement, VisibilityHidden, `<p hidden style="visibility:hidden">x</p>`}}},
		{"nested same-name elements close in order", `<div hidden><div>a</div>b</div>c`, []found{{HiddenElement, HiddenAttribute, `<div hidden><div>a</div>b</div>`}}},
		{"nested hidden elements are both reported", `<div hidden><b hidden>a</b></div>`, []found{
			{HiddenElement, HiddenAttribute, `<div hidden><b hidden>a</b></div>`},
			{HiddenElement, HiddenAttribute, `<b hidden>a</b>`}}},
		{"unclosed: the start tag alone", `<p hidden>x`, []found{{HiddenElement, HiddenAttribute, `<p hidden>`}}},
		{"a void element", `<img hidden src=x>y`, []found{{HiddenElement, HiddenAttribute, `<img hidden src=x>`}}},
		{"/> on a non-void element is ignored", `<span hidden/>x</span>`, []found{{HiddenElement, HiddenAttribute, `<span hidden/>x</span>`}}},
		{"input type=hidden is no hidden attribute", `<input type="hidden" value="x">`, nil},
		{"tags in a comment are no elements", `<!-- <b hidden>x</b> -->`, []found{{HTMLComment, Visible, `<!-- <b hidden>x</b> -->`}}},
		{"tags in a script are no elements", `<script>"<b hidden>x</b>"</script>`, nil},
		{"an end tag that closes nothing", `</b><b hidden>x</b></b>`, []found{{HiddenElement, HiddenAttribute, `<b hidden>x</b>`}}},
		{"a class rule and its element", `<style>.h{display:none}</style><i class="a h">x</i>`, []found{
			{CSSHideRule, DisplayNone, `.h{display:none}`},
			{HiddenElement, HiddenClass, `<i class="a h">x</i>`}}},
		{"the rule may come after the element", `<i class=h>x</i><style>.h{font-size:0}</style>`, []found{
			{HiddenElement, HiddenClass, `<i class=h>x</i>`},
			{CSSHideRule, FontSizeZero, `.h{font-size:0}`}}},
		{"a type in the selector must match", `<style>span.h{display:none}</style><div class=h>a</div><span class=h>b</span>`, []found{
			{CSSHideRule, DisplayNone, `span.h{display:none}`},
			{HiddenElement, HiddenClass, `<span class=h>b</span>`}}},
		{"class names are case-sensitive", `<style>.H{display:none}</style><i class=h>x</i>`, []found{{CSSHideRule, DisplayNone, `.H{display:none}`}}},
		{"a selector list with one plain class selector", `<style>#x, .h {visibility:hidden}</style>`, []found{{CSSHideRule, VisibilityHidden, `#x, .h {visibility:hidden}`}}},
		{"descendant, id and type selectors are no class rules", `<style>.a .b{display:none} #c{display:none} p{display:none} .d:hover{display:none}</style>`, nil},
		{"rules in @media count, comments are ignored", `<style>/* .x{display:none} */ @media screen { .h { display: none !important } }</style>`, []found{
			{CSSHideRule, DisplayNone, `.h { display: none !important }`}}},
		{"@font-face is skipped", `<style>@font-face{display:none} .h{color:#fff;background:white}</style>`, []found{
			{CSSHideRule, ColorMatchesBackground, `.h{color:#fff;background:white}`}}},
		{"a style inside a comment is no style", `<!-- <style>.h{display:none}</style> --><i class=h>x</i>`, []found{
			{HTMLComment, Visible, `<!-- <style>.h{display:none}</style> -->`}}},
		{"CSS ignores <!-- and --> around rules", `<style><!-- .h{display:none} --></style>`, []found{
			{HTMLComment, Visible, `<!-- .h{display:none} -->`},
			{CSSHideRule, DisplayNone, `.h{display:none}`}}},
		{"*.name is a plain class selector", `<style>*.h{display:none}</style><b class=h>x</b>`, []found{
			{CSSHideRule, DisplayNone, `*.h{display:none}`},
			{HiddenElement, HiddenClass, `<b class=h>x</b>`}}},
		{"duplicate attributes: the first counts, as in HTML", `<b style="color:red" style="display:none">x</b>`, nil},
		{"tags in a textarea are no elements", `<textarea><b hidden>x</b></textarea>`, nil},
		{"an unclosed rule runs to the end of the stylesheet", `<style>.h{display:none</style>`, []found{{CSSHideRule, DisplayNone, `.h{display:none`}}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, find(tt.text)); d != "" {
			t.Errorf("%s: Find(%q) (-want +got):\n%s", tt.why, tt.text, d)
		}
	}
}

func TestStyleTest(t *testing.T) {
	tests := []struct {
		decls string
		want  Reason
	}{
		{"display:none", DisplayNone},
		{" Display : NONE ; color: red", DisplayNone},
		{"display:none!important", DisplayNone},
		{"display: none !IMPORTANT", DisplayNone},
		{"display:none;display:block", Visible}, // the last declaration wins
		{"display:block;display:none", DisplayNone},
		{"display:inline", Visible},
		{"visibility:hidden", VisibilityHidden},
		{"visibility:collapse", Visible}, // not in §3's list
		{"font-size:0", FontSizeZero},
		{"font-size:0px", FontSizeZero},
		{"font-size:0.0em", FontSizeZero},
		{"font-size:0.000rem", FontSizeZero},
		{"font-size:0%", FontSizeZero},
		{"font-size:0pt", FontSizeZero},
		{"font-size:0.5px", Visible},
		{"font-size:0vw", Visible}, // a unit §3 does not list
		{"font-size:.0", Visible},
		{"font-size:00", Visible},
		{"font-size:0.px", Visible},
		{"font-size:1px", Visible},
		{"color:#fff;background-color:white", ColorMatchesBackground},
		{"color:#FFFFFF;background:#fff", ColorMatchesBackground},
		{"color:white;background:white url(x.png) no-repeat", ColorMatchesBackground},
		{"color:rgb(255, 255, 255);background:rgb(255,255,255) url(x)", ColorMatchesBackground},
		{"color:gray;background:grey", ColorMatchesBackground},
		{"color:transparent;background:rgba(0, 0, 0, 0)", ColorMatchesBackground},
		{"color:white;background:black;background-color:white", ColorMatchesBackground}, // the later background wins
		{"color:white;background-color:white;background:black", Visible},
		{"color:rgb(255,255,255);background:white", Visible}, // only named and #rgb forms are resolved
		{"color:red;background:blue", Visible},
		{"color:white", Visible}, // no background declared
		{"background:white", Visible},
		{"display", Visible},
		{"", Visible},
		{"display:none ! important", DisplayNone}, // CSS allows space after the "!"
		{"display:none important", Visible},
		{"display:\u00a0none", Visible}, // no-break space is not CSS whitespace
		{"color:;background:", Visible}, // declarations without values are dropped
		{"color: ;background-color:\t", Visible},
		{"color:inherit;background:inherit", ColorMatchesBackground}, // equal after normalization, taken literally
		{"display:none;visibility:hidden", DisplayNone},              // reasons in §3's order
		{"font-size:0;visibility:hidden", VisibilityHidden},
	}
	for _, tt := range tests {
		if got := StyleTest(tt.decls); got != tt.want {
			t.Errorf("StyleTest(%q) = %v, want %v", tt.decls, got, tt.want)
		}
	}
}

func TestTextMarshaling(t *testing.T) {
	for k := HTMLComment; k <= HiddenElement; k++ {
		b, err := k.MarshalText()
		var back Kind
		if err != nil || back.UnmarshalText(b) != nil || back != k || string(b) != k.String() {
			t.Errorf("kind %d: %q %v, back %v", k, b, err, back)
		}
	}
	for r := DisplayNone; r <= HiddenClass; r++ {
		b, err := r.MarshalText()
		var back Reason
		if err != nil || back.UnmarshalText(b) != nil || back != r || string(b) != r.String() {
			t.Errorf("reason %d: %q %v, back %v", r, b, err, back)
		}
	}
	if _, err := Visible.MarshalText(); err == nil {
		t.Error("Visible has a wire spelling")
	}
	var k Kind
	if k.UnmarshalText([]byte("html_commentary")) == nil {
		t.Error("an unknown kind unmarshaled")
	}
}

// Hostile inputs must stay linear: these only check the results; the time
// is measured by BenchmarkFindHostile.
func TestHostile(t *testing.T) {
	n := 1 << 16
	if got := len(Find(strings.Repeat("<div hidden>", n))); got != n {
		t.Errorf("%d unclosed hidden elements, want %d", got, n)
	}
	if got := Find(strings.Repeat("<!--", n)); len(got) != 1 || got[0].End != 4*n {
		t.Errorf("an unterminated comment: %+v", got)
	}
	if got := len(Find(strings.Repeat("<b hidden>x</b>", n))); got != n {
		t.Errorf("%d closed hidden elements, want %d", got, n)
	}
	long := `<div style="` + strings.Repeat("a;", 50000) + `display:none">x</div>`
	if got := find(long); len(got) != 1 || got[0].Reason != DisplayNone {
		t.Errorf("a 100 KB style attribute: %+v", got)
	}
}

// 10 MB of nested <div>s hold nothing hidden, and must cost memory that
// does not grow with their depth (only hidden or classed elements are
// remembered until their end tag).
func TestNestedDivs(t *testing.T) {
	text := strings.Repeat("<div>", 10<<20/5)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got := Find(text)
	runtime.ReadMemStats(&after)
	if len(got) != 0 {
		t.Errorf("%d constructs in nested visible divs", len(got))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("Find allocated %d bytes for 10 MB of nested divs, want at most 1 MiB", alloc)
	}
}

// mayHolds is mayHoldElements's answer, without the comments.
func mayHolds(text string, from int) bool {
	holds, _ := mayHoldElements(text, from, nil)
	return holds
}

// TestMayHoldElements checks the pass that lets Find skip the tokenizer:
// it must say true for every tag the tokenizer reads as hiding or as a
// stylesheet, however the tag is spelled, and may say false for tags that
// cannot.
func TestMayHoldElements(t *testing.T) {
	tests := []struct {
		text string
		want bool
		why  string
	}{
		{"i<n and j<m, no tag hides", false, "prose: tags with no attribute that hides"},
		{`<a href="x" class="c">`, false, "a class hides nothing without a stylesheet"},
		{`<style>.c{display:none}</style>`, true, "a stylesheet"},
		{`<STYLE/>`, true, "a stylesheet, any case, '/' ignored"},
		{`<p hidden>`, true, "the hidden attribute"},
		{`<p HIDDEN=no>`, true, "the hidden attribute hides whatever its value"},
		{`<p style="color: red">`, false, "a style that does not hide"},
		{`<p style="display:none">`, true, "a style that hides"},
		{`<p style='display:none'>`, true, "single quotes"},
		{`<p style=display:none>`, true, "unquoted"},
		{`<p style = "display:none">`, true, "spaces around '='"},
		{`<p style="display&#58;none">`, true, "a character reference the tokenizer decodes"},
		{`<a title=">" hidden>`, true, "a '>' inside a quoted value does not end the tag"},
		{`<a title=">"> hidden>`, false, "after the tag's '>' the word is text"},
		{`<a ="x y='a" >b' hidden>`, true, "an '=' first in a key is part of it, and so is the quote after it; the next value is quoted past the '>'"},
		{`<a =x hidden>`, true, "a key that begins with '='"},
		{"<a title='x", false, "an unclosed quote runs to the end"},
		{"<a style='display:none", false, "a tag the text cuts off: the tokenizer ends there"},
		{"<!-- <p hidden> -->", true, "a tag inside a comment is looked at too"},
		{"if i<n && j<m { k hidden } else if x>y", true, "a tag within another, whose rest is read once"},
		{"if i<n && j<m { k } else if x>y", false, "tags within others that do not hide"},
		{`<a style=x c<b d style="display:none" e>`, true, "the first style attribute of a tag within another is the other's second"},
		{`<a b c<d e style="color:red" f g<h i style="display:none" j>`, true, "three tags whose readings meet, the last with its first style hiding"},
		{`<a b c<d e="f g" h>`, false, "tags whose readings meet after a value"},
		{"x<a b c<d e=\"f>g\" h hidden>", true, "a quoted '>' in the rest of both"},
	}
	for _, tc := range tests {
		if got := mayHolds(tc.text, 0); got != tc.want {
			t.Errorf("mayHoldElements(%q) (%s): got %v, want %v", tc.text, tc.why, got, tc.want)
		}
		if !tc.want {
			if els := appendElements(nil, tc.text, 0, &keeper{max: -1, last: -1}); len(els) != 0 {
				t.Errorf("%q (%s): the tokenizer finds %+v", tc.text, tc.why, els)
			}
		}
	}
}

// TestMayHoldElementsOnce checks mayHoldElements, which reads the rest of
// tags that overlap once, against every tag read whole from its '<', on
// random texts of overlapping tags: where one of those tags may hide, it
// must say true.
func TestMayHoldElementsOnce(t *testing.T) {
	pieces := []string{"<a", "<b", "<style", " ", " ", "\n", "x", "hidden", "style", "=", `"`, "'", ">", "/",
		"display:none", "color:red", `"display:none"`, "&#58;", " k ", " k ", " k<m ", "i<n && j<m "}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		text := joined(rng, pieces, 1+rng.IntN(30))
		want := false
		for i := 0; i+1 < len(text); i++ {
			if text[i] == '<' && isASCIILetter(text[i+1]) {
				z := tokenizer{s: text}
				_, ok, hides := z.readPart(i+2, 0)
				if ok && (hides || foldEqual(text[z.name0:z.name1], "style")) {
					want = true
				}
			}
		}
		if lt := strings.IndexByte(text, '<'); want && (lt < 0 || !mayHolds(text, lt)) {
			t.Fatalf("mayHoldElements(%q) is false, but a tag read whole may hide", text)
		}
	}
}

// TestMarkdownCommentsEveryLine checks appendMarkdownComments, which finds
// the lines by their '#', against its definition: every line (ended by
// LF, CRLF or CR) that isMarkdownComment reports, on random texts.
func TestMarkdownCommentsEveryLine(t *testing.T) {
	pieces := []string{"[", "]", ":", "#", " ", "\t", "\n", "\r", "\r\n", "a", "(x)", `"q"`, "]: #", "]:#", "[a]", "   ", "##"}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 50000 {
		n := 1 + rng.IntN(24)
		if rng.IntN(8) == 0 {
			n = 1 + rng.IntN(1000) // long enough to change the byte looked for
		}
		text := joined(rng, pieces, n)
		var want []Construct
		for start := 0; start <= len(text); {
			end := start
			for end < len(text) && text[end] != '\n' && text[end] != '\r' {
				end++
			}
			if isMarkdownComment(text[start:end]) {
				want = append(want, Construct{Kind: MarkdownComment, Start: start, End: end})
			}
			if end == len(text) {
				break
			}
			start = end + 1
		}
		got := appendMarkdownComments(nil, text, &keeper{max: -1, last: -1})
		if !slices.Equal(got, want) {
			t.Fatalf("appendMarkdownComments(%q) = %+v, want %+v", text, got, want)
		}
	}
}

// TestHTMLCommentsLiteral checks the html_comments that Find and FindN
// report, found partly as mayHoldElements reads the text's '<' and partly
// after where it stops, against their definition: from each "<!--" to the
// next "-->", or to the end of the text.
func TestHTMLCommentsLiteral(t *testing.T) {
	pieces := []string{"<", "!", "-", "--", "<!--", "-->", "<!-->", "<a ", "<p hidden>", "<b style=display:none>", ">", "x", "i<n ", "<style>", " ", "\n", `"`}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 30000 {
		text := joined(rng, pieces, 1+rng.IntN(40))
		var want [][2]int
		for i := 0; ; {
			k := strings.Index(text[i:], "<!--")
			if k < 0 {
				break
			}
			start, end := i+k, len(text)
			if e := strings.Index(text[start+4:], "-->"); e >= 0 {
				end = start + 4 + e + 3
			}
			want = append(want, [2]int{start, end})
			i = end
		}
		all, _ := FindN(text, -1)
		for _, cs := range [][]Construct{Find(text), all} {
			var got [][2]int
			for _, c := range cs {
				if c.Kind == HTMLComment {
					got = append(got, [2]int{c.Start, c.End})
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("comments of %q: %v, want %v", text, got, want)
			}
		}
	}
}

// joined returns n pieces drawn at random, one after another.
func joined(rng *rand.Rand, pieces []string, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}
