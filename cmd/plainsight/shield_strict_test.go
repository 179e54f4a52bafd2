package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/shield"
)

// TestShieldVerifyReadsOneWay is issue 29's reproduction through the
// command: a genuine malicious receipt, scanned and signed by plainsight
// shield scan, rewritten so that encoding/json reads "malicious" and
// JSON.parse, Python and jq read "clean" (or a lower score), verified on
// main (exit 0, "ok … malicious"). It must not verify.
func TestShieldVerifyReadsOneWay(t *testing.T) {
	dir := t.TempDir()
	_, ringJSON, _ := runCmd(t, "", "shield", "keygen")
	keysPath := filepath.Join(dir, "ring.json")
	os.WriteFile(keysPath, []byte(ringJSON), 0o600)
	_, jwks, _ := runCmd(t, "", "shield", "jwks", keysPath)
	jwksPath := filepath.Join(dir, "jwks.json")
	os.WriteFile(jwksPath, []byte(jwks), 0o644)
	code, resp, stderr := runCmd(t, "AKIAZ3VQ7MXR5NB2KL4P", "shield", "scan", "--keys", keysPath, "-")
	if code != exitFound {
		t.Fatalf("scan: exit %d (%s)", code, stderr)
	}
	var r shield.Response
	if err := json.Unmarshal([]byte(resp), &r); err != nil || r.Verdict != shield.Malicious {
		t.Fatalf("%v %s", err, resp)
	}
	score, _ := json.Marshal(r.Scores.Secrets)
	if code, out, stderr := runCmd(t, resp, "shield", "verify-receipt", "--jwks", jwksPath); code != exitClean {
		t.Fatalf("the genuine response: exit %d %s %s", code, out, stderr)
	}
	for _, c := range []struct{ name, signed, forged string }{
		{"verdict respelt", `"verdict": "malicious"`, `"verdict": "clean", "VERDICT": "malicious"`},
		{"verdict repeated", `"verdict": "malicious"`, `"verdict": "clean", "verdict": "malicious"`},
		{"score respelt", `"secrets": ` + string(score), `"secrets": 0, "Secrets": ` + string(score)},
		{"signature's padding bits", r.Receipt.Signature, flipLast(r.Receipt.Signature)},
	} {
		forged := strings.Replace(resp, c.signed, c.forged, 1)
		if forged == resp {
			t.Fatalf("%s: %s not in the response", c.name, c.signed)
		}
		code, out, stderr := runCmd(t, forged, "shield", "verify-receipt", "--jwks", jwksPath, "-")
		if code != exitFound || out != "" || !strings.Contains(stderr, "malformed receipt") {
			t.Errorf("%s: exit %d, %q %q; want 1 and a malformed receipt", c.name, code, out, stderr)
		}
	}
	if code, _, stderr := runCmd(t, "{", "shield", "verify-receipt", "--jwks", jwksPath, "-"); code != exitError || !strings.Contains(stderr, "not JSON") {
		t.Errorf("not JSON: exit %d %s, want 2", code, stderr)
	}
}

// flipLast changes the lowest bit of the last base64url character of a
// compact JWS, which encodes no byte of a 64-byte signature.
func flipLast(sig string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	i := strings.IndexByte(alphabet, sig[len(sig)-1])
	return sig[:len(sig)-1] + string(alphabet[i^1])
}
