package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// TestOutsideTextVisible: a file name that would move the cursor, erase
// a line or forge a finding line, and a tool name that would reorder what
// is shown, are rendered visibly in text output; JSON keeps them exact.
func TestOutsideTextVisible(t *testing.T) {
	dir := t.TempDir()
	evil := "b\r\x1b[1A\x1b[2K\r.md"
	forge := "c.md:1:1: zero_width U+200B: forged\nx.md"
	writeFile(t, dir, "SKILL.md", "clean\n")
	for _, name := range []string{evil, forge} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("a\u200bb\n"), 0o644); err != nil {
			t.Fatalf("this file system refuses the name: %v", err)
		}
	}
	for _, cmd := range []string{"scan", "skill"} {
		code, out, _ := plainsight(t, "", cmd, dir)
		if code != 1 || strings.ContainsAny(out, "\r\x1b") || strings.Contains(out, "\nx.md") || strings.Contains(out, "\nc.md:1:1") {
			t.Errorf("%s: raw control characters reach the terminal:\n%q", cmd, out)
		}
		if !strings.Contains(out, "b⟨U+000D CARRIAGE RETURN⟩⟨U+001B ESCAPE⟩[1A") || !strings.Contains(out, "forged⟨U+000A LINE FEED⟩x.md") {
			t.Errorf("%s: the names are not shown visibly:\n%s", cmd, out)
		}
	}
	_, out, _ := plainsight(t, "", "scan", "--format", "jsonl", dir)
	found := false
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct{ Path string }
		json.Unmarshal([]byte(line), &rec)
		found = found || rec.Path == filepath.Join(dir, evil)
	}
	if !found {
		t.Errorf("jsonl does not keep the exact path:\n%s", out)
	}
	code, out, _ := plainsight(t, `[{"name":"rtl\u202etxt.exe","description":"a\nb\u001b[2J"}]`, "fingerprint", "--from", "-",
		"--server-name", "srv\u200b", "--server-version", "1\r")
	if code != 0 || strings.ContainsAny(out, "\r\x1b\u202e\u200b") ||
		!strings.Contains(out, "rtl⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩txt.exe") || !strings.Contains(out, "server: srv⟨U+200B ZERO WIDTH SPACE⟩ 1⟨U+000D CARRIAGE RETURN⟩") {
		t.Errorf("fingerprint: exit %d\n%q", code, out)
	}
	// A message on standard error carries what it quotes visibly too.
	_, _, errOut := plainsight(t, "", "scan", filepath.Join(dir, "missing\x1b[2J"))
	if strings.Contains(errOut, "\x1b") {
		t.Errorf("stderr %q", errOut)
	}
}

// FuzzVisible: whatever the text, what visible writes is valid UTF-8 with
// no codepoint a terminal would act on or hide (every such codepoint is
// written as an annotation), a text with none of them is unchanged, and a
// byte that is not UTF-8 is named as a byte.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"plain", "b\r\x1b[1A\x1b[2K\r.md", "rtl\u202etxt", "\xed\xa0\x80x", "\xff\xfe", "a\u200bb\U000E0041", "\xed\xa0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := visible(s)
		if !utf8.ValidString(v) {
			t.Fatalf("visible(%q) = %q: not UTF-8", s, v)
		}
		for _, r := range v {
			if hidden(r) {
				t.Fatalf("visible(%q) = %q holds %U", s, v, r)
			}
		}
		plain := utf8.ValidString(s)
		for _, r := range s {
			plain = plain && !hidden(r)
		}
		if plain && v != s {
			t.Fatalf("visible(%q) = %q changed a printable text", s, v)
		}
		if !utf8.ValidString(s) && !strings.Contains(v, "⟨byte 0x") && !strings.Contains(v, "SURROGATE⟩") {
			t.Fatalf("visible(%q) = %q names no byte", s, v)
		}
	})
}

// hidden is what a terminal acts on or does not show: controls, and every
// codepoint that is non-printing (General_Category C* or Z* but U+0020) or
// default-ignorable, read from the UCD tables scan uses.
func hidden(r rune) bool {
	if r < utf8.RuneSelf {
		return r < 0x20 || r == 0x7F
	}
	return ucd.Lookup(r)&(ucd.NonPrinting|ucd.DefaultIgnorable) != 0
}

func TestVisibleBytes(t *testing.T) {
	for in, want := range map[string]string{
		"a\xffb":        "a⟨byte 0xFF⟩b",
		"\xed\xa0\x80x": "⟨U+D800 SURROGATE⟩x",
		"x\u200b\xfe":   "x⟨U+200B ZERO WIDTH SPACE⟩⟨byte 0xFE⟩",
		"caf\u00e9":     "caf\u00e9",
		"\xed\xa0":      "⟨byte 0xED⟩⟨byte 0xA0⟩",
	} {
		if got := visible(in); got != want {
			t.Errorf("visible(%q) = %q, want %q", in, got, want)
		}
	}
}
