package scangen

import (
	"strings"
	"testing"
)

// TestCheckCatches makes sure the generator's check fails on a wrong truth: a generator that
// accepted anything would only copy the model's output.
func TestCheckCatches(t *testing.T) {
	c := Case{Comment: "probe", Spec: s2, In: str("a\u200bb"),
		Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("ab"), Excerpt: []string{"a" + aZWSP + "b"}}
	res, _, err := c.scan()
	if err != nil {
		t.Fatal(err)
	}
	if errs := c.check(res); len(errs) != 0 {
		t.Fatalf("the right truth was refused: %v", errs)
	}
	for name, bad := range map[string]Case{
		"class":      {Want: []Want{w(bidi, 1, 2, 0x200B)}},
		"start":      {Want: []Want{w(zw, 0, 2, 0x200B)}},
		"end":        {Want: []Want{w(zw, 1, 3, 0x200B)}},
		"codepoints": {Want: []Want{w(zw, 1, 2, 0x200C)}},
		"missing":    {Want: nil},
		"sanitized":  {Want: c.Want, San: sp("a\u200bb")},
		"excerpt":    {Want: c.Want, Excerpt: []string{"ab"}},
	} {
		bad.In = c.In
		if errs := bad.check(res); len(errs) == 0 {
			t.Errorf("%s: a wrong truth was accepted", name)
		}
	}
}

func TestCasesDistinctComments(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Cases() {
		if seen[c.Comment] {
			t.Errorf("two cases share the comment %q", c.Comment)
		}
		seen[c.Comment] = true
		if strings.TrimSpace(c.Comment) == "" {
			t.Error("a case has no comment")
		}
	}
}

func TestEscapeInvisible(t *testing.T) {
	in := "{\"a\": \"x\u200b\U000E0001\u00a0y\\\"\u2028 ok\"}"
	want := `{"a": "x\u200b\udb40\udc01\u00a0y\"` + "\u2028" + ` ok"}`
	// U+2028 stays raw here because only encoding/json escapes it; it is annotated, so escaped too.
	want = strings.Replace(want, "\u2028", `\u2028`, 1)
	if got := string(escapeInvisible([]byte(in))); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestMarkupCheckCatches makes sure the markup checks fail on a wrong truth: a miscounted span,
// a sanitized copy that does not follow from the spans, a wrong excerpt, a missing §2 finding.
func TestMarkupCheckCatches(t *testing.T) {
	good := MCase{Comment: "probe", Spec: s36, In: "a<!--b\u200bc-->d",
		Marks: marks(hc(1, 11).x("a<!--b" + aZWSP + "c-->d")), Chars: []Want{w(zw, 6, 7, 0x200B)}, San: sp("ad")}
	if _, errs := markupTest(good); len(errs) != 0 {
		t.Fatalf("the right truth was refused: %v", errs)
	}
	for name, bad := range map[string]func(c *MCase){
		"start":       func(c *MCase) { c.Marks = marks(hc(2, 11)) },
		"end":         func(c *MCase) { c.Marks = marks(hc(1, 10)) },
		"kind":        func(c *MCase) { c.Marks = marks(mdc(1, 11)) },
		"reason":      func(c *MCase) { c.Marks = marks(Mark{Kind: kComment, Reason: rDisplay, Start: 1, End: 11}) },
		"sanitized":   func(c *MCase) { c.San = sp("a\u200bd") },
		"no san":      func(c *MCase) { c.San = nil },
		"excerpt":     func(c *MCase) { c.Marks = marks(hc(1, 11).x("a<!--bc-->d")) },
		"§2 missing":  func(c *MCase) { c.Chars = nil },
		"beyond text": func(c *MCase) { c.Marks = marks(hc(1, 13)) },
	} {
		c := good
		bad(&c)
		if _, errs := markupTest(c); len(errs) == 0 {
			t.Errorf("%s: a wrong truth was accepted", name)
		}
	}
}

// TestSpanCheck probes the mechanical span check of each kind.
func TestSpanCheck(t *testing.T) {
	for _, c := range []struct {
		text string
		m    Mark
		ok   bool
	}{
		{"a<!--x", hc(1, 6), true},
		{"a<!--x-->b", hc(1, 8), false},
		{"a\n[x]: # (y)\nb", mdc(2, 12), true},
		{"a\n[x]: # (y)\nb", mdc(2, 11), false},
		{"a\n[x]: # (y)\nb", mdc(1, 12), false},
		{"<style>.x{display:none}</style>", rule(rDisplay, 7, 23), true},
		{"<style>.x{display:none}</style>", rule(rDisplay, 6, 23), false},
		{"<style>.x{display:none}</style>", rule(rAttr, 7, 23), false},
		{".x{display:none}", rule(rDisplay, 0, 16), false},
		{"<p hidden>x</p>", elem(rAttr, 0, 15), true},
		{"<p hidden>x</b>", elem(rAttr, 0, 15), false},
		{"<p hidden>x</p>", elem(rAttr, 0, 14), false},
		// The start tag alone passes: whether an element is unclosed is the hand truth's call.
		{"<p hidden>x</p>", elem(rAttr, 0, 10), true},
		{"<br hidden>x", elem(rAttr, 0, 11), true},
	} {
		err := spanCheck([]rune(c.text), c.m)
		if (err == nil) != c.ok {
			t.Errorf("spanCheck(%q, %+v): %v, want ok=%v", c.text, c.m, err, c.ok)
		}
	}
}

func TestMarkupCasesDistinctComments(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range MarkupCases() {
		if seen[c.Comment] {
			t.Errorf("two markup cases share the comment %q", c.Comment)
		}
		seen[c.Comment] = true
	}
}
