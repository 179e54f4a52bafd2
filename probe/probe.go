// Package probe gathers an MCP server's definitions the way §7 of the
// agent-safety formats, version 1, probes a server: an initialize request
// (protocol version 2025-03-26, client name rightshold-integrity-probe), a
// best-effort notifications/initialized, then tools/list followed across
// cursors for at most five pages, each call within six seconds.
//
// [HTTP] speaks MCP's Streamable HTTP transport (JSON and event-stream
// responses, Mcp-Session-Id). Whatever goes wrong — a refused connection,
// an HTTP or JSON-RPC error, a wrong content type, a body over the size
// cap, an event stream that never answers, a call over its budget — ends
// the probe with an error, which an integrity check reports as unreachable
// (never as unchanged). A server that refuses the Streamable HTTP
// initialize with 400, 404 or 405 is probed over the older HTTP+SSE
// transport: a GET opens its event stream, whose first event names the
// endpoint to post messages to, resolved against the URL that answered
// the GET — after any redirects its client followed — and refused
// (ErrProtocol) unless it is on that URL's origin, so that messages go to
// the server that gave the stream and nowhere else.
//
// # The surface
//
// [HTTP.ProbeSurface] and [Stdio.ProbeSurface] gather a server's
// [fingerprint.Surface] for the extended fingerprint profile (issue 30,
// item 1) over the same transports: an initialize asking for
// [SurfaceProtocolVersion] (the client name is §7's), whose result's
// capabilities are read; a best-effort notifications/initialized; then
// tools/list (always, as §7 asks it), prompts/list when the capabilities
// advertise prompts, and resources/list and resources/templates/list when
// they advertise resources — an advertised capability is a member that is
// an object, {} included. Each list is followed across cursors for at most
// MaxPages pages, as §7 follows tools/list: entries a server lists past
// them are not in the surface, and so not fingerprinted. Later
// requests over Streamable HTTP carry the protocol version the server
// answered with. A list the server answers with JSON-RPC's -32601 (method
// not found) is no list, whatever the capabilities say: no client shows
// anything of it, and if it appears later it is a change. Any other error
// on any list ends the probe with that error (ErrRPC, ErrProtocol, …), as
// every failure of §7's probe does: an audit reports the server
// unreachable rather than pinning a part of what it shows. A list that the
// profile cannot read (an entry of the wrong form, a key twice across
// pages) is ErrProtocol.
//
// # Bounds
//
// Everything a server sends is read through one capped reader, which
// refuses a message as soon as it passes its cap, not when it ends:
//
//   - a JSON body, an event stream answering one call, an HTTP+SSE event, a
//     line of a child's output: at most MaxBody bytes each (DefaultMaxBody,
//     16 MiB), else ErrTooLarge; the HTTP+SSE endpoint event, which names a
//     URL, at most 64 KiB; a probe holds about a message plus a 64 KiB
//     buffer at a time, and walks a JSON-RPC batch a message at a time and
//     an initialize result a member at a time;
//   - the tools/list results of all pages together: at most MaxBody bytes
//     too, else ErrTooLarge (five pages under the cap would otherwise hold
//     five times it); for a surface probe, the results of all four lists
//     and all their pages together, at most MaxBody bytes;
//   - response headers: at most MaxHeader (64 KiB) with the default client
//     (a Client given keeps its own transport's limit);
//   - a stdio child's standard error, passed to Stdio.Stderr: its first
//     MaxBody bytes, the rest read and dropped;
//   - time: each call within CallBudget (6 s), else ErrBudget; a probe makes
//     at most MaxPages+2 calls over a transport (initialize,
//     notifications/initialized and five tools/list pages); with a refused
//     Streamable HTTP initialize, the opening of the HTTP+SSE stream and
//     the closing of a session, it ends within ten budgets (60 s); a
//     surface probe reads at most MaxPages pages of each of its four lists,
//     at most 4·MaxPages+2 calls, and so ends within 4·MaxPages+5 budgets
//     with the fallback (25 budgets, 150 s) — a caller that wants less
//     gives a context with a deadline;
//   - processes: Stdio starts its command as the leader of a process group
//     of its own and kills the whole group when the probe ends, however it
//     ends (an answer, an error, a budget, the caller's context), then reaps
//     the child.
//
// # What it does not claim
//
// A process that leaves the group (setsid, setpgid, a daemon) escapes the
// kill; containing that needs the host's own means (a cgroup, a
// container). Outside Unix only the child itself is killed. A server whose
// descendants keep its standard output open after it exits is noticed
// only when the budget ends. HTTP requests go wherever the URL points:
// callers that probe addresses they did not choose give the client of
// package guard, which refuses private and special-purpose addresses.
package probe

import (
	"context"
	"errors"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
)

// The handshake of §7.
const (
	// ProtocolVersion is the MCP protocol version the initialize request
	// asks for.
	ProtocolVersion = "2025-03-26"
	// ClientName is the client name the initialize request gives.
	ClientName = "rightshold-integrity-probe"
	// MaxPages is the most tools/list pages a probe reads.
	MaxPages = 5
	// CallBudget is the time each call of a probe may take.
	CallBudget = 6 * time.Second
)

// DefaultMaxBody caps the bytes of one response a probe reads.
const DefaultMaxBody = 16 << 20

// Prober gathers the definitions of one MCP server.
type Prober interface {
	Probe(ctx context.Context) (*fingerprint.Definitions, error)
}

// The classes of probe errors, for errors.Is. Every error a probe returns
// wraps one of them.
var (
	// ErrTransport: the server could not be reached or spoke no MCP
	// transport (connection, HTTP status, content type, framing).
	ErrTransport = errors.New("mcp transport error")
	// ErrRPC: the server answered a call with a JSON-RPC error.
	ErrRPC = errors.New("mcp error response")
	// ErrProtocol: the server's answer is not what the call asks for (a
	// result of the wrong shape, a tool list that §7 cannot read).
	ErrProtocol = errors.New("mcp protocol error")
	// ErrTooLarge: a response is over the size cap.
	ErrTooLarge = errors.New("mcp response too large")
	// ErrBudget: a call took longer than CallBudget.
	ErrBudget = errors.New("mcp call over its time budget")
)
