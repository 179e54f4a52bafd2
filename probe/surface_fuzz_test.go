package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// scriptedRPC answers initialize with init and every list call with the
// result list gives, counting the calls.
type scriptedRPC struct {
	init  []byte
	list  func(method string, page int) []byte
	pages map[string]int
	calls int
}

func (s *scriptedRPC) call(_ context.Context, _ int, method string, _ any) (json.RawMessage, error) {
	s.calls++
	if method == "initialize" {
		return s.init, nil
	}
	s.pages[method]++
	return s.list(method, s.pages[method]), nil
}

func (s *scriptedRPC) notify(context.Context, string) error { return nil }

// FuzzSurfaceHandshake runs the surface probe against a server whose
// initialize result and list results are any bytes: no panic; every
// failure one of the package's error classes; at most MaxPages calls per
// list and 4·MaxPages+1 calls in all; a surface returned fingerprints.
func FuzzSurfaceHandshake(f *testing.F) {
	f.Add([]byte(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{},"prompts":{},"resources":{}},"serverInfo":{"name":"s","version":"1"}}`),
		[]byte(`{"tools":[{"name":"t","annotations":{"destructiveHint":true}}],"prompts":[{"name":"p"}],"resources":[{"uri":"a:b"}],"resourceTemplates":[],"nextCursor":"c"}`))
	f.Add([]byte(`{"capabilities":null}`), []byte(`{"tools":[]}`))
	f.Add([]byte(`{"capabilities":{"prompts":[]}}`), []byte(`{"tools":[ ],"nextCursor":null}`))
	f.Add([]byte(`[]`), []byte(`{"tools":{}}`))
	f.Add([]byte(`{"capabilities":{"resources":{}}}`), []byte(`{"resources":[{"uri":"x"}],"resourceTemplates":[{"uriTemplate":"y"}],"tools":[{"name":"\ud800"}]}`))
	f.Fuzz(func(t *testing.T, init, list []byte) {
		r := &scriptedRPC{init: init, pages: map[string]int{}, list: func(string, int) []byte { return list }}
		s, err := surfaceHandshake(context.Background(), r, 1<<16)
		for m, n := range r.pages {
			if n > MaxPages {
				t.Fatalf("%s read for %d pages", m, n)
			}
		}
		if r.calls > 4*MaxPages+1 {
			t.Fatalf("%d calls", r.calls)
		}
		if err != nil {
			if !errors.Is(err, ErrProtocol) && !errors.Is(err, ErrRPC) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTransport) {
				t.Fatalf("error of no class: %v", err)
			}
			if s != nil {
				t.Fatalf("a surface with an error")
			}
			return
		}
		if _, err := s.Fingerprint(); err != nil {
			t.Fatalf("a surface probed does not fingerprint: %v", err)
		}
		if len(s.Tools) > 0 && !bytes.Contains(list, []byte(`"tools"`)) {
			t.Fatalf("tools from %q", list)
		}
	})
}
