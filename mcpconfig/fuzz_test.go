package mcpconfig

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzRead reads any bytes in every JSON format: no panic, no server
// without a transport, a stdio server always with a command, and the
// JSONC blanking keeps every offset.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"mcpServers":{"a":{"command":"x","args":["${env:A}"],"env":{"K":"$B"}}}}`))
	f.Add([]byte("{\"servers\":{/*c*/\"a\":{\"type\":\"sse\",\"url\":\"http://h\"},},}"))
	f.Add([]byte(`{"projects":{"/p":{"mcpServers":{"a":{"httpUrl":"${X:-y}"}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		stripped, _, err := stripJSONC(data)
		if err == nil && len(stripped) != len(data) {
			t.Fatalf("stripJSONC changed the length: %d to %d", len(data), len(stripped))
		}
		for fm := fmtMCPServers; fm < fmtCodex; fm++ {
			fl := file{client: Other, path: "f", format: fm, syntax: refBrace | refEnvColon | refDollar | refEditor,
				env: func(k string) string { return k + "-v" }, home: "/h", cwd: "/c"}
			servers, _, err := fl.read(data)
			if err != nil {
				continue
			}
			for _, s := range servers {
				if s.Transport == "" || s.Transport == Stdio && s.Command == "" || s.Transport != Stdio && s.URL == "" {
					t.Fatalf("format %d: server %+v", fm, s)
				}
			}
		}
	})
}

// FuzzParseTOML parses any text: no panic, and the same answer twice;
// what parses, parses again after a trailing comment line.
func FuzzParseTOML(f *testing.F) {
	f.Add("[mcp_servers.a]\ncommand = \"x\"\nargs = [\"-y\", 'b']\nenv = { K = \"v\" }\n")
	f.Add("a = \"\"\"\nm\\\n  l\"\"\"\n[[t]]\nb = 1979-05-27T07:32:00Z\n")
	f.Fuzz(func(t *testing.T, src string) {
		doc, err := parseTOML(src)
		if err != nil {
			return
		}
		if doc == nil {
			t.Fatal("nil document without an error")
		}
		again, err := parseTOML(src + "\n# end\n")
		if err != nil && !bytes.HasSuffix([]byte(src), []byte("\\")) {
			t.Fatalf("parses alone but not before a comment line: %v", err)
		}
		_ = again
	})
}

// FuzzInstall rewrites any bytes: no panic; what Install writes is JSON
// that reads back, that a second Install leaves alone, and that Uninstall
// rewrites into JSON too.
func FuzzInstall(f *testing.F) {
	f.Add("mcp.json", []byte(`{"mcpServers":{"a":{"command":"x","args":["1"],"env":{"K":"v"}},"b":{"url":"http://h/mcp","headers":{"A":"b"}}}}`))
	f.Add("settings.json", []byte("{\"mcp\":{\"servers\":{\"a\":{\"type\":\"http\",\"url\":\"u\"},}}, // c\n}"))
	f.Add(".claude.json", []byte(`{"projects":{"/p":{"mcpServers":{"a":{"command":"plainsight","args":["proxy","--","x"]}}}}}`))
	f.Add("config.toml", []byte("[mcp_servers.a]\ncommand = \"x\" # c\nargs = [\n 'y',\n]\n[mcp_servers.a.env]\nK = \"v\"\n"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		if len(name) > 64 {
			return
		}
		out, _, err := Install(name, data, testProxy, true)
		if err != nil || out == nil {
			return
		}
		if detect(name, data).format == fmtCodex {
			if _, err := parseTOML(string(out)); err != nil {
				t.Fatalf("Install wrote TOML that does not read back: %v\n%s", err, out)
			}
		} else if stripped, _, err := stripJSONC(out); err != nil || !json.Valid(stripped) {
			t.Fatalf("Install wrote what does not read back: %v\n%s", err, out)
		}
		if again, _, err := Install(name, out, testProxy, true); err != nil || again != nil {
			t.Fatalf("a second Install changed the file (%v):\n%s\n%s", err, out, again)
		}
		back, _, err := Uninstall(name, out, true)
		if err != nil {
			t.Fatalf("Uninstall: %v", err)
		}
		if back != nil && detect(name, data).format != fmtCodex {
			if s, _, err := stripJSONC(back); err != nil || !json.Valid(s) {
				t.Fatalf("Uninstall wrote what does not read back:\n%s", back)
			}
		}
	})
}
