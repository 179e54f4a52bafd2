package secret

import (
	"runtime/debug"
	"testing"

	"github.com/zricethezav/gitleaks/v8/config"
)

// TestEmbeddedRulesAreGitleaks checks that gitleaks.toml is the default
// rule set of the gitleaks module go.mod requires, byte for byte (go
// generate copies it), and that every rule of it compiles here.
func TestEmbeddedRulesAreGitleaks(t *testing.T) {
	if gitleaksTOML != config.DefaultConfig {
		t.Fatalf("gitleaks.toml differs from config.DefaultConfig of the required gitleaks module: run go generate ./internal/secret")
	}
	set, err := compileRules(gitleaksTOML)
	if err != nil {
		t.Fatal(err)
	}
	// 222 rules in v8.30.1, of which 5 apply to file paths only or with
	// a path condition (text has no path) and 2 (private-key, jwt) are
	// left to the package's own rules.
	if got, want := len(set.rules), 222-7; got != want {
		t.Errorf("%d rules compiled, want %d", got, want)
	}
	assignment := 0
	for _, r := range set.rules {
		if r.assignment {
			assignment++
			if r.kwRe == nil || r.valRe == nil {
				t.Errorf("rule %s: the assignment template did not split", r.id)
			}
		}
	}
	// 96 rules of the file are written in the assignment template; one of
	// them has a path condition.
	if assignment != 95 {
		t.Errorf("%d assignment rules, want 95", assignment)
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/zricethezav/gitleaks/v8" && d.Version != GitleaksVersion {
				t.Errorf("go.mod requires gitleaks %s, GitleaksVersion is %s", d.Version, GitleaksVersion)
			}
		}
	}
}
