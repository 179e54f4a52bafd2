package surfacegen

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os/exec"
	"testing"
)

// TestReference runs the JavaScript model over the case inputs and checks
// that cases.json holds exactly what it computes. A missing node fails the
// test, as it does for the §7 vectors.
func TestReference(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is needed to check the extended fingerprint vectors against their model: %v", err)
	}
	if out, err := exec.Command(node, "reference.mjs", "--check").CombinedOutput(); err != nil {
		t.Errorf("node reference.mjs --check: %v\n%s", err, out)
	}
}

// TestByHand checks cases against canonical inputs written out by hand
// from the profile's rules, and their SHA-256 computed here, apart from
// both the model and package fingerprint.
func TestByHand(t *testing.T) {
	var cases []struct {
		Comment  string `json:"comment"`
		Expected struct {
			Canonical   string `json:"canonical"`
			Fingerprint string `json:"fingerprint"`
			Section7    string `json:"section7_fingerprint"`
		} `json:"expected"`
	}
	if err := json.Unmarshal(casesJSON, &cases); err != nil {
		t.Fatal(err)
	}
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	for i, want := range map[int]string{
		// Every kept tool field, keys sorted at every depth; icons,
		// execution, x-vendor and the _meta members without text left out.
		0: `{"instructions":"","prompts":[],"resource_templates":[],"resources":[],"server":{"name":"files","version":"1.0.0"},` +
			`"tools":[{"_meta":{"nested":{"label":"x","n":1},"openai/widgetDescription":"Shows the deleted file."},` +
			`"annotations":{"destructiveHint":true,"readOnlyHint":false,"title":"Delete"},"description":"Deletes the file at path.",` +
			`"inputSchema":{"properties":{"path":{"type":"string"}},"required":["path"],"type":"object"},"name":"delete_file",` +
			`"outputSchema":{"properties":{"deleted":{"type":"boolean"}},"type":"object"},"title":"Delete a file"}]}`,
		// §7's defaults for a name-only tool.
		1: `{"instructions":"","prompts":[],"resource_templates":[],"resources":[],"server":{"name":"demo","version":"1.0.0"},` +
			`"tools":[{"description":"","inputSchema":{},"name":"echo"}]}`,
		// Resources sorted by uri; size, annotations and icons left out.
		5: `{"instructions":"","prompts":[],"resource_templates":[],"resources":[` +
			`{"description":"The first note.","mimeType":"text/markdown","name":"a","title":"Note A","uri":"file:///notes/a.md"},` +
			`{"name":"b","uri":"file:///notes/b.md"}],"server":{"name":"notes","version":"1"},"tools":[]}`,
		// Nothing but a name: every list empty, the version null.
		8: `{"instructions":"","prompts":[],"resource_templates":[],"resources":[],"server":{"name":"bare","version":null},"tools":[]}`,
	} {
		c := cases[i]
		if c.Expected.Canonical != want {
			t.Errorf("case %d (%s): canonical\n got %s\nwant %s", i+1, c.Comment, c.Expected.Canonical, want)
		}
		if c.Expected.Fingerprint != sum(want) {
			t.Errorf("case %d (%s): fingerprint %s, want %s", i+1, c.Comment, c.Expected.Fingerprint, sum(want))
		}
	}
	// §7's fingerprint of case 2 is that of §7's vector 1 (the same server
	// and tool): the profile leaves §7's view alone.
	if got := cases[1].Expected.Section7; got != "12b99f41b3762f21acf6739c24d7b0cfdc70f799613be6f162d40f6258bdc41d" {
		t.Errorf("case 2: §7 fingerprint %s", got)
	}
}

func TestGenerate(t *testing.T) {
	b, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 10000 {
		t.Errorf("a vector file of %d bytes", len(b))
	}
}
