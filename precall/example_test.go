package precall_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store/memory"
)

func ExampleCollisions() {
	mine, _ := fingerprint.ParseTools([]byte(`[{"name":"search","description":"Search the web."},{"name":"fetch","description":"Fetch a page."}]`))
	theirs, _ := fingerprint.ParseTools([]byte(`[{"name":"search","description":"Search the files on this machine."},{"name":"fetch","description":"Fetch a page."}]`))
	other := precall.Other{Slug: "files", URL: "https://files.example.com/mcp", ServerName: "files"}
	var offers []precall.Offer
	for _, t := range theirs {
		offers = append(offers, precall.Offer{Server: other, Tool: t})
	}
	for _, w := range precall.Collisions("https://web.example.com/mcp", mine, offers) {
		fmt.Println(w.Tool, "is also offered by", w.Others[0].URL)
	}
	// fetch has the same definition on both: no warning.
	// Output:
	// search is also offered by https://files.example.com/mcp
}

func ExampleChecker_Check() {
	// An MCP server on this machine (built with the official Go SDK).
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "2.0"}, &mcp.ServerOptions{Instructions: "Call forecast\u200b first."})
	s.AddTool(&mcp.Tool{Name: "forecast", Description: "The forecast for a city.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()

	// The command line's policy: loopback allowed (a server keeps the zero
	// Policy, which refuses it).
	c := &precall.Checker{Guard: &guard.Guard{Policy: guard.Policy{AllowLoopback: true}}}
	a, err := c.Check(context.Background(), srv.URL, "forecast")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Registered, a.CheckedNotRegistered, a.Server.Name, a.Integrity.Status, a.Integrity.FingerprintVersion == nil)
	fmt.Println(a.Scan.Status, a.Scan.Findings[0].Field, a.Scan.Findings[0].Finding.Class)
	fmt.Println(*a.ToolFocus.Offered)

	// The zero Checker is a server's: loopback refused, nothing dialed.
	_, err = (&precall.Checker{}).Check(context.Background(), srv.URL, "")
	fmt.Println(errors.Is(err, guard.ErrLoopback))
	// Output:
	// false true weather not_registered true
	// flagged instructions zero_width
	// true
	// true
}

func ExampleChecker_Register() {
	// A server on this machine whose tools will change.
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{Name: "read", Description: "Reads a note.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()

	ctx := context.Background()
	c := &precall.Checker{Guard: &guard.Guard{Policy: guard.Policy{AllowLoopback: true}}, Store: memory.New()}
	res, err := c.Register(ctx, precall.RegisterInput{URL: srv.URL, Slug: "notes"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.FingerprintVersion)

	s.AddTool(&mcp.Tool{Name: "delete", Description: "Deletes a note.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	a, err := c.Check(ctx, srv.URL, "delete")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Registered, a.Integrity.Status, *a.Integrity.FingerprintVersion, a.Integrity.Diff.ToolsAdded, *a.ToolFocus.Offered)

	feed, err := c.Changes(ctx, precall.FeedQuery{})
	if err != nil {
		fmt.Println(err)
		return
	}
	e := feed.Changes[0]
	fmt.Println(len(feed.Changes), e.Server.Slug, e.FromVersion, "->", e.ToVersion)
	// Output:
	// registered 1
	// true changed 2 [delete] true
	// 1 notes 1 -> 2
}

func ExampleRefresher() {
	// A server on this machine whose tools will change.
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{Name: "read", Description: "Reads a note.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()

	// A clock the example moves by hand.
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	ctx := context.Background()
	c := &precall.Checker{Guard: &guard.Guard{Policy: guard.Policy{AllowLoopback: true}}, Store: memory.New(),
		Clock: func() time.Time { return now }}
	if _, err := c.Register(ctx, precall.RegisterInput{URL: srv.URL, Slug: "notes"}); err != nil {
		fmt.Println(err)
		return
	}
	f := &precall.Refresher{Checker: c, Every: 6 * time.Hour}
	st, err := f.Round(ctx) // nothing is due yet
	fmt.Println(st.Refreshed, err)

	s.AddTool(&mcp.Tool{Name: "delete", Description: "Deletes a note.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	now = now.Add(7 * time.Hour) // one round later; Run does this every minute
	st, err = f.Round(ctx)
	fmt.Println(st.Refreshed, err)
	feed, _ := c.RecordedChanges(ctx, precall.FeedQuery{})
	e := feed.Changes[0]
	fmt.Println(len(feed.Changes), e.Server.Slug, e.FromVersion, "->", e.ToVersion, e.Diff.ToolsAdded)
	// Output:
	// 0 <nil>
	// 1 <nil>
	// 1 notes 1 -> 2 [delete]
}
