package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
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
// no codepoint a terminal would act on or hide: every such codepoint is
// written as an annotation, and the text without them is unchanged.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"plain", "b\r\x1b[1A\x1b[2K\r.md", "rtl\u202etxt", "\xed\xa0\x80x", "\xff\xfe", "a\u200bb\U000E0041"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := visible(s)
		if !utf8.ValidString(v) {
			t.Fatalf("visible(%q) = %q: not UTF-8", s, v)
		}
		for _, r := range v {
			if annotated(r) {
				t.Fatalf("visible(%q) = %q holds %U", s, v, r)
			}
		}
		if !needsAnnotation(s) && v != s {
			t.Fatalf("visible(%q) = %q changed a printable text", s, v)
		}
	})
}
