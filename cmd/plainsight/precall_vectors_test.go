package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
	"github.com/plainsight/plainsight/vectors"
)

// TestPrecallURLVectors runs the refusals of vectors/precall/urls.json
// that need neither a resolver nor a server through the command line,
// whose policy allows loopback: those of the loopback-allowing group, and
// those of the other group for a reason other than loopback (which no
// policy on loopback changes). Each exits 2 with its reason on one line.
// The other vectors need an injected network; the guard's own harness
// runs them all.
func TestPrecallURLVectors(t *testing.T) {
	raw, err := fs.ReadFile(vectors.FS(), "precall/urls.json")
	if err != nil {
		t.Fatalf("the corpus is missing: %v", err)
	}
	var f struct {
		TestGroups []struct {
			Policy struct {
				AllowLoopback bool `json:"allow_loopback"`
			} `json:"policy"`
			Tests []struct {
				TcID      int               `json:"tcId"`
				Comment   string            `json:"comment"`
				URL       string            `json:"url"`
				Resolve   map[string][]any  `json:"resolve"`
				Responses []json.RawMessage `json:"responses"`
				Expected  struct {
					Verdict string `json:"verdict"`
					Reason  string `json:"reason"`
				} `json:"expected"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			if v.Expected.Verdict != "refused" || len(v.Resolve) > 0 || len(v.Responses) > 0 ||
				(!g.Policy.AllowLoopback && v.Expected.Reason == "loopback") {
				continue
			}
			ran++
			t.Run(fmt.Sprintf("urls.json/#%d %s", v.TcID, v.Comment), func(t *testing.T) {
				code, _, errOut := plainsight(t, "", "precall", v.URL)
				want := "refused (" + v.Expected.Reason + ")"
				if code != exitError || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
					t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, want)
				}
			})
		}
	}
	if ran == 0 {
		t.Fatal("no vectors ran")
	}
}

// withNetwork serves a redirect vector's network from loopback and makes
// it what the commands under test probe, until the test ends: its names
// resolve as the vector says, every allowed connection reaches an
// in-process server, and a dial outside loopback fails the test.
func withNetwork(t *testing.T, n *vectortest.Network) {
	t.Helper()
	srv := n.Serve(t)
	prev := cliGuard
	cliGuard = func(p guard.Policy) *guard.Guard { return srv.Guard(p) }
	t.Cleanup(func() { cliGuard = prev })
}

// TestPrecallRedirectVectors runs vectors/precall/redirects.json through
// the command line (whose policy allows loopback: every asked URL of the
// file is public, so the verdicts are the same): registry add of a URL
// that redirects exits 2 naming the destination, or the refusal, and
// records nothing; precall --db of a registered URL that starts
// redirecting prints the §9 answer (exit 1: changed) and records nothing.
func TestPrecallRedirectVectors(t *testing.T) {
	f := vectortest.Redirects(t)
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			t.Run(v.Name(), func(t *testing.T) {
				db := filepath.Join(t.TempDir(), "registry.db")
				if g.Type == "RegisterRedirectTest" {
					cliRegisterRedirect(t, db, &v)
				} else {
					cliRegisteredRedirect(t, db, &v)
				}
			})
		}
	}
}

func cliRegisterRedirect(t *testing.T, db string, v *vectortest.RedirectTest) {
	var want vectortest.RegisterOutcome
	if err := json.Unmarshal(v.Expected, &want); err != nil {
		t.Fatal(err)
	}
	withNetwork(t, &v.Network)
	code, out, errOut := plainsight(t, "", "registry", "add", "--db", db, "--format", "json", v.URL)
	switch want.Outcome {
	case "registered":
		var res struct {
			Status             string `json:"status"`
			FingerprintVersion int    `json:"fingerprint_version"`
		}
		if err := json.Unmarshal([]byte(out), &res); code != exitClean || err != nil || res.Status != "registered" || res.FingerprintVersion != want.FingerprintVersion {
			t.Fatalf("exit %d, %+v %v\n%s%s", code, res, err, out, errOut)
		}
		return
	case "redirects":
		line := "plainsight registry add: " + v.URL + " redirects to " + want.Destination + ": register " + want.Destination + " instead\n"
		if code != exitError || errOut != line || out != "" {
			t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errOut, line)
		}
	case "refused":
		if code != exitError || !strings.Contains(errOut, "refused ("+want.Reason+")") || strings.Count(errOut, "\n") != 1 || out != "" {
			t.Errorf("exit %d, stdout %q, stderr %q; want 2 and the reason %s", code, out, errOut, want.Reason)
		}
	default:
		t.Fatalf("outcome %q", want.Outcome)
	}
	// Nothing was registered.
	code, out, errOut = plainsight(t, "", "registry", "list", "--db", db, "--format", "json")
	if code != exitClean || strings.TrimSpace(out) != "[]" {
		t.Errorf("registry list: exit %d\n%s%s", code, out, errOut)
	}
}

func cliRegisteredRedirect(t *testing.T, db string, v *vectortest.RedirectTest) {
	var want map[string]any
	if err := json.Unmarshal(v.Expected, &want); err != nil {
		t.Fatal(err)
	}
	setup := vectortest.Network{Resolve: v.Network.Resolve}
	setup.Servers = append(setup.Servers, vectortest.NetServer{URL: v.URL, Served: *v.Recorded})
	withNetwork(t, &setup)
	r := v.Registration
	args := []string{"registry", "add", "--db", db, "--slug", r.Slug, "--page-url", r.PageURL}
	if r.LinkedStoreListing != nil {
		args = append(args, "--store-listing", *r.LinkedStoreListing)
	}
	if code, out, errOut := plainsight(t, "", append(args, v.URL)...); code != exitClean {
		t.Fatalf("registry add: exit %d\n%s%s", code, out, errOut)
	}
	vectorPublicURL(t, db)
	withNetwork(t, &v.Network)
	args = []string{"precall", "--db", db, "--format", "json"}
	if v.Tool != "" {
		args = append(args, "--tool", v.Tool)
	}
	code, out, errOut := plainsight(t, "", append(args, v.URL)...)
	wantCode := exitClean
	if integ, _ := want["integrity"].(map[string]any); integ["status"] == "changed" {
		wantCode = exitFound
	}
	if code != wantCode || errOut != "" {
		t.Fatalf("precall: exit %d, want %d\n%s", code, wantCode, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// The command line registers at the time it runs: first_seen is a
	// time, not the vector's.
	if reg, ok := got["registration"].(map[string]any); ok {
		if _, err := time.Parse(time.RFC3339Nano, fmt.Sprint(reg["first_seen"])); err != nil {
			t.Errorf("first_seen %v: %v", reg["first_seen"], err)
		}
		reg["first_seen"] = want["registration"].(map[string]any)["first_seen"]
	}
	vectortest.Answer(t, got, any(want))
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// The registry afterwards: the version, and the feed.
	_, out, _ = plainsight(t, "", "registry", "list", "--db", db, "--format", "json")
	var records []struct {
		FingerprintVersion int `json:"fingerprint_version"`
	}
	if err := json.Unmarshal([]byte(out), &records); err != nil || len(records) != 1 || records[0].FingerprintVersion != v.ExpectedRegistry.FingerprintVersion {
		t.Errorf("registry list: %s %v; want version %d", out, err, v.ExpectedRegistry.FingerprintVersion)
	}
	_, out, _ = plainsight(t, "", "changes", "--db", db, "--format", "json")
	var feed struct {
		Changes []map[string]any `json:"changes"`
	}
	// The vectors count §11's changes of the definitions; a redirect
	// event (the extension member "redirects", issue 28, item 4) is one
	// more when the answer lists redirects.
	changes, redirects := 0, 0
	err := json.Unmarshal([]byte(out), &feed)
	for _, e := range feed.Changes {
		if _, ok := e["redirects"]; ok {
			redirects++
		} else {
			changes++
		}
	}
	if err != nil || changes != v.ExpectedRegistry.Changes || redirects != min(len(got["redirects"].([]any)), 1) {
		t.Errorf("changes: %s %v; want %d events and %d redirect events", out, err, v.ExpectedRegistry.Changes, min(len(got["redirects"].([]any)), 1))
	}
}

// vectorPublicURL records https://registry.example as the public URL in
// db, as plainsight serve --public-url does: the vectors' page_url
// values are the pages under it (issue 28, item 5).
func vectorPublicURL(t *testing.T, db string) {
	t.Helper()
	s, err := sqlite.Open(t.Context(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := recordPublicURL(t.Context(), s, "https://registry.example"); err != nil {
		t.Fatal(err)
	}
}

// TestPrecallRegisteredVectors runs vectors/precall/registered.json
// through the command line with real probes: registry add of each other
// server and of the server (each serving its definitions at its URL from
// loopback), the reviews added to the database, then precall --db on a
// network where the URL serves the probe's definitions, or does not
// resolve when the probe is unreachable. The exit status is 1 when the
// answer is changed, flagged or has flags standing, 2 (with one line on
// standard error) when unreachable, 0 otherwise.
func TestPrecallRegisteredVectors(t *testing.T) {
	f := vectortest.Registered(t)
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			t.Run(v.Name(), func(t *testing.T) {
				var want map[string]any
				if err := json.Unmarshal(v.Expected, &want); err != nil {
					t.Fatal(err)
				}
				db := filepath.Join(t.TempDir(), "registry.db")
				register := func(url, slug, page string, listing *string, served *vectortest.Served) {
					withNetwork(t, vectortest.ServedAt(map[string]*vectortest.Served{url: served}))
					args := []string{"registry", "add", "--db", db, "--slug", slug, "--page-url", page}
					if listing != nil {
						args = append(args, "--store-listing", *listing)
					}
					if code, out, errOut := plainsight(t, "", append(args, url)...); code != exitClean {
						t.Fatalf("registry add %s: exit %d\n%s%s", url, code, out, errOut)
					}
				}
				for _, o := range v.Others {
					register(o.URL, o.Slug, o.PageURL, o.LinkedStoreListing, &o.Served)
				}
				r := v.Registration
				register(v.URL, r.Slug, r.PageURL, r.LinkedStoreListing, &v.Recorded)
				vectorPublicURL(t, db)
				if len(v.Reviews) > 0 {
					s, err := sqlite.Open(t.Context(), db, nil)
					if err != nil {
						t.Fatal(err)
					}
					for i, rv := range v.Reviews {
						if err := s.InsertReview(t.Context(), store.Review{ID: fmt.Sprint("rev_", i), ServerURL: v.URL, FingerprintVersion: rv.FingerprintVersion,
							AgentID: "agt", KYAVerified: true, Rating: rv.Rating, CreatedAt: time.Now()}); err != nil {
							t.Fatal(err)
						}
					}
					s.Close()
				}
				check := &vectortest.Network{}
				if !v.Probe.Unreachable {
					check = vectortest.ServedAt(map[string]*vectortest.Served{v.URL: v.Probe.Served})
				}
				withNetwork(t, check)
				args := []string{"precall", "--db", db, "--format", "json"}
				if v.Tool != "" {
					args = append(args, "--tool", v.Tool)
				}
				code, out, errOut := plainsight(t, "", append(args, v.URL)...)
				integ, _ := want["integrity"].(map[string]any)
				scan, _ := want["scan"].(map[string]any)
				flags, _ := want["flags"].(map[string]any)
				wantCode := exitClean
				switch {
				case integ["status"] == "unreachable":
					wantCode = exitError
				case integ["status"] == "changed" || scan["status"] == "flagged" || flags["status"] == "standing":
					wantCode = exitFound
				}
				if code != wantCode || (wantCode == exitError) != (strings.Count(errOut, "\n") == 1) {
					t.Fatalf("precall: exit %d, want %d\n%s", code, wantCode, errOut)
				}
				var got map[string]any
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatal(err)
				}
				if reg, ok := got["registration"].(map[string]any); ok {
					if _, err := time.Parse(time.RFC3339Nano, fmt.Sprint(reg["first_seen"])); err != nil {
						t.Errorf("first_seen %v: %v", reg["first_seen"], err)
					}
					reg["first_seen"] = want["registration"].(map[string]any)["first_seen"]
				}
				vectortest.Answer(t, got, any(want))
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}

// TestPrecallAnswerVectors runs the tests of vectors/precall/answers.json
// whose probe a network can give (see vectortest.AnswerTest.Network)
// through plainsight precall with real probes and no database: the §9
// answer on standard output, exit 1 when the scan flagged, 2 (one line on
// standard error) when unreachable, 0 otherwise.
func TestPrecallAnswerVectors(t *testing.T) {
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
			withNetwork(t, n)
			args := []string{"precall", "--format", "json"}
			if len(v.Tool) > 0 {
				var tool string
				if err := json.Unmarshal(v.Tool, &tool); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--tool", tool)
			}
			code, out, errOut := plainsight(t, "", append(args, v.URL)...)
			integ, _ := want["integrity"].(map[string]any)
			scan, _ := want["scan"].(map[string]any)
			wantCode := exitClean
			switch {
			case integ["status"] == "unreachable":
				wantCode = exitError
			case scan["status"] == "flagged":
				wantCode = exitFound
			}
			if code != wantCode || (wantCode == exitError) != (strings.Count(errOut, "\n") == 1) {
				t.Fatalf("precall: exit %d, want %d\n%s", code, wantCode, errOut)
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			vectortest.Answer(t, got, any(want))
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no vectors ran")
	}
}
