package markup

import (
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/testkit/benchtext"
	"github.com/plainsight/plainsight/vectors"
)

// token is one token as the differential tests compare them: its type,
// its raw span, a tag's lowercased name, and for a start tag the values
// of the three attributes §3 reads.
type token struct {
	Type               tokenType
	Start, End         int
	Name               string
	Style, Class       string
	HasStyle, HasClass bool
	Hidden             bool
}

// xnetTokens returns the tokens of golang.org/x/net/html's Tokenizer over
// s, up to its first error token.
func xnetTokens(s string) []token {
	var out []token
	z := html.NewTokenizer(strings.NewReader(s))
	off := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		n := len(z.Raw())
		t := token{Type: tokenType(tt), Start: off, End: off + n}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, more := z.TagName()
			t.Name = string(name)
			for more && tt != html.EndTagToken {
				var key, val []byte
				key, val, more = z.TagAttr()
				switch string(key) {
				case "style":
					t.Style, t.HasStyle = string(val), true
				case "class":
					t.Class, t.HasClass = string(val), true
				case "hidden":
					t.Hidden = true
				}
			}
		}
		out = append(out, t)
		off += n
	}
}

// ownTokens returns the tokens of the package's tokenizer over s; with
// skipText, of the tokenizer passing over text before tags, as the
// elements' pass reads.
func ownTokens(s string, skipText bool) []token {
	var out []token
	z := newTokenizer(s, 0)
	z.skipText = skipText
	for {
		tt := z.next()
		if tt == errorToken {
			return out
		}
		t := token{Type: tt, Start: z.start, End: z.end}
		switch tt {
		case startTagToken, selfClosingTagToken, endTagToken:
			t.Name = z.name()
			if tt != endTagToken {
				t.Style, t.HasStyle = z.styleValue()
				t.Class, t.HasClass = z.classValue()
				t.Hidden = z.hidden
			}
		}
		out = append(out, t)
	}
}

// checkTokens fails the test when the two tokenizers differ on s.
func checkTokens(t *testing.T, what, s string) {
	t.Helper()
	want, got := xnetTokens(s), ownTokens(s, false)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s: the tokens of %q differ from x/net/html's (-x/net/html +own):\n%s", what, truncate(s, 2000), diff)
	}
	// Passing over text, it gives the same tokens less some text tokens.
	i := 0
	for _, tok := range ownTokens(s, true) {
		for i < len(want) && want[i] != tok && want[i].Type == textToken {
			i++
		}
		if i == len(want) || want[i] != tok {
			t.Fatalf("%s: passing over text in %q, the tokenizer gives %+v, not among x/net/html's tokens or out of order", what, truncate(s, 2000), tok)
		}
		i++
	}
	for ; i < len(want); i++ {
		if want[i].Type != textToken {
			t.Fatalf("%s: passing over text in %q, the tokenizer misses %+v", what, truncate(s, 2000), want[i])
		}
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// tokenFragments is the alphabet of the random texts: the bytes and
// strings that move an HTML tokenizer from state to state.
var tokenFragments = []string{
	"<", "</", "<!--", "-->", "--!>", "--!", "-", "--", "!", ">", "/", "/>", "=", "\"", "'", " ", "\n", "\r", "\t", "\f", "\x00",
	"&amp;", "&", "&#58;", "&lt", "&quot;", "a", "b", "x", "Z", "é", "\u00a0", "<!", "<?", "<!DOCTYPE", "<!doctype html>", "<![CDATA[", "]]>",
	"<script>", "</script>", "<SCRIPT ", "</sCrIpT", "<!--<script>", "<script", "script", "<style>", "</style>", "</STYLE>", "<textarea>",
	"</textarea>", "<title>", "</title ", "<xmp>", "</xmp>", "<iframe>", "</iframe>", "<noembed>", "</noembed>", "<noframes>",
	"</noframes>", "<noscript>", "</noscript>", "<plaintext>", "<p", "<div", "<b ", "</p>", "</div>", "<br/>", " hidden", " HIDDEN=",
	" style=", " Style=\"", " class=", " CLASS='", "display:none", "h g", "<a b=/>", "<a b=1 b=/>", "<a style=x/>", "</ x>", "</>",
	"<p hidden>", "<i class=h>", ".h{display:none}", "scr\x00ipt", "<scr\x00ipt>",
}

// Smaller alphabets reach the deeper states more often: a script's
// escaped and double-escaped states, comments' ends, a tag's attributes.
var (
	scriptFragments = []string{"<script>", "<!--", "<!--<script>", "<script", "</script", "</script>", "<SCRIPT", "<", "</", "/", "<1",
		"-", "--", "->", "-->", ">", " ", "a", "s", "<s", "\n"}
	commentFragments = []string{"<!--", "<!-", "<!", "-", "--", "!", ">", "-->", "--!>", "--!", "<", "a", " "}
	tagFragments     = []string{"<a", "<p ", "</a", " ", "=", "\"", "'", "/", ">", "/>", "b", "style", "CLASS", "hidden", "x",
		"&amp;", "&#58;", "\x00", "\r", "display:none", "h"}
	fragmentSets = [][]string{tokenFragments, scriptFragments, commentFragments, tagFragments}
)

func randomText(rng *rand.Rand, n int) string {
	set := fragmentSets[rng.IntN(len(fragmentSets))]
	var b strings.Builder
	for range n {
		b.WriteString(set[rng.IntN(len(set))])
	}
	return b.String()
}

// TestTokenizerDifferential checks that the tokenizer reads every text as
// x/net/html's Tokenizer does: the vectors' inputs, the Go distribution's
// HTML documents whole and cut at random places, the hostile shapes of
// the tests and benchmarks, and random texts made of the bytes and
// strings that move a tokenizer from state to state.
func TestTokenizerDifferential(t *testing.T) {
	for _, s := range tokenizerSeeds {
		checkTokens(t, "seed", s)
		for i := range len(s) {
			checkTokens(t, "seed prefix", s[:i])
		}
	}

	inputs := vectorInputs(t)
	if len(inputs) < 100 {
		t.Fatalf("%d vector inputs, want the scan corpus", len(inputs))
	}
	for _, s := range inputs {
		checkTokens(t, "vector input", s)
	}

	dir, err := benchtext.GoDocDir()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no HTML documents in %s (%v)", dir, err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		checkTokens(t, f, s)
		for range 20 {
			checkTokens(t, f+" cut", s[:rng.IntN(len(s)+1)])
		}
	}

	for _, s := range []string{
		strings.Repeat("<div>", 1000), strings.Repeat("<div hidden>", 1000), strings.Repeat("<!---->", 1000),
		strings.Repeat("<a ", 1000), "<p hidden>x</p>" + strings.Repeat("<script>x<y ", 1000),
		strings.Repeat("<!-- a --!> <!-", 1000), strings.Repeat("<!--", 1000), strings.Repeat("<b hidden>x</b>", 1000),
		`<div style="` + strings.Repeat("a;", 5000) + `display:none">x</div>`, benchtext.Email(),
	} {
		checkTokens(t, "hostile", s)
	}

	for range testkit.Scale(t, 50000, 5000) {
		checkTokens(t, "random", randomText(rng, 1+rng.IntN(40)))
	}
}

// vectorInputs returns the inputs of every scan vector.
func vectorInputs(t *testing.T) []string {
	var inputs []string
	err := fs.WalkDir(vectors.FS(), "scan", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := fs.ReadFile(vectors.FS(), path)
		if err != nil {
			return err
		}
		var file struct {
			TestGroups []struct {
				Tests []struct {
					Input      *string  `json:"input"`
					InputUTF16 []uint16 `json:"inputUtf16"`
					InputHex   *string  `json:"inputHex"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		if err := json.Unmarshal(b, &file); err != nil {
			return err
		}
		for _, g := range file.TestGroups {
			for _, tc := range g.Tests {
				switch {
				case tc.Input != nil:
					inputs = append(inputs, *tc.Input)
				case tc.InputHex != nil:
					b, err := hex.DecodeString(*tc.InputHex)
					if err != nil {
						return err
					}
					inputs = append(inputs, string(b))
				case tc.InputUTF16 != nil:
					inputs = append(inputs, string(utf16.Decode(tc.InputUTF16)))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return inputs
}

// tokenizerSeeds are texts that reach each state and quirk of the
// tokenizer; FuzzTokenizer starts from them, and the differential test
// reads them and each of their prefixes (the end of the text in every
// state).
var tokenizerSeeds = []string{
	"plain text, a < b and c > d, <<a>>",
	"a</",
	"a<",
	"</>x</ y>z</1>",
	"<!-->a<!--->b<!---->c<!-- d --!>e<!-- f --!-->g<!-- h -!>i-->",
	"<!--x--!y-->z<!--a--!!>b-->",
	"<!DOCTYPE html><!doctypehtml><!DOCTYP><!DOCTYPE><!doctype",
	"<![CDATA[x>y]]><?xml version='1.0'?><!x><!>",
	`<a b="x>y" c='z>w' d=e>f</a>`,
	`<p =style="display:none" STYLE = 'font-size:0' / hIdDeN>x</p>`,
	"<br/><br /><a b=/><a b=c/><a b=1 b=/><a b=1 B=2/><a b/>",
	"<a\x00b hidden>c</a\x00b><scr\x00ipt>x</scr\x00ipt>",
	`<span style="display&#58;none" class="a&amp;b">x</span><i class="h&#x20;g" style="a:b`,
	"<i style=\"a\r\nb\" class='\rc\x00'>",
	"<script>a<b</script ><script><!--<script></script>--></script>x</script>",
	"<script><!--x--><b>y</b></script>",
	"<script><!-- <script> --> </script> x </script>",
	"<SCRIPT><!--<sCrIpT>x</ScRiPt>-></script>",
	"<script><!--<a</script>",
	"<script><!--<1</script>",
	"<style>.h{display:none}</style ><title>a<b>&amp;</title><textarea><p></textarea/>",
	"<xmp><p></xmp><iframe><p></iframe><noembed><p></noembed><noframes><p></noframes><noscript><p></noscript>",
	"<plaintext>a</plaintext><b>",
	"<style/>x</style><script/>y</script>",
	"<title></title><script></script>",
	"<textarea>x</textareax></textarea>",
	"<div hidden><div>a</div>b</div><img hidden src=x><p hidden>open",
	// Tags whose values x/net/html decodes, one after another, the first
	// opening raw text.
	"<script class=\"a&amp;b\">x</script><i class=\"c&amp;d\" style='e&#58;f'><plaintext style=&lt;><b class=&gt;>",
}

// FuzzTokenizer checks the tokenizer against x/net/html's on any text:
// the tokens, and the constructs Find makes of them; and StyleTest against
// the way it was.
func FuzzTokenizer(f *testing.F) {
	for _, s := range tokenizerSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkTokens(t, "fuzz", s)
		checkElements(t, "fuzz", s)
		if got, want := StyleTest(s), oldStyleTest(s); got != want {
			t.Fatalf("StyleTest(%q) = %v, want %v as before", s, got, want)
		}
	})
}

// checkElements fails the test when the elements and rules found with the
// package's tokenizer differ from those found with x/net/html's (the old
// pass, oldAppendElements): for Find and for FindN, with the candidates
// kept and let go.
func checkElements(t *testing.T, what, text string) {
	t.Helper()
	lt := strings.IndexByte(text, '<')
	if lt < 0 {
		return
	}
	defer func(n int) { maxCandidates = n }(maxCandidates)
	for _, candidates := range []int{1 << 12, 1} {
		maxCandidates = candidates
		for _, max := range []int{-1, 0, 2} {
			kw, kg := &keeper{max: max, last: -1}, &keeper{max: max, last: -1}
			want := kw.trim(oldAppendElements(nil, text, lt, kw))
			got := kg.trim(appendElements(nil, text, lt, kg))
			if diff := cmp.Diff(want, got); diff != "" || kw.total != kg.total {
				t.Fatalf("%s: in %q (max %d, %d candidates) the constructs differ from those found with x/net/html (-x/net/html +own; %d, %d in all):\n%s",
					what, truncate(text, 2000), max, candidates, kw.total, kg.total, diff)
			}
		}
	}
}

// elementFragments is the alphabet of random texts made to hold elements
// that hide, rules, and what comes near them.
var elementFragments = []string{
	"<p hidden>", "<P HIDDEN=x>", "</p>", "</P >", "<div style=\"display:none\">", "<div style='display&#58;none'>", "</div>",
	"<style>.h{display:none}</style>", "<style>b.g{font-size:0}</style>", "<i class=h>", "<i class='g h'>", "<i class=\"h&#x20;g\">",
	"</i>", "<b class=g>", "<b CLASS=h class=g>", "</b>", "<br hidden>", "<img class=h>", "<textarea hidden>", "</textarea>", "<script>",
	"</script>", "<!--", "-->", "<!-- c -->", "<title class=h>", "</title>", "text ", "<", ">", "\"", " hidden", "<a b=1 b=/ hidden>",
	"<span style=\"color:#fff;background:white\">", "</span>", "<p\x00 hidden>", "</p\x00>", "<style/>", "<x-y hidden>", "</x-y>",
}

// TestElementsDifferential checks that Find finds with the package's
// tokenizer what it found with x/net/html's: on the vectors' inputs, the
// Go distribution's HTML documents, the hostile shapes and random texts.
func TestElementsDifferential(t *testing.T) {
	for _, s := range tokenizerSeeds {
		checkElements(t, "seed", s)
	}
	for _, s := range vectorInputs(t) {
		checkElements(t, "vector input", s)
	}
	text, err := benchtext.GoHTML()
	if err != nil {
		t.Fatal(err)
	}
	checkElements(t, "Go's HTML documents", text)
	for _, s := range []string{
		strings.Repeat("<div>", 1000), strings.Repeat("<div hidden>", 1000), strings.Repeat("<b hidden>x</b>", 1000),
		"<p hidden>x</p>" + strings.Repeat("<script>x<y ", 1000), "<style>.h{display:none}</style>" + strings.Repeat("<b class=h>x</b>", 5000),
		`<div style="` + strings.Repeat("a;", 5000) + `display:none">x</div>`, benchtext.Email(),
	} {
		checkElements(t, "hostile", s)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range testkit.Scale(t, 5000, 1000) {
		var b strings.Builder
		for range 1 + rng.IntN(60) {
			if rng.IntN(4) == 0 {
				b.WriteString(tokenFragments[rng.IntN(len(tokenFragments))])
			} else {
				b.WriteString(elementFragments[rng.IntN(len(elementFragments))])
			}
		}
		checkElements(t, "random", b.String())
	}
}

// TestNextClass checks that class names split as strings.Fields splits
// them, Unicode spaces and invalid UTF-8 included.
func TestNextClass(t *testing.T) {
	pieces := []string{"a", "bc", " ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u00a0", "\u2003", "\u3000", "é", "\xff", "\xc2", "-"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		s := joined(rng, pieces, rng.IntN(12))
		var got []string
		for i := 0; ; {
			start, end := nextClass(s, i)
			if start == end {
				break
			}
			got, i = append(got, s[start:end]), end
		}
		if want := strings.Fields(s); !slices.Equal(got, want) {
			t.Fatalf("the classes of %q: got %q, want %q", s, got, want)
		}
		if hasClass(s) != (len(strings.Fields(s)) > 0) {
			t.Fatalf("hasClass(%q) = %v", s, hasClass(s))
		}
	}
}

// TestStyleTestDifferential checks StyleTest, which compares property
// names without lowering them into new strings, against the way it was
// (oldStyleTest) on random declaration lists: properties in any case,
// spelled with the two runes outside ASCII that lower to ASCII letters
// (U+0130 to i, U+212A to k), invalid UTF-8, and values that hide.
func TestStyleTestDifferential(t *testing.T) {
	props := []string{"display", "DISPLAY", "D\u0130SPLAY", "d\u0131splay", "visibility", "V\u0130S\u0130B\u0130L\u0130TY", "font-size", "Font-Size",
		"f\u0130nt-size", "color", "COLOR", "background-color", "BAC\u212AGROUND-COLOR", "background", "bac\u212Aground", "backgroun", "colors",
		"\u212Aolor", "\xffcolor", "color\xff", "", "x", "-webkit-display"}
	values := []string{"none", "NONE", "hidden", "0", "0.00PX", "0%", "1px", "white", "#FFF", "#ffffff", "red", "Red url(x)", "rgb(1, 2, 3) x",
		"none !important", "", "transparent", "\u0130nherit"}
	spaces := []string{"", " ", "\t", "\n", "\r", "\f", "\u00a0"}
	rng := rand.New(rand.NewPCG(7, 8))
	hiding := 0
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(5) {
			b.WriteString(spaces[rng.IntN(len(spaces))])
			b.WriteString(props[rng.IntN(len(props))])
			b.WriteString(spaces[rng.IntN(len(spaces))])
			if rng.IntN(8) != 0 {
				b.WriteString(":")
			}
			b.WriteString(spaces[rng.IntN(len(spaces))])
			b.WriteString(values[rng.IntN(len(values))])
			b.WriteString(spaces[rng.IntN(len(spaces))])
			if rng.IntN(6) != 0 {
				b.WriteString(";")
			}
		}
		s := b.String()
		want := oldStyleTest(s)
		if got := StyleTest(s); got != want {
			t.Fatalf("StyleTest(%q) = %v, want %v", s, got, want)
		}
		if want != Visible {
			hiding++
		}
	}
	if hiding < 1000 {
		t.Errorf("only %d of the lists hide: too few to compare", hiding)
	}
}

// TestIndexCommentOpen checks indexCommentOpen against strings.Index.
func TestIndexCommentOpen(t *testing.T) {
	pieces := []string{"<", "!", "-", "<!", "!-", "--", "<!--", "a", "<<!"}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		s := joined(rng, pieces, rng.IntN(10))
		for i := 0; i <= len(s); i++ {
			want := strings.Index(s[i:], "<!--")
			if want >= 0 {
				want += i
			}
			if got := indexCommentOpen(s, i); got != want {
				t.Fatalf("indexCommentOpen(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
}
