package flag_test

import (
	"errors"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// registered registers an external server at url in s (version 1).
func registered(t *testing.T, s store.Store, url string) {
	t.Helper()
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	err := s.Atomic(t.Context(), func(tx store.Tx) error {
		if err := tx.InsertServer(t.Context(), store.Server{URL: url, Slug: "weather", PublisherStatus: store.PublisherUnclaimed,
			FirstSeen: at, LastChecked: at, Version: 1}); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(t.Context(), store.FingerprintVersion{ServerURL: url, Version: 1, Fingerprint: "ab", Definitions: []byte("{}"), RecordedAt: at})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestClaimedPublisherDisputes (issue 28, item 3): an anonymous flag
// against a registered server — as registration and refresh recorded it
// before any claim — cannot be disputed while the server is unclaimed; once
// an account claims the server, that account may dispute it (the record
// keeps its anonymous actor), may not decide it, and an award by another
// overturns it. The publisher's byte-identical content is then admitted by
// the gate; another account's is held.
func TestClaimedPublisherDisputes(t *testing.T) {
	const url = "https://weather.example/mcp"
	s := memory.New()
	registered(t, s, url)
	svc := &flag.Service{Store: s}
	in := flag.SubmissionInput{Artifact: flag.Artifact{Type: flag.ArtifactExternalServer, Ref: url, Label: "weather"},
		Field: "tools/forecast/description", Bytes: []byte("Forecasts.\u200b"),
		Actor: flag.Actor{Kind: flag.KindAnonymous, Handle: "weather"}, Source: flag.IntegrityRefresh}
	out, err := svc.Submit(t.Context(), in)
	if err != nil || out.Status != flag.Held {
		t.Fatalf("refresh flag: %+v, %v", out, err)
	}
	id := out.Decisions[0].Flag.ID
	pub := flag.Principal{AccountID: "acc_publisher", KeyID: "key_pub"}
	if _, err := svc.DisputeAs(t.Context(), id, pub, case1); !errors.Is(err, flag.ErrNotAttributed) {
		t.Fatalf("dispute before the claim: %v, want ErrNotAttributed", err)
	}
	if err := s.ClaimServer(t.Context(), url, pub.AccountID); err != nil {
		t.Fatal(err)
	}
	f, err := svc.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := flag.AttributedAccount(t.Context(), s, &f); err != nil || got != pub.AccountID {
		t.Errorf("AttributedAccount: %q, %v", got, err)
	}
	other := flag.Principal{AccountID: "acc_other", KeyID: "key_other"}
	if _, err := svc.DisputeAs(t.Context(), id, other, case1); !errors.Is(err, flag.ErrNotAttributed) {
		t.Errorf("dispute by another account: %v, want ErrNotAttributed", err)
	}
	if _, err := svc.DisputeAs(t.Context(), id, pub, case1); err != nil {
		t.Fatalf("dispute by the publisher: %v", err)
	}
	for _, by := range []flag.Principal{pub, {AccountID: pub.AccountID, KeyID: "key_pub_2"}} {
		if _, err := svc.Overturn(t.Context(), id, case1, by); !errors.Is(err, flag.ErrSelfDecision) {
			t.Errorf("award by %+v: %v, want ErrSelfDecision", by, err)
		}
	}
	f, err = svc.Overturn(t.Context(), id, case1, arbiter)
	if err != nil || f.Status != flag.Overturned {
		t.Fatalf("award: %+v, %v", f, err)
	}
	if f.Actor.Kind != flag.KindAnonymous || f.Actor.AccountID != "" {
		t.Errorf("the record's actor changed: %+v", f.Actor)
	}
	res, err := flag.VerifyLedger(t.Context(), s, nil)
	if err != nil || res.ProblemCount != 0 || res.Chain.Entries != 3 {
		t.Errorf("VerifyLedger: %+v, %v", res, err)
	}
	// The gate: the publisher's identical bytes are admitted (the award
	// judged them), another account's are held.
	mine := in
	mine.Actor = flag.Actor{Kind: flag.KindAccount, AccountID: pub.AccountID, Handle: "weather"}
	if out, err := svc.Submit(t.Context(), mine); err != nil || out.Status != flag.Admitted || out.Decisions[0].OverturnedBy.ID != id {
		t.Errorf("the publisher's bytes after the award: %+v, %v", out, err)
	}
	theirs := in
	theirs.Actor = flag.Actor{Kind: flag.KindAccount, AccountID: other.AccountID}
	if out, err := svc.Submit(t.Context(), theirs); err != nil || out.Status != flag.Held {
		t.Errorf("another account's bytes: %+v, %v", out, err)
	}
}

// An anonymous flag on an artifact of another type is nobody's, whoever
// claimed a server at its ref.
func TestAttributedAccountOtherArtifact(t *testing.T) {
	const url = "https://weather.example/mcp"
	s := memory.New()
	registered(t, s, url)
	if err := s.ClaimServer(t.Context(), url, "acc_publisher"); err != nil {
		t.Fatal(err)
	}
	f := flag.Flag{Artifact: flag.Artifact{Type: "skill", Ref: url}, Actor: flag.Actor{Kind: flag.KindAnonymous}}
	if got, err := flag.AttributedAccount(t.Context(), s, &f); err != nil || got != "" {
		t.Errorf("skill artifact: %q, %v", got, err)
	}
	f.Artifact = flag.Artifact{Type: flag.ArtifactExternalServer, Ref: "https://unregistered.example/"}
	if got, err := flag.AttributedAccount(t.Context(), s, &f); err != nil || got != "" {
		t.Errorf("unregistered server: %q, %v", got, err)
	}
}
