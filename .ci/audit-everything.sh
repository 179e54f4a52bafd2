#!/usr/bin/env bash
# plainsight audit against the MCP reference server from npm
# (@modelcontextprotocol/server-everything, pinned; TypeScript SDK): a
# home directory with a Claude Desktop, a Cursor and a VS Code
# configuration naming it three ways (stdio twice, with different
# arguments, and Streamable HTTP on a loopback port). The first audit must
# list all three with their tools and pin them; the second must find them
# unchanged. (The rug pull itself, a description that changes, is
# cmd/plainsight's TestAuditEndToEnd: this server's descriptions are
# fixed.)
#
# Usage: .ci/audit-everything.sh PLAINSIGHT_BINARY
# Needs node and npm: it fails, never skips, without them. The package is
# installed once into a cache directory, never globally; nothing but the
# install leaves the machine.
set -euo pipefail
bin=$(realpath "$1")
command -v node >/dev/null || { echo "FAIL: node is needed (and npm to install the server)"; exit 1; }
version=2026.8.31
tools="${XDG_CACHE_HOME:-$HOME/.cache}/plainsight-ci/server-everything-$version"
pkg="$tools/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
if [ ! -e "$pkg" ]; then
  command -v npm >/dev/null || { echo "FAIL: npm is needed to install server-everything"; exit 1; }
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "@modelcontextprotocol/server-everything@$version"
fi
tmp=$(mktemp -d)
pid=
cleanup() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; rm -rf "$tmp"; }
trap cleanup EXIT

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
PORT=$port node "$pkg" streamableHttp >"$tmp/http.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q 'listening on port' "$tmp/http.log" && break; sleep 0.1; done
grep -q 'listening on port' "$tmp/http.log" || { echo "FAIL: server-everything did not start"; cat "$tmp/http.log"; exit 1; }

home="$tmp/home"
node=$(command -v node)
mkdir -p "$home/Library/Application Support/Claude" "$home/.cursor" "$home/.config/Code/User"
cat >"$home/Library/Application Support/Claude/claude_desktop_config.json" <<JSON
{"mcpServers": {"everything": {"command": "$node", "args": ["$pkg", "stdio"]}}}
JSON
cat >"$home/.cursor/mcp.json" <<JSON
{"mcpServers": {"everything-default": {"command": "$node", "args": ["$pkg"]}}}
JSON
cat >"$home/.config/Code/User/mcp.json" <<JSON
{
  // server-everything over Streamable HTTP
  "servers": {"everything-http": {"type": "http", "url": "http://127.0.0.1:$port/mcp"}}
}
JSON

run() { (cd "$tmp" && HOME="$home" XDG_CONFIG_HOME= APPDATA= CODEX_HOME= "$bin" audit --db "$tmp/pins.db" --allow-loopback --timeout 60s --format json) >"$tmp/out.json" 2>"$tmp/err" || true; }
# check NAME JS: the audit's JSON as r, and JS must be true.
check() {
  node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));
    if(!('"$2"')){console.error("FAIL '"$1"': "+JSON.stringify(r,null,1));process.exit(1)} console.log("ok   '"$1"'")' "$tmp/out.json" ||
    { cat "$tmp/err"; exit 1; }
}
run
check "first audit: three servers of three clients, pinned, with their tools" \
  'r.format==="plainsight.audit/1" && r.servers.length===3 &&
   r.servers.map(s=>s.client+"/"+s.name).join()==="claude-desktop/everything,cursor/everything-default,vscode/everything-http" &&
   r.servers.every(s=>s.status==="pinned" && s.tools.includes("echo") && s.tools.length>=5)'
run
check "second audit: unchanged" 'r.servers.length===3 && r.servers.every(s=>s.status==="unchanged")'

# The SARIF form validates (the validator CI's SARIF step installs).
sarif="${XDG_CACHE_HOME:-$HOME/.cache}/plainsight-ci/sarif-5.7.0/node_modules/.bin/sarif-multitool"
(cd "$tmp" && HOME="$home" XDG_CONFIG_HOME= APPDATA= CODEX_HOME= "$bin" audit --db "$tmp/pins.db" --allow-loopback --format sarif) >"$tmp/audit.sarif" || true
if [ -x "$sarif" ]; then
  "$sarif" validate "$tmp/audit.sarif" >"$tmp/validate.txt" 2>&1 || true
  if grep -qE ': error [A-Z]+[0-9]+' "$tmp/validate.txt" || ! grep -q 'Analysis completed successfully' "$tmp/validate.txt"; then
    cat "$tmp/validate.txt"; echo "FAIL: the audit's SARIF does not validate"; exit 1
  fi
  echo "ok   audit SARIF validates"
elif [ "${CI:-}" = true ]; then
  echo "FAIL: the SARIF validator is missing ($sarif)"; exit 1
fi
