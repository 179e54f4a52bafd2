package probe

import (
	"context"
	"errors"
	"net/http"
	"testing"
)

type refusal struct{}

func (refusal) Error() string { return "refused" }

type refusingTransport struct{}

func (refusingTransport) RoundTrip(*http.Request) (*http.Response, error) { return nil, refusal{} }

// The error of the client a caller gives stays testable through the
// probe's: a guard's refusal must not read as an unreachable server.
func TestClientErrorWrapped(t *testing.T) {
	h := &HTTP{URL: "https://example.com/mcp", Client: &http.Client{Transport: refusingTransport{}}}
	_, err := h.Probe(context.Background())
	var r refusal
	if !errors.As(err, &r) || !errors.Is(err, ErrTransport) {
		t.Fatalf("got %v, want ErrTransport wrapping the client's error", err)
	}
}

// refusingSSE answers the Streamable HTTP POST with 404, as an HTTP+SSE
// server does, and refuses everything else, as a guard refuses a hop.
type refusingSSE struct{}

func (refusingSSE) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPost {
		return &http.Response{StatusCode: http.StatusNotFound, Body: http.NoBody, Header: http.Header{}, Request: r}, nil
	}
	return nil, refusal{}
}

// The HTTP+SSE fallback keeps the client's error wrapped as well.
func TestClientErrorWrappedSSE(t *testing.T) {
	h := &HTTP{URL: "https://example.com/mcp", Client: &http.Client{Transport: refusingSSE{}}}
	_, err := h.Probe(context.Background())
	var r refusal
	if !errors.As(err, &r) || !errors.Is(err, ErrTransport) {
		t.Fatalf("got %v, want ErrTransport wrapping the client's error", err)
	}
}
