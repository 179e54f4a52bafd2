package precall

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// TestRedirectVectors runs vectors/precall/redirects.json: each test's
// network served from loopback (its names through an injected resolver,
// every allowed connection to an in-process server), registrations through
// Register, and checks of a registered URL that starts redirecting through
// Check, with the registry looked at afterwards.
func TestRedirectVectors(t *testing.T) {
	f := vectortest.Redirects(t)
	for _, g := range f.TestGroups {
		p := guard.Policy{AllowLoopback: g.Policy.AllowLoopback}
		for _, v := range g.Tests {
			t.Run(v.Name(), func(t *testing.T) {
				if g.Type == "RegisterRedirectTest" {
					runRegisterRedirect(t, p, &v)
				} else {
					runRegisteredRedirect(t, p, &v)
				}
			})
		}
	}
}

// registerOutcome is what Register did, in the vectors' terms.
func registerOutcome(t *testing.T, res *RegisterResult, err error) vectortest.RegisterOutcome {
	t.Helper()
	var rd *RedirectError
	var re *guard.RefusedError
	switch {
	case errors.As(err, &rd):
		if !errors.Is(err, ErrRedirects) {
			t.Errorf("a RedirectError that is not ErrRedirects: %v", err)
		}
		return vectortest.RegisterOutcome{Outcome: "redirects", Destination: rd.Destination, Redirects: rd.Redirects}
	case errors.As(err, &re):
		hop := re.Hop
		return vectortest.RegisterOutcome{Outcome: "refused", Reason: re.Reason.ID(), Hop: &hop, Redirects: re.Redirects}
	case err != nil:
		t.Fatalf("Register: %v", err)
	case res.Status != RegisterDone:
		t.Fatalf("Register: %+v", res)
	}
	return vectortest.RegisterOutcome{Outcome: "registered", FingerprintVersion: res.FingerprintVersion}
}

func runRegisterRedirect(t *testing.T, p guard.Policy, v *vectortest.RedirectTest) {
	var want vectortest.RegisterOutcome
	if err := json.Unmarshal(v.Expected, &want); err != nil {
		t.Fatal(err)
	}
	s := memory.New()
	net := v.Network.Serve(t)
	c := &Checker{Guard: net.Guard(p), Store: s, Clock: newClock().Now}
	res, err := c.Register(t.Context(), RegisterInput{URL: v.URL})
	got := registerOutcome(t, res, err)
	if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if want.Outcome == "registered" {
		return
	}
	// Nothing is recorded for a URL that is not registered: no server
	// (neither the asked URL nor the destination), no flag.
	if servers, err := s.ListServers(t.Context(), store.ServerQuery{}); err != nil || len(servers) != 0 {
		t.Errorf("servers recorded: %+v %v", servers, err)
	}
	if flags, err := s.ListFlags(t.Context(), store.FlagQuery{}); err != nil || len(flags) != 0 {
		t.Errorf("flags recorded: %+v %v", flags, err)
	}
}

func runRegisteredRedirect(t *testing.T, p guard.Policy, v *vectortest.RedirectTest) {
	var want map[string]any
	if err := json.Unmarshal(v.Expected, &want); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	s := vectorStore(t)
	first, err := time.Parse(time.RFC3339, v.Registration.FirstSeen)
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{now: first}
	// Registration: the URL answers itself with the recorded definitions.
	setup := vectortest.Network{Resolve: v.Network.Resolve}
	setup.Servers = append(setup.Servers, vectortest.NetServer{URL: v.URL, Served: *v.Recorded})
	in := RegisterInput{URL: v.URL, Slug: v.Registration.Slug, PageURL: v.Registration.PageURL}
	if l := v.Registration.LinkedStoreListing; l != nil {
		in.LinkedStoreListing = *l
	}
	reg := &Checker{Guard: setup.Serve(t).Guard(p), Store: s, Clock: clk.Now}
	if res, err := reg.Register(ctx, in); err != nil || res.Status != RegisterDone {
		t.Fatalf("Register: %+v %v", res, err)
	}
	// The check, a day later, in the test's network.
	clk.Add(24 * time.Hour)
	c := &Checker{Guard: v.Network.Serve(t).Guard(p), Store: s, Clock: clk.Now}
	a, err := c.Check(ctx, v.URL, v.Tool)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	got := toJSON(t, a).(map[string]any)
	vectortest.Answer(t, got, any(want))
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	srv, err := s.Server(ctx, v.URL)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := s.ListChangeEvents(ctx, store.ChangeQuery{})
	if err != nil {
		t.Fatal(err)
	}
	// The vectors count §11's changes of the definitions; a redirect
	// event is this implementation's extension (issue 28, item 4): one,
	// with the answer's chain, when the answer lists redirects.
	changes, redirects := 0, 0
	for _, e := range evs {
		if e.Redirects == nil {
			changes++
			continue
		}
		redirects++
		if want, _ := json.Marshal(a.Redirects); string(e.Redirects) != string(want) {
			t.Errorf("the redirect event's chain %s, want the answer's %s", e.Redirects, want)
		}
	}
	if srv.Version != v.ExpectedRegistry.FingerprintVersion || changes != v.ExpectedRegistry.Changes {
		t.Errorf("the registry afterwards: version %d, %d change events; want %d, %d", srv.Version, changes, v.ExpectedRegistry.FingerprintVersion, v.ExpectedRegistry.Changes)
	}
	if want := min(len(a.Redirects), 1); redirects != want {
		t.Errorf("%d redirect events, want %d", redirects, want)
	}
}

// vectorPublicURL is where the vectors' registry pages are: their
// page_url is "https://registry.example/servers/SLUG", the page under
// the public URL an instance records (issue 28, item 5).
const vectorPublicURL = "https://registry.example"

// vectorStore is a memory store recording vectorPublicURL.
func vectorStore(t testing.TB) store.Store {
	s := memory.New()
	if err := s.RecordPublicURL(t.Context(), vectorPublicURL, time.Now()); err != nil {
		t.Fatal(err)
	}
	return s
}
