package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/internal/canon"
)

// rpc is one way of making JSON-RPC calls to a server.
type rpc interface {
	// call sends a request and returns its result, or an error wrapping
	// ErrRPC for an error response.
	call(ctx context.Context, id int, method string, params any) (json.RawMessage, error)
	// notify sends a notification.
	notify(ctx context.Context, method string) error
}

// request is a JSON-RPC request or, without ID, notification.
type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      *int   `json:"id,omitempty"`
	Method  string `json:"method"`
	Params  any    `json:"params,omitempty"`
}

// response is a JSON-RPC response (or any other message: a request or
// notification from the server has a method).
type response struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// answer returns the result of r, which answers request id.
func (r *response) answer() (json.RawMessage, error) {
	if r.Error != nil {
		return nil, &rpcError{code: r.Error.Code, message: r.Error.Message}
	}
	if len(r.Result) == 0 {
		return nil, fmt.Errorf("%w: a response with neither result nor error", ErrProtocol)
	}
	return r.Result, nil
}

// answers reports whether r is the response to request id.
func (r *response) answers(id int) bool {
	var n json.Number
	if r.Method != "" || len(r.ID) == 0 || json.Unmarshal(r.ID, &n) != nil {
		return false
	}
	return n.String() == fmt.Sprint(id)
}

type initializeParams struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    struct{}       `json:"capabilities"`
	ClientInfo      implementation `json:"clientInfo"`
}

type implementation struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type listParams struct {
	Cursor string `json:"cursor,omitempty"`
}

// callBudget is CallBudget; tests of slow servers shorten it.
var callBudget = CallBudget

// withBudget runs one call within CallBudget.
func withBudget[T any](ctx context.Context, what string, f func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(ctx, callBudget)
	defer cancel()
	v, err := f(ctx)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		var zero T
		return zero, fmt.Errorf("probe: %s: %w (%v)", what, ErrBudget, err)
	}
	if err != nil {
		var zero T
		return zero, fmt.Errorf("probe: %s: %w", what, err)
	}
	return v, nil
}

// handshake runs the §7 probe over r. The tools/list results of all pages
// together may hold at most maxBody bytes, as one message would: each page
// is read within the cap, but five of them would cost five times the
// memory of one.
func handshake(ctx context.Context, r rpc, maxBody int64) (*fingerprint.Definitions, error) {
	init, err := withBudget(ctx, "initialize", func(ctx context.Context) (json.RawMessage, error) {
		return r.call(ctx, 1, "initialize", initializeParams{
			ProtocolVersion: ProtocolVersion,
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
	// Best effort: a server that refuses the notification is still probed.
	_, _ = withBudget(ctx, "notifications/initialized", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, r.notify(ctx, "notifications/initialized")
	})
	cursor := ""
	var listed int64 // bytes of tools/list results so far
	for page := range MaxPages {
		res, err := withBudget(ctx, "tools/list", func(ctx context.Context) (json.RawMessage, error) {
			return r.call(ctx, 2+page, "tools/list", listParams{Cursor: cursor})
		})
		if err != nil {
			return nil, err
		}
		if listed += int64(len(res)); listed > maxBody {
			return nil, fmt.Errorf("probe: tools/list: %w: the pages hold over %d bytes in all", ErrTooLarge, maxBody)
		}
		tools, next, err := fingerprint.ParseListResult(res)
		if err != nil {
			return nil, fmt.Errorf("probe: tools/list: %w: %w", ErrProtocol, err)
		}
		d.Tools = append(d.Tools, tools...)
		if next == "" {
			break
		}
		cursor = next
	}
	if err := fingerprint.SortTools(d.Tools); err != nil {
		return nil, fmt.Errorf("probe: tools/list: %w: %w", ErrProtocol, err)
	}
	return d, nil
}

// readInitialize reads the server identity, protocol version and
// instructions from an initialize result. It reads strings as JavaScript
// does (a lone surrogate escape stays one; encoding/json would replace it),
// since the server name is part of the fingerprint; and, as JavaScript
// does, a key given twice has its last value. The result is walked member
// by member and only the values it needs are parsed, so that a result of
// many members costs a member at a time.
func readInitialize(raw json.RawMessage) (*fingerprint.Definitions, error) {
	top, err := lastMembers(raw, "protocolVersion", "instructions", "serverInfo")
	if err != nil {
		return nil, fmt.Errorf("probe: initialize: %w: the result is not a JSON object (%v)", ErrProtocol, err)
	}
	d := &fingerprint.Definitions{}
	str := func(raw json.RawMessage, what string) (*string, error) {
		v, err := canon.Parse(raw, canon.Limits{MaxDepth: 64})
		if err != nil {
			return nil, fmt.Errorf("probe: initialize: %w: %s: %v", ErrProtocol, what, err)
		}
		switch v.Kind {
		case canon.KindString:
			return &v.Str, nil
		case canon.KindNull:
			return nil, nil
		}
		return nil, fmt.Errorf("probe: initialize: %w: %s is a %v", ErrProtocol, what, v.Kind)
	}
	if raw, ok := top["protocolVersion"]; ok {
		s, err := str(raw, "protocolVersion")
		if err != nil {
			return nil, err
		}
		if s != nil {
			d.ProtocolVersion = *s
		}
	}
	if raw, ok := top["instructions"]; ok {
		s, err := str(raw, "instructions")
		if err != nil {
			return nil, err
		}
		if s != nil {
			d.Instructions = *s
		}
	}
	if raw, ok := top["serverInfo"]; ok {
		info, err := lastMembers(raw, "name", "version")
		if err != nil {
			return nil, fmt.Errorf("probe: initialize: %w: serverInfo is not an object (%v)", ErrProtocol, err)
		}
		if raw, ok := info["name"]; ok {
			s, err := str(raw, "serverInfo.name")
			if err != nil {
				return nil, err
			}
			if s != nil {
				d.Server.Name = *s
			}
		}
		if raw, ok := info["version"]; ok {
			s, err := str(raw, "serverInfo.version")
			if err != nil {
				return nil, err
			}
			d.Server.Version = s
		}
	}
	return d, nil
}

// lastMembers walks the JSON object data member by member and returns the
// last value of each of the keys named (those present), checking that all
// of data is well-formed JSON. It holds one member at a time, not the
// object.
func lastMembers(data []byte, keys ...string) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not an object")
	}
	found := make(map[string]json.RawMessage, len(keys))
	var value json.RawMessage // reused: a member costs no allocation of its own
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		value = value[:0]
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		if slices.Contains(keys, key) {
			found[key] = bytes.Clone(value)
		}
	}
	if _, err := dec.Token(); err != nil { // }
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the object")
	}
	return found, nil
}
