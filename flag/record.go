package flag

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
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
	b, err := appendRecord(make([]byte, 0, 512), f)
	if err != nil {
		return "", &Error{Op: "RecordSHA256", FlagID: f.ID, Err: ErrInvalid, Note: fmt.Sprintf("no canonical form: %v", err)}
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// appendRecord appends the canonical JSON of RecordSHA256's object: its
// keys are ASCII, so their UTF-16 order is their byte order, written out
// here; the strings go through the canonical encoder.
func appendRecord(b []byte, f *Flag) ([]byte, error) {
	if f.Actor.KYALevel > 1<<53 || f.Actor.KYALevel < -(1<<53) {
		return nil, fmt.Errorf("kya_level %d has no exact JSON number", f.Actor.KYALevel)
	}
	var err error
	str := func(key, v string) {
		if err != nil {
			return
		}
		b = append(b, key...)
		b, err = canon.AppendString(b, v)
	}
	str(`{"actor":{"account_id":`, f.Actor.AccountID)
	str(`,"agent_id":`, f.Actor.AgentID)
	str(`,"handle":`, f.Actor.Handle)
	str(`,"kind":`, f.Actor.Kind)
	b = append(b, `,"kya_level":`...)
	b = strconv.AppendInt(b, int64(f.Actor.KYALevel), 10)
	b = append(b, `},"artifact":{`...)
	if f.Artifact.Label != "" {
		str(`"label":`, f.Artifact.Label)
		b = append(b, ',')
	}
	str(`"ref":`, f.Artifact.Ref)
	str(`,"type":`, f.Artifact.Type)
	b = append(b, '}')
	if f.Context != "" {
		str(`,"context":`, f.Context)
	}
	str(`,"created_at":`, f.CreatedAt.UTC().Format(time.RFC3339Nano))
	str(`,"evidence":{"excerpt":`, f.Evidence.Excerpt)
	str(`,"sha256":`, f.Evidence.SHA256)
	str(`},"field":`, f.Field)
	str(`,"finding_class":`, string(f.FindingClass))
	b = append(b, `,"heuristic":false`...)
	str(`,"id":`, f.ID)
	str(`,"source":`, string(f.Source))
	return append(b, '}'), err
}
