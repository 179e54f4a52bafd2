package receipt

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
// numbers), its own JWS parsing (canonical base64url), its own strict
// reading of response_json (no member name twice, none differing from a
// response member only by case, every signed member present with its
// type) and Node's Ed25519. It prints one line per
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
// canonB64 accepts only the one base64url spelling of some bytes.
const canonB64 = x => /^[A-Za-z0-9_-]*$/.test(x) && b64u(Buffer.from(x, 'base64url')) === x;
// The response's members, for the case rule; an array's element is '[]'.
const signal = {class: 1, kind: 1, confidence: 1, start: 1, end: 1, byte_start: 1, byte_end: 1, utf16_start: 1, utf16_end: 1};
const members = {verdict: 1, truncated: 1,
  scores: {prompt_injection: 1, ssrf: 1, secrets: 1, pii: 1, known_bad_url: 1},
  engine: {id: 1, version: 1}, receipt: {scan_id: 1, content_hash: 1, timestamp: 1, signature: 1},
  signals: {'[]': signal}};
const folds = (a, b) => a !== b && (a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase());
// strict throws on a member name given twice in one object, or differing
// from a known member only by case; s is JSON (JSON.parse read it).
const strict = s => {
  let i = 0;
  const ws = () => { while (i < s.length && ' \t\n\r'.includes(s[i])) i++; };
  const str = () => { const a = i++; while (s[i] !== '"') { if (s[i] === '\\') i++; i++; } i++; return JSON.parse(s.slice(a, i)); };
  const val = known => {
    ws();
    if (s[i] === '{') {
      i++; ws();
      const seen = new Set();
      if (s[i] === '}') { i++; return; }
      for (;;) {
        ws();
        const k = str();
        if (seen.has(k)) throw new Error('duplicate ' + k);
        seen.add(k);
        if (known && typeof known === 'object' && !(k in known) && Object.keys(known).some(n => folds(n, k))) throw new Error('folded ' + k);
        ws(); i++; // the colon
        val(known && typeof known === 'object' ? known[k] : undefined);
        ws();
        if (s[i++] === '}') return;
      }
    }
    if (s[i] === '[') {
      i++; ws();
      if (s[i] === ']') { i++; return; }
      for (;;) { val(known && known['[]']); ws(); if (s[i++] === ']') return; }
    }
    if (s[i] === '"') { str(); return; }
    while (i < s.length && !',}] \t\n\r'.includes(s[i])) i++;
  };
  val(members);
};
// present throws when a signed member is missing, null or of another
// type (encoding/json would read its zero value, JSON.parse reads none).
const signed = {verdict: 'string', scores: {prompt_injection: 'number', ssrf: 'number', secrets: 'number', pii: 'number', known_bad_url: 'number'},
  engine: {id: 'string', version: 'string'}, receipt: {content_hash: 'string', scan_id: 'string', timestamp: 'string'}};
const present = (v, want = signed) => {
  for (const [k, w] of Object.entries(want)) {
    const x = v !== null && typeof v === 'object' && !Array.isArray(v) ? v[k] : undefined;
    if (typeof w === 'object') present(x, w);
    else if (typeof x !== w) throw new Error('missing ' + k);
  }
};
const out = [];
for (const g of f.testGroups) for (const t of g.tests) {
  const verdict = (why) => out.push(t.tcId + ' ' + why);
  let r = t.response;
  if (t.response_json !== undefined) {
    try { r = JSON.parse(t.response_json); strict(t.response_json); present(r); } catch (e) { verdict('malformed'); continue; }
  }
  const sig = r.receipt.signature || '';
  if (!sig) { verdict('unsigned'); continue; }
  const parts = sig.split('.');
  if (parts.length !== 3 || parts[1] !== '') { verdict('malformed'); continue; }
  if (!canonB64(parts[0]) || !canonB64(parts[2])) { verdict('malformed'); continue; }
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
