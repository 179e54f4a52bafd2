package fpgen

import (
	"os/exec"
	"testing"
)

// TestReference runs the JavaScript reference over the case inputs and
// checks that cases.json holds exactly what it computes, and that it
// agrees with the canonical forms written out by hand. Node is on every
// machine this project builds on; a missing node fails the test.
func TestReference(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is needed to check the fingerprint vectors against their reference: %v", err)
	}
	for _, script := range [][]string{{"reference.mjs", "--check"}, {"handcheck.mjs"}} {
		cmd := exec.Command(node, script...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("node %v: %v\n%s", script, err, out)
		}
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
