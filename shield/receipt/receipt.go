package receipt

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/go-jose/go-jose/v4"

	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/internal/strictjson"
	"github.com/plainsight/plainsight/shield"
)

// Errors of receipt signatures and key sets.
var (
	// ErrUnsigned: the receipt has no signature.
	ErrUnsigned = errors.New("shield: receipt is not signed")
	// ErrMalformedReceipt: the signature is not a detached compact JWS of
	// this package's form (canonical base64url included), a receipt field
	// is malformed, or the response's JSON is not read one way by every
	// reader (see ParseResponse).
	ErrMalformedReceipt = errors.New("shield: malformed receipt")
	// ErrUnknownKey: the signature names a key id the key set does not
	// hold.
	ErrUnknownKey = errors.New("shield: unknown receipt key")
	// ErrBadSignature: the signature does not verify over the response's
	// verdict, scores, engine and receipt: one of them was changed, or the
	// key is not the one that signed.
	ErrBadSignature = errors.New("shield: receipt signature does not verify")
	// ErrKeySet: a JWK set that is not a set of Ed25519 keys with key ids.
	ErrKeySet = errors.New("shield: invalid key set")
)

// Error wraps one of the receipt errors with what was wrong.
type Error struct {
	Err    error
	Detail string
}

// Error says what was refused and why.
func (e *Error) Error() string {
	if e.Detail == "" {
		return e.Err.Error()
	}
	return e.Err.Error() + ": " + e.Detail
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// Type is the "typ" header of a receipt signature.
const Type = "shield-receipt+jws"

// Bounds of a key set.
const (
	maxKeySetBytes = 1 << 20
	maxKeys        = 100
)

// KeyRing holds an operator's receipt signing keys: the current one, which
// signs, and the retired ones, kept so that older receipts still verify.
// Keys are Ed25519; a key id is the key's RFC 7638 JWK thumbprint
// (SHA-256, base64url). A KeyRing is safe for concurrent use.
type KeyRing struct {
	mu     sync.RWMutex
	keys   []ringKey // keys[0] is the current signing key
	signer jose.Signer
}

type ringKey struct {
	kid  string
	priv ed25519.PrivateKey
}

// NewKeyRing returns a ring holding one newly generated key.
func NewKeyRing() (*KeyRing, error) {
	r := &KeyRing{}
	if err := r.Rotate(); err != nil {
		return nil, err
	}
	return r, nil
}

// NewKeyRingFromSeed returns a ring holding the one key derived from an
// RFC 8032 seed of 32 bytes (for tests and for operators whose key lives in
// a secrets manager as a seed).
func NewKeyRingFromSeed(seed []byte) (*KeyRing, error) {
	if len(seed) != ed25519.SeedSize {
		return nil, &Error{ErrKeySet, "an Ed25519 seed is 32 bytes"}
	}
	r := &KeyRing{}
	return r, r.add(ed25519.NewKeyFromSeed(seed))
}

// Rotate generates a new current key; the previous keys stay in the ring
// (and in its JWKS) for verification.
func (r *KeyRing) Rotate() error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	return r.add(priv)
}

func (r *KeyRing) add(priv ed25519.PrivateKey) error {
	kid, err := thumbprint(priv.Public().(ed25519.PublicKey))
	if err != nil {
		return err
	}
	signer, err := jose.NewSigner(
		jose.SigningKey{Algorithm: jose.EdDSA, Key: jose.JSONWebKey{Key: priv, KeyID: kid}},
		(&jose.SignerOptions{}).WithType(Type))
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.keys) >= maxKeys {
		return &Error{ErrKeySet, fmt.Sprintf("more than %d keys", maxKeys)}
	}
	r.keys = append([]ringKey{{kid, priv}}, r.keys...)
	r.signer = signer
	return nil
}

func thumbprint(pub ed25519.PublicKey) (string, error) {
	jwk := jose.JSONWebKey{Key: pub}
	t, err := jwk.Thumbprint(crypto.SHA256)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(t), nil
}

// CurrentKeyID returns the id of the key that signs.
func (r *KeyRing) CurrentKeyID() string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.keys[0].kid
}

// JWKS returns the public keys as a JWK Set (RFC 7517 §5), current key
// first, for publication: {"keys": [{"kty": "OKP", "crv": "Ed25519", "x":
// …, "kid": …, "alg": "EdDSA", "use": "sig"}, …]}.
func (r *KeyRing) JWKS() ([]byte, error) {
	return json.Marshal(r.set(false))
}

// MarshalPrivate returns the ring in the form an operator stores it: a JWK
// Set of the private keys, current key first. Keep it secret.
func (r *KeyRing) MarshalPrivate() ([]byte, error) {
	return json.Marshal(r.set(true))
}

func (r *KeyRing) set(private bool) jose.JSONWebKeySet {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var s jose.JSONWebKeySet
	for _, k := range r.keys {
		var key any = k.priv.Public()
		if private {
			key = k.priv
		}
		s.Keys = append(s.Keys, jose.JSONWebKey{Key: key, KeyID: k.kid, Algorithm: string(jose.EdDSA), Use: "sig"})
	}
	return s
}

// PublicKeys returns the ring's public keys, for verification.
func (r *KeyRing) PublicKeys() *PublicKeys {
	r.mu.RLock()
	defer r.mu.RUnlock()
	p := &PublicKeys{keys: map[string]ed25519.PublicKey{}}
	for _, k := range r.keys {
		p.keys[k.kid] = k.priv.Public().(ed25519.PublicKey)
	}
	return p
}

// LoadKeyRing reads a ring stored by MarshalPrivate.
func LoadKeyRing(data []byte) (*KeyRing, error) {
	set, err := parseSet(data)
	if err != nil {
		return nil, err
	}
	r := &KeyRing{}
	for i := len(set.Keys) - 1; i >= 0; i-- {
		priv, ok := set.Keys[i].Key.(ed25519.PrivateKey)
		if !ok || len(priv) != ed25519.PrivateKeySize {
			return nil, &Error{ErrKeySet, fmt.Sprintf("key %d is not an Ed25519 private key", i)}
		}
		// A JWK carries the public key (x) beside the seed (d); one whose
		// x is not the seed's would sign receipts nobody can verify.
		if !bytes.Equal(ed25519.NewKeyFromSeed(priv.Seed()), priv) {
			return nil, &Error{ErrKeySet, fmt.Sprintf("key %d: x is not the public key of d", i)}
		}
		if err := r.add(priv); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func parseSet(data []byte) (*jose.JSONWebKeySet, error) {
	if len(data) > maxKeySetBytes {
		return nil, &Error{ErrKeySet, "larger than 1 MiB"}
	}
	var set jose.JSONWebKeySet
	if err := json.Unmarshal(data, &set); err != nil {
		return nil, &Error{ErrKeySet, "not a JWK set"}
	}
	if len(set.Keys) == 0 || len(set.Keys) > maxKeys {
		return nil, &Error{ErrKeySet, fmt.Sprintf("%d keys, want 1 to %d", len(set.Keys), maxKeys)}
	}
	return &set, nil
}

// PublicKeys is a set of receipt verification keys by key id, as a
// verifier holds them. It is read-only and safe for concurrent use.
type PublicKeys struct {
	keys map[string]ed25519.PublicKey
}

// ParseJWKS reads published keys (a JWK Set of Ed25519 public keys, each
// with a key id). Private keys in the set are refused: a published set
// must not hold them.
func ParseJWKS(data []byte) (*PublicKeys, error) {
	set, err := parseSet(data)
	if err != nil {
		return nil, err
	}
	p := &PublicKeys{keys: map[string]ed25519.PublicKey{}}
	for i, k := range set.Keys {
		pub, ok := k.Key.(ed25519.PublicKey)
		if !ok {
			return nil, &Error{ErrKeySet, fmt.Sprintf("key %d is not an Ed25519 public key", i)}
		}
		if k.KeyID == "" {
			return nil, &Error{ErrKeySet, fmt.Sprintf("key %d has no kid", i)}
		}
		p.keys[k.KeyID] = pub
	}
	return p, nil
}

// signedPayload is the JWS payload of a receipt: the canonical JSON
// (RFC 8785: members sorted, numbers as ECMAScript writes them) of
//
//	{"engine": {"id", "version"}, "receipt": {"content_hash", "scan_id",
//	"timestamp"}, "scores": {the five}, "verdict"}
//
// taken from the response, so that the signature binds the receipt to its
// verdict, its scores and its engine. The signature itself and the
// extension fields (signals) are not signed.
func signedPayload(resp *shield.Response) ([]byte, error) {
	v := map[string]any{
		"engine": map[string]any{"id": resp.Engine.ID, "version": resp.Engine.Version},
		"receipt": map[string]any{
			"content_hash": resp.Receipt.ContentHash,
			"scan_id":      resp.Receipt.ScanID,
			"timestamp":    resp.Receipt.Timestamp,
		},
		"scores": map[string]any{
			"prompt_injection": resp.Scores.PromptInjection,
			"ssrf":             resp.Scores.SSRF,
			"secrets":          resp.Scores.Secrets,
			"pii":              resp.Scores.PII,
			"known_bad_url":    resp.Scores.KnownBadURL,
		},
		"verdict": string(resp.Verdict),
	}
	val, err := canon.FromGo(v, canon.Limits{})
	if err != nil {
		return nil, &Error{ErrMalformedReceipt, "a field has no canonical form"}
	}
	return canon.Marshal(val, canon.SortedUTF16, canon.Limits{})
}

// SignedPayload returns the bytes a receipt's signature covers (see the
// package doc), for a verifier in another language to compare with its own.
func SignedPayload(resp shield.Response) ([]byte, error) { return signedPayload(&resp) }

// SignReceipt returns the detached compact JWS of resp's signed payload
// (see the package doc) by the current key: the receipt's signature. It
// implements [shield.Signer], so that a scanner configured with the ring
// signs every receipt; resp's own signature, if any, is not signed. A nil
// ring is ErrKeySet.
func (r *KeyRing) SignReceipt(resp shield.Response) (string, error) {
	if r == nil {
		return "", &Error{ErrKeySet, "no key ring"}
	}
	payload, err := signedPayload(&resp)
	if err != nil {
		return "", err
	}
	r.mu.RLock()
	signer := r.signer
	r.mu.RUnlock()
	jws, err := signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return jws.DetachedCompactSerialize()
}

var contentHash = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// Bounds of a response read by ParseResponse.
const (
	maxResponseBytes = 64 << 20
	maxResponseDepth = 16
)

// ParseResponse reads a response (§3.2) from its JSON text, strictly, so
// that the response verified is the one every other reader of the same
// bytes sees (the wire form is what was signed): a member name given twice
// in one object at any depth, a member name that differs from a
// response member only by case ("VERDICT", which encoding/json would
// read as verdict), text that is not UTF-8 and the \u escape of a lone
// surrogate (RFC 7493 §2.1: encoding/json reads it as U+FFFD, JavaScript
// does not) are refused with ErrMalformedReceipt, as is JSON that is not
// one object of the response's form, and a response in which a signed
// member (the verdict, the five scores, the engine, the receipt's hash, id
// and time) is missing, null or of another JSON type, which encoding/json
// would read as its zero value. Members the response does not
// define (extensions) are allowed and ignored. The text is at most 64 MiB,
// nested at most 16 deep.
func ParseResponse(data []byte) (shield.Response, error) {
	var resp shield.Response
	lim := strictjson.Limits{MaxBytes: maxResponseBytes, MaxDepth: maxResponseDepth, IJSON: true}
	if err := strictjson.Unmarshal(data, &resp, lim); err != nil {
		return shield.Response{}, &Error{ErrMalformedReceipt, strings.TrimPrefix(err.Error(), "strictjson: ")}
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return shield.Response{}, &Error{ErrMalformedReceipt, "the response is not a JSON object"}
	}
	if err := signedMembersPresent(data); err != nil {
		return shield.Response{}, err
	}
	return resp, nil
}

// signedMembers are the members the signature covers (see signedPayload),
// by the object that holds them, with the JSON type each must have.
var signedMembers = []struct {
	path []string
	kind canon.Kind
}{
	{[]string{"verdict"}, canon.KindString},
	{[]string{"scores", "prompt_injection"}, canon.KindNumber},
	{[]string{"scores", "ssrf"}, canon.KindNumber},
	{[]string{"scores", "secrets"}, canon.KindNumber},
	{[]string{"scores", "pii"}, canon.KindNumber},
	{[]string{"scores", "known_bad_url"}, canon.KindNumber},
	{[]string{"engine", "id"}, canon.KindString},
	{[]string{"engine", "version"}, canon.KindString},
	{[]string{"receipt", "content_hash"}, canon.KindString},
	{[]string{"receipt", "scan_id"}, canon.KindString},
	{[]string{"receipt", "timestamp"}, canon.KindString},
}

// signedMembersPresent refuses a response in which a signed member is
// missing or null, or of another JSON type: encoding/json leaves the
// member's zero value (0, ""), which a signature over a zero verifies,
// while JSON.parse reads no member or null — a response that reads two
// ways. The text was read strictly already (no member twice), so the
// first member of a name is the only one.
func signedMembersPresent(data []byte) error {
	v, err := canon.Parse(data, canon.Limits{MaxBytes: maxResponseBytes, MaxDepth: maxResponseDepth})
	if err != nil {
		return &Error{ErrMalformedReceipt, "the response is not JSON"}
	}
	for _, m := range signedMembers {
		cur, ok := v, true
		for _, name := range m.path {
			if cur.Kind != canon.KindObject {
				ok = false
				break
			}
			var next canon.Value
			found := false
			for _, mem := range cur.Members {
				if mem.Key == name {
					next, found = mem.Value, true
					break
				}
			}
			if !found {
				ok = false
				break
			}
			cur = next
		}
		if !ok || cur.Kind != m.kind {
			return &Error{ErrMalformedReceipt, "signed member " + strings.Join(m.path, ".") + " is missing, null or of another type"}
		}
	}
	return nil
}

// VerifyJSON reads a response with ParseResponse and verifies its
// receipt with Verify; it returns the response read.
func VerifyJSON(data []byte, keys *PublicKeys) (shield.Response, error) {
	resp, err := ParseResponse(data)
	if err != nil {
		return shield.Response{}, err
	}
	return resp, Verify(resp, keys)
}

// canonicalBase64URL reports whether s is the one base64url form of its
// bytes (RFC 7515 §2, RFC 4648 §3.5): the URL alphabet, no padding, no
// line breaks, and the unused low bits of the last character zero.
// Without this, four signatures of one key would verify for one receipt,
// and a verifier that signs over the header's text as received (RFC 7515
// §5.2) would disagree with one that re-encodes it.
func canonicalBase64URL(s []byte) bool {
	b, err := base64.RawURLEncoding.Strict().DecodeString(string(s))
	return err == nil && base64.RawURLEncoding.EncodeToString(b) == string(s)
}

// Verify checks the signature of resp's receipt with keys: the
// signature must be a detached compact JWS, EdDSA, of type Type, by
// a key in keys, over resp's verdict, scores, engine and receipt, its
// header and signature each in canonical base64url (RFC 7515 §2). It does
// not check the content (see ContentMatches): a verifier may not hold it.
//
// resp must come from ParseResponse (or VerifyJSON), from a log
// entry read by receiptstore.Decode, or from a shield.Scanner:
// a response decoded with encoding/json from
// received bytes may not be the response other readers of those bytes
// see (encoding/json lets a second, case-folded "VERDICT" member
// overwrite "verdict"), and verifying it proves nothing about them.
func Verify(resp shield.Response, keys *PublicKeys) error {
	sig := resp.Receipt.Signature
	if sig == "" {
		return &Error{Err: ErrUnsigned}
	}
	if !contentHash.MatchString(resp.Receipt.ContentHash) {
		return &Error{ErrMalformedReceipt, "content_hash is not sha256: and 64 lowercase hex digits"}
	}
	parts := bytes.Split([]byte(sig), []byte("."))
	if len(parts) != 3 || len(parts[1]) != 0 {
		return &Error{ErrMalformedReceipt, "the signature is not a detached compact JWS"}
	}
	if !canonicalBase64URL(parts[0]) || !canonicalBase64URL(parts[2]) {
		return &Error{ErrMalformedReceipt, "the signature's header or signature is not canonical base64url"}
	}
	payload, err := signedPayload(&resp)
	if err != nil {
		return err
	}
	jws, err := jose.ParseDetached(sig, payload, []jose.SignatureAlgorithm{jose.EdDSA})
	if err != nil || len(jws.Signatures) != 1 {
		return &Error{ErrMalformedReceipt, "the signature is not an EdDSA JWS"}
	}
	h := jws.Signatures[0].Protected
	if typ, _ := h.ExtraHeaders[jose.HeaderType].(string); typ != Type {
		return &Error{ErrMalformedReceipt, "typ is not " + Type}
	}
	pub, ok := keys.keys[h.KeyID]
	if !ok {
		return &Error{ErrUnknownKey, "kid " + fmt.Sprintf("%.64q", h.KeyID)}
	}
	if err := jws.DetachedVerify(payload, pub); err != nil {
		return &Error{Err: ErrBadSignature}
	}
	return nil
}

// ContentMatches reports whether content is the content a receipt names:
// whether its hash is the receipt's content_hash.
func ContentMatches(r shield.Receipt, content string) bool {
	return r.ContentHash == shield.HashContent(content)
}

// Sign returns resp with its receipt signed by ring's current key: for a
// host that builds or stores responses itself (a shield.Scanner with
// Options.Signer signs its own).
func Sign(ring *KeyRing, resp shield.Response) (shield.Response, error) {
	sig, err := ring.SignReceipt(resp)
	if err != nil {
		return shield.Response{}, err
	}
	resp.Receipt.Signature = sig
	return resp, nil
}
