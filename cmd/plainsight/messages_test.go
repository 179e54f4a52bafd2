package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/scan"
)

// TestMessages: what standard error says names the command once, no
// package of the library, no Go reference time; summaries count right in
// the singular and the plural, count ill-formed UTF-8, say when a directory
// is empty, and give the honesty note once a run.
func TestMessages(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	for _, tt := range []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"", []string{"skill", missing}, 2, "plainsight skill: " + missing + ": no such file or directory\n"},
		{"", []string{"scan", missing}, 2, "plainsight scan: " + missing + ": no such file or directory\n"},
		{"[1", []string{"fingerprint", "--from", "-"}, 2, "plainsight fingerprint: -: invalid JSON at $[1] (byte 2)\n"},
		{"{", []string{"intent", "hash"}, 1, "plainsight intent hash: INVALID_JSON at $: invalid JSON (byte 1)\n"},
		{"{}", []string{"intent", "verify", "--hash", "sha256:00", "--now", "yesterday"}, 2,
			"plainsight intent verify: --now \"yesterday\": want an RFC 3339 time, such as 2026-07-01T12:00:00Z (see plainsight help)\n"},
		{"", []string{"precall", "http://10.0.0.1/mcp"}, 2,
			"plainsight precall: refused (private): refused \"http://10.0.0.1/mcp\": private address 10.0.0.1 (host 10.0.0.1)\n"},
		{"{", []string{"shield", "verify-receipt", "--jwks", "/dev/null"}, 2, "plainsight shield verify-receipt: --jwks: invalid key set: not a JWK set\n"},
		{"{}", []string{"shield", "jwks"}, 2, "plainsight shield jwks: invalid key set: 0 keys, want 1 to 100\n"},
	} {
		code, _, errOut := plainsight(t, tt.stdin, tt.args...)
		if code != tt.code || errOut != tt.want {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tt.args, code, errOut, tt.code, tt.want)
		}
		for _, bad := range []string{"canon:", "skill: skill", "2006", "guard:", "shield:"} {
			if strings.Contains(errOut, bad) {
				t.Errorf("%v: stderr %q holds %q", tt.args, errOut, bad)
			}
		}
	}
	// A binding whose expiry is no time: the reference's code, and no Go
	// reference layout.
	binding := `{"intent_id":"i","protocol_version":"agent-safe.intent/1","action":{"tool":"t","parameters":{}},"expires_at":"soon"}`
	_, _, errOut := plainsight(t, binding, "intent", "verify", "--hash", "sha256:00")
	if strings.Contains(errOut, "2006") || strings.Count(errOut, "intent") > 2 {
		t.Errorf("a bad expiry: %q", errOut)
	}

	one := writeFile(t, dir, "one.txt", "a\u200bb \xff\n")
	two := writeFile(t, dir, "two.txt", "clean\n")
	code, out, _ := plainsight(t, "", "scan", one)
	if code != 1 || !strings.Contains(out, "1 input scanned, 1 with findings, 1 finding, 1 ill-formed UTF-8 sequence. ") {
		t.Errorf("singular: %s", out)
	}
	_, out, _ = plainsight(t, "", "scan", one, two, one)
	if !strings.Contains(out, "3 inputs scanned, 2 with findings, 2 findings, 2 ill-formed UTF-8 sequences. ") || strings.Count(out, scan.Note) != 1 {
		t.Errorf("plural, and one note: %s", out)
	}
	_, out, _ = plainsight(t, "", "skill", dir, dir)
	if strings.Count(out, scan.Note) != 1 {
		t.Errorf("skill: the note %d times:\n%s", strings.Count(out, scan.Note), out)
	}
	empty := t.TempDir()
	code, out, _ = plainsight(t, "", "scan", empty)
	if code != 0 || out != empty+": an empty directory, nothing to scan\n" {
		t.Errorf("an empty directory: exit %d, %q", code, out)
	}
}
