package probe

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The test binary doubles as a stdio MCP server, built with the official Go
// SDK, when PLAINSIGHT_STDIO_SERVER names its behaviour.
func TestMain(m *testing.M) {
	switch os.Getenv("PLAINSIGHT_STDIO_SERVER") {
	case "":
		os.Exit(m.Run())
	case "sdk":
		if err := sdkServer(7, 3).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	case "surface":
		if err := surfaceServer(true, os.Getenv("SURFACE_INSTRUCTIONS")).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	case "silent":
		time.Sleep(time.Minute) // reads nothing, answers nothing
		os.Exit(0)
	case "exits":
		os.Exit(3)
	case "stderr-flood":
		// Logs without end (stopping at 64 MiB), then exits.
		writeFlood(os.Stderr, "", flood)
		os.Exit(3)
	case "flood":
		// One line without end (stopping at 64 MiB).
		writeFlood(os.Stdout, "", flood)
		time.Sleep(time.Minute)
		os.Exit(0)
	}
}

func selfCommand(t *testing.T, behaviour string) *Stdio {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Stdio{Command: []string{exe}, Env: append(os.Environ(), "PLAINSIGHT_STDIO_SERVER="+behaviour)}
}

func TestStdioAgainstSDK(t *testing.T) {
	d, err := selfCommand(t, "sdk").Probe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if d.Server.Name != "sdk-test" || len(d.Tools) != 7 || d.Tools[6].Name != "tool_06" {
		t.Errorf("got %+v", d)
	}
}

func TestStdioBroken(t *testing.T) {
	saved := callBudget
	callBudget = 500 * time.Millisecond
	t.Cleanup(func() { callBudget = saved })
	for _, tt := range []struct {
		behaviour string
		want      error
	}{
		{"silent", ErrBudget},
		{"exits", ErrTransport},
	} {
		start := time.Now()
		d, err := selfCommand(t, tt.behaviour).Probe(context.Background())
		if !errors.Is(err, tt.want) || d != nil {
			t.Errorf("%s: %v, %v; want %v", tt.behaviour, d, err, tt.want)
		}
		// The silent child was killed and reaped, not waited out.
		if time.Since(start) > 10*time.Second {
			t.Errorf("%s: the probe took %v", tt.behaviour, time.Since(start))
		}
	}
	if _, err := (&Stdio{Command: []string{"/nonexistent/server"}}).Probe(context.Background()); !errors.Is(err, ErrTransport) {
		t.Errorf("no such command: %v", err)
	}
}
