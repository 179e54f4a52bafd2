package precall

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/store"
)

// BenchmarkCheckUnregistered: a whole unregistered check of an SDK server
// on loopback (guard, probe of three pages, fingerprint, scan, answer).
func BenchmarkCheckUnregistered(b *testing.B) {
	var tools []tool
	for i := range 30 {
		tools = append(tools, tool{fmt.Sprintf("tool%02d", i), "Does thing number " + fmt.Sprint(i) + ".",
			`{"type":"object","properties":{"q":{"type":"string","description":"the query"}}}`})
	}
	srv := sdkServer(b, "bench", "1", nil, tools...)
	c := &Checker{Guard: testGuard(b, guard.Policy{AllowLoopback: true})}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Check(context.Background(), srv.URL, "tool07"); err != nil {
			b.Fatal(err)
		}
	}
}

func benchTools(n int) []tool {
	var tools []tool
	for i := range n {
		tools = append(tools, tool{fmt.Sprintf("tool%02d", i), "Does thing number " + fmt.Sprint(i) + ".",
			`{"type":"object","properties":{"q":{"type":"string","description":"the query"}}}`})
	}
	return tools
}

// BenchmarkCheckRegistered: a whole check of a registered server on
// loopback — the probe, fingerprint, compare with the record, scan, flags,
// §10 collisions against another registered server, the review aggregate
// and the answer — on each embedded backend.
func BenchmarkCheckRegistered(b *testing.B) {
	for _, bk := range backends(b) {
		b.Run(bk.name, func(b *testing.B) {
			s, _ := bk.open(b)
			clk := newClock()
			c := checker(b, s, clk)
			srv := newLive(b, "bench", nil, benchTools(30)...)
			other := newLive(b, "other", nil, tool{"tool07", "Another definition.", ""})
			mustRegister(b, c, srv.URL, "bench")
			mustRegister(b, c, other.URL, "other")
			for i := range 5 {
				if err := s.InsertReview(b.Context(), store.Review{ID: fmt.Sprint("rev_", i), ServerURL: srv.URL, FingerprintVersion: 1,
					AgentID: "agt", KYAVerified: true, Rating: 4, CreatedAt: clk.Now()}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				clk.Add(time.Second)
				a, err := c.Check(context.Background(), srv.URL, "tool07")
				if err != nil {
					b.Fatal(err)
				}
				if a.Integrity.Status != fingerprint.Unchanged || len(a.ShadowingWarnings) != 1 {
					b.Fatalf("%+v", a.Integrity)
				}
			}
		})
	}
}

// BenchmarkFeedPage: one page of 100 events of the §11 feed from a store
// holding 100,000 (no server stale, so no refresh), newest first and an
// older page by cursor.
func BenchmarkFeedPage(b *testing.B) {
	for _, bk := range backends(b) {
		b.Run(bk.name, func(b *testing.B) {
			s, _ := bk.open(b)
			clk := newClock()
			c := checker(b, s, clk)
			srv := newLive(b, "feed", nil, tool{"t", "d", ""})
			mustRegister(b, c, srv.URL, "feed")
			fp := strings.Repeat("ab", 32)
			diff := []byte(`{"tools_added":["t2"],"tools_removed":[],"tools_changed":[{"tool":"t","changes":["description_changed"]}],"server_identity_changed":false}`)
			const total, batch = 100000, 10000
			for i := 0; i < total; i += batch {
				err := s.Atomic(b.Context(), func(tx store.Tx) error {
					for j := i; j < i+batch; j++ {
						if _, err := tx.AppendChangeEvent(b.Context(), store.ChangeEvent{ServerURL: srv.URL, ServerName: "feed", At: clk.Now(),
							FromVersion: j + 1, ToVersion: j + 2, FingerprintBefore: fp, FingerprintAfter: fp, Diff: diff}); err != nil {
							return err
						}
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				q := FeedQuery{Limit: 100}
				if n%2 == 1 {
					q.Before = 50000
				}
				n++
				f, err := c.Changes(context.Background(), q)
				if err != nil {
					b.Fatal(err)
				}
				if len(f.Changes) != 100 {
					b.Fatalf("%d events", len(f.Changes))
				}
			}
		})
	}
}
