package pin

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/store"
)

func TestStdioKey(t *testing.T) {
	for _, tc := range []struct {
		command string
		args    []string
		want    string
	}{
		{"npx", []string{"-y", "@modelcontextprotocol/server-everything"}, `stdio:["npx","-y","@modelcontextprotocol/server-everything"]`},
		{"uvx", nil, `stdio:["uvx"]`},
		{"/bin/sh", []string{"-c", "echo \"hi\"\n"}, `stdio:["/bin/sh","-c","echo \"hi\"\n"]`},
	} {
		if got := StdioKey(tc.command, tc.args); got != tc.want {
			t.Errorf("StdioKey(%q, %q) = %s, want %s", tc.command, tc.args, got, tc.want)
		}
	}
	// The boundaries of the arguments are part of the key.
	if StdioKey("a", []string{"b c"}) == StdioKey("a", []string{"b", "c"}) || StdioKey("a b", nil) == StdioKey("a", []string{"b"}) {
		t.Error("two command lines share a key")
	}
}

func TestStdioKeyHashed(t *testing.T) {
	long := strings.Repeat("x", store.PinKeyMaxBytes)
	k := StdioKey("node", []string{long})
	if !strings.HasPrefix(k, "stdio:sha256:") || len(k) != len("stdio:sha256:")+64 {
		t.Errorf("a command line over the bound: key %.80s…", k)
	}
	if k != StdioKey("node", []string{long}) || k == StdioKey("node", []string{long + "y"}) {
		t.Error("a hashed key is not one per command line")
	}
	bad := StdioKey("node", []string{"\xff"})
	if !strings.HasPrefix(bad, "stdio:sha256:") || !utf8.ValidString(bad) || bad == StdioKey("node", []string{"\xfe"}) {
		t.Errorf("a command line not UTF-8: key %q", bad)
	}
}

func TestURLKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://user:s3cret@Example.COM:443/mcp?profile=work#top", "url:https://example.com/mcp?profile=work"},
		{"HTTP://mcp.example:80", "url:http://mcp.example/"},
		{"http://127.0.0.1:8080/mcp", "url:http://127.0.0.1:8080/mcp"},
		{"https://mcp.example/sse?", "url:https://mcp.example/sse"},
		{"https://token@mcp.example/a%20b", "url:https://mcp.example/a%20b"},
	} {
		if got := URLKey(tc.in); got != tc.want {
			t.Errorf("URLKey(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	for _, in := range []string{"://user:s3cret@x", "https://user:s3cret@[::1", "mailto:user:s3cret@x", "https://h/?q=\xff"} {
		k := URLKey(in)
		if !strings.HasPrefix(k, "url:sha256:") || strings.Contains(k, "s3cret") {
			t.Errorf("URLKey(%q) = %s, want a hash", in, k)
		}
	}
}
