// Package audit checks every MCP server installed on a machine (issue 30,
// item 2): for each server a client is configured with (package
// mcpconfig), it gathers what the server shows a client — its tools,
// prompts, resources, resource templates and instructions, the extended
// fingerprint profile's surface — through the probe (Streamable HTTP, or
// its HTTP+SSE fallback, through the guarded client of package guard;
// stdio with the server's environment), scans every definition, and pins
// the surface on first sight (trust on first use) through pin.Keeper, so
// that a later run reports every change with the field and its old and
// new text.
//
// # The scan
//
// Each definition is scanned whole, as one text, the way the shield's
// MCP guard (shield/mcpguard) judges a definition before a model reads it:
// the entry's JSON is given to the shield's scanner as tool output, which
// reads JSON as the text of its strings (docs/judgement/tool-definitions.md),
// so an attack split between a description and a parameter's description
// is one passage; and the same text (internal/jsonview) is scanned in the
// Strict profile (or the one Options name) for §1–§6's classes. The
// server's instructions are scanned the same two ways. A finding of
// either, or a verdict of the shield other than clean, is a Finding.
//
// # What leaves the machine
//
// Nothing but the probes of the servers configured: no account, no
// report, no definition sent anywhere. A stdio server is started as its
// client would start it (its command, arguments, environment and working
// directory), and killed with its process group when its probe ends. A
// server of a project's own configuration (Scope "project", a file in the
// directory audited, usually committed with the project) is started only
// with Options.TrustProject: running a command a repository names is the
// decision its client asks its user to make.
//
// # Bounds
//
// A server's probe has Options.Timeout (default 60 s) on top of the
// probe's own bounds (each call within 6 s, 16 MiB of lists); servers
// are audited one at a time; the shield's scanner refuses content over
// its bound.
package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/jsonview"
	"github.com/plainsight/plainsight/mcpconfig"
	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/probe"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/shield"
)

// Status is what the audit of one server found.
type Status string

// The statuses of a Result.
const (
	// Pinned: seen for the first time, and pinned (trust on first use).
	Pinned Status = "pinned"
	// Unchanged: the surface is the one pinned.
	Unchanged Status = "unchanged"
	// Changed: the surface differs from the pin; Changes say how.
	Changed Status = "changed"
	// Probed: probed and scanned, not pinned (no Keeper).
	Probed Status = "probed"
	// Unreachable: the probe failed; Error says how, Hint what to do.
	Unreachable Status = "unreachable"
	// Refused: the guard refused the server's URL (a private or loopback
	// address); Hint says how to allow loopback.
	Refused Status = "refused"
	// Disabled: the client is told not to start it; not probed.
	Disabled Status = "disabled"
	// NotStarted: a stdio server of a project's configuration, not
	// started without Options.TrustProject.
	NotStarted Status = "not_started"
)

// Options configure an audit.
type Options struct {
	// Guard sends the HTTP probes; nil is a guard of the zero policy,
	// which refuses loopback and private addresses.
	Guard *guard.Guard
	// Keeper pins what is seen; nil probes and scans without pinning.
	Keeper *pin.Keeper
	// DB is the --db that a changed server's hint gives plainsight
	// approve, so the command it shows approves in the database the pin
	// is in; "" gives none (the default database).
	DB string
	// Timeout bounds each server's probe; 0 is 60 s.
	Timeout time.Duration
	// Header is sent to every HTTP server, over the headers of its
	// configuration (--header).
	Header http.Header
	// TrustProject starts the stdio servers of project configurations.
	TrustProject bool
	// Environ is the environment a stdio server's configured env is
	// added to; nil is os.Environ().
	Environ []string
	// Stderr receives the stdio servers' standard error; nil discards it.
	Stderr io.Writer
	// Scanner judges the definitions; nil is the shield's default.
	Scanner *shield.Scanner
	// Profile is the scan profile of the definitions' text; nil is
	// scan.Strict.
	Profile *scan.Profile
	// prober replaces the probe (tests).
	prober func(s mcpconfig.Server) (probe.SurfaceProber, error)
}

// Finding is one thing the scan found in a definition.
type Finding struct {
	// Kind and Key name the entry (KindServer and "instructions" for the
	// server's instructions).
	Kind fingerprint.Kind `json:"kind"`
	Key  string           `json:"key"`
	// Source is "scan" (the profile's classes) or "shield" (the shield's
	// detectors).
	Source string `json:"source"`
	// Class is the scan's class, or the shield's.
	Class string `json:"class"`
	// Field is, for a shield signal, the JSON Pointer in the entry's
	// definition the signal starts in.
	Field string `json:"field,omitempty"`
	// Excerpt is the passage, visible-rendered.
	Excerpt string `json:"excerpt"`
	// Verdict is the shield's verdict of the whole definition.
	Verdict string `json:"verdict,omitempty"`
}

// Result is the audit of one server.
type Result struct {
	Server mcpconfig.Server `json:"-"`
	// Key is the server's pin key (pin.StdioKey or pin.URLKey).
	Key    string `json:"key"`
	Status Status `json:"status"`
	// Routed says the client runs the server through plainsight proxy;
	// Server is then the proxy's upstream.
	Routed bool `json:"routed"`
	// Fingerprint is the surface's extended fingerprint.
	Fingerprint string `json:"fingerprint,omitempty"`
	// Tools names the tools; Prompts, Resources and ResourceTemplates
	// count the other lists.
	Tools             []string `json:"tools"`
	Prompts           int      `json:"prompts"`
	Resources         int      `json:"resources"`
	ResourceTemplates int      `json:"resource_templates"`
	// PinVersion is the pin's version compared with (or made).
	PinVersion int64                `json:"pin_version,omitempty"`
	Findings   []Finding            `json:"findings"`
	Changes    []fingerprint.Change `json:"changes"`
	// Error is why the server is unreachable or refused.
	Error string `json:"error,omitempty"`
	// Hint says what to do about it.
	Hint string `json:"hint,omitempty"`
}

// Flagged says whether the result makes the audit fail: a finding, a
// change, or a server that could not be checked (unreachable, refused).
func (r *Result) Flagged() bool {
	return len(r.Findings) > 0 || len(r.Changes) > 0 || r.Status == Changed || r.Status == Unreachable || r.Status == Refused
}

// Key returns a server's pin key, the one `plainsight proxy` pins it
// under: pin.StdioKey of its command and arguments, or pin.URLKey of its
// URL.
func Key(s mcpconfig.Server) string {
	if s.Transport == mcpconfig.Stdio {
		return pin.StdioKey(s.Command, s.Args)
	}
	return pin.URLKey(s.URL)
}

// Audit audits each server, one at a time, in order.
func Audit(ctx context.Context, servers []mcpconfig.Server, opts Options) []Result {
	out := make([]Result, 0, len(servers))
	for _, s := range servers {
		out = append(out, Server(ctx, s, opts))
	}
	return out
}

// Server audits one server. A server routed through `plainsight proxy`
// (mcpconfig.Install) is audited as the server the proxy runs, under the
// key the proxy pins it with: one pin for both.
func Server(ctx context.Context, s mcpconfig.Server, opts Options) Result {
	s, routed := mcpconfig.Upstream(s)
	r := Result{Server: s, Routed: routed, Key: Key(s), Tools: []string{}, Findings: []Finding{}, Changes: []fingerprint.Change{}}
	switch {
	case s.Disabled:
		r.Status = Disabled
		return r
	case s.Scope == mcpconfig.ScopeProject && s.Transport == mcpconfig.Stdio && !opts.TrustProject:
		r.Status = NotStarted
		r.Hint = "a project's server: pass --trust-project to start it"
		return r
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var rec *statusRecorder
	newProber := opts.prober
	if newProber == nil {
		newProber = func(s mcpconfig.Server) (probe.SurfaceProber, error) {
			p, r, err := defaultProber(s, opts)
			rec = r
			return p, err
		}
	}
	p, err := newProber(s)
	var surface *fingerprint.Surface
	if err == nil {
		surface, err = p.ProbeSurface(pctx)
	}
	if err != nil {
		r.Error = err.Error()
		var re *guard.RefusedError
		switch {
		case errors.As(err, &re):
			r.Status = Refused
			if re.Reason == guard.ErrLoopback {
				r.Hint = "the server is on this machine: pass --allow-loopback to probe it"
			}
		default:
			r.Status = Unreachable
			r.Hint = hint(s, rec, err)
		}
		return r
	}
	r.Fingerprint, _ = surface.Fingerprint()
	for _, t := range surface.Tools {
		r.Tools = append(r.Tools, t.Key)
	}
	r.Prompts, r.Resources, r.ResourceTemplates = len(surface.Prompts), len(surface.Resources), len(surface.ResourceTemplates)
	r.Findings = scanSurface(ctx, surface, opts)
	if opts.Keeper == nil {
		r.Status = Probed
		return r
	}
	o, err := opts.Keeper.Observe(ctx, r.Key, surface)
	if err != nil {
		r.Status, r.Error = Unreachable, "pinning: "+err.Error()
		return r
	}
	r.PinVersion = o.Pin.Version
	switch o.Status {
	case pin.StatusFirstUse:
		r.Status = Pinned
	case pin.StatusUnchanged:
		r.Status = Unchanged
	default:
		r.Status = Changed
		r.Changes = append(r.Changes, o.Changes...)
		db := ""
		if opts.DB != "" {
			db = "--db " + shellQuote(opts.DB) + " "
		}
		r.Hint = "approve the change with: plainsight approve " + db + shellQuote(r.Key)
	}
	return r
}

// hint says what to do about an unreachable server.
func hint(s mcpconfig.Server, rec *statusRecorder, err error) string {
	if len(s.Unresolved) > 0 {
		return "its configuration names what is not set here: " + strings.Join(s.Unresolved, ", ")
	}
	if rec != nil && (rec.last == http.StatusUnauthorized || rec.last == http.StatusForbidden) {
		return fmt.Sprintf("the server answered HTTP %d: pass --header 'Authorization: Bearer …' or set headers in %s", rec.last, s.ConfigPath)
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, probe.ErrBudget) {
		return "the server did not answer in time: try a longer --timeout"
	}
	return ""
}

// statusRecorder remembers the status of the last HTTP response.
type statusRecorder struct {
	rt   http.RoundTripper
	last int
}

func (s *statusRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := s.rt.RoundTrip(req)
	if resp != nil {
		s.last = resp.StatusCode
	}
	return resp, err
}

// defaultProber probes s over its transport.
func defaultProber(s mcpconfig.Server, opts Options) (probe.SurfaceProber, *statusRecorder, error) {
	if s.Transport == mcpconfig.Stdio {
		env := opts.Environ
		if env == nil {
			env = os.Environ()
		}
		env = slices.Clone(env)
		for _, k := range sortedKeys(s.Env) {
			env = append(env, k+"="+s.Env[k])
		}
		return probe.Stdio{Command: append([]string{s.Command}, s.Args...), Env: env, Dir: s.Cwd, Stderr: opts.Stderr}, nil, nil
	}
	g := opts.Guard
	if g == nil {
		g = &guard.Guard{}
	}
	c := g.Client()
	rt := c.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	rec := &statusRecorder{rt: rt}
	c.Transport = rec
	h := http.Header{}
	for _, k := range sortedKeys(s.Headers) {
		// A header whose value holds a reference left unresolved (an
		// ${input:…}, a variable not set here) is not sent: the server
		// would get the reference's text as a credential.
		if !slices.ContainsFunc(s.Unresolved, func(ref string) bool { return strings.Contains(s.Headers[k], ref) }) {
			h.Set(k, s.Headers[k])
		}
	}
	for k, v := range opts.Header {
		h[http.CanonicalHeaderKey(k)] = slices.Clone(v)
	}
	return probe.HTTP{URL: s.URL, Header: h, Client: c}, rec, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// scanSurface scans each definition of s, and its instructions.
func scanSurface(ctx context.Context, s *fingerprint.Surface, opts Options) []Finding {
	out := []Finding{}
	if s.Instructions != "" {
		def, _ := jsonString(s.Instructions)
		out = append(out, scanEntry(ctx, fingerprint.KindServer, "instructions", def, opts)...)
	}
	for _, list := range [][]fingerprint.Entry{s.Tools, s.Prompts, s.Resources, s.ResourceTemplates} {
		for _, e := range list {
			out = append(out, scanEntry(ctx, e.Kind, e.Key, e.Def, opts)...)
		}
	}
	return out
}

// jsonString is {"instructions": s} as JSON: the instructions read as
// the shield reads a definition.
func jsonString(s string) ([]byte, error) {
	return marshalNoEscape(map[string]string{"instructions": s})
}

// scanEntry scans one definition's JSON: with the shield (the JSON as one
// text) and in the profile (the same text, as internal/jsonview reads it).
func scanEntry(ctx context.Context, kind fingerprint.Kind, key string, def []byte, opts Options) []Finding {
	var out []Finding
	content := string(def)
	sc := opts.Scanner
	var resp shield.Response
	var err error
	req := shield.Request{Content: content, Context: shield.Context{Source: shield.SourceToolOutput, Tool: key, Direction: shield.Inbound}}
	if sc == nil {
		resp, err = shield.Scan(ctx, req)
	} else {
		resp, err = sc.Scan(ctx, req)
	}
	if err != nil {
		out = append(out, Finding{Kind: kind, Key: key, Source: "shield", Class: "unscanned", Excerpt: err.Error()})
	} else if resp.Verdict != shield.Clean {
		seen := map[string]bool{}
		for _, sig := range resp.Signals {
			id := string(sig.Class) + "\x00" + sig.Field
			if seen[id] {
				continue
			}
			seen[id] = true
			out = append(out, Finding{Kind: kind, Key: key, Source: "shield", Class: string(sig.Class), Field: sig.Field,
				Excerpt: excerpt(content, sig.ByteStart, sig.ByteEnd), Verdict: string(resp.Verdict)})
		}
	}
	text := content
	if v, ok := jsonview.Parse(content); ok {
		text = v.Text
	}
	profile := scan.Strict
	if opts.Profile != nil {
		profile = *opts.Profile
	}
	res, err := scan.ScanWTF8(text, &scan.Options{OmitSanitized: true, Profile: profile})
	if err == nil {
		seen := map[string]bool{}
		for _, f := range res.Findings {
			// Two findings of one class with one excerpt (two patterns
			// of one passage) read as one.
			if id := string(f.Class) + "\x00" + f.Excerpt; !seen[id] {
				seen[id] = true
				out = append(out, Finding{Kind: kind, Key: key, Source: "scan", Class: string(f.Class), Excerpt: f.Excerpt})
			}
		}
	}
	return out
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
