package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// The intent and fingerprint corpora through the command line, in process:
// every vector the library harnesses run, run again through run(), so that
// flag parsing, input reading and output writing are held to the vectors
// too. (The scan vectors run through the command line in vectors_test.go.)

// TestIntentVectorsCLI runs every agent-safe.intent/1 hash vector through
// `plainsight intent hash` and `--canonical`: a valid binding prints its
// hash and canonical form, a refused one exits 1 with its code on stderr.
func TestIntentVectorsCLI(t *testing.T) {
	vs := vectortest.Intent(t)
	for _, v := range vs {
		in := string(v.Binding)
		code, out, stderr := plainsight(t, in, "intent", "hash")
		codeC, outC, stderrC := plainsight(t, in, "intent", "hash", "--canonical")
		switch v.Result {
		case "valid":
			if code != 0 || out != v.Hash+"\n" || codeC != 0 || outC != v.Canonical+"\n" {
				t.Errorf("%s: exit %d %q, --canonical exit %d (stderr %q)", v.Name, code, out, codeC, stderr)
			}
		case "invalid":
			if code != 1 || !strings.Contains(stderr, v.Error) || codeC != 1 || !strings.Contains(stderrC, v.Error) {
				t.Errorf("%s: exit %d, stderr %q; --canonical exit %d; want 1 and %s", v.Name, code, stderr, codeC, v.Error)
			}
		}
	}
	if len(vs) < 100 {
		t.Errorf("only %d intent vectors", len(vs))
	}
}

// TestUpstreamIntentVectorsCLI runs the seven published vectors through
// `plainsight intent hash` and, where the vector gives it, `--canonical`.
func TestUpstreamIntentVectorsCLI(t *testing.T) {
	for _, v := range vectortest.Upstream(t) {
		code, out, stderr := plainsight(t, string(v.Binding), "intent", "hash")
		if code != 0 || out != v.Hash+"\n" {
			t.Errorf("%s: exit %d, %q (stderr %q); want %s", v.Name, code, out, stderr, v.Hash)
		}
		if v.Canonical != nil {
			code, out, stderr := plainsight(t, string(v.Binding), "intent", "hash", "--canonical")
			if code != 0 || out != *v.Canonical+"\n" {
				t.Errorf("%s: --canonical exit %d, %q (stderr %q); want %q", v.Name, code, out, stderr, *v.Canonical)
			}
		}
	}
}

// TestVerifyVectorsCLI runs every step of the executor's re-check vectors
// through `plainsight intent verify --hash H --now T`. Each run is a new
// process with no memory of earlier executions, so the replay check is the
// library's, not the command's (its documented limit): a step the vectors
// refuse as INTENT_REPLAYED must verify here, and every other step must
// give the vector's answer — exit 0 and "verified:", or exit 1 and the
// code on stderr.
func TestVerifyVectorsCLI(t *testing.T) {
	vs := vectortest.Verify(t)
	steps, replays := 0, 0
	for _, v := range vs {
		for i, st := range v.Steps {
			steps++
			code, out, stderr := plainsight(t, st.Binding(v.VerifyTest), "intent", "verify", "--hash", v.Hash, "--now", st.Now)
			switch {
			case st.Result == "valid" || st.Error == "INTENT_REPLAYED":
				if st.Error != "" {
					replays++
				}
				if code != 0 || out != "verified: "+v.Hash+"\n" {
					t.Errorf("%s: step %d: exit %d, %q (stderr %q); want it verified", v.Name, i, code, out, stderr)
				}
			default:
				if code != 1 || !strings.Contains(stderr, st.Error) {
					t.Errorf("%s: step %d: exit %d, stderr %q; want 1 and %s", v.Name, i, code, stderr, st.Error)
				}
			}
		}
	}
	if steps < 10 || replays == 0 || replays == steps {
		t.Errorf("%d steps, %d of them replays: the re-check corpus is not what this test expects", steps, replays)
	}
}

// fingerprintOut is what `plainsight fingerprint --format json` prints.
type fingerprintOut struct {
	Fingerprint string          `json:"fingerprint"`
	Input       json.RawMessage `json:"input"`
}

// fingerprintCLI runs `plainsight fingerprint --format json --from -` on a
// side of a vector: the tools on standard input, kept raw (a lone surrogate
// escape must reach the command as written), the server's identity from
// serverFlags.
func fingerprintCLI(t *testing.T, server, tools json.RawMessage) (int, fingerprintOut, string, string) {
	t.Helper()
	args := append([]string{"fingerprint", "--format", "json", "--from", "-"}, serverFlags(t, server)...)
	code, out, stderr := plainsight(t, `{"tools":`+string(tools)+`}`, args...)
	var got fingerprintOut
	if code == 0 {
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("fingerprint --format json printed %q: %v", out, err)
		}
	}
	return code, got, out, stderr
}

// serverFlags gives a vector's server to the command as it takes it:
// --server-name (a name absent or not a string is no flag: the empty name)
// and --server-version (a version absent or null is no flag: none).
func serverFlags(t *testing.T, server json.RawMessage) []string {
	t.Helper()
	if len(server) == 0 {
		return nil
	}
	var s struct {
		Name    any `json:"name"`
		Version any `json:"version"`
	}
	if err := json.Unmarshal(server, &s); err != nil {
		t.Fatalf("server %s: %v", server, err)
	}
	var args []string
	if name, ok := s.Name.(string); ok {
		args = append(args, "--server-name", name)
	}
	if version, ok := s.Version.(string); ok {
		args = append(args, "--server-version", version)
	}
	return args
}

// TestFingerprintVectorsCLI runs every §7 vector through `plainsight
// fingerprint --format json --from -`. A FingerprintTest must print the
// expected fingerprint and canonical input or, when the definitions are
// invalid, exit non-zero with a message and print no fingerprint. A
// DiffTest's before side is pinned with --pin and its after side checked
// with --check: the expected status, exit status and §7 diff.
func TestFingerprintVectorsCLI(t *testing.T) {
	vs := vectortest.Fingerprint(t)
	for _, v := range vs {
		var exp struct {
			Canonical   string `json:"canonical"`
			Fingerprint string `json:"fingerprint"`
			Status      string `json:"status"`
		}
		if v.Result == "valid" {
			if err := json.Unmarshal(v.Expected, &exp); err != nil {
				t.Fatalf("%s: expected: %v", v.Name, err)
			}
		}
		switch v.Type {
		case "FingerprintTest":
			code, got, out, stderr := fingerprintCLI(t, v.Server, v.Tools)
			if v.Result == "invalid" {
				if code == 0 || out != "" || stderr == "" {
					t.Errorf("%s: exit %d, stdout %q, stderr %q; want a refusal (%s)", v.Name, code, out, stderr, v.Error)
				}
				continue
			}
			if code != 0 || got.Fingerprint != exp.Fingerprint || string(got.Input) != exp.Canonical {
				t.Errorf("%s: exit %d (stderr %q)\n got %s %s\nwant %s %s", v.Name, code, stderr, got.Fingerprint, got.Input, exp.Fingerprint, exp.Canonical)
			}
		case "DiffTest":
			// The before side pinned with --pin, the after side checked
			// against the pin file with --check: the §7 status and diff,
			// through the record's saved form.
			side := func(raw json.RawMessage) (string, []string) {
				var s struct {
					Server json.RawMessage `json:"server"`
					Tools  json.RawMessage `json:"tools"`
				}
				if err := json.Unmarshal(raw, &s); err != nil {
					t.Fatalf("%s: %v", v.Name, err)
				}
				return `{"tools":` + string(s.Tools) + `}`, append([]string{"fingerprint", "--format", "json", "--from", "-"}, serverFlags(t, s.Server)...)
			}
			pin := filepath.Join(t.TempDir(), "pin.json")
			in, args := side(v.Before)
			if code, _, stderr := plainsight(t, in, append(args, "--pin", pin)...); code != 0 {
				t.Fatalf("%s: --pin: exit %d (stderr %q)", v.Name, code, stderr)
			}
			in, args = side(v.After)
			code, out, stderr := plainsight(t, in, append(args, "--check", pin)...)
			var got, want struct {
				Status string          `json:"status"`
				Diff   json.RawMessage `json:"diff"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%s: --check printed %q (stderr %q): %v", v.Name, out, stderr, err)
			}
			json.Unmarshal(v.Expected, &want)
			wantCode := map[string]int{"unchanged": exitClean, "changed": exitFound}[want.Status]
			if code != wantCode || got.Status != want.Status {
				t.Errorf("%s: --check: exit %d, status %q; want %d, %q", v.Name, code, got.Status, wantCode, want.Status)
				continue
			}
			if want.Diff != nil {
				var g, w fingerprint.Diff
				if len(got.Diff) == 0 {
					got.Diff = json.RawMessage("null") // an unchanged answer may carry none: empty
				}
				if err := json.Unmarshal(got.Diff, &g); err != nil {
					t.Fatalf("%s: diff %s: %v", v.Name, got.Diff, err)
				}
				json.Unmarshal(want.Diff, &w)
				if d := cmp.Diff(w, g, cmpopts.EquateEmpty()); d != "" {
					t.Errorf("%s: --check diff (-want +got):\n%s", v.Name, d)
				}
			}
		}
	}
	if len(vs) < 100 {
		t.Errorf("only %d fingerprint vectors", len(vs))
	}
}
