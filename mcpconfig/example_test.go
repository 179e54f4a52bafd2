package mcpconfig_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/plainsight/plainsight/mcpconfig"
)

// Every MCP server the clients in a home directory are configured with.
// Env and header values are never printed: a Server's String names the
// server, its transport and its command or URL.
func ExampleDiscover() {
	home := filepath.Join(os.TempDir(), "mcpconfig-example")
	defer os.RemoveAll(home)
	cursor := filepath.Join(home, ".cursor", "mcp.json")
	os.MkdirAll(filepath.Dir(cursor), 0o755)
	os.WriteFile(cursor, []byte(`{"mcpServers": {
  "weather": {"command": "npx", "args": ["-y", "weather-mcp"], "env": {"API_KEY": "${env:WEATHER_KEY}"}},
  "docs": {"url": "https://docs.example.com/mcp?key=secret"}
}}`), 0o644)
	servers, skipped, err := mcpconfig.Discover(home, func(string) string { return "" }, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range servers {
		fmt.Println(s, s.Unresolved)
	}
	fmt.Println(len(skipped), "skipped")
	// Output:
	// cursor docs (http https://docs.example.com/mcp?…) []
	// cursor weather (stdio npx) [${env:WEATHER_KEY}]
	// 0 skipped
}
