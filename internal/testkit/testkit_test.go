package testkit

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The switch: full in CI and on request, sampled otherwise (issue 31).
func TestDecide(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		race bool
		want bool
	}{
		{map[string]string{}, false, false},
		{map[string]string{"CI": "true"}, false, true},
		{map[string]string{"CI": "true"}, true, false}, // samples under the race detector
		{map[string]string{"CI": "false"}, false, false},
		{map[string]string{Env: "1"}, false, true},
		{map[string]string{Env: "1"}, true, true},
		{map[string]string{Env: "0"}, false, false},
		{map[string]string{"CI": "true", Env: "0"}, false, false},
		{map[string]string{"CI": "true", Env: "1"}, true, true},
	} {
		if got := decide(func(k string) string { return c.env[k] }, c.race); got != c.want {
			t.Errorf("decide(%v, race %v) = %v, want %v", c.env, c.race, got, c.want)
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

// Under the race detector CI runs the samples, so .ci/run runs every
// package whose tests have an exhaustive part once more without it, in
// full. A package that starts asking testkit and is not on that line would
// never run its every case anywhere: this test finds such packages from
// the tests' source and names them.
func TestCIRunsEveryExhaustivePackage(t *testing.T) {
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^CI=true go test -count=1((?: \./[\w/.]+)+)$`).FindSubmatch(ci)
	if m == nil {
		t.Fatal(".ci/run has no line CI=true go test -count=1 ./pkg ...: the exhaustive parts would run nowhere in full")
	}
	listed := strings.Fields(string(m[1]))
	covered := func(dir string) bool {
		for _, p := range listed {
			root, tree := strings.CutSuffix(p, "/...")
			if p == dir || tree && (dir == root || strings.HasPrefix(dir, root+"/")) {
				return true
			}
		}
		return false
	}
	asks := regexp.MustCompile(`\btestkit\.(?:Exhaustive|Scale)\(`)
	var missing []string
	found := 0
	err = filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "../.." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !asks.Match(src) {
			return nil
		}
		found++
		dir := "./" + filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "../../"))
		if !covered(dir) && !slices.Contains(missing, dir) {
			missing = append(missing, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("found no test that asks testkit: the walk is broken")
	}
	if len(missing) > 0 {
		t.Errorf(".ci/run's full run (CI=true go test -count=1 ...) misses %v, whose tests have exhaustive parts", missing)
	}
}
