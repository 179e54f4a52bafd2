package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/internal/canon"
)

// FuzzEventStream checks the reading of a server's event stream for any
// bytes: no panic, an answer only when a data field held the response to
// the request, and every failure one of the package's error classes.
func FuzzEventStream(f *testing.F) {
	for _, s := range []string{
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n",
		"data: {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n\ndata: [{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1,\"message\":\"m\"}}]\n\n",
		": comment\r\ndata: {\"id\":\r\ndata: 1,\"result\":1}\r\n\r\n",
		"data: not json\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		tr := &httpRPC{maxBody: 4096}
		res, err := tr.fromStream(bytes.NewReader(body), 1)
		switch {
		case err == nil:
			if len(res) == 0 || !bytes.Contains(body, []byte("data:")) {
				t.Fatalf("an answer %q from %q", res, body)
			}
		case !errors.Is(err, ErrProtocol) && !errors.Is(err, ErrRPC) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTransport):
			t.Fatalf("error of no class: %v", err)
		}
	})
}

// FuzzSSERead checks the reading of an HTTP+SSE event stream (sseRPC.read)
// for any bytes against a plain model of it: the same events, no event over
// the cap, and the stream's end reported last as an error of one of the
// package's classes (ErrTooLarge exactly when the model finds an event over
// the cap).
func FuzzSSERead(f *testing.F) {
	for _, s := range []string{
		"event: endpoint\ndata: /messages?sessionId=1\n\n",
		"event: endpoint\r\ndata: /m\r\n\r\nevent: message\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r\n\r\n",
		": comment\nid: 7\nretry: 10\ndata: a\ndata: b\n\n",
		"event: endpoint\ndata: " + strings.Repeat("A", 5000),
		"data:" + strings.Repeat("x", 100) + "\n" + "data:" + strings.Repeat("y", 150) + "\n\n",
		"event:\n\n\n\nevent: x",
		"data:\ndata: x\n\ndata:\n\n",
	} {
		f.Add([]byte(s))
	}
	const max = 256
	f.Fuzz(func(t *testing.T, body []byte) {
		tr := &sseRPC{maxBody: max, events: make(chan sseEvent)}
		go tr.read(context.Background(), io.NopCloser(bytes.NewReader(body)))
		var got []sseEvent
		var last error
		for ev := range tr.events {
			if last != nil {
				t.Fatalf("an event after the stream's end: %+v", ev)
			}
			if ev.err != nil {
				last = ev.err
				continue
			}
			if len(ev.data) > max || len(ev.name) > max {
				t.Fatalf("an event of %d bytes of data, %d of name, over the cap %d", len(ev.data), len(ev.name), max)
			}
			got = append(got, ev)
		}
		want, tooLarge := sseModel(body, max)
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(sseEvent{}), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("events (-model +read):\n%s", diff)
		}
		switch {
		case last == nil:
			t.Fatal("the stream ended without an error")
		case !errors.Is(last, ErrTransport) && !errors.Is(last, ErrTooLarge):
			t.Fatalf("error of no class: %v", last)
		case errors.Is(last, ErrTooLarge) != tooLarge:
			t.Fatalf("end %v, the model says over the cap: %v", last, tooLarge)
		}
	})
}

// sseModel reads an event stream the plain way: the whole body split into
// lines at LF (one CR before it dropped), an event at each empty line, a
// field line, with the event's data so far, over max: the end.
func sseModel(body []byte, max int) (events []sseEvent, tooLarge bool) {
	lines := strings.SplitAfter(string(body), "\n")
	var name, data string
	hasData := false
	for _, line := range lines {
		if line == "" {
			break
		}
		line = strings.TrimSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\r")
		if len(data)+len(line) > max {
			return events, true
		}
		switch {
		case line == "":
			if hasData || name != "" {
				events = append(events, sseEvent{name: name, data: data})
			}
			name, data, hasData = "", "", false
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimSpace(line[len("event:"):])
		case strings.HasPrefix(line, "data:"):
			if hasData {
				data += "\n"
			}
			hasData = true
			data += strings.TrimPrefix(line[len("data:"):], " ")
		}
	}
	return events, false
}

// FuzzReaderLine checks the capped reader's lines against the plain split
// of the whole input, with a buffer of 16 bytes so that lines span many
// buffers: the same lines, ErrTooLarge exactly when a message (here, the
// lines since the last empty one) passes the cap, and io.EOF at the end.
func FuzzReaderLine(f *testing.F) {
	for _, s := range []string{
		"a\nb\r\n\nccc",
		strings.Repeat("x", 40) + "\r\n" + strings.Repeat("y", 30) + "\n\n",
		strings.Repeat("z", 100),
		"\r\r\n\n\r",
	} {
		f.Add([]byte(s))
	}
	const max = 64
	f.Fuzz(func(t *testing.T, in []byte) {
		r := &reader{br: bufio.NewReaderSize(bytes.NewReader(in), 16), max: max}
		model := strings.SplitAfter(string(in), "\n")
		if model[len(model)-1] == "" {
			model = model[:len(model)-1]
		}
		var used int64
		for i := 0; ; i++ {
			line, err := r.line(used, max, "a message")
			if i == len(model) {
				if !errors.Is(err, io.EOF) {
					t.Fatalf("after %d lines: %q, %v; want io.EOF", i, line, err)
				}
				return
			}
			want := strings.TrimSuffix(strings.TrimSuffix(model[i], "\n"), "\r")
			if used+int64(len(want)) > max {
				if !errors.Is(err, ErrTooLarge) {
					t.Fatalf("line %d: %q, %v; want ErrTooLarge", i, line, err)
				}
				return
			}
			if err != nil || string(line) != want {
				t.Fatalf("line %d: %q, %v; want %q", i, line, err, want)
			}
			used += int64(len(line))
			if len(line) == 0 {
				used = 0
			}
		}
	})
}

// FuzzFindAnswer checks findAnswer, which reads a batch one message at a
// time, against the plain way: the whole body decoded at once.
func FuzzFindAnswer(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`[{"jsonrpc":"2.0","method":"x"},{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}]`,
		`[{"id":1,"result":1},{"id":1,"result":2}]`,
		`[{},{},{"id":2,"result":1}]`,
		`[1, 2`, `[] x`, `[{"id":1,"result":1}] ]`, ` [ ] `, `null`,
	} {
		f.Add([]byte(s))
	}
	plain := func(data []byte, id int) (json.RawMessage, bool, error) {
		data = bytes.TrimSpace(data)
		var msgs []response
		var err error
		if len(data) > 0 && data[0] == '[' {
			err = json.Unmarshal(data, &msgs)
		} else {
			var r response
			err = json.Unmarshal(data, &r)
			msgs = []response{r}
		}
		if err != nil {
			return nil, false, err
		}
		for i := range msgs {
			if msgs[i].answers(id) {
				res, err := msgs[i].answer()
				return res, true, err
			}
		}
		return nil, false, nil
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		res, found, err := findAnswer(data, 1)
		wantRes, wantFound, wantErr := plain(data, 1)
		if found != wantFound || (err == nil) != (wantErr == nil) || !bytes.Equal(res, wantRes) {
			t.Fatalf("findAnswer(%q) = %q, %v, %v; the plain way: %q, %v, %v", data, res, found, err, wantRes, wantFound, wantErr)
		}
		if err != nil && !errors.Is(err, ErrProtocol) && !errors.Is(err, ErrRPC) {
			t.Fatalf("error of no class: %v", err)
		}
	})
}

// FuzzReadInitialize checks readInitialize, which walks the result member
// by member, against the plain way: the whole result parsed as JavaScript
// parses it (internal/canon), then read. Where that parse refuses the
// input (deeper than 64 levels, say) only the absence of a panic is
// checked: the walk parses only the values it needs.
func FuzzReadInitialize(f *testing.F) {
	for _, s := range []string{
		`{"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"},"instructions":"use"}`,
		`{"serverInfo":{"name":"\ud800x"},"serverInfo":{"version":null}}`,
		`{"instructions":"a","instructions":null,"protocolVersion":5}`,
		`{"protocolVersion":5,"protocolVersion":"x"}`,
		`{"serverInfo":[1]}`, `[]`, `{"a":{"b":[{}]}}`, `{} x`,
	} {
		f.Add([]byte(s))
	}
	plain := func(raw []byte) (*fingerprint.Definitions, error) {
		v, err := canon.Parse(raw, canon.Limits{MaxDepth: 64})
		if err != nil || v.Kind != canon.KindObject {
			return nil, errors.New("not an object")
		}
		d := &fingerprint.Definitions{}
		str := func(v *canon.Value) (*string, error) {
			switch v.Kind {
			case canon.KindString:
				return &v.Str, nil
			case canon.KindNull:
				return nil, nil
			}
			return nil, errors.New("not a string")
		}
		for _, m := range v.Members {
			switch m.Key {
			case "protocolVersion", "instructions":
				s, err := str(&m.Value)
				if err != nil {
					return nil, err
				}
				if s != nil && m.Key == "protocolVersion" {
					d.ProtocolVersion = *s
				} else if s != nil {
					d.Instructions = *s
				}
			case "serverInfo":
				if m.Value.Kind != canon.KindObject {
					return nil, errors.New("not an object")
				}
				for _, f := range m.Value.Members {
					s, err := str(&f.Value)
					switch {
					case f.Key != "name" && f.Key != "version":
					case err != nil:
						return nil, err
					case f.Key == "name" && s != nil:
						d.Server.Name = *s
					case f.Key == "version":
						d.Server.Version = s
					}
				}
			}
		}
		return d, nil
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, err := readInitialize(raw)
		if err != nil && !errors.Is(err, ErrProtocol) {
			t.Fatalf("error of no class: %v", err)
		}
		if _, perr := canon.Parse(raw, canon.Limits{MaxDepth: 64}); perr != nil || !json.Valid(raw) {
			return
		}
		want, wantErr := plain(raw)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("readInitialize(%q): %v; the plain way: %v", raw, err, wantErr)
		}
		if diff := cmp.Diff(want, d); err == nil && diff != "" {
			t.Fatalf("readInitialize(%q) (-plain +walk):\n%s", raw, diff)
		}
	})
}
