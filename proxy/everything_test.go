package proxy_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/probe"
	"github.com/plainsight/plainsight/proxy"
	"github.com/plainsight/plainsight/store/memory"
)

// everything is the reference server-everything's entry point: from
// $PLAINSIGHT_TEST_EVERYTHING (CI installs it, pinned, before the tests),
// else where CI's cache keeps it.
func everything(t *testing.T) string {
	t.Helper()
	p := os.Getenv("PLAINSIGHT_TEST_EVERYTHING")
	if p == "" {
		cache, err := os.UserCacheDir()
		if err == nil {
			if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
				cache = x
			}
			p = filepath.Join(cache, "plainsight-ci/server-everything-2026.8.31/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
		}
	}
	_, err := os.Stat(p)
	if err == nil {
		_, err = exec.LookPath("node")
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("server-everything or node is missing (%v): CI installs them before the tests", err)
		}
		t.Skipf("server-everything or node is missing: %v", err)
	}
	return p
}

// TestServerEverything: the reference server through the proxy. A pin
// made as plainsight audit makes it (probe.Stdio's surface) is the one the
// proxy observes — unchanged, nothing withheld — so one server has one
// pin whichever of the two saw it first; its tools are listed, a prompt's
// argument is completed, echo answers as the server does, and a call
// carrying an AWS key is blocked.
func TestServerEverything(t *testing.T) {
	pkg := everything(t)
	ctx := context.Background()
	args := []string{pkg, "stdio"}
	s, err := (probe.Stdio{Command: append([]string{"node"}, args...)}).ProbeSurface(ctx)
	if err != nil {
		t.Fatal(err)
	}
	keeper := &pin.Keeper{Store: memory.New()}
	key := pin.StdioKey("node", args)
	if o, err := keeper.Observe(ctx, key, s); err != nil || o.Status != pin.StatusFirstUse {
		t.Fatalf("the audit's pin: %v %v", o.Status, err)
	}
	p := newProxy(t, proxy.Config{Upstream: proxy.Upstream{Command: "node", Args: args}, Pins: keeper})
	c := connect(t, p)
	names := toolNames(t, c)
	if !slices.Contains(names, "echo") || len(names) < 5 {
		t.Errorf("tools/list through the proxy: %v", names)
	}
	prompts, err := c.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Completions pass: server-everything completes its
	// completable-prompt's department.
	if !slices.ContainsFunc(prompts.Prompts, func(p *mcp.Prompt) bool { return p.Name == "completable-prompt" }) {
		t.Fatalf("prompts/list lacks completable-prompt: %+v", prompts.Prompts)
	}
	cr, err := c.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "completable-prompt"},
		Argument: mcp.CompleteParamsArgument{Name: "department", Value: ""}})
	if err != nil || !slices.Contains(cr.Completion.Values, "Engineering") {
		t.Errorf("completion/complete through the proxy: %v %+v", err, cr)
	}
	if pd, err := keeper.Pending(ctx, key); !errors.Is(err, pin.ErrNothingPending) {
		t.Errorf("the proxy's surface differs from the audit's pin: %v %+v", err, pd.Changes)
	}
	if r := call(t, c, "echo", map[string]any{"message": "hello"}); r.IsError || !strings.Contains(text(r), "hello") {
		t.Errorf("echo: %v %q", r.IsError, text(r))
	}
	if r := call(t, c, "echo", map[string]any{"message": "aws_access_key_id = AKIAZ3VQ7MXR5NB2KL4P"}); !r.IsError || !strings.Contains(text(r), "secrets") {
		t.Errorf("echo with a key: %v %q", r.IsError, text(r))
	}
}
