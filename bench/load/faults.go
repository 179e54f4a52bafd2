package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// answer is what the fault runs read of a pre-call answer.
type answer struct {
	Registered bool `json:"registered"`
	Integrity  struct {
		Status             string `json:"status"`
		FingerprintVersion int    `json:"fingerprint_version"`
	} `json:"integrity"`
	Scan struct {
		FlagIDs []string `json:"flag_ids"`
	} `json:"scan"`
}

func precallOnce(c *http.Client, base, mcp string) (*answer, error) {
	req, _ := http.NewRequest("GET", base+"/v1/security/precall?url="+url.QueryEscape(mcp), nil)
	_, body, err := do(c, req, http.StatusOK)
	if err != nil {
		return nil, err
	}
	var a answer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, err
	}
	if !a.Registered {
		return nil, errors.New("the server is not registered")
	}
	return &a, nil
}

// burst checks the registered server at --mcp (an every-probe server: each
// check is a change, a change event and a flag) from --clients clients
// until the server stops answering for --give-up, and appends each
// acknowledged write — a 200 answer saying changed — to --acks as
// "VERSION FLAG_ID...", synced before the next.
func burst(args []string) error {
	fs := flag.NewFlagSet("burst", flag.ExitOnError)
	base := fs.String("base", "", "the server's base URL")
	mcp := fs.String("mcp", "", "the registered MCP server's URL")
	acks := fs.String("acks", "", "the file of acknowledged writes")
	clients := fs.Int("clients", 8, "concurrent clients")
	giveUp := fs.Duration("give-up", 2*time.Second, "stop after the server has not answered for this long")
	most := fs.Duration("for", 2*time.Minute, "stop after this long in any case")
	fs.Parse(args)
	f, err := os.OpenFile(*acks, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	c := client(*clients, 30*time.Second)
	var mu sync.Mutex
	// A failure followed by a success happened while the server was up:
	// an error. The failures after the kill are never followed by one.
	var acked, failed, pending, upFailures atomic.Int64
	var lastOK atomic.Int64
	lastOK.Store(time.Now().UnixNano())
	deadline := time.Now().Add(*most)
	var wg sync.WaitGroup
	for i := 0; i < *clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) && time.Since(time.Unix(0, lastOK.Load())) < *giveUp {
				a, err := precallOnce(c, *base, *mcp)
				if err != nil {
					failed.Add(1)
					pending.Add(1)
					time.Sleep(20 * time.Millisecond)
					continue
				}
				upFailures.Add(pending.Swap(0))
				lastOK.Store(time.Now().UnixNano())
				if a.Integrity.Status != "changed" {
					continue
				}
				mu.Lock()
				fmt.Fprintln(f, a.Integrity.FingerprintVersion, strings.Join(a.Scan.FlagIDs, " "))
				f.Sync()
				mu.Unlock()
				acked.Add(1)
			}
		}()
	}
	wg.Wait()
	fmt.Printf("load burst: %d changes acknowledged; %d requests failed, %d of them before the server's last answer\n", acked.Load(), failed.Load(), upFailures.Load())
	if acked.Load() == 0 {
		return errors.New("nothing acknowledged")
	}
	if upFailures.Load() > 0 {
		return errors.New("requests failed while the server was up")
	}
	return nil
}

func openStore(ctx context.Context, db string) (store.Store, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") || strings.Contains(db, "host=") {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(ctx, strings.TrimPrefix(db, "sqlite:"), nil)
}

// feedEvents reads every page of the feed at base and returns the
// (from, to) versions of the events of server mcp.
func feedEvents(c *http.Client, base, mcp string) ([][2]int, error) {
	var out [][2]int
	before := ""
	for {
		req, _ := http.NewRequest("GET", base+"/v1/security/changes?limit=1000"+before, nil)
		_, body, err := do(c, req, http.StatusOK)
		if err != nil {
			return nil, err
		}
		var f struct {
			Changes []struct {
				Server struct {
					URL string `json:"url"`
				} `json:"server"`
				FromVersion int `json:"from_version"`
				ToVersion   int `json:"to_version"`
			} `json:"changes"`
			NextBefore *int64 `json:"next_before"`
		}
		if err := json.Unmarshal(body, &f); err != nil {
			return nil, err
		}
		for _, e := range f.Changes {
			if e.Server.URL == mcp {
				out = append(out, [2]int{e.FromVersion, e.ToVersion})
			}
		}
		if f.NextBefore == nil {
			return out, nil
		}
		before = "&before=" + strconv.FormatInt(*f.NextBefore, 10)
	}
}

// check verifies the store behind base after a crash or a twin run: the
// events of mcp are versions 1→2, 2→3, … each once; every acknowledged
// version has its event and every acknowledged flag exists; no two live
// flags share a §8 identity; and, when given, exactly changes events and
// flags flags.
func check(c *http.Client, base, mcp, db, acks string, changes, flags int) error {
	evs, err := feedEvents(c, base, mcp)
	if err != nil {
		return fmt.Errorf("feed: %w", err)
	}
	seen := map[int]bool{}
	var problems []string
	for _, e := range evs {
		if seen[e[1]] {
			problems = append(problems, fmt.Sprintf("two events to version %d", e[1]))
		}
		seen[e[1]] = true
		if e[0] != e[1]-1 {
			problems = append(problems, fmt.Sprintf("an event from %d to %d", e[0], e[1]))
		}
	}
	for v := 2; v <= len(evs)+1; v++ {
		if !seen[v] {
			problems = append(problems, fmt.Sprintf("no event to version %d", v))
		}
	}
	ctx := context.Background()
	s, err := openStore(ctx, db)
	if err != nil {
		return err
	}
	defer s.Close()
	fl, err := s.ListFlags(ctx, store.FlagQuery{ArtifactType: precall.ArtifactType, ArtifactRef: mcp})
	if err != nil {
		return err
	}
	ids := map[string]bool{}
	keys := map[store.Key]bool{}
	for _, f := range fl {
		ids[f.ID] = true
		k := store.Key{ArtifactType: f.Artifact.Type, ArtifactRef: f.Artifact.Ref, Field: f.Field, Class: f.Class, EvidenceSHA256: f.EvidenceSHA256}
		if keys[k] && f.Status != store.StatusOverturned {
			problems = append(problems, fmt.Sprintf("two live flags of one identity (%s %s)", f.Class, f.EvidenceSHA256[:12]))
		}
		keys[k] = true
	}
	nacks, ackedVersions := 0, map[int]bool{}
	if acks != "" {
		b, err := os.ReadFile(acks)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) == 0 {
				continue
			}
			nacks++
			v, _ := strconv.Atoi(fields[0])
			ackedVersions[v] = true
			if !seen[v] {
				problems = append(problems, fmt.Sprintf("acknowledged version %d has no event", v))
			}
			for _, id := range fields[1:] {
				if !ids[id] {
					problems = append(problems, fmt.Sprintf("acknowledged flag %s is missing", id))
				}
			}
		}
	}
	if changes >= 0 && len(evs) != changes {
		problems = append(problems, fmt.Sprintf("%d change events, want %d", len(evs), changes))
	}
	if flags >= 0 && len(fl) != flags {
		problems = append(problems, fmt.Sprintf("%d flags, want %d", len(fl), flags))
	}
	fmt.Printf("load verify: %d change events (versions 2..%d), %d flags; %d acknowledged answers (%d versions) checked\n", len(evs), len(evs)+1, len(fl), nacks, len(ackedVersions))
	if len(problems) > 0 {
		if len(problems) > 20 {
			problems = append(problems[:20], fmt.Sprintf("and %d more", len(problems)-20))
		}
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

func verify(args []string) error {
	fs := flag.NewFlagSet("verify", flag.ExitOnError)
	base := fs.String("base", "", "the server's base URL")
	mcp := fs.String("mcp", "", "the registered MCP server's URL")
	db := fs.String("db", "", "the server's database")
	acks := fs.String("acks", "", "the file of acknowledged writes")
	changes := fs.Int("changes", -1, "the number of change events expected")
	flags := fs.Int("flags", -1, "the number of flags expected")
	fs.Parse(args)
	return check(client(4, 30*time.Second), *base, *mcp, *db, *acks, *changes, *flags)
}

type bases []string

func (b *bases) String() string     { return strings.Join(*b, ",") }
func (b *bases) Set(s string) error { *b = append(*b, s); return nil }

// twins changes the server at --mcp (a manual one) --rounds times; after
// each change, --clients clients check it at once through every --base
// (instances sharing one database). Then exactly one change event per
// change and one flag per revision's finding must be recorded.
func twins(args []string) error {
	fs := flag.NewFlagSet("twins", flag.ExitOnError)
	var bs bases
	fs.Var(&bs, "base", "an instance's base URL (repeat)")
	mcp := fs.String("mcp", "", "the registered MCP server's URL (mode manual)")
	db := fs.String("db", "", "the shared database")
	rounds := fs.Int("rounds", 10, "changes")
	clients := fs.Int("clients", 16, "concurrent checks after each change")
	fs.Parse(args)
	if len(bs) < 2 {
		return errors.New("give --base at least twice")
	}
	c := client(*clients, 30*time.Second)
	changedAnswers := 0
	for r := 0; r < *rounds; r++ {
		if _, err := control(*mcp, "next"); err != nil {
			return err
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		var errs []error
		for i := 0; i < *clients; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				a, err := precallOnce(c, bs[i%len(bs)], *mcp)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
				} else if a.Integrity.Status == "changed" {
					changedAnswers++
				}
			}(i)
		}
		wg.Wait()
		if len(errs) > 0 {
			return fmt.Errorf("round %d: %d checks failed, first: %v", r+1, len(errs), errs[0])
		}
	}
	fmt.Printf("load twins: %d changes, %d checks through %d instances, %d answers said changed\n", *rounds, *rounds**clients, len(bs), changedAnswers)
	return check(c, bs[0], *mcp, *db, "", *rounds, *rounds)
}
