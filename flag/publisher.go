package flag

import (
	"context"
	"errors"

	"github.com/plainsight/plainsight/store"
)

// ArtifactExternalServer is the §8 artifact type of flags against an
// external server; the ref is the server's URL (package precall's
// ArtifactType is this one).
const ArtifactExternalServer = "external_server"

// AttributedAccount returns the account f is attributed to for its
// lifecycle: the account that may dispute it, and that may not decide its
// dispute. For an account actor it is the actor's account_id. For an
// anonymous actor of a flag against a registered external server (artifact
// type ArtifactExternalServer, ref the server's URL) that a publisher has
// claimed, it is the publisher's account (issue 28, item 3): flags recorded
// at registration or refresh before the claim keep their anonymous actor —
// records are append-only — and become the claimed publisher's to dispute.
// Otherwise it is "" (nobody may dispute the flag). r is read for the
// server's claim; a missing server is not an error.
func AttributedAccount(ctx context.Context, r store.Servers, f *Flag) (string, error) {
	switch {
	case f.Actor.Kind == KindAccount:
		return f.Actor.AccountID, nil
	case f.Artifact.Type != ArtifactExternalServer:
		return "", nil
	}
	srv, err := r.Server(ctx, f.Artifact.Ref)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	if srv.PublisherStatus != store.PublisherClaimed {
		return "", nil
	}
	return srv.PublisherAccount, nil
}

// publishers caches the claimed publisher of the servers a gate's batch
// reads, by URL.
type publishers map[string]string

func (p publishers) of(ctx context.Context, tx store.Tx, f *store.Flag) (string, error) {
	if f.Actor.Kind == KindAccount {
		return f.Actor.AccountID, nil
	}
	if f.Artifact.Type != ArtifactExternalServer {
		return "", nil
	}
	if a, ok := p[f.Artifact.Ref]; ok {
		return a, nil
	}
	ff := fromStore(f)
	a, err := AttributedAccount(ctx, tx, &ff)
	if err != nil {
		return "", err
	}
	p[f.Artifact.Ref] = a
	return a, nil
}
