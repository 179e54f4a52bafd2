package shield

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/vectors"
)

// nodeVerifier is an independent verifier of the receipt vectors in
// JavaScript: its own canonical JSON (sorted keys, JSON.stringify's
// numbers), its own JWS parsing and Node's Ed25519. It prints one line per
// test: the tcId and "ok" or the reason it refused.
const nodeVerifier = `
const fs = require('fs');
const crypto = require('crypto');
const f = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const canon = v => {
  if (Array.isArray(v)) return '[' + v.map(canon).join(',') + ']';
  if (v && typeof v === 'object') return '{' + Object.keys(v).sort().map(k => JSON.stringify(k) + ':' + canon(v[k])).join(',') + '}';
  return JSON.stringify(v);
};
const b64u = b => Buffer.from(b).toString('base64url');
const out = [];
for (const g of f.testGroups) for (const t of g.tests) {
  const r = t.response, sig = r.receipt.signature || '';
  const verdict = (why) => out.push(t.tcId + ' ' + why);
  if (!sig) { verdict('unsigned'); continue; }
  const parts = sig.split('.');
  if (parts.length !== 3 || parts[1] !== '') { verdict('malformed'); continue; }
  if (!/^sha256:[0-9a-f]{64}$/.test(r.receipt.content_hash)) { verdict('malformed'); continue; }
  let header;
  try { header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')); } catch (e) { verdict('malformed'); continue; }
  if (header.alg !== 'EdDSA' || header.typ !== 'shield-receipt+jws') { verdict('malformed'); continue; }
  const jwk = f.jwks.keys.find(k => k.kid === header.kid);
  if (!jwk) { verdict('unknown_key'); continue; }
  const payload = canon({engine: r.engine, receipt: {content_hash: r.receipt.content_hash, scan_id: r.receipt.scan_id, timestamp: r.receipt.timestamp}, scores: r.scores, verdict: r.verdict});
  if (t.signed_payload && t.signed_payload !== payload) { verdict('payload_differs'); continue; }
  const key = crypto.createPublicKey({key: {kty: jwk.kty, crv: jwk.crv, x: jwk.x}, format: 'jwk'});
  const ok = crypto.verify(null, Buffer.from(parts[0] + '.' + b64u(payload)), key, Buffer.from(parts[2], 'base64url'));
  verdict(ok ? 'ok' : 'bad_signature');
}
console.log(out.join('\n'));
`

// TestReceiptVectorsNode verifies the receipt vectors with Node's Ed25519
// and a canonical JSON written in JavaScript, so that the valid signature
// is not only this package's word. CI installs node; without it the test
// fails rather than passes unseen.
func TestReceiptVectorsNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed on PATH for the independent receipt check (CI installs it)")
	}
	b, err := fs.ReadFile(vectors.FS(), "shield/shield_receipt.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	vec, script := filepath.Join(dir, "receipts.json"), filepath.Join(dir, "verify.js")
	if err := os.WriteFile(vec, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(nodeVerifier), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, script, vec)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var f receiptVectorFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"ErrUnsigned": "unsigned", "ErrMalformedReceipt": "malformed", "ErrUnknownKey": "unknown_key", "ErrBadSignature": "bad_signature"}
	lines := bytes.Split(bytes.TrimSpace(stdout.Bytes()), []byte("\n"))
	k := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			w := "ok"
			if tc.Result == "invalid" {
				w = want[tc.Error]
			}
			if k >= len(lines) {
				t.Fatalf("node printed %d lines", len(lines))
			}
			if got := string(lines[k]); got != jsonInt(tc.TcID)+" "+w {
				t.Errorf("#%d %s: node says %q, want %q", tc.TcID, tc.Comment, got, w)
			}
			k++
		}
	}
}

func jsonInt(i int) string { b, _ := json.Marshal(i); return string(b) }
