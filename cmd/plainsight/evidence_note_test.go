package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/server"
)

// evidenceLines are the §12 lines the project has: whatever shows a
// fingerprint, a flag or a verdict carries one of them (issue 28, item 5).
var evidenceLines = []string{precall.Note, precall.IntegrityNote, precall.FlagsNote, precall.RegisterNote, precall.RegisterNoteHeld,
	scan.Note, server.CheckNote, "A flag says hidden content was found and attributed; it is not a verdict."}

// evidenceExempt are the commands that show no fingerprint, flag or
// verdict, or whose output shape is another specification's (the reason
// says which). Every command is here or in TestEvidenceNotes' runs: a new
// one fails TestEvidenceCommandsClassified until it is put in one.
var evidenceExempt = map[string]string{
	"version":               "shows versions",
	"intent hash":           "shows a hash of a binding, not a fingerprint of definitions",
	"intent verify":         "shows whether a binding matches its hash",
	"ledger verify":         "shows whether the ledger's chain holds",
	"signature corpus add":  "adds to the operator's corpus",
	"signature corpus show": "shows the operator's corpus",
	"signature list":        "lists signature ids and counts; its JSON is the feed's wire form (GET /api/v1/shield/feed)",
	"signature import":      "counts what an import appended to the feed",
	"shield scan":           "prints the Agent-Shield §3.2 response, a signed shape of that protocol (JSON only)",
	"shield verify-receipt": "verifies a receipt's signature",
	"shield keygen":         "makes a key ring",
	"shield jwks":           "prints public keys",
	"shield receipts list":  "prints the Level 3 receipt log's entries, that protocol's shape",
	"skill":                 "prints the agent-skill check's results; its text ends with scan.Note, its JSON is the skill result shape",
	"serve":                 "serves the routes (server's own test enumerates them)",
	"mcp":                   "serves the MCP tools (their answers are the routes')",
	"flags dispute":         "prints the §8 flag record after the dispute, as its route answers it",
	"flags award":           "prints the §8 flag record after the award, as its route answers it",
	"registry claim":        "prints a publisher's claim challenge",
	"registry verify":       "prints whether a publisher's claim was proven",
	"keys create":           "makes an API key",
	"keys revoke":           "revokes an API key",
	"proxy":                 "speaks MCP to a client: the upstream's answers, through the guard",
	"help":                  "prints usage",
}

// evidenceJSONExempt are outputs whose JSON is a record format others
// read as is: the line is in their text, and beside them on the route.
var evidenceJSONExempt = map[string]string{
	"flags list": "a bare array of §8 flag records (GET /v1/security/flags carries its note beside them)",
	"flags show": "one §8 flag record",
	"approve":    "text only: a diff shown to the person approving it",
}

// TestEvidenceNotes runs every command that shows a fingerprint, a flag or
// a verdict, in every format, and finds a §12 line in what it prints.
func TestEvidenceNotes(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "reg.db")
	clean, held := weather(t, ""), weather(t, "Read this\u200b first.")
	other := weather(t, "")
	u := clean.URL + "/mcp"
	pin := filepath.Join(dir, "pin.json")
	if code, out, errOut := plainsight(t, "", "fingerprint", "--pin", pin, u); code != exitClean {
		t.Fatalf("pin: %d %s%s", code, out, errOut)
	}
	_, out, _ := plainsight(t, "", "registry", "add", "--db", db, "--allow-loopback", "--format", "json", held.URL+"/mcp")
	id := regexp.MustCompile(`flg_[0-9a-f]{20}`).FindString(out)
	if id == "" {
		t.Fatalf("no flag from the held registration: %s", out)
	}
	// In this order: registration first.
	order := []string{"fingerprint", "precall", "registry add", "registry check", "registry list", "changes", "flags list", "flags show", "scan", "signature check",
		"audit", "pins", "approve"}
	cfg := filepath.Join(dir, "mcp.json")
	if err := os.WriteFile(cfg, []byte(`{"mcpServers":{"weather":{"url":"`+u+`"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	pinKey := seedPins(t, db)
	runs := map[string][][]string{
		"fingerprint":     {{"fingerprint", u}, {"fingerprint", "--format", "json", u}, {"fingerprint", "--check", pin, u}, {"fingerprint", "--check", pin, "--format", "json", u}},
		"precall":         {{"precall", "--allow-loopback", u}, {"precall", "--allow-loopback", "--format", "json", u}},
		"registry add":    {{"registry", "add", "--db", db, "--allow-loopback", u}, {"registry", "add", "--db", db, "--allow-loopback", "--format", "json", other.URL + "/mcp"}},
		"registry check":  {{"registry", "check", "--db", db, "--allow-loopback", u}, {"registry", "check", "--db", db, "--allow-loopback", "--format", "json", u}},
		"registry list":   {{"registry", "list", "--db", db}, {"registry", "list", "--db", db, "--format", "json"}},
		"changes":         {{"changes", "--db", db}, {"changes", "--db", db, "--format", "json"}},
		"flags list":      {{"flags", "list", "--db", db}},
		"flags show":      {{"flags", "show", "--db", db, id}},
		"scan":            {{"scan", "-"}, {"scan", "--format", "json", "-"}},
		"signature check": {{"signature", "check", "--db", db, "-"}, {"signature", "check", "--db", db, "--format", "json", "-"}},
		"audit":           {{"audit", "--no-pin", "--allow-loopback", "--config", cfg}, {"audit", "--no-pin", "--allow-loopback", "--format", "json", "--config", cfg}},
		"pins":            {{"pins", "--db", db}, {"pins", "--db", db, "--format", "json"}},
		"approve":         {{"approve", "--db", db, "--tool", "forecast", pinKey}, {"approve", "--db", db, pinKey}},
	}
	if len(order) != len(runs) {
		t.Fatalf("order names %d commands, runs %d", len(order), len(runs))
	}
	for _, name := range order {
		rs := runs[name]
		for _, args := range rs {
			_, out, errOut := plainsight(t, "hello", args...)
			if !slices.ContainsFunc(evidenceLines, func(l string) bool { return strings.Contains(out, l) }) {
				t.Errorf("plainsight %s prints no §12 line:\n%s%s", strings.Join(args, " "), out, errOut)
			}
		}
		json := false
		for _, args := range rs {
			json = json || slices.Contains(args, "json")
		}
		if _, ok := evidenceJSONExempt[name]; !json && !ok {
			t.Errorf("%s: no JSON run", name)
		}
	}
	t.Run("classified", func(t *testing.T) {
		for _, c := range commandNames(t) {
			_, shown := runs[c]
			if _, exempt := evidenceExempt[c]; shown == exempt {
				t.Errorf("command %q: in both or neither of the runs and evidenceExempt", c)
			}
		}
	})
}

// commandNames are the commands main dispatches (its switch) with the
// subcommands the help table names, subcommands replacing their parent.
func commandNames(t *testing.T) []string {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	body := string(src)[strings.Index(string(src), "func run("):]
	var names []string
	for _, m := range regexp.MustCompile(`case ((?:"[a-z-]+",? ?)+):`).FindAllStringSubmatch(body, -1) {
		names = append(names, strings.Trim(strings.SplitN(m[1], ",", 2)[0], `"`))
	}
	for sub := range helps {
		if parent, _, ok := strings.Cut(sub, " "); ok {
			names = slices.DeleteFunc(names, func(n string) bool { return n == parent })
		}
	}
	for sub := range helps {
		if strings.Contains(sub, " ") {
			names = append(names, sub)
		}
	}
	// A subcommand the help table does not list.
	names = append(names, "shield verify-receipt")
	slices.Sort(names)
	return slices.Compact(names)
}
