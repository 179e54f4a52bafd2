// Package receipt is the cryptography of Agent-Shield receipts (§3.2, and
// the signed receipts §8 plans for v0.2): the operator's signing keys, their
// publication as a JWK set, the signature a [shield.Scanner] puts on each
// receipt, and its verification by anyone who holds the published keys and
// the response.
//
// A receipt's signature is a detached compact JWS (RFC 7515 Appendix F:
// "header..signature", the payload left out) with alg EdDSA (Ed25519), typ
// [Type] ("shield-receipt+jws") and kid, the RFC 7638 thumbprint of the key.
// Its payload is the canonical JSON (RFC 8785: members sorted, numbers as
// ECMAScript writes them) of
//
//	{"engine": {"id", "version"}, "receipt": {"content_hash", "scan_id",
//	"timestamp"}, "scores": {…}, "verdict": …}
//
// rebuilt by the verifier from the response itself, so a receipt cannot be
// moved to another verdict, score or engine ([SignedPayload] gives the
// bytes). Detached, because the response already carries every signed
// field: an attached payload would repeat them and could disagree with
// them. The signals are an extension and are not signed.
//
// An operator generates a [KeyRing] once, stores it ([KeyRing.MarshalPrivate],
// a JWK set of private keys), publishes [KeyRing.JWKS], and rotates with
// [KeyRing.Rotate]: the new key signs, the old ones stay published so that
// older receipts verify. A KeyRing is a [shield.Signer]: a scanner built
// with shield.Options{Signer: ring} signs every receipt, and [Sign] signs a
// response a host built itself. [Verify] checks a response against
// published keys ([ParseJWKS]); [ContentMatches] checks content against its
// receipt's hash.
//
// The wire form is what was signed, so a received response is read with
// [ParseResponse] (or [VerifyJSON]), never with encoding/json alone: a
// member name given twice in one object, at any depth, or differing from a
// response member only by case ("VERDICT", which encoding/json folds onto
// verdict while JavaScript, Python and jq do not) is [ErrMalformedReceipt],
// as are text that is not UTF-8 and escaped lone surrogates (RFC 7493
// §2.1). The JWS's header and signature must be canonical base64url (RFC
// 7515 §2: no padding, the URL alphabet, the unused low bits of the last
// character zero), so that one signature has one spelling.
//
// This code lived in package shield until issue 32 split it out, so that
// a scanner that signs nothing does not carry a JOSE library, and a
// verifier does not carry the detectors. The wire format, the vectors of
// vectors/shield/shield_receipt.json and the error messages (still
// prefixed "shield:", as the commands print them) are unchanged.
//
// # Bounds
//
// A key set is at most 1 MiB and 100 keys. [ParseResponse] reads at most
// 64 MiB of JSON nested at most 16 deep, in one pass of encoding/json's
// tokenizer and one decoding. Signing and verifying cost one canonical
// encoding of the signed fields (a few hundred bytes, whatever the
// content's size) and one Ed25519 operation.
//
// # What it does not claim
//
// A signature proves that the holder of a published key signed this
// verdict, these scores and this engine for content of this hash at this
// time; it says nothing of whether the verdict is right (§7: a verdict is
// evidence, not proof), and [Verify] does not check the content (a
// verifier may not hold it: see [ContentMatches]). Which keys to trust, and
// how their publication is protected, is the verifier's business: a JWK
// set is taken as given. Keys are kept in memory as the Go runtime keeps
// them; nothing here protects a ring against the process's own host.
package receipt
