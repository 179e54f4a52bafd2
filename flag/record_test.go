package flag_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/scan"
)

// TestRecordSHA256 checks the hand-ordered encoder against the canonical
// form of the same object built generically, for records with and without
// the optional members and with strings the canonical form escapes.
func TestRecordSHA256(t *testing.T) {
	base := flag.Flag{
		ID: "flg_0123456789abcdef0123", Artifact: flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"},
		Field: "tools[0].description", FindingClass: scan.ZeroWidth,
		Evidence: flag.Evidence{SHA256: "ab", Excerpt: "a⟨U+200B ZERO WIDTH SPACE⟩b \"q\" \\ \u007f \U0001F600"},
		Actor:    flag.Actor{AccountID: "acc_1", AgentID: "agt_1", Handle: "al\u2028ice", KYALevel: 2, Kind: "account"},
		Source:   flag.Submission, CreatedAt: time.Date(2026, 12, 1, 0, 28, 23, 120000000, time.UTC),
	}
	withAll := base
	withAll.Artifact.Label, withAll.Context, withAll.CreatedAt = "Example", "email_html", base.CreatedAt.Truncate(time.Second)
	for _, f := range []flag.Flag{base, withAll} {
		art := map[string]any{"type": f.Artifact.Type, "ref": f.Artifact.Ref}
		if f.Artifact.Label != "" {
			art["label"] = f.Artifact.Label
		}
		rec := map[string]any{
			"actor": map[string]any{"account_id": f.Actor.AccountID, "agent_id": f.Actor.AgentID, "handle": f.Actor.Handle,
				"kind": f.Actor.Kind, "kya_level": f.Actor.KYALevel},
			"artifact": art, "created_at": f.CreatedAt.Format(time.RFC3339Nano),
			"evidence": map[string]any{"excerpt": f.Evidence.Excerpt, "sha256": f.Evidence.SHA256},
			"field":    f.Field, "finding_class": string(f.FindingClass), "heuristic": false, "id": f.ID, "source": string(f.Source),
		}
		if f.Context != "" {
			rec["context"] = f.Context
		}
		v, err := canon.FromGo(rec, canon.Limits{MaxDepth: 4})
		if err != nil {
			t.Fatal(err)
		}
		b, err := canon.Marshal(v, canon.SortedUTF16, canon.Limits{MaxDepth: 4})
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		got, err := flag.RecordSHA256(&f)
		if err != nil || got != hex.EncodeToString(sum[:]) {
			t.Errorf("RecordSHA256 = %s, %v; the canonical form %s hashes to %x", got, err, b, sum)
		}
	}
	bad := base
	bad.Field = "\xff"
	if _, err := flag.RecordSHA256(&bad); err == nil {
		t.Error("a field that is not UTF-8 has a record hash")
	}
}
