package sqlite_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

const crashEnv = "PLAINSIGHT_CRASH_CHILD_DB"

// TestCrashChild is the child of TestCrashMidStream: it creates flags, one
// transaction each, until it is killed. It does nothing in a normal run.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		return
	}
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	svc := &flag.Service{Store: s}
	for i := 0; ; i++ {
		_, err := svc.Submit(context.Background(), flag.SubmissionInput{
			Artifact: flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"},
			Field:    fmt.Sprintf("tools[%d].description", i),
			Bytes:    []byte(fmt.Sprintf("tool %d\u200b reads \u202efiles", i)),
			Actor:    flag.Actor{Kind: flag.KindAnonymous},
			Source:   flag.IntegrityRefresh,
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
	}
}

// TestCrashMidStream kills, with SIGKILL, a process in the middle of a
// stream of flag creations, and checks what it leaves: every flag has its
// ledger entry, every security.flagged entry its flag, and the chain
// verifies.
func TestCrashMidStream(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	open(t, path).Close() // the schema exists before the child writes
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnv+"="+path)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill it once it has written a few hundred flags more, mid-stream.
		s := open(t, path)
		start := countRows(t, s)
		deadline := time.Now().Add(60 * time.Second)
		for countRows(t, s) < start+200+round*37 {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("the child wrote too few flags in a minute")
			}
			time.Sleep(5 * time.Millisecond)
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		s.Close()
		checkConsistent(t, path)
	}
}

func countRows(t *testing.T, s *sqlite.Store) int {
	var n int
	if err := s.DB().QueryRow(`SELECT count(*) FROM flags`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func checkConsistent(t *testing.T, path string) {
	t.Helper()
	s := open(t, path)
	defer s.Close()
	c := context.Background()
	r, err := ledger.Verify(c, s)
	if err != nil {
		t.Fatalf("after SIGKILL: %v", err)
	}
	anchored := map[string]int64{}
	err = s.LedgerEntries(c, 1, func(e store.LedgerEntry) error {
		var body struct {
			Data struct {
				FlagID string `json:"flag_id"`
			} `json:"data"`
		}
		if err := json.Unmarshal(e.Body, &body); err != nil {
			return err
		}
		anchored[body.Data.FlagID] = e.Seq
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for off := 0; ; off += store.MaxListLimit {
		fs, err := s.ListFlags(c, store.FlagQuery{Offset: off})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			n++
			if seq, ok := anchored[f.ID]; !ok || seq != f.LedgerSeq {
				t.Errorf("flag %s: ledger_seq %d, anchored at %d (%v)", f.ID, f.LedgerSeq, seq, ok)
			}
		}
		if len(fs) < store.MaxListLimit {
			break
		}
	}
	if int64(n) != r.Entries || len(anchored) != n {
		t.Errorf("after SIGKILL: %d flags, %d ledger entries, %d anchored flag ids", n, r.Entries, len(anchored))
	}
	t.Logf("after SIGKILL: %d flags, each anchored; chain of %d entries verifies", n, r.Entries)
}
