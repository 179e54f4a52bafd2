package main

import (
	"context"
	"crypto/rand"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store/postgres"
)

// TestFlagsPostgres runs the operator commands against PostgreSQL, named
// by a postgres:// URL, when PLAINSIGHT_TEST_POSTGRES names a test
// database (as the store/postgres tests do; under CI=true it must).
func TestFlagsPostgres(t *testing.T) {
	// A schema of its own: ledger verify cross-checks every flag of it.
	u, err := url.Parse(postgresSchemaURL(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	svc := &psflag.Service{Store: s}
	ref := "https://cli-test.example/" + t.Name()
	out, err := svc.Submit(ctx, psflag.SubmissionInput{
		Artifact: psflag.Artifact{Type: "external_server", Ref: ref}, Field: "description",
		Bytes: []byte("x\u200b" + rand.Text()), Actor: psflag.Actor{Kind: psflag.KindAnonymous}, Source: psflag.ExternalPull,
	})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	id := out.FlagIDs()[0]
	code, stdout, stderr := runCmd(t, "", "flags", "list", "--db", u.String(), "--artifact", ref)
	if code != exitClean || !strings.Contains(stdout, id) {
		t.Errorf("flags list on PostgreSQL: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCmd(t, "", "ledger", "verify", "--db", u.String())
	if code != exitClean || !strings.Contains(stdout, "chain intact") {
		t.Errorf("ledger verify on PostgreSQL: exit %d\n%s%s", code, stdout, stderr)
	}
}

// postgresURL writes the test DSN as the postgres:// URL --db takes.
func postgresURL(t *testing.T, dsn string) url.URL {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cc := cfg.ConnConfig
	q := url.Values{"host": {cc.Host}}
	if cc.Port != 0 {
		q.Set("port", strconv.Itoa(int(cc.Port)))
	}
	u := url.URL{Scheme: "postgres", User: url.User(cc.User), Path: "/" + cc.Database, RawQuery: q.Encode()}
	if cc.Password != "" {
		u.User = url.UserPassword(cc.User, cc.Password)
	}
	return u
}

// TestRegistryPostgres runs registry add and check, precall --db and
// changes against PostgreSQL.
func TestRegistryPostgres(t *testing.T) {
	// A schema of its own: the shared database's public schema may have
	// been migrated by another build.
	u, err := url.Parse(postgresSchemaURL(t))
	if err != nil {
		t.Fatal(err)
	}
	srv := weather(t, "")
	slug := "weather-" + strings.ToLower(rand.Text())
	if code, out, errOut := runCmd(t, "", "registry", "add", "--allow-loopback", "--db", u.String(), "--slug", slug, srv.URL); code != exitClean {
		t.Fatalf("registry add on PostgreSQL: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCmd(t, "", "registry", "check", "--allow-loopback", "--db", u.String(), srv.URL); code != exitClean || !strings.Contains(out, "unchanged, version 1") {
		t.Errorf("registry check on PostgreSQL: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCmd(t, "", "precall", "--allow-loopback", "--db", u.String(), srv.URL); code != exitClean || !strings.Contains(out, "registered: yes, as "+slug) {
		t.Errorf("precall --db on PostgreSQL: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCmd(t, "", "changes", "--allow-loopback", "--db", u.String()); code == exitError || !strings.Contains(out, "refreshed servers: ") {
		t.Errorf("changes on PostgreSQL: exit %d\n%s%s", code, out, errOut)
	}
}
