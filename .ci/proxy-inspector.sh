#!/usr/bin/env bash
# plainsight proxy between an outside MCP client and an outside server:
# the CLI of the MCP Inspector (npm @modelcontextprotocol/inspector-cli,
# pinned, as .ci/mcp-inspector.sh) against the reference server
# (npm @modelcontextprotocol/server-everything, pinned, as
# .ci/audit-everything.sh), each session once directly and once through
# `plainsight proxy`, compared: the same tools (but those the proxy says
# it withheld, and why), prompts and resources; the same echo; a call
# carrying an AWS key blocked through the proxy only; a receipt of each
# decision in the proxy's database.
#
# Usage: .ci/proxy-inspector.sh PLAINSIGHT_BINARY
# Needs node and npm: it fails, never skips, without them. The packages are
# installed once into a cache directory, never globally; nothing but the
# installs leaves the machine.
set -euo pipefail
bin=$(realpath "$1")
command -v node >/dev/null || { echo "FAIL: node is needed (and npm to install the packages)"; exit 1; }
cache="${XDG_CACHE_HOME:-$HOME/.cache}/plainsight-ci"
install() { # DIR PACKAGE@VERSION FILE
  if [ ! -e "$1/$3" ]; then
    command -v npm >/dev/null || { echo "FAIL: npm is needed to install $2"; exit 1; }
    npm install --prefix "$1" --no-audit --no-fund --loglevel=error "$2"
  fi
}
cli="$cache/inspector-cli-1.0.3/node_modules/@modelcontextprotocol/inspector-cli/build"
install "$cache/inspector-cli-1.0.3" @modelcontextprotocol/inspector-cli@1.0.3 node_modules/@modelcontextprotocol/inspector-cli/build/index.js
pkg="$cache/server-everything-2026.8.31/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
install "$cache/server-everything-2026.8.31" @modelcontextprotocol/server-everything@2026.8.31 node_modules/@modelcontextprotocol/server-everything/dist/index.js
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node=$(command -v node)
db="sqlite:$tmp/proxy.db"

# inspector-cli 1.0.3 finds its own package.json relative to the working
# directory, so it runs from its build directory.
inspect() { (cd "$cli" && node index.js "$@" 2>"$tmp/stderr") || { cat "$tmp/stderr"; return 1; }; }
direct=("$node" "$pkg" stdio)
# (The proxy's command follows its flags without "--" here: the
# Inspector's own option parser stops at "--"; a client's "args" pass it.)
proxied=("$bin" proxy --db "$db" "$node" "$pkg" stdio)

# same NAME METHOD JS [ARGS...]: the method's answer directly (d) and
# through the proxy (p), and JS over both must be true.
same() {
  local name=$1 method=$2 js=$3; shift 3
  inspect "${direct[@]}" --method "$method" "$@" >"$tmp/d.json"
  inspect "${proxied[@]}" --method "$method" "$@" >"$tmp/p.json"
  node -e 'const fs=require("fs"),d=JSON.parse(fs.readFileSync(process.argv[1])),p=JSON.parse(fs.readFileSync(process.argv[2]));
    if(!('"$js"')){console.error("FAIL '"$name"':\ndirect "+JSON.stringify(d)+"\nproxied "+JSON.stringify(p));process.exit(1)} console.log("ok   '"$name"'")' "$tmp/d.json" "$tmp/p.json"
}

# The tools: through the proxy, the direct list's tools, less those its
# _meta names as withheld (each with a reason); each shown tool as
# defined directly in every member the Go SDK models (name, title,
# description, the schemas, the annotations with false as absent; key
# order aside). Members it does not model (2025-11-25's "execution") do
# not pass: the proxy's answers are the SDK's structs (see package proxy).
same "tools/list" tools/list '(()=>{
  const w=((p._meta||{})["plainsight.dev/shield"]||{}).withheld||[];
  const canon=v=>Array.isArray(v)?v.map(canon):v&&typeof v==="object"?Object.fromEntries(Object.keys(v).sort().map(k=>[k,canon(v[k])])):v;
  const hints=a=>Object.fromEntries(Object.entries(a||{}).filter(([k,v])=>v!==false&&v!==""));
  const strip=t=>JSON.stringify(canon({name:t.name,title:t.title,description:t.description,inputSchema:t.inputSchema,outputSchema:t.outputSchema,annotations:hints(t.annotations)}));
  const dn=d.tools.map(t=>t.name).sort(), pn=p.tools.map(t=>t.name).sort();
  return d.tools.length>=5 && pn.includes("echo") && w.every(x=>x.name&&x.reason) &&
    JSON.stringify([...pn,...w.map(x=>x.name)].sort())===JSON.stringify(dn) &&
    p.tools.every(t=>strip(t)===strip(d.tools.find(x=>x.name===t.name)))})()'
same "prompts/list" prompts/list 'JSON.stringify(p.prompts.map(x=>x.name).sort())===JSON.stringify(d.prompts.map(x=>x.name).sort())'
same "resources/list" resources/list 'p.resources.length===d.resources.length'
same "echo" tools/call 'JSON.stringify(p.content)===JSON.stringify(d.content) && !p.isError' --tool-name echo --tool-arg 'message=hello through the proxy'
same "a call carrying an AWS key" tools/call '!d.isError && p.isError && /secrets/.test(p.content[0].text)' --tool-name echo --tool-arg 'message=aws_access_key_id = AKIAZ3VQ7MXR5NB2KL4P'

# Every decision is in the proxy's receipt log, signed.
"$bin" shield receipts list --db "$db" --limit 1000 --format json >"$tmp/receipts.json"
node -e 'const l=require("fs").readFileSync(process.argv[1],"utf8").trim().split("\n").map(JSON.parse);
  const ok=l.length>=3 && l.every(r=>r.entry.who.startsWith("plainsight proxy stdio:")) &&
    l.some(r=>r.entry.outcome==="block"&&r.entry.direction==="outbound"&&r.entry.tool==="echo"&&r.entry.receipt.signature);
  if(!ok){console.error("FAIL receipts: "+l.length+" entries");process.exit(1)} console.log("ok   receipts: "+l.length+" entries, the block signed")' "$tmp/receipts.json"
# (Into a file, not a pipe: under pipefail, grep -q's early exit can end
# the writer with SIGPIPE and fail a check that holds.)
"$bin" pins --db "$db" >"$tmp/pins.txt"
grep -q 'stdio:' "$tmp/pins.txt" || { echo "FAIL: no pin of server-everything"; cat "$tmp/pins.txt"; exit 1; }
echo "ok   pinned"
