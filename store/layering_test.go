package store_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestScanningPackagesDoNotImportStore keeps the arrows pointing one way:
// the stateful packages import store, the scanning packages never do, and
// so never pull in a database driver.
func TestScanningPackagesDoNotImportStore(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed to list imports: %v", err)
	}
	pkgs := []string{"scan", "markup", "b64", "fingerprint", "probe", "skill", "intent", "guard", "shield", "shield/mcpguard", "shield/receipt", "shield/enforce", "shield/urllist"}
	args := []string{"list", "-deps"}
	for _, p := range pkgs {
		args = append(args, "github.com/plainsight/plainsight/"+p)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/plainsight/plainsight/store") ||
			dep == "github.com/plainsight/plainsight/flag" || dep == "github.com/plainsight/plainsight/ledger" ||
			strings.HasPrefix(dep, "modernc.org/sqlite") || strings.HasPrefix(dep, "github.com/jackc/") {
			t.Errorf("a scanning package depends on %s", dep)
		}
	}
}
