package server

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/vectortest"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store/memory"
)

// TestRedirectVectors runs the registered-server tests of
// vectors/precall/redirects.json through GET /v1/security/precall: the
// server is registered on a store while it answers itself, then the
// route checks it on the test's network (served from loopback, names
// through an injected resolver) and answers 200 with the §9 answer — a
// registered URL that starts redirecting is changed, not refused, even
// when its hop is. (Registration has no route: the other group runs
// through precall and the command line.)
func TestRedirectVectors(t *testing.T) {
	f := vectortest.Redirects(t)
	ran := 0
	for _, g := range f.TestGroups {
		if g.Type != "RegisteredAnswerRedirectTest" {
			continue
		}
		p := guard.Policy{AllowLoopback: g.Policy.AllowLoopback}
		for _, v := range g.Tests {
			ran++
			t.Run(v.Name(), func(t *testing.T) {
				var want map[string]any
				if err := json.Unmarshal(v.Expected, &want); err != nil {
					t.Fatal(err)
				}
				first, err := time.Parse(time.RFC3339, v.Registration.FirstSeen)
				if err != nil {
					t.Fatal(err)
				}
				now := first
				clock := func() time.Time { return now }
				s := memory.New()
				setup := vectortest.Network{Resolve: v.Network.Resolve}
				setup.Servers = append(setup.Servers, struct {
					URL    string            `json:"url"`
					Served vectortest.Served `json:"served"`
				}{v.URL, *v.Recorded})
				in := precall.RegisterInput{URL: v.URL, Slug: v.Registration.Slug, PageURL: v.Registration.PageURL}
				if l := v.Registration.LinkedStoreListing; l != nil {
					in.LinkedStoreListing = *l
				}
				reg := &precall.Checker{Guard: setup.Serve(t).Guard(p), Store: s, Clock: clock}
				if res, err := reg.Register(t.Context(), in); err != nil || res.Status != precall.RegisterDone {
					t.Fatalf("Register: %+v %v", res, err)
				}
				now = now.Add(24 * time.Hour)
				h := New(Config{Guard: v.Network.Serve(t).Guard(p), Store: s, Clock: clock})
				status, got := call(t, h, "GET", precallPath(v.URL, v.Tool), "")
				if status != http.StatusOK {
					t.Fatalf("status %d: %v", status, got)
				}
				vectortest.Answer(t, got, any(want))
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
	if ran == 0 {
		t.Fatal("no vectors ran")
	}
}
