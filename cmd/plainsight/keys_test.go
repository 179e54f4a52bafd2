package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runKeysCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"keys"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// keys create prints a secret once that serve then accepts for the
// key's scopes; keys revoke ends it.
func TestKeys(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "keys.db")
	code, secret, errOut := runKeysCmd(t, "create", "--db", db, "--owner", "acct_1", "--scope", "submit,checkin", "--label", "ci")
	secret = strings.TrimSpace(secret)
	if code != exitClean || !regexp.MustCompile(`^psk_[0-9a-f]{64}$`).MatchString(secret) {
		t.Fatalf("create: %d %q %q", code, secret, errOut)
	}
	id := regexp.MustCompile(`key (key_[0-9a-f]{16}) for acct_1, scopes checkin,submit`).FindStringSubmatch(errOut)
	if id == nil || strings.Contains(errOut, secret) {
		t.Fatalf("create's standard error: %q", errOut)
	}
	for _, bad := range [][]string{
		{"create", "--db", db, "--owner", "acct_1", "--scope", "root"},
		{"create", "--db", db, "--scope", "submit"},
		{"create", "--db", db, "--owner", "acct_1"},
		{"revoke", "--db", db},
		{"revoke", "--db", db, "key_0000000000000000"},
		{"rotate"},
	} {
		if code, out, _ := runKeysCmd(t, bad...); code != exitError || out != "" {
			t.Errorf("%q: exit %d, output %q", bad, code, out)
		}
	}

	for _, sub := range []string{"create", "revoke"} {
		if code, out, _ := runKeysCmd(t, sub, "--help"); code != exitClean || !strings.Contains(out, "plainsight keys "+sub) || !strings.Contains(out, "Exit status") {
			t.Errorf("keys %s --help: %d %q", sub, code, out)
		}
	}

	base, _, stop := startServe(t, "--db", db)
	submit := func(key string) int {
		req, _ := http.NewRequest("POST", base+"/v1/security/submissions",
			strings.NewReader(`{"artifact":{"type":"skill","ref":"x"},"field":"name","content":"Plain words."}`))
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v map[string]any
		json.NewDecoder(resp.Body).Decode(&v)
		return resp.StatusCode
	}
	if got := submit(secret); got != 200 {
		t.Errorf("a submission with the key: %d", got)
	}
	if code, _, errOut := runKeysCmd(t, "revoke", "--db", db, id[1]); code != exitClean {
		t.Fatalf("revoke: %d %s", code, errOut)
	}
	if got := submit(secret); got != 401 {
		t.Errorf("a submission with the revoked key: %d", got)
	}
	if code, _, _ := runKeysCmd(t, "revoke", "--db", db, id[1]); code != exitError {
		t.Errorf("revoked twice: exit %d", code)
	}
	if code, log := stop(); code != exitClean || strings.Contains(log, secret) {
		t.Errorf("exit %d; the log holds the secret or failed:\n%s", code, log)
	}
}
