package shield_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestScannerImportsNoReceiptCryptoOrEnforcer is issue 32's split of
// shield: the scanner imports neither the receipt cryptography (nor its
// JOSE library and the strict JSON reader it needs) nor the enforcer; they
// import it. On the base, shield imported go-jose, canon and
// strictjson itself.
func TestScannerImportsNoReceiptCryptoOrEnforcer(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed to list imports: %v", err)
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/plainsight/plainsight/shield").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, dep := range deps {
		switch {
		case strings.HasPrefix(dep, "github.com/go-jose/"),
			dep == "github.com/plainsight/plainsight/shield/receipt",
			dep == "github.com/plainsight/plainsight/shield/enforce",
			dep == "github.com/plainsight/plainsight/internal/canon",
			dep == "github.com/plainsight/plainsight/internal/strictjson":
			t.Errorf("package shield depends on %s", dep)
		}
	}
	if len(deps) < 10 {
		t.Fatalf("go list printed %d packages", len(deps))
	}
}
