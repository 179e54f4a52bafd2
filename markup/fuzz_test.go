package markup

import (
	"slices"
	"strings"
	"testing"
)

func FuzzFind(f *testing.F) {
	for _, s := range []string{
		"a<!-- x -->b<!--->c-->d<!-- open",
		"[//]: # (hidden)\n[x]: #anchor\n   [c]: # \"q\"\r\n[d]: # bare text\n",
		`<div hidden><div>a</div>b</div><span style="color:#FFF;background:white url(x)">w</span><img hidden src=x><p hidden>open`,
		`<style>/* c */ @media screen { .h, p.q { display:none !important } } .a .b{display:none}</style><i class="h">x</i><p class=q>yes</p>`,
		`<span style="display&#58;none">e</span> a < b and c > d <!-- <div hidden> -->`,
		`<script>"<b hidden>"</script><textarea hidden>x</textarea><style>{{"}"</style>`,
		`n<k and i<n, <a title=">" ="x y='a" >b' hidden>`,
		`<p =style="display:none" STYLE = 'font-size:0' / hIdDeN>x</p><b style=color:red;background:red>y</b>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cs := Find(text)
		// The tokenizer is skipped only where it finds nothing.
		if lt := strings.IndexByte(text, '<'); lt >= 0 && !mayHolds(text, lt) {
			if els := appendElements(nil, text, lt, &keeper{max: -1, last: -1}); len(els) != 0 {
				t.Fatalf("mayHoldElements is false, but the tokenizer finds %+v", els)
			}
		}
		if !strings.Contains(text, "<") && !strings.Contains(text, "]:") && len(cs) != 0 {
			t.Fatalf("constructs in a text with no '<' and no \"]:\": %+v", cs)
		}
		for i, c := range cs {
			if c.Start < 0 || c.Start >= c.End || c.End > len(text) {
				t.Fatalf("construct %d span [%d,%d) in %d bytes", i, c.Start, c.End, len(text))
			}
			if i > 0 && (cs[i-1].Start > c.Start || cs[i-1].Start == c.Start && cs[i-1].End > c.End) {
				t.Fatalf("constructs %d and %d out of order", i-1, i)
			}
			body := text[c.Start:c.End]
			ok := false
			switch c.Kind {
			case HTMLComment:
				ok = c.Reason == Visible && strings.HasPrefix(body, "<!--") &&
					(strings.HasSuffix(body, "-->") && len(body) >= 7 || c.End == len(text)) &&
					!strings.Contains(body[4:max(4, len(body)-3)], "-->")
			case MarkdownComment:
				ok = c.Reason == Visible && isMarkdownComment(body) &&
					(c.Start == 0 || text[c.Start-1] == '\n' || text[c.Start-1] == '\r') &&
					(c.End == len(text) || text[c.End] == '\n' || text[c.End] == '\r')
			case CSSHideRule:
				ok = c.Reason >= DisplayNone && c.Reason <= ColorMatchesBackground
			case HiddenElement:
				ok = c.Reason != Visible && body[0] == '<'
			}
			if !ok {
				t.Fatalf("construct %d: %v %v over %q", i, c.Kind, c.Reason, body)
			}
		}
	})
}

// FuzzClassOverflow checks that the second pass, which finds the elements
// hidden by class rules once the candidates are too many, finds what the
// candidates do: Find with no candidate kept against Find with all kept.
func FuzzClassOverflow(f *testing.F) {
	for _, s := range []string{
		`<style>/* c */ @media screen { .h, p.q { display:none !important } } .a .b{display:none}</style><i class="h">x</i><p class=q>yes</p>`,
		`<b class=h><b class=h>x</b></b><br class=h><style>b.h{display:none}</style><textarea class=h>`,
		`<p class="a h" hidden>x</p><i class=h style="display:none">y</i><style>.h{visibility:hidden}</style><i class=h>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		defer func(n int) { maxCandidates = n }(maxCandidates)
		maxCandidates = 1 << 30
		want := Find(text)
		wantN, wantTotal := FindN(text, 2)
		maxCandidates = 0
		if got := Find(text); !slices.Equal(got, want) {
			t.Fatalf("Find without candidates:\n got %+v\nwant %+v", got, want)
		}
		if got, total := FindN(text, 2); !slices.Equal(got, wantN) || total != wantTotal {
			t.Fatalf("FindN(2) without candidates: got %+v, %d; want %+v, %d", got, total, wantN, wantTotal)
		}
	})
}
