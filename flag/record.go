package flag

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/plainsight/plainsight/internal/canon"
)

// RecordSHA256 returns the record hash a security.flagged entry carries as
// its record_sha256 member (issue 29: the ledger vouches for the whole
// creation record, not only the members it names): the lowercase hex
// SHA-256 of the canonical JSON (the canonical form of §7, as ledger
// bodies are written) of the object
//
//	{ "actor": { "account_id", "agent_id", "handle", "kind", "kya_level" },
//	  "artifact": { "type", "ref", "label"? }, "context"?, "created_at",
//	  "evidence": { "excerpt", "sha256" }, "field", "finding_class",
//	  "heuristic": false, "id", "source" }
//
// that is, the flag's §8 JSON record without the members that change or
// point back at the entry: status, dispute and ledger_seq. label and
// context are absent when empty, as in the record; created_at is RFC 3339
// in UTC with the fraction of a second written without trailing zeros (and
// no fraction when it is zero), as the record's JSON writes it.
func RecordSHA256(f *Flag) (string, error) {
	art := map[string]any{"type": f.Artifact.Type, "ref": f.Artifact.Ref}
	if f.Artifact.Label != "" {
		art["label"] = f.Artifact.Label
	}
	rec := map[string]any{
		"actor": map[string]any{
			"account_id": f.Actor.AccountID, "agent_id": f.Actor.AgentID, "handle": f.Actor.Handle,
			"kind": f.Actor.Kind, "kya_level": f.Actor.KYALevel,
		},
		"artifact":      art,
		"created_at":    f.CreatedAt.UTC().Format(time.RFC3339Nano),
		"evidence":      map[string]any{"excerpt": f.Evidence.Excerpt, "sha256": f.Evidence.SHA256},
		"field":         f.Field,
		"finding_class": string(f.FindingClass),
		"heuristic":     false,
		"id":            f.ID,
		"source":        string(f.Source),
	}
	if f.Context != "" {
		rec["context"] = f.Context
	}
	v, err := canon.FromGo(rec, canon.Limits{MaxDepth: 4})
	if err != nil {
		return "", &Error{Op: "RecordSHA256", FlagID: f.ID, Err: ErrInvalid, Note: fmt.Sprintf("no canonical form: %v", err)}
	}
	b, err := canon.Marshal(v, canon.SortedUTF16, canon.Limits{MaxDepth: 4})
	if err != nil {
		return "", &Error{Op: "RecordSHA256", FlagID: f.ID, Err: ErrInvalid, Note: fmt.Sprintf("no canonical form: %v", err)}
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}
