package testkit

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The switch: full in CI and on request, sampled otherwise (issue 31).
func TestDecide(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"CI": "true"}, true},
		{map[string]string{"CI": "false"}, false},
		{map[string]string{Env: "1"}, true},
		{map[string]string{Env: "0"}, false},
		{map[string]string{"CI": "true", Env: "0"}, true}, // CI always runs every case
	} {
		if got := decide(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("decide(%v) = %v, want %v", c.env, got, c.want)
		}
	}
}

func TestScale(t *testing.T) {
	full := exhaustive()
	for _, c := range []struct{ full, sample, sampled int }{
		{1000, 50, 50},
		{1000, 0, 1}, // never zero
		{10, 50, 10}, // never more than the full loop
	} {
		want := c.sampled
		if full {
			want = c.full
		}
		if got := Scale(t, c.full, c.sample); got != want {
			t.Errorf("Scale(%d, %d) = %d, want %d (exhaustive %v)", c.full, c.sample, got, want, full)
		}
	}
}

// CI runs every case: .ci/run runs the tests under CI=true, and
// CONTRIBUTING.md names the switch a contributor uses for the same run.
// A CI script that dropped CI=true would run the samples only, silently.
func TestCIRunsEveryCase(t *testing.T) {
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^CI=true go test( -race)? \./\.\.\.$`).Match(ci) {
		t.Error(".ci/run does not run the tests as CI=true go test ./...: CI would run the samples only")
	}
	doc, err := os.ReadFile("../../CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), Env+"=1 go test ./...") {
		t.Errorf("CONTRIBUTING.md does not say how to run every case (%s=1 go test ./...)", Env)
	}
}
