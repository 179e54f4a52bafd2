package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestHelp: plainsight alone lists the commands; every subcommand's
// --help lists each of its flags with a description, its exit status and
// an example.
func TestHelp(t *testing.T) {
	code, out, errOut := plainsight(t, "")
	if code != 2 || !strings.Contains(errOut, "usage:") || !strings.Contains(errOut, "\nCommands:\n  scan ") {
		t.Errorf("plainsight alone: exit %d\n%s%s", code, out, errOut)
	}
	for _, tt := range []struct {
		args  []string
		flags []string
	}{
		{[]string{"scan", "--help"}, []string{"--context", "--format", "--only", "--skip", "--ignore-file", "--baseline", "--profile", "--quiet"}},
		{[]string{"help", "scan"}, []string{"--format"}},
		{[]string{"skill", "-h"}, []string{"--format", "--baseline", "--profile", "--quiet"}},
		{[]string{"fingerprint", "--help"}, []string{"--format", "--from", "--pin", "--check", "--server-name", "--server-version", "--profile"}},
		{[]string{"intent", "hash", "--help"}, []string{"--canonical"}},
		{[]string{"intent", "verify", "--help"}, []string{"--hash", "--now"}},
		{[]string{"flags", "list", "--help"}, []string{"--db", "--format", "--artifact", "--class", "--status", "--limit", "--offset"}},
		{[]string{"flags", "show", "--help"}, []string{"--db", "--format"}},
		{[]string{"flags", "dispute", "--help"}, []string{"--db", "--format", "--by", "--case-id", "--case-number"}},
		{[]string{"flags", "award", "--help"}, []string{"--db", "--format", "--by", "--case-id", "--case-number", "--decision"}},
		{[]string{"ledger", "verify", "--help"}, []string{"--db", "--format"}},
		{[]string{"signature", "check", "--help"}, []string{"--db", "--format", "--quiet"}},
		{[]string{"signature", "list", "--help"}, []string{"--db", "--format"}},
		{[]string{"signature", "import", "--help"}, []string{"--db", "--from", "--corpus"}},
		{[]string{"signature", "corpus", "add", "--help"}, []string{"--corpus", "--db"}},
		{[]string{"signature", "corpus", "show", "--help"}, []string{"--corpus", "--db"}},
		{[]string{"shield", "scan", "--help"}, []string{"--source", "--direction", "--tool", "--keys", "--urls", "--format"}},
		{[]string{"shield", "verify-receipt", "--help"}, []string{"--jwks", "--content"}},
		{[]string{"shield", "keygen", "--help"}, nil},
		{[]string{"shield", "jwks", "--help"}, nil},
		{[]string{"shield", "receipts", "list", "--help"}, []string{"--db", "--who", "--hash", "--since", "--until", "--after", "--limit", "--jwks", "--format"}},
		{[]string{"registry", "add", "--help"}, []string{"--db", "--format", "--slug", "--page-url", "--store-listing", "--allow-loopback", "--profile"}},
		{[]string{"registry", "check", "--help"}, []string{"--db", "--format", "--allow-loopback", "--profile"}},
		{[]string{"registry", "list", "--help"}, []string{"--db", "--format", "--limit", "--offset"}},
		{[]string{"registry", "claim", "--help"}, []string{"--db", "--format", "--account", "--allow-loopback"}},
		{[]string{"registry", "verify", "--help"}, []string{"--db", "--format", "--account", "--allow-loopback"}},
		{[]string{"audit", "--help"}, []string{"--config", "--client", "--header", "--timeout", "--db", "--no-pin", "--allow-loopback",
			"--trust-project", "--format", "--install", "--uninstall", "--force", "--proxy-command", "--profile"}},
	} {
		code, out, errOut := plainsight(t, "", tt.args...)
		if code != 0 || !strings.HasPrefix(out, "usage: plainsight ") || !strings.Contains(out, "\nExit status: 0 ") || !strings.Contains(out, "\nExample:\n  plainsight ") {
			t.Errorf("%v: exit %d\n%s%s", tt.args, code, out, errOut)
		}
		for _, f := range tt.flags {
			i := strings.Index(out, "\n  "+f+" ")
			if i < 0 {
				i = strings.Index(out, "\n  "+f+"\n")
			}
			if i < 0 {
				t.Errorf("%v: no flag %s\n%s", tt.args, f, out)
				continue
			}
			// The description is on the next line.
			rest := out[i+1:]
			lines := strings.SplitN(rest, "\n", 3)
			if len(lines) < 2 || len(strings.TrimSpace(lines[1])) < 10 {
				t.Errorf("%v: flag %s has no description", tt.args, f)
			}
		}
	}
	// The server commands' own layout: usage lines, then the same closing
	// sections.
	for _, cmd := range []string{"serve", "mcp", "changes", "precall", "keys"} {
		code, out, errOut := plainsight(t, "", cmd, "--help")
		if code != 0 || !strings.HasPrefix(out, "usage:\n  plainsight "+cmd) || !strings.Contains(out, "\nExit status: 0 ") || !strings.Contains(out, "\nExample:\n  ") {
			t.Errorf("%s --help: exit %d\n%s%s", cmd, code, out, errOut)
		}
	}
	if code, out, _ := plainsight(t, "", "help", "version"); code != 0 || !strings.Contains(out, "Exit status: 0") || !strings.Contains(out, "Unicode") {
		t.Errorf("help version: exit %d\n%s", code, out)
	}
	if code, out, _ := plainsight(t, "", "intent", "--help"); code != 0 || !strings.Contains(out, "intent hash") || !strings.Contains(out, "intent verify") {
		t.Errorf("intent --help: exit %d\n%s", code, out)
	}
}

// TestVersion: version and --version give the module version and the
// Unicode version; SARIF's tool version is the same.
func TestVersion(t *testing.T) {
	want := "plainsight " + moduleVersion() + " (Unicode 17.0.0)\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		if code, out, _ := plainsight(t, "", args...); code != 0 || out != want {
			t.Errorf("%v: exit %d, %q, want %q", args, code, out, want)
		}
	}
	_, out, _ := plainsight(t, "", "skill", "--format", "sarif", example)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version string `json:"version"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || log.Runs[0].Tool.Driver.Version != moduleVersion() {
		t.Errorf("SARIF tool version: %v, %+v, want %q", err, log, moduleVersion())
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil || !strings.Contains(string(readme), "go install github.com/plainsight/plainsight/cmd/plainsight@latest") {
		t.Errorf("the README lacks the go install line (%v)", err)
	}
}
