package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/plainsight/plainsight/fingerprint"
)

// SurfaceProtocolVersion is the MCP protocol version a surface probe's
// initialize asks for: the first with tool titles and output schemas. The
// version is not part of the extended fingerprint; a server that answers
// with another is probed in the version it answered with.
const SurfaceProtocolVersion = "2025-06-18"

// SurfaceProber gathers the surface of one MCP server for the extended
// fingerprint profile (issue 30, item 1).
type SurfaceProber interface {
	ProbeSurface(ctx context.Context) (*fingerprint.Surface, error)
}

// ProbeSurface gathers the surface of the server at h.URL, over Streamable
// HTTP or, when the server refuses its initialize, HTTP+SSE (see the
// package documentation, "The surface").
func (h HTTP) ProbeSurface(ctx context.Context) (*fingerprint.Surface, error) {
	return overHTTP(ctx, &h, surfaceHandshake)
}

// ProbeSurface starts the command, with s.Env as its environment, and
// gathers the surface of the server over its standard input and output
// (see the package documentation, "The surface").
func (s Stdio) ProbeSurface(ctx context.Context) (*fingerprint.Surface, error) {
	return overStdio(ctx, &s, surfaceHandshake)
}

// errMethodNotFound is JSON-RPC's code for a method the server does not
// have.
const errMethodNotFound = -32601

// rpcError is a JSON-RPC error response: it is ErrRPC, and keeps the code.
type rpcError struct {
	code    int
	message string
}

func (e *rpcError) Error() string { return fmt.Sprintf("%v %d: %s", ErrRPC, e.code, e.message) }

func (e *rpcError) Unwrap() error { return ErrRPC }

// surfaceList is one of the lists a surface probe reads.
type surfaceList struct {
	method     string // tools/list
	capability string // the capability that advertises it
	member     string // the result's member holding the list
}

var surfaceLists = [...]surfaceList{
	{"tools/list", "tools", "tools"},
	{"prompts/list", "prompts", "prompts"},
	{"resources/list", "resources", "resources"},
	{"resources/templates/list", "resources", "resourceTemplates"},
}

// surfaceHandshake runs the surface probe over r: initialize (asking for
// SurfaceProtocolVersion), notifications/initialized, then tools/list and,
// when the server's capabilities advertise them, prompts/list,
// resources/list and resources/templates/list, each across cursors for at
// most MaxPages pages. The results of all lists together may hold at most
// maxBody bytes.
func surfaceHandshake(ctx context.Context, r rpc, maxBody int64) (*fingerprint.Surface, error) {
	init, err := withBudget(ctx, "initialize", func(ctx context.Context) (json.RawMessage, error) {
		return r.call(ctx, 1, "initialize", initializeParams{
			ProtocolVersion: SurfaceProtocolVersion,
			ClientInfo:      implementation{Name: ClientName, Version: "1"},
		})
	})
	if err != nil {
		return nil, err
	}
	d, err := readInitialize(init)
	if err != nil {
		return nil, err
	}
	caps, err := readCapabilities(init)
	if err != nil {
		return nil, err
	}
	if v, ok := r.(interface{ setVersion(string) }); ok && d.ProtocolVersion != "" {
		v.setVersion(d.ProtocolVersion)
	}
	_, _ = withBudget(ctx, "notifications/initialized", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, r.notify(ctx, "notifications/initialized")
	})
	var lists fingerprint.Lists
	id := 2
	var listed int64 // bytes of list results so far, all lists together
	for _, l := range surfaceLists {
		advertised := caps[l.capability]
		if !advertised && l.method != "tools/list" {
			continue
		}
		list, err := readList(ctx, r, l, &id, &listed, maxBody)
		var re *rpcError
		if errors.As(err, &re) && re.code == errMethodNotFound {
			// The server has no such list, whatever it advertised: no
			// client shows anything of it.
			continue
		}
		if err != nil {
			return nil, err
		}
		switch l.member {
		case "tools":
			lists.Tools = list
		case "prompts":
			lists.Prompts = list
		case "resources":
			lists.Resources = list
		case "resourceTemplates":
			lists.ResourceTemplates = list
		}
	}
	s, err := fingerprint.NewSurface(d.Server, d.ProtocolVersion, d.Instructions, lists)
	if err != nil {
		return nil, fmt.Errorf("probe: %w: %w", ErrProtocol, err)
	}
	return s, nil
}

// readList reads one list across cursors and returns the entries of all
// its pages as one JSON array.
func readList(ctx context.Context, r rpc, l surfaceList, id *int, listed *int64, maxBody int64) ([]byte, error) {
	out := []byte{'['}
	cursor := ""
	for range MaxPages {
		n := *id
		*id++
		res, err := withBudget(ctx, l.method, func(ctx context.Context) (json.RawMessage, error) {
			return r.call(ctx, n, l.method, listParams{Cursor: cursor})
		})
		if err != nil {
			return nil, err
		}
		if *listed += int64(len(res)); *listed > maxBody {
			return nil, fmt.Errorf("probe: %s: %w: the lists hold over %d bytes in all", l.method, ErrTooLarge, maxBody)
		}
		m, err := lastMembers(res, l.member, "nextCursor")
		if err != nil {
			return nil, fmt.Errorf("probe: %s: %w: the result is not a JSON object (%v)", l.method, ErrProtocol, err)
		}
		items := bytes.TrimSpace(m[l.member])
		if len(items) < 2 || items[0] != '[' || items[len(items)-1] != ']' {
			return nil, fmt.Errorf("probe: %s: %w: no %s array", l.method, ErrProtocol, l.member)
		}
		if inner := bytes.TrimSpace(items[1 : len(items)-1]); len(inner) > 0 {
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(out, inner...)
		}
		next := ""
		if raw, ok := m["nextCursor"]; ok {
			var c *string
			if err := json.Unmarshal(raw, &c); err != nil {
				return nil, fmt.Errorf("probe: %s: %w: nextCursor is not a string", l.method, ErrProtocol)
			}
			if c != nil {
				next = *c
			}
		}
		if next == "" {
			break
		}
		cursor = next
	}
	return append(out, ']'), nil
}

// readCapabilities reads which of the server capabilities tools, prompts
// and resources an initialize result advertises: a member that is an
// object (even {}); absent, null or anything else is not advertised.
func readCapabilities(raw json.RawMessage) (map[string]bool, error) {
	top, err := lastMembers(raw, "capabilities")
	if err != nil {
		return nil, fmt.Errorf("probe: initialize: %w: the result is not a JSON object (%v)", ErrProtocol, err)
	}
	caps := map[string]bool{}
	c, ok := top["capabilities"]
	if !ok || bytes.Equal(bytes.TrimSpace(c), []byte("null")) {
		return caps, nil
	}
	m, err := lastMembers(c, "tools", "prompts", "resources")
	if err != nil {
		return nil, fmt.Errorf("probe: initialize: %w: capabilities is not an object (%v)", ErrProtocol, err)
	}
	for k, v := range m {
		v = bytes.TrimSpace(v)
		caps[k] = len(v) > 0 && v[0] == '{'
	}
	return caps, nil
}
