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
