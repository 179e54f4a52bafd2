package precall

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/store/postgres"
)

// pgOpen opens a store handle (a pool of its own) on schema.
func pgOpen(t testing.TB, dsn, schema string) *postgres.Store {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	s, err := postgres.OpenConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Four instances — four Refreshers, each with its own pool — on one
// PostgreSQL database, 1,000 loopback MCP servers, a virtual clock: every
// server refreshed exactly once a round across the instances, each
// changed server's change one event, no other event, each instance within
// its bounds (issue 33, item 4). Runs when PLAINSIGHT_TEST_POSTGRES names
// a test database; under CI=true it must.
func TestRefresherSimulationPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	schema := pgtest.Schema(t) // the instances refresh every due server of their schema: only this test's
	var ins []instance
	for range 4 {
		ins = append(ins, newInProcess(t, pgOpen(t, dsn, schema)))
	}
	simulate(t, pgOpen(t, dsn, schema), newFleet(t, 1000, 8), ins, 2)
}

// The same with each instance a process of its own (this test binary run
// as TestRefresherChild, one process per instance and round, its clock
// set to the round's time): 4 processes, two rounds, 200 servers in the
// full run (CI=true or PLAINSIGHT_EXHAUSTIVE=1), 100 in the sampled one.
func TestRefresherSimulationPostgresProcesses(t *testing.T) {
	dsn := pgtest.DSN(t)
	schema := pgtest.Schema(t) // the instances refresh every due server of their schema: only this test's
	var ins []instance
	for range 4 {
		ins = append(ins, &child{t: t, dsn: dsn, schema: schema})
	}
	simulate(t, pgOpen(t, dsn, schema), newFleet(t, testkit.Scale(t, 200, 100), 4), ins, 2)
}

// childEnv carries a child's settings (JSON childSettings).
const childEnv = "PLAINSIGHT_TEST_REFRESH_CHILD"

type childSettings struct {
	DSN, Schema string
	At          time.Time
}

// child is an instance run as a process of its own per round.
type child struct {
	t           testing.TB
	dsn, schema string
}

func (c *child) round(ctx context.Context, at time.Time) (*report, error) {
	set, err := json.Marshal(childSettings{DSN: c.dsn, Schema: c.schema, At: at})
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestRefresherChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"="+string(set))
	var errOut strings.Builder
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("child: %w\n%s\n%s", err, out, errOut.String())
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "REPORT "); ok {
			r := newReport()
			if err := json.Unmarshal([]byte(line), r); err != nil {
				return nil, err
			}
			return r, nil
		}
	}
	return nil, fmt.Errorf("child printed no report:\n%s", out)
}

// TestRefresherChild is one round of one instance of
// TestRefresherSimulationPostgresProcesses: it prints its report as a
// line "REPORT {json}". It does nothing in a normal run.
func TestRefresherChild(t *testing.T) {
	raw := os.Getenv(childEnv)
	if raw == "" {
		return
	}
	var set childSettings
	if err := json.Unmarshal([]byte(raw), &set); err != nil {
		t.Fatal(err)
	}
	s := pgOpen(t, set.DSN, set.Schema)
	g := testGuard(t, guard.Policy{AllowLoopback: true})
	f := &Refresher{Checker: &Checker{Guard: g, Store: s, Clock: func() time.Time { return set.At }}, Every: simEvery, Workers: simWorkers, PerHost: simPerHost}
	r := newReport()
	r.hook(f)
	st, err := f.Round(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	r.Stats = st
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("REPORT %s\n", b)
}
