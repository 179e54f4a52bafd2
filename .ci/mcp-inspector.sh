#!/usr/bin/env bash
# An outside MCP client against `plainsight mcp`: the CLI of the MCP
# Inspector (npm @modelcontextprotocol/inspector-cli, pinned; TypeScript
# SDK), over stdio and over Streamable HTTP. It lists the tools and calls
# each, a refusal included, and checks the answers (the client validates
# each structured answer against the tool's output schema).
#
# Usage: .ci/mcp-inspector.sh PLAINSIGHT_BINARY
# The package is installed once into a cache directory, never globally.
set -euo pipefail
bin=$(realpath "$1")
version=1.0.3
tools="${XDG_CACHE_HOME:-$HOME/.cache}/plainsight-ci/inspector-cli-$version"
cli="$tools/node_modules/@modelcontextprotocol/inspector-cli/build"
if [ ! -e "$cli/index.js" ]; then
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "@modelcontextprotocol/inspector-cli@$version"
fi
tmp=$(mktemp -d)
pid=
cleanup() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; rm -rf "$tmp"; }
trap cleanup EXIT
db="sqlite:$tmp/registry.db"

# inspector-cli 1.0.3 finds its own package.json relative to the working
# directory, so it runs from its build directory.
inspect() { (cd "$cli" && node index.js "$@" 2>"$tmp/stderr") || { cat "$tmp/stderr"; return 1; }; }

# check NAME JS: the answer (JSON on stdin) as r, and JS must be true.
check() {
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);
    if(!('"$2"')){console.error("FAIL '"$1"': "+s);process.exit(1)} console.log("ok   '"$1"'")})'
}

stdio=("$bin" mcp --db "$db")
inspect "${stdio[@]}" --method tools/list |
  check "stdio tools/list" 'r.tools.map(t=>t.name).sort().join()==="precall_check,scan_text,shield_scan,signature_check" && r.tools.every(t=>t.inputSchema.type==="object"&&t.outputSchema.type==="object")'
inspect "${stdio[@]}" --method tools/call --tool-name scan_text --tool-arg $'text=pay\u200bload' |
  check "stdio scan_text" '!r.isError && r.structuredContent.status==="flagged" && r.structuredContent.sanitized==="payload" && r.structuredContent.profile==="strict"'
inspect "${stdio[@]}" --method tools/call --tool-name scan_text --tool-arg text=a profile=lenient |
  check "stdio scan_text refused" 'r.isError && JSON.parse(r.content[0].text).error.code==="unknown_profile"'
inspect "${stdio[@]}" --method tools/call --tool-name shield_scan --tool-arg 'content=aws_access_key_id = AKIAZ3VQ7MXR5NB2KL4P' 'context={"source":"tool_output","direction":"inbound"}' |
  check "stdio shield_scan" '!r.isError && r.structuredContent.verdict==="malicious" && r.structuredContent.scores.secrets>0'
inspect "${stdio[@]}" --method tools/call --tool-name shield_scan --tool-arg content=x 'context={"source":"radio","direction":"inbound"}' |
  check "stdio shield_scan refused" 'r.isError && JSON.parse(r.content[0].text).error.code==="unknown_source"'
inspect "${stdio[@]}" --method tools/call --tool-name signature_check --tool-arg 'text=The weather in Lisbon is fine today.' |
  check "stdio signature_check" '!r.isError && Array.isArray(r.structuredContent.matches) && r.structuredContent.matches.length===0 && r.structuredContent.match===false'
inspect "${stdio[@]}" --method tools/call --tool-name precall_check --tool-arg url=http://127.0.0.1:9/mcp |
  check "stdio precall_check refused" 'r.isError && JSON.parse(r.content[0].text).error.code==="refused_loopback"'

# Streamable HTTP on a free loopback port, read from the start line.
"$bin" mcp --http 127.0.0.1:0 --db "$db" >"$tmp/out" 2>"$tmp/log" &
pid=$!
for _ in $(seq 100); do grep -q 'listening on' "$tmp/out" && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http:[^ ]*\) .*/\1/p' "$tmp/out")
[ -n "$url" ] || { echo "FAIL: no start line"; cat "$tmp/out" "$tmp/log"; exit 1; }
inspect "$url" --transport http --method tools/list |
  check "http tools/list" 'r.tools.length===4'
inspect "$url" --transport http --method tools/call --tool-name scan_text --tool-arg 'text=plain words' profile=spec |
  check "http scan_text" '!r.isError && r.structuredContent.status==="clean" && !("profile" in r.structuredContent)'
# The pre-call check of that server, from a stdio instance allowed to probe
# loopback: plainsight's own tool definitions scan clean.
inspect "$bin" mcp --db "$db" --allow-loopback --method tools/call --tool-name precall_check --tool-arg "url=$url" tool=scan_text |
  check "stdio precall_check of the http instance" '!r.isError && r.structuredContent.server.name==="plainsight" && r.structuredContent.scan.status==="clean" && r.structuredContent.tool_focus.offered===true'
kill "$pid"; wait "$pid" || { echo "FAIL: plainsight mcp --http exited $? on SIGTERM"; exit 1; }
pid=
if grep -q 'plain words' "$tmp/log"; then echo "FAIL: the log holds scanned text"; exit 1; fi
echo "ok   http shutdown"
