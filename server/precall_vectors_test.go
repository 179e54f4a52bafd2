package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// checkBoth makes the check of url (with the focus on tool) through GET
// /v1/security/precall and through the MCP tool precall_check, each of a
// server configured by its own call of mk (a registry of its own: a
// registered server's second check would find what the first recorded),
// and compares each answer with want (prose and flag ids as
// vectortest.Answer says).
func checkBoth(t *testing.T, mk func() Config, url, tool string, want map[string]any) {
	t.Helper()
	status, got := call(t, New(mk()), "GET", precallPath(url, tool), "")
	if status != http.StatusOK {
		t.Fatalf("GET: status %d: %v", status, got)
	}
	vectortest.Answer(t, got, any(want))
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("GET (-want +got):\n%s", d)
	}
	args := map[string]string{"url": url}
	if tool != "" {
		args["tool"] = tool
	}
	b, _ := json.Marshal(args)
	got, code := mcpCall(t, mcpSession(t, mk()), ToolPrecallCheck, string(b))
	if code != "" {
		t.Fatalf("MCP: error %s", code)
	}
	vectortest.Answer(t, got, any(want))
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("MCP (-want +got):\n%s", d)
	}
}

// vectorPublicURL is where the vectors' registry pages are: their
// page_url is "https://registry.example/servers/SLUG", which a server
// answers as its own page when this is its public URL.
const vectorPublicURL = "https://registry.example"

// TestRedirectVectors runs the registered-server tests of
// vectors/precall/redirects.json through GET /v1/security/precall and the
// MCP tool precall_check: the
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
				checkBoth(t, func() Config {
					now := first
					clock := func() time.Time { return now }
					s := memory.New()
					setup := vectortest.Network{Resolve: v.Network.Resolve}
					setup.Servers = append(setup.Servers, vectortest.NetServer{URL: v.URL, Served: *v.Recorded})
					in := precall.RegisterInput{URL: v.URL, Slug: v.Registration.Slug, PageURL: v.Registration.PageURL}
					if l := v.Registration.LinkedStoreListing; l != nil {
						in.LinkedStoreListing = *l
					}
					reg := &precall.Checker{Guard: setup.Serve(t).Guard(p), Store: s, Clock: clock}
					if res, err := reg.Register(t.Context(), in); err != nil || res.Status != precall.RegisterDone {
						t.Fatalf("Register: %+v %v", res, err)
					}
					now = now.Add(24 * time.Hour)
					return Config{Guard: v.Network.Serve(t).Guard(p), Store: s, Clock: clock, PublicURL: vectorPublicURL, SpecProfile: true}
				}, v.URL, v.Tool, want)
			})
		}
	}
	if ran == 0 {
		t.Fatal("no vectors ran")
	}
}

// TestRegisteredVectors runs vectors/precall/registered.json through GET
// /v1/security/precall and the MCP tool precall_check with real probes: each server registered while it
// serves its definitions at its URL (from loopback, its name resolved by
// an injected resolver), the reviews added, then the route checks the
// server on a network where its URL serves the probe's definitions — or
// where its name does not resolve, when the probe is unreachable.
func TestRegisteredVectors(t *testing.T) {
	f := vectortest.Registered(t)
	ran := 0
	for _, g := range f.TestGroups {
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
				checkBoth(t, func() Config {
					now := first
					clock := func() time.Time { return now }
					s := memory.New()
					register := func(url, slug, page string, listing *string, served *vectortest.Served) {
						n := vectortest.ServedAt(map[string]*vectortest.Served{url: served})
						c := &precall.Checker{Guard: n.Serve(t).Guard(guard.Policy{}), Store: s, Clock: clock}
						in := precall.RegisterInput{URL: url, Slug: slug, PageURL: page}
						if listing != nil {
							in.LinkedStoreListing = *listing
						}
						if res, err := c.Register(t.Context(), in); err != nil || res.Status != precall.RegisterDone {
							t.Fatalf("Register(%s): %+v %v", url, res, err)
						}
					}
					for _, o := range v.Others {
						register(o.URL, o.Slug, o.PageURL, o.LinkedStoreListing, &o.Served)
					}
					r := v.Registration
					register(v.URL, r.Slug, r.PageURL, r.LinkedStoreListing, &v.Recorded)
					for i, rv := range v.Reviews {
						if err := s.InsertReview(t.Context(), store.Review{ID: fmt.Sprint("rev_", i), ServerURL: v.URL, FingerprintVersion: rv.FingerprintVersion,
							AgentID: "agt", KYAVerified: true, Rating: rv.Rating, CreatedAt: now}); err != nil {
							t.Fatal(err)
						}
					}
					now = now.Add(24 * time.Hour)
					check := &vectortest.Network{}
					if !v.Probe.Unreachable {
						check = vectortest.ServedAt(map[string]*vectortest.Served{v.URL: v.Probe.Served})
					}
					return Config{Guard: check.Serve(t).Guard(guard.Policy{}), Store: s, Clock: clock, PublicURL: vectorPublicURL, SpecProfile: true}
				}, v.URL, v.Tool, want)
			})
		}
	}
	if ran == 0 {
		t.Fatal("no vectors ran")
	}
}

// TestAnswerVectors runs the tests of vectors/precall/answers.json whose
// probe a network can give (see vectortest.AnswerTest.Network; the others
// run through precall.Unregistered in package precall) through GET
// /v1/security/precall and the MCP tool precall_check with real probes,
// on a server without a registry.
func TestAnswerVectors(t *testing.T) {
	ran := 0
	for _, v := range vectortest.Answers(t) {
		n, why := v.Network()
		if n == nil {
			t.Logf("%s: not through a network: %s", v.Name(), why)
			continue
		}
		ran++
		t.Run(v.Name(), func(t *testing.T) {
			var want map[string]any
			if err := json.Unmarshal(v.Expected, &want); err != nil {
				t.Fatal(err)
			}
			var tool string
			if len(v.Tool) > 0 {
				if err := json.Unmarshal(v.Tool, &tool); err != nil {
					t.Fatal(err)
				}
			}
			checkBoth(t, func() Config { return Config{Guard: n.Serve(t).Guard(guard.Policy{}), SpecProfile: true} }, v.URL, tool, want)
		})
	}
	if ran == 0 {
		t.Fatal("no vectors ran")
	}
}
