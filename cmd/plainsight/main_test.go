package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/scan"
)

// plainsight runs the command in-process.
func plainsight(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func writeFile(t testing.TB, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func decodeResult(t *testing.T, s string) *scan.Result {
	t.Helper()
	var r scan.Result
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("decoding %q: %v", s, err)
	}
	return &r
}

func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	clean := writeFile(t, dir, "clean.txt", "plain text\n")
	dirty := writeFile(t, dir, "dirty.txt", "zero\u200bwidth\n")
	invalid := writeFile(t, dir, "invalid.txt", "bad \xE2\x82 bytes\n")
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"clean file", []string{"scan", clean}, 0},
		{"finding", []string{"scan", dirty}, 1},
		{"clean and finding", []string{"scan", "--format", "jsonl", clean, dirty}, 1},
		{"ill-formed UTF-8", []string{"scan", invalid}, 1},
		{"missing file", []string{"scan", filepath.Join(dir, "nope")}, 2},
		{"missing file beside a finding", []string{"scan", "--format", "jsonl", dirty, filepath.Join(dir, "nope")}, 2},
		{"unknown format", []string{"scan", "--format", "xml", clean}, 2},
		{"unknown context", []string{"scan", "--context", "pdf", clean}, 2},
		{"unknown flag", []string{"scan", "--colour", clean}, 2},
		{"json with two inputs", []string{"scan", "--format", "json", clean, dirty}, 2},
		{"json with a directory", []string{"scan", "--format", "json", dir}, 2},
		{"no command", nil, 2},
		{"unknown command", []string{"frobnicate"}, 2},
		{"version", []string{"version"}, 0},
		{"help", []string{"help"}, 0},
		{"scan help", []string{"scan", "-h"}, 0},
	}
	for _, tt := range tests {
		code, _, stderr := plainsight(t, "", tt.args...)
		if code != tt.want {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tt.name, code, tt.want, stderr)
		}
		if code == exitError && tt.want == exitError && strings.Count(strings.TrimSpace(stderr), "\n") > 0 && !strings.Contains(tt.name, "beside") && tt.args != nil {
			t.Errorf("%s: stderr is not one line: %q", tt.name, stderr)
		}
	}
}

func TestStdin(t *testing.T) {
	for _, args := range [][]string{{"scan", "--format", "json"}, {"scan", "--format", "json", "-"}} {
		code, out, _ := plainsight(t, "a\u200bb", args...)
		res := decodeResult(t, out)
		if code != 1 || res.DeterministicCount != 1 || res.Findings[0].Start != 1 {
			t.Errorf("%v: exit %d, result %+v", args, code, res)
		}
	}
}

// A leading byte order mark is an encoding signature: not a finding, not
// counted by codepoint or UTF-16 offsets, counted by byte offsets.
func TestLeadingBOM(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "bom.txt", "\uFEFFab\u200bc\uFEFF")
	code, out, _ := plainsight(t, "", "scan", "--format", "json", p)
	res := decodeResult(t, out)
	if code != 1 || len(res.Findings) != 2 {
		t.Fatalf("exit %d, findings %+v", code, res.Findings)
	}
	zw, bom := res.Findings[0], res.Findings[1]
	if zw.Start != 2 || zw.End != 3 || zw.ByteStart != 5 || zw.ByteEnd != 8 || zw.UTF16Start != 2 {
		t.Errorf("zero-width space after a leading BOM: %+v", zw)
	}
	if bom.Start != 4 || bom.ByteStart != 9 || bom.Codepoints[0] != "U+FEFF" {
		t.Errorf("a BOM at the end is a finding: %+v", bom)
	}
	if res.Sanitized != "abc" {
		t.Errorf("sanitized %q, want %q", res.Sanitized, "abc")
	}

	code, _, _ = plainsight(t, "", "scan", writeFile(t, dir, "only.txt", "\uFEFFplain"))
	if code != 0 {
		t.Errorf("a file whose only oddity is a leading BOM: exit %d, want 0", code)
	}
}

func TestDirectory(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "b.txt", "x\u202ey")
	writeFile(t, dir, "a/c.md", "fine")
	writeFile(t, dir, ".git/objects/x", "\x00\x01")
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := plainsight(t, "", "scan", "--format", "jsonl", dir)
	if code != 1 {
		t.Errorf("exit %d, want 1 (stderr %q)", code, stderr)
	}
	var paths []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Path   string          `json:"path"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, strings.TrimPrefix(rec.Path, dir+"/"))
	}
	if got, want := strings.Join(paths, " "), "a/c.md b.txt"; got != want {
		t.Errorf("walked %q, want %q (lexical order, .git and symlinks skipped)", got, want)
	}
}

func TestTextFormat(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f.txt", "line one\r\nsécond \u200b\rthird\u0007\n\xFF")
	code, out, _ := plainsight(t, "", "scan", p)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		p + ":2:8: zero_width U+200B: sécond ⟨U+200B ZERO WIDTH SPACE⟩\n",
		p + ":3:6: control_char U+0007: third⟨U+0007 ALERT⟩\n",
		p + ":4:1: invalid_utf8: FF read as U+FFFD\n",
		"1 input scanned, 1 with findings, 2 findings, 1 ill-formed UTF-8 sequence.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour written to a non-terminal:\n%s", out)
	}
}

func TestFlagsAfterPaths(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f.txt", "a\u200bb")
	code, out, _ := plainsight(t, "", "scan", p, "--format", "json")
	if code != 1 || decodeResult(t, out).DeterministicCount != 1 {
		t.Errorf("flags after the path: exit %d, output %q", code, out)
	}
	writeFile(t, dir, "--format", "clean")
	t.Chdir(dir)
	code, _, stderr := plainsight(t, "", "scan", "--", "--format")
	if code != 0 {
		t.Errorf("a path after --: exit %d (stderr %q)", code, stderr)
	}
}

// Files of a megabyte or more are mapped, not read; the results must not
// depend on which.
func TestLargeFileMapped(t *testing.T) {
	dir := t.TempDir()
	text := strings.Repeat("plain prose, line after line.\n", 70000) + "the end\u2066\n"
	p := writeFile(t, dir, "large.txt", text)
	code, out, stderr := plainsight(t, "", "scan", "--format", "json", p)
	if code != 1 {
		t.Fatalf("exit %d (stderr %q)", code, stderr)
	}
	got := decodeResult(t, out)
	want, err := scan.Scan(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want.Findings, got.Findings); d != "" || len(got.Findings) != 1 {
		t.Errorf("findings differ from the in-memory scan's (-want +got):\n%s", d)
	}
	if got.Sanitized != want.Sanitized {
		t.Errorf("sanitized copy differs from the in-memory scan's")
	}
}

func TestIntentHash(t *testing.T) {
	binding := `{"b":1,"10":2,"9":{"z":-0,"a":1e21}}`
	code, out, stderr := plainsight(t, binding, "intent", "hash", "--canonical")
	if code != 0 || out != `{"9":{"a":1e+21,"z":0},"10":2,"b":1}`+"\n" {
		t.Errorf("--canonical: exit %d, %q (stderr %q)", code, out, stderr)
	}
	code, out, _ = plainsight(t, `{"amount":-0}`, "intent", "hash", "-")
	// The upstream vector negative-zero.json.
	if code != 0 || out != "sha256:e6a312b1d452aa705e11d045f19ba9f7097fbbc3a7ef956573c98e6d81203b6a\n" {
		t.Errorf("hash: exit %d, %q", code, out)
	}
	code, _, stderr = plainsight(t, `{"__proto__":1}`, "intent", "hash")
	if code != 1 || !strings.Contains(stderr, "UNSAFE_INTENT_KEY") {
		t.Errorf("a refused binding: exit %d, stderr %q", code, stderr)
	}
	for _, args := range [][]string{{"intent"}, {"intent", "frob"}, {"intent", "verify"}, {"intent", "hash", "a", "b"}, {"intent", "hash", "/nonexistent"}} {
		if code, _, _ := plainsight(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestIntentVerify(t *testing.T) {
	binding := `{"protocol_version":"agent-safe.intent/1","intent_id":"i1","expires_at":"2026-08-14T10:01:00.000Z","action":{"parameters":{"amountMinor":35000}}}`
	_, hash, _ := plainsight(t, binding, "intent", "hash")
	hash = strings.TrimSpace(hash)
	tests := []struct {
		why, binding string
		args         []string
		code         int
		stderr       string
	}{
		{"valid", binding, []string{"--hash", hash, "--now", "2026-08-14T10:00:30Z"}, 0, ""},
		{"expired", binding, []string{"--hash", hash, "--now", "2026-08-14T10:01:00Z"}, 1, "INTENT_EXPIRED"},
		{"changed parameter", strings.Replace(binding, "35000", "35001", 1), []string{"--hash", hash, "--now", "2026-08-14T10:00:30Z"}, 1, "INTENT_HASH_MISMATCH"},
		{"no hash", binding, nil, 2, ""},
		{"bad --now", binding, []string{"--hash", hash, "--now", "soon"}, 2, ""},
	}
	for _, tt := range tests {
		code, _, stderr := plainsight(t, tt.binding, append([]string{"intent", "verify"}, tt.args...)...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%s: exit %d, stderr %q; want %d, %q", tt.why, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestHeuristicOnly: §5 findings are printed, labelled, and leave the exit
// status at 0; the JSON result says noted.
func TestHeuristicOnly(t *testing.T) {
	const text = "Dear AI assistant, please summarize.\nLog in to pаypal today.\n"
	code, out, _ := plainsight(t, text, "scan", "-")
	if code != 0 {
		t.Fatalf("exit %d, want 0 for heuristic findings only:\n%s", code, out)
	}
	for _, want := range []string{
		"-:1:1: instruction_like addressed_to_ai (heuristic): Dear AI assistant, please summarize.\n",
		// The letter that makes the word mixed is named (issue 31, item 5).
		"-:2:11: mixed_script_confusable Latin+Cyrillic (heuristic): Log in to pаypal today. [in a Latin word: letter 2 U+0430 CYRILLIC SMALL LETTER A]\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = plainsight(t, text, "scan", "--format", "json", "-")
	if res := decodeResult(t, out); code != 0 || res.Status != scan.Noted || res.HeuristicCount != 2 || res.DeterministicCount != 0 {
		t.Errorf("exit %d, status %q, counts %d/%d; want 0, noted, 0/2", code, res.Status, res.DeterministicCount, res.HeuristicCount)
	}
}

// TestFingerprintFrom: a saved tools/list result, in the forms the command
// reads, gives the fingerprint of the §7 vectors' first case (computed by
// the independent reference there).
func TestFingerprintFrom(t *testing.T) {
	const want = "12b99f41b3762f21acf6739c24d7b0cfdc70f799613be6f162d40f6258bdc41d"
	for _, saved := range []string{
		`{"tools": [{"name": "echo", "annotations": {"readOnlyHint": true}}]}`,
		`{"jsonrpc": "2.0", "id": 2, "result": {"tools": [{"name": "echo"}]}}`,
		`[{"name": "echo", "description": null}]`,
	} {
		code, out, errOut := plainsight(t, saved, "fingerprint", "--from", "-", "--server-name", "demo", "--server-version", "1.0.0")
		if code != 0 || !strings.Contains(out, "fingerprint: "+want+"\n") || !strings.Contains(out, "server: demo 1.0.0\n") {
			t.Errorf("%s: exit %d\n%s%s", saved, code, out, errOut)
		}
	}
	code, out, _ := plainsight(t, `[{"name": "echo"}]`, "fingerprint", "--format", "json", "--from", "-", "--server-name", "demo", "--server-version", "1.0.0")
	wantJSON := `{"fingerprint":"` + want + `","input":{"server":{"name":"demo","version":"1.0.0"},"tools":[{"description":"","inputSchema":{},"name":"echo"}]},"note":"` + precall.IntegrityNote + `"}` + "\n"
	if code != 0 || out != wantJSON {
		t.Errorf("json: exit %d\n got %s\nwant %s", code, out, wantJSON)
	}
	// Refused lists exit 1; usage errors and unreachable servers 2.
	for _, tt := range []struct {
		stdin string
		args  []string
		code  int
	}{
		{`[{"description": "no name"}]`, []string{"--from", "-"}, 1},
		{`[{"name": "a"}, {"name": "a"}]`, []string{"--from", "-"}, 1},
		{`{"tools": [], "nextCursor": "p2"}`, []string{"--from", "-"}, 2},
		{`[{"name": "a"}`, []string{"--from", "-"}, 2},
		{`not json`, []string{"--from", "-"}, 2},
		{"", []string{"ftp://example.com"}, 2},
		{"", []string{}, 2},
		{"", []string{"--from", "-", "http://127.0.0.1:1/"}, 2},
		{"", []string{"http://127.0.0.1:1/mcp"}, 2},
	} {
		if code, _, errOut := plainsight(t, tt.stdin, append([]string{"fingerprint"}, tt.args...)...); code != tt.code || errOut == "" {
			t.Errorf("fingerprint %v: exit %d (%q), want %d", tt.args, code, errOut, tt.code)
		}
	}
}

// TestDirectoryThroughSymlink: a directory named through a symbolic link is
// scanned, not passed over.
func TestDirectoryThroughSymlink(t *testing.T) {
	real := t.TempDir()
	writeFile(t, real, "f.txt", "a\u200bb")
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	code, out, _ := plainsight(t, "", "scan", link)
	if code != 1 || !strings.Contains(out, filepath.Join(link, "f.txt")+":1:2: zero_width") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestDirectoryWalkLikeSkill: scan walks a directory as skill does — a
// binary file is not scanned but counted, in text, and an info result in
// SARIF and GitHub commands, as skill reports it.
func TestDirectoryWalkLikeSkill(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "SKILL.md", "clean\n")
	writeFile(t, dir, "logo.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\u200b\u202e")
	code, out, errOut := plainsight(t, "", "scan", dir)
	if code != 0 || strings.Contains(out, "logo.png:") || !strings.Contains(out, "1 input scanned, 0 with findings, 0 findings, 1 binary file skipped.") {
		t.Errorf("text: exit %d\n%s%s", code, out, errOut)
	}
	_, out, _ = plainsight(t, "", "scan", "--format", "github", dir)
	_, skillOut, _ := plainsight(t, "", "skill", "--format", "github", dir)
	if out != skillOut || !strings.Contains(out, "::notice file="+filepath.ToSlash(dir)+"/logo.png,line=1,col=1,title=binary_file::") {
		t.Errorf("github: scan\n%s\nskill\n%s", out, skillOut)
	}
}
