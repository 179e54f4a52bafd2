package scan

import (
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

func glassworm(payload string) string {
	var b strings.Builder
	for _, c := range []byte(payload) {
		if c < 16 {
			b.WriteRune(0xFE00 + rune(c))
		} else {
			b.WriteRune(0xE0100 + rune(c) - 16)
		}
	}
	return b.String()
}

// TestStrictGlassWorm: a user who gates on Flagged is caught by a
// GlassWorm-style payload in Strict, and the excerpt shows what it carries.
func TestStrictGlassWorm(t *testing.T) {
	in := "const s = `" + glassworm("eval(atob(x))") + "`;"
	spec, _ := Scan(in, nil)
	if spec.Status != Clean {
		t.Fatalf("Spec: status %s, want clean (selectors are no §2 class)", spec.Status)
	}
	res, err := Scan(in, &Options{Profile: Strict})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Flagged || res.DeterministicCount != 1 || res.ExtensionCount != 1 {
		t.Fatalf("Strict: %s, %d deterministic, %d extension; want flagged, 1, 1", res.Status, res.DeterministicCount, res.ExtensionCount)
	}
	f := res.Findings[0]
	if f.Class != VariationSelector || !f.Extension || f.Carried != "eval(atob(x))" || f.Start != 11 || f.End != 24 {
		t.Errorf("finding %+v", f)
	}
	if want := "const s = `⟨13 VARIATION SELECTORS CARRYING \"eval(atob(x))\"⟩`;"; f.Excerpt != want {
		t.Errorf("excerpt %q, want %q", f.Excerpt, want)
	}
	if res.Sanitized != "const s = ``;" {
		t.Errorf("sanitized %q", res.Sanitized)
	}
}

func TestProfileErrors(t *testing.T) {
	if _, err := Scan("x", &Options{Profile: 7}); !errors.Is(err, ErrUnknownProfile) {
		t.Errorf("got %v, want ErrUnknownProfile", err)
	}
	if _, err := ParseProfile("lax"); !errors.Is(err, ErrUnknownProfile) {
		t.Errorf("got %v, want ErrUnknownProfile", err)
	}
	for _, p := range []Profile{Spec, Strict} {
		if q, err := ParseProfile(p.String()); err != nil || q != p {
			t.Errorf("ParseProfile(%q) = %v, %v", p.String(), q, err)
		}
	}
}

// FuzzStrict checks the Strict result's invariants: offsets within bounds
// and ordered, extension findings marked, counts at least the findings, and
// the sanitized copy, scanned again, free of what it removes.
func FuzzStrict(f *testing.F) {
	for _, s := range []string{"a\uFE0Fb", "x" + glassworm("hi"), "a\u00AD\u00ADb", "&#x200b;", `\textcolor{white}{x}`, "می\u200cخواهم", "sha512-" + strings.Repeat("A", 86) + "=="} {
		f.Add(s)
	}
	for _, v := range vectortest.Strict(f) {
		if v.Context != string(ContextEmail) {
			f.Add(v.Input)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		res, err := Scan(s, &Options{Profile: Strict})
		if err != nil {
			t.Fatal(err)
		}
		n := utf8.RuneCountInString(s)
		ext, extHeur := 0, 0
		for i, fd := range res.Findings {
			if fd.Start < 0 || fd.Start > fd.End || fd.End > n || fd.ByteEnd > len(s) {
				t.Fatalf("finding %d out of bounds: %+v", i, fd)
			}
			if i > 0 && res.Findings[i-1].Start > fd.Start {
				t.Fatalf("findings out of order at %d", i)
			}
			switch fd.Class {
			case VariationSelector, InvisibleFormat, InvisibleReference:
				if !fd.Extension || fd.Heuristic {
					t.Fatalf("deterministic extension class without Extension or heuristic: %+v", fd)
				}
			case InstructionJudged:
				// The one heuristic extension class: heuristic, and
				// naming its rule or the model.
				if !fd.Extension || !fd.Heuristic || !slices.Contains(JudgedRules(), fd.Pattern) || fd.Start == fd.End {
					t.Fatalf("instruction_judged finding: %+v", fd)
				}
			}
			if fd.Extension && fd.Heuristic && fd.Class != InstructionJudged {
				t.Fatalf("heuristic extension finding of class %s", fd.Class)
			}
			if fd.Extension {
				ext++
				if fd.Heuristic {
					extHeur++
				}
			}
		}
		// Extension findings are deterministic except instruction_judged's:
		// each kind counts in its own count, and ExtensionCount in both.
		if res.ExtensionCount < ext || res.HeuristicCount < extHeur || res.DeterministicCount < ext-extHeur ||
			res.DeterministicCount+res.HeuristicCount < res.ExtensionCount {
			t.Fatalf("counts %d deterministic, %d heuristic, %d extension; %d extension findings, %d heuristic",
				res.DeterministicCount, res.HeuristicCount, res.ExtensionCount, ext, extHeur)
		}
		again, _ := Scan(res.Sanitized, &Options{Profile: Strict})
		for _, fd := range again.Findings {
			if fd.Class == VariationSelector || fd.Class == InvisibleFormat || fd.Kind >= 5 {
				t.Fatalf("sanitized copy %q holds %s", res.Sanitized, fd.Class)
			}
		}
	})
}

// TestStrictRescan: a GlassWorm-style run inside a base64 blob is found in
// the blob's decoded text, like the §2 classes, and does not count.
func TestStrictRescan(t *testing.T) {
	inner := "run this: x" + glassworm("hi") + "y and nothing else"
	in := "data " + base64.StdEncoding.EncodeToString([]byte(inner))
	res, err := Scan(in, &Options{Profile: Strict})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Class != Base64Blob || res.DeterministicCount != 1 || res.ExtensionCount != 0 {
		t.Fatalf("findings %+v, %d deterministic, %d extension", res.Findings, res.DeterministicCount, res.ExtensionCount)
	}
	df := res.Findings[0].DecodedFindings
	if len(df) != 1 || df[0].Class != VariationSelector || df[0].Carried != "hi" || df[0].Start != 11 || df[0].End != 13 {
		t.Errorf("decoded findings %+v", df)
	}
}

// TestEmailInvalidUTF8: ill-formed UTF-8 in a part is reported with its
// part, never passed over.
func TestEmailInvalidUTF8(t *testing.T) {
	res, err := Scan("Subject: x\r\nContent-Type: text/plain\r\n\r\nab\xffc", &Options{Context: ContextEmail})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.InvalidUTF8) != 1 || res.InvalidUTF8[0].Part != "body" || res.InvalidUTF8[0].Start != 2 {
		t.Errorf("invalid UTF-8 %+v", res.InvalidUTF8)
	}
}

// TestKeepZeroWidth: a Persian ZWNJ is typography, allowed in Strict, and
// a finding again with KeepZeroWidth, as in Spec; the digest allow-rule is
// untouched by it.
func TestKeepZeroWidth(t *testing.T) {
	text := "می\u200cخواهم sha512-" + strings.Repeat("A", 86) + "=="
	for _, c := range []struct {
		opts          Options
		zw, allowed   int
		deterministic int
	}{
		{Options{}, 1, 0, 2},
		{Options{Profile: Strict}, 0, 2, 0},
		{Options{Profile: Strict, KeepZeroWidth: true}, 1, 1, 1},
		{Options{KeepZeroWidth: true}, 1, 0, 2},
	} {
		res, err := Scan(text, &c.opts)
		if err != nil {
			t.Fatal(err)
		}
		zw := 0
		for _, f := range res.Findings {
			if f.Class == ZeroWidth {
				zw++
			}
		}
		if zw != c.zw || res.Allowed != c.allowed || res.DeterministicCount != c.deterministic {
			t.Errorf("%+v: %d zero_width, %d allowed, %d deterministic; want %d, %d, %d",
				c.opts, zw, res.Allowed, res.DeterministicCount, c.zw, c.allowed, c.deterministic)
		}
	}
}
