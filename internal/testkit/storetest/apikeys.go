package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/store"
)

// apiKey is the suite's key n: its hash is n in 64 hex digits.
func apiKey(n int, scopes ...string) store.APIKey {
	if len(scopes) == 0 {
		scopes = []string{store.ScopeSubmit}
	}
	return store.APIKey{
		ID: fmt.Sprintf("key_%016x", n), Hash: fmt.Sprintf("%064x", n), Owner: fmt.Sprintf("acct_%d", n%2),
		Scopes: scopes, Label: fmt.Sprintf("key %d", n), CreatedAt: r0.Add(time.Duration(n) * time.Minute),
	}
}

func testAPIKeys(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	if _, err := s.APIKeyByHash(c, fmt.Sprintf("%064x", 1)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an empty store's key: %v", err)
	}
	k1 := apiKey(1, store.ScopeArbitrate, store.ScopeRegister, store.ScopeSubmit)
	if err := s.InsertAPIKey(c, k1); err != nil {
		t.Fatal(err)
	}
	got, err := s.APIKeyByHash(c, k1.Hash)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(k1, got); d != "" {
		t.Errorf("the key read back (-stored +read):\n%s", d)
	}
	// Duplicates: the id, the hash.
	dupID, dupHash := apiKey(2), apiKey(3)
	dupID.ID, dupHash.Hash = k1.ID, k1.Hash
	for _, k := range []store.APIKey{dupID, dupHash} {
		if err := s.InsertAPIKey(c, k); !errors.Is(err, store.ErrDuplicate) {
			t.Errorf("a duplicate key %+v: %v", k, err)
		}
	}
	// Bounds and rules.
	for name, mod := range map[string]func(*store.APIKey){
		"empty id":        func(k *store.APIKey) { k.ID = "" },
		"long id":         func(k *store.APIKey) { k.ID = string(make([]byte, store.IDMaxBytes+1)) },
		"short hash":      func(k *store.APIKey) { k.Hash = "abc" },
		"upper hash":      func(k *store.APIKey) { k.Hash = fmt.Sprintf("%064X", 10) },
		"no owner":        func(k *store.APIKey) { k.Owner = "" },
		"no scope":        func(k *store.APIKey) { k.Scopes = nil },
		"unknown scope":   func(k *store.APIKey) { k.Scopes = []string{"root"} },
		"unsorted scopes": func(k *store.APIKey) { k.Scopes = []string{store.ScopeSubmit, store.ScopeArbitrate} },
		"repeated scope":  func(k *store.APIKey) { k.Scopes = []string{store.ScopeSubmit, store.ScopeSubmit} },
		"revoked":         func(k *store.APIKey) { k.RevokedAt = r0 },
		"label not UTF-8": func(k *store.APIKey) { k.Label = "\xff" },
	} {
		k := apiKey(4)
		mod(&k)
		if err := s.InsertAPIKey(c, k); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	// Revocation: once; an unknown key is not found.
	if err := s.RevokeAPIKey(c, k1.ID, r0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeAPIKey(c, k1.ID, r0.Add(2*time.Hour)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("revoked twice: %v", err)
	}
	if err := s.RevokeAPIKey(c, "key_none", r0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown key revoked: %v", err)
	}
	if err := s.RevokeAPIKey(c, k1.ID, time.Time{}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("a revocation without a time: %v", err)
	}
	// Another handle sees the revocation, at its first time.
	got, err = again(t, o, s).APIKeyByHash(c, k1.Hash)
	if err != nil || !got.RevokedAt.Equal(r0.Add(time.Hour)) {
		t.Errorf("the revoked key: %+v %v", got, err)
	}
	// A failed transaction keeps neither its key nor its revocation.
	k5 := apiKey(5)
	if err := s.InsertAPIKey(c, k5); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err = s.Atomic(c, func(tx store.Tx) error {
		if err := tx.InsertAPIKey(c, apiKey(6)); err != nil {
			return err
		}
		if err := tx.RevokeAPIKey(c, k5.ID, r0); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Atomic: %v", err)
	}
	if _, err := s.APIKeyByHash(c, apiKey(6).Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a rolled-back key: %v", err)
	}
	if got, err := s.APIKeyByHash(c, k5.Hash); err != nil || !got.RevokedAt.IsZero() {
		t.Errorf("a rolled-back revocation: %+v %v", got, err)
	}
}

// testRaceRevoke: of many concurrent revocations of one key, from several
// handles, exactly one wins; the others get ErrConflict.
func testRaceRevoke(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	k := apiKey(7)
	if err := s.InsertAPIKey(c, k); err != nil {
		t.Fatal(err)
	}
	handles := []store.Store{s, again(t, o, s)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, lost := 0, 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := handles[i%2].RevokeAPIKey(c, k.ID, r0.Add(time.Duration(i)*time.Second))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, store.ErrConflict):
				lost++
			default:
				t.Errorf("revoke: %v", err)
			}
		}()
	}
	wg.Wait()
	if won != 1 || lost != 7 {
		t.Errorf("%d revocations won and %d lost, want 1 and 7", won, lost)
	}
}

// SeedAPIKeys stores two keys for the raw-SQL trigger tests of the SQL
// backends: key 1 live, key 2 revoked.
func SeedAPIKeys(t testing.TB, s store.Store) {
	t.Helper()
	for _, n := range []int{1, 2} {
		if err := s.InsertAPIKey(ctx(t), apiKey(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.RevokeAPIKey(ctx(t), apiKey(2).ID, r0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
}

// APIKeysRawSQL are statements that break the keys' contract (never
// deleted; the only change a revocation, once; a new key live); the SQL
// backends' schemas must refuse every one.
func APIKeysRawSQL() []string {
	one, two, three := apiKey(1), apiKey(2), apiKey(3)
	return []string{
		`DELETE FROM api_keys`,
		`DELETE FROM api_keys WHERE id = '` + two.ID + `'`,
		`UPDATE api_keys SET owner = 'acct_other'`,
		`UPDATE api_keys SET hash = '` + three.Hash + `' WHERE id = '` + one.ID + `'`,
		`UPDATE api_keys SET scopes = scopes`,
		`UPDATE api_keys SET label = 'renamed'`,
		`UPDATE api_keys SET created_at = created_at`,
		`UPDATE api_keys SET revoked_at = NULL WHERE id = '` + two.ID + `'`,
		`UPDATE api_keys SET revoked_at = created_at WHERE id = '` + two.ID + `'`,
		`UPDATE api_keys SET revoked_at = created_at, label = 'x' WHERE id = '` + one.ID + `'`,
		`INSERT INTO api_keys (id, hash, owner, scopes, label, created_at, revoked_at)
			SELECT '` + three.ID + `', '` + three.Hash + `', owner, scopes, label, created_at, created_at FROM api_keys WHERE id = '` + one.ID + `'`,
		`INSERT INTO api_keys (id, hash, owner, scopes, label, created_at)
			SELECT '` + three.ID + `', hash, owner, scopes, label, created_at FROM api_keys WHERE id = '` + one.ID + `'`,
	}
}

// APIKeysSnapshotSQL reads the keys as one string, to show raw SQL
// changed nothing.
const APIKeysSnapshotSQL = `SELECT COALESCE(string_agg(id || '|' || hash || '|' || owner || '|' || label || '|' || created_at || '|' ||
  COALESCE(revoked_at, created_at), '/'), '') FROM api_keys`

// APIKeysRevokeSQL revokes the live seeded key: what the schema allows.
const APIKeysRevokeSQL = `UPDATE api_keys SET revoked_at = created_at WHERE id = 'key_0000000000000001'`
