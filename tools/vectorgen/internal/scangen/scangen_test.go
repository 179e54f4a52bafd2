package scangen

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/scanref"
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

// TestB64CheckCatches makes sure the base64 checks fail on a wrong truth: a miscounted span, a
// wrong opaque value or cause, a wrong decoded text, ratio or nested finding, a missing short-band
// token, a reason for silence that does not hold, a sanitized copy that does not follow.
func TestB64CheckCatches(t *testing.T) {
	e36 := "VGhlIGxpYnJhcnkgb3BlbnMgYXQgbmluZSBvbiBTdW5kYXku" // "The library opens at nine on Sunday."
	good := BCase{Comment: "probe", Spec: s46, In: "key: " + e36 + "\u200b",
		Blobs: []Blob{blob(5, 53).dec(t36).ratio("36/36")}, Chars: []Want{w(zw, 53, 54, 0x200B)}, San: sp("key: " + e36)}
	good = good.email("key: [base64_blob]")
	for _, email := range []bool{false, true} {
		if _, errs := b64Test(good, email); len(errs) != 0 {
			t.Fatalf("the right truth was refused (email %v): %v", email, errs)
		}
	}
	for name, bad := range map[string]func(c *BCase){
		"start":      func(c *BCase) { c.Blobs = []Blob{blob(4, 53)} },
		"end":        func(c *BCase) { c.Blobs = []Blob{blob(5, 54)} },
		"opaque":     func(c *BCase) { c.Blobs = []Blob{opaque(5, 53, "utf8")} },
		"short":      func(c *BCase) { c.Blobs = []Blob{shortBlob(5, 53)} },
		"decoded":    func(c *BCase) { c.Blobs = []Blob{blob(5, 53).dec("The library")} },
		"ratio":      func(c *BCase) { c.Blobs = []Blob{blob(5, 53).ratio("35/36")} },
		"inner":      func(c *BCase) { c.Blobs = []Blob{blob(5, 53).inner(w(zw, 0, 1, 0x200B))} },
		"missing":    func(c *BCase) { c.Blobs = nil },
		"why":        func(c *BCase) { c.Why = []Why{why(5, 53, "hex")} },
		"sanitized":  func(c *BCase) { c.San = sp("key: ") },
		"§2 missing": func(c *BCase) { c.Chars = nil },
		"beyond":     func(c *BCase) { c.Blobs = []Blob{blob(5, 60)} },
	} {
		c := good
		bad(&c)
		if _, errs := b64Test(c, false); len(errs) == 0 {
			t.Errorf("%s: a wrong truth was accepted", name)
		}
	}
	c := good.email("key: " + e36)
	if _, errs := b64Test(c, true); len(errs) == 0 {
		t.Error("email sanitized copy without the placeholder was accepted")
	}
}

// TestB64Model probes the pieces of the model of §4 on small texts.
func TestB64Model(t *testing.T) {
	if got := b64Chains([]rune("ab cd\u00a0ef\f\tgh.ij")); len(got) != 3 || len(got[0]) != 2 || len(got[1]) != 2 || len(got[2]) != 1 {
		t.Errorf("chains: %v", got)
	}
	// '=' is padding only at the end of data: "ab==" and "cd" are tokens with nothing between
	// them (two chains); "===" holds no data and "e===" keeps two of its three.
	if got := b64Chains([]rune("ab==cd === e=== f")); len(got) != 4 || got[0][0] != (span{0, 4}) ||
		got[1][0] != (span{4, 6}) || got[2][0] != (span{11, 14}) || got[3][0] != (span{16, 17}) {
		t.Errorf("chains with padding: %v", got)
	}
	if got := b64Trim([]span{{0, 3}, {4, 44}, {45, 50}, {51, 91}, {92, 95}}); len(got) != 3 || got[0].s != 4 || got[2].e != 91 {
		t.Errorf("trim: %v", got)
	}
	for text, want := range map[string]bool{
		"data:image/png;base64,X":      true,
		"DaTa:ImAgE/svg+xml;BaSe64,X":  true,
		"data:image/;base64,X":         false,
		"data:image/png;base64X":       false,
		"data:image/p_g;base64,X":      false,
		"xdata:image/png;base64,X":     true, // the declaration may follow anything
		"data:text/png;base64,X":       false,
		"data:image/png;ba\u017fe64,X": false,
		"data:image/x.y-z+1;base64,X":  true,
		"data:image/png;base64, \t\nX": true,
	} {
		r := []rune(text)
		if got := b64Declared(r, len(r)-1); got != want {
			t.Errorf("declared %q: %v", text, got)
		}
	}
	for tok, want := range map[string]bool{
		"a-b-c-d": true, "a-b-c": false, "---": true, "abcdefghijklmnop/b/c/d": true,
		"abcdefghijklmnopq/b/c/d": false, "a_b/c-d": true, "a=b-c-d-e": true,
	} {
		if got := b64Slug([]rune(tok)); got != want {
			t.Errorf("slug %q: %v", tok, got)
		}
	}
	for s, want := range map[string]string{
		"QQ==": "", "QQ": "", "QQ=": "", "QR==": "noncanonical", "Q": "noncanonical", "QQ=Q": "noncanonical",
		"Pz8-": "", "Pz8_": "", "-w==": "utf8", "gA==": "utf8", "": "",
	} {
		r := []rune(s)
		if _, got := b64Decode(r, []span{{0, len(r)}}); got != want {
			t.Errorf("decode %q: %q, want %q", s, got, want)
		}
	}
	if p, n := b64Printable("a\t\x01\x7f\u0085\r"); p != 4 || n != 6 {
		t.Errorf("printable: %d/%d", p, n)
	}
	if o, n, err := b64Ordinary("Ab9 ’{é\u200b"); err != nil || o != 6 || n != 8 {
		t.Errorf("ordinary: %d/%d %v", o, n, err)
	}
}

func TestB64CasesHoldTogether(t *testing.T) {
	cases, errs := B64Cases()
	for _, e := range errs {
		t.Error(e)
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Comment] {
			t.Errorf("two base64 cases share the comment %q", c.Comment)
		}
		seen[c.Comment] = true
	}
}

// TestOtherFilesHoldNoBlob makes sure that the inputs of the §2 and §3 files hold nothing §4
// would report: those files state no base64_blob finding.
func TestOtherFilesHoldNoBlob(t *testing.T) {
	var texts []string
	for _, c := range Cases() {
		switch {
		case c.In.Str != nil:
			texts = append(texts, *c.In.Str)
		case c.In.UTF16 != nil:
			texts = append(texts, string(scanref.DecodeUTF16(c.In.UTF16).Runes()))
		default:
			b, _ := hex.DecodeString(c.In.Hex)
			texts = append(texts, string(scanref.DecodeBytes(b).Runes()))
		}
	}
	for _, c := range MarkupCases() {
		texts = append(texts, c.In)
	}
	for _, s := range texts {
		blobs, _, err := b64Scan([]rune(s))
		if err != nil {
			t.Errorf("%.40q: %v", s, err)
		}
		if len(blobs) > 0 {
			t.Errorf("%.40q holds a base64 blob at [%d,%d)", s, blobs[0].s, blobs[0].e)
		}
	}
}
