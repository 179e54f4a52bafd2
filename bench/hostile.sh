#!/usr/bin/env bash
# The hostile-input suite: runs plainsight on every hostile case of issue 20
# (huge and pathological texts, markup, base64, skill trees, malicious MCP
# servers over HTTP, HTTP+SSE and stdio) and prints, for each, the wall time,
# the peak resident memory (GNU time -v) and the exit status against the
# case's bounds, and checks what must hold of the output (its size, no raw
# control characters, no process left running). Exits 1 when a case fails.
#
#   bash bench/hostile.sh            every case, at the issue's sizes (minutes)
#   bash bench/hostile.sh --ci       the scaled-down cases CI runs (seconds)
#   bash bench/hostile.sh --scale 4  every case, the large inputs a quarter
#   bash bench/hostile.sh --plainsight BIN   run BIN (an older build, say)
#   bash bench/hostile.sh CASE...    only the cases named (either mode)
#
# Every command runs under `ulimit -v 4000000` (4 GB of address space): a
# case that would take more fails instead of taking the machine. The
# malicious servers are bench/hostile (loopback only; each exits by itself).
# Measures with GNU time at /usr/bin/time, or bench/hostile's own where it is
# missing.
set -uo pipefail
cd "$(dirname "$0")/.."

ci=0
scale=1
bin=
only=()
while [ $# -gt 0 ]; do
	case "$1" in
	--ci) ci=1 ;;
	--scale) scale=$2; shift ;;
	--plainsight) bin=$(realpath "$2"); shift ;;
	-h | --help) sed -n '2,19p' "$0"; exit 0 ;;
	-*) echo "hostile.sh: unknown flag $1" >&2; exit 2 ;;
	*) only+=("$1") ;;
	esac
	shift
done

work=$(mktemp -d)
servers=()
cleanup() {
	for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null; done
	rm -rf "$work"
}
trap cleanup EXIT
ps=${bin:-$work/plainsight}
[ -n "$bin" ] || go build -o "$ps" ./cmd/plainsight || exit 2
go build -o "$work/hostile" ./bench/hostile || exit 2
hostile="$work/hostile"
# GNU time -v measures the peak memory; where it is missing (Debian: apt-get
# install time), or with HOSTILE_MEASURE=builtin, bench/hostile measures the
# same way (wait4's rusage).
timev=(/usr/bin/time -v -o "$work/time")
if [ ! -x /usr/bin/time ] || [ "${HOSTILE_MEASURE:-}" = builtin ]; then timev=("$hostile" measure -o "$work/time"); fi
MiB=$((1 << 20))

# size FULL CI: the size of an input in this mode.
size() { if [ "$ci" = 1 ]; then echo "$2"; else echo $(($1 / scale)); fi; }

# mb BYTES FACTOR BASE: the memory bound FACTOR x BYTES + BASE MiB, in MiB.
mb() { awk -v b="$1" -v f="$2" -v base="$3" 'BEGIN { printf "%d", b * f / 1048576 + base }'; }

# wanted NAME CI: whether case NAME runs (CI=1: it is in the --ci set).
wanted() {
	if [ ${#only[@]} -gt 0 ]; then
		for o in "${only[@]}"; do [ "$o" = "$1" ] && return 0; done
		return 1
	fi
	[ "$ci" = 0 ] || [ "$2" = 1 ]
}

# serve MODE [FLAGS]: starts a hostile server, sets $url.
serve() {
	# The file goes first: the redirection below truncates it in the child,
	# after the fork, so the loop could read the previous server's URL.
	rm -f "$work/url"
	"$hostile" serve "$@" >"$work/url" 2>/dev/null &
	servers+=($!)
	for _ in $(seq 100); do
		url=$(head -n 1 "$work/url" 2>/dev/null)
		[ -n "$url" ] && return 0
		sleep 0.05
	done
	echo "hostile.sh: the $1 server did not start" >&2
	exit 2
}

# gone PIDFILE: the process named in PIDFILE, if any, has ended (or is a
# zombie nobody reaps) within a second.
gone() {
	local pid
	pid=$(cat "$1" 2>/dev/null) || return 0
	for _ in $(seq 20); do
		[ -d "/proc/$pid" ] || return 0
		grep -qE '^[0-9]+ \(.*\) [ZX]' "/proc/$pid/stat" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# Time bounds: a case that must end at once (a flood refused at its cap, a
# small input) has 20 s, a case that waits out a call budget (6 s) too:
# this is a machine shared by many builds, where a second's work can take
# ten. Memory is the bound that tells a fix from its absence.

# The cases whose fix is on another branch join the --ci set once it has
# landed: set the item's switch to 1 then. Branch cli: items 1, 4, 5 and 7's
# command-line parts; branch scan: item 3 and the cap on heuristic matches
# (landed); branch scanmem: item 3's remaining cases (json-ff under the
# Strict default, text-b64, text-b64-tokens, json-css), which meet their
# bounds at the full sizes and so are in the --ci set. Two shapes found
# since: json-classes (one construct for every 16 bytes) meets its bound
# since branch bounds2 and is in the --ci set; text-b64-printable (the
# decoded text of a printable blob was kept whole, three quarters of the
# input beside it) meets its bound since branch b64win, which rescans the
# text in windows as it is decoded, and is in the --ci set.
ci1=1 ci3=1 ci4=1 ci5=1 ci7=1 ci7scan=1

failed=0
ran=0
printf '%-24s %-5s %8s %9s %5s  %s\n' case item seconds "peak MiB" exit "bound"

# run NAME ITEM CI MAX_MIB MAX_SECONDS EXITS CHECK -- COMMAND...
#   ITEM: the issue's problem number (0: a case that already held);
#   CI: 1 if the case is in the --ci set; EXITS: the allowed exit
#   statuses, comma-separated; CHECK: a shell test of $out and $err (the
#   output files) that must hold, or "" (STDIN, if set, is the command's
#   input). A crash (panic, fatal error) fails any case.
run() {
	local name=$1 item=$2 inci=$3 maxmib=$4 maxsec=$5 exits=$6 check=$7
	shift 8
	wanted "$name" "$inci" || return 0
	ran=$((ran + 1))
	out="$work/$name.out"
	err="$work/$name.err"
	(
		ulimit -v 4000000
		exec "${timev[@]}" "$@" <"${STDIN:-/dev/null}" >"$out" 2>"$work/$name.err"
	)
	local status=$?
	local kib secs code verdict note=""
	kib=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time")
	secs=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$work/time")
	code=$(awk -F': ' '/Exit status/ { print $2 }' "$work/time")
	grep -q 'terminated by signal' "$work/time" && code="sig$(awk '/terminated by signal/ { print $NF }' "$work/time")"
	[ -n "$code" ] || code=$status
	verdict=PASS
	if [ "$((kib / 1024))" -gt "$maxmib" ]; then verdict=FAIL; note+=" memory over"; fi
	if awk -v s="$secs" -v m="$maxsec" 'BEGIN { exit !(s > m) }'; then verdict=FAIL; note+=" time over"; fi
	case ",$exits," in *",$code,"*) ;; *) verdict=FAIL; note+=" exit $code"; grep -m1 . "$work/$name.err" >/dev/null && note+=" ($(head -c 160 "$work/$name.err" | head -n 1))" ;; esac
	if grep -qE '^(panic: |fatal error: )' "$work/$name.err"; then verdict=FAIL; note+=" crashed"; fi
	if [ -n "$check" ] && ! (eval "$check"); then verdict=FAIL; note+=" check failed: ${check:0:60}"; fi
	[ "$verdict" = PASS ] || failed=$((failed + 1))
	printf '%-24s %-5s %8.2f %9d %5s  %-44s %s%s\n' "$name" "$item" "$secs" $((kib / 1024)) "$code" \
		"≤${maxmib} MiB, ≤${maxsec} s, exit ${exits}" "$verdict" "$note"
	[ "$verdict" = PASS ] && rm -f "$out" "$work/$name.err"
}

# Checks on the output.
no_raw_controls='! LC_ALL=C grep -qP "[\x00-\x08\x0b-\x1f\x7f]" "$out"'
no_raw_format='! LC_ALL=C grep -qP "\xe2\x80\xae|\xe2\x80\x8b|[\x00-\x08\x0b-\x1f\x7f]" "$out"'
small_out() { echo "[ \$(stat -c %s \"\$out\") -le $1 ]"; }

# ---- Problem 1: results kept without a cap (skill, SARIF) ---------------
n=$(size $((16 * MiB)) $((4 * MiB)))
"$hostile" tree skill-ff -o "$work/skill-ff" -size "$n"
run skill-ff-json 1 "$ci1" 256 30 1 "$(small_out $((10 * MiB)))" -- "$ps" skill --format json "$work/skill-ff"
run skill-ff-sarif 1 "$ci1" 256 30 1 "$(small_out $((10 * MiB)))" -- "$ps" skill --format sarif "$work/skill-ff"
files=$(size 1000 200)
"$hostile" tree zw -o "$work/zw-tree" -n "$files" -size 4096
# GitHub takes at most 25,000 results a run and 10 MB of gzip.
run sarif-many-files 1 "$ci1" 256 60 1 "$(small_out $((25 * MiB))) && [ \$(grep -c '\"ruleId\"' \"\$out\") -le 25000 ]" \
	-- "$ps" scan --format sarif "$work/zw-tree"
rm -rf "$work/skill-ff" "$work/zw-tree"
if wanted sarif-10k-files 0; then # the issue's 23 GB case; full mode only
	"$hostile" tree zw -o "$work/zw-tree" -n 10000 -size 4096
	run sarif-10k-files 1 0 256 120 1 "$(small_out $((25 * MiB))) && [ \$(grep -c '\"ruleId\"' \"\$out\") -le 25000 ]" \
		-- "$ps" scan --format sarif "$work/zw-tree"
	rm -rf "$work/zw-tree"
fi

# ---- Problem 2: the HTTP+SSE fallback and every other read from a server --
# A flood is refused at the cap (16 MiB); a batch of many messages and an
# initialize result of many members are whole messages under it, read, then
# walked a message or a member at a time.
for mode in sse-endpoint-flood sse-message-flood stream-flood json-flood header-flood batch-flood init-members; do
	mib=64
	case $mode in batch-flood | init-members) mib=128 ;; esac
	if wanted "$mode" 1; then
		serve "$mode"
		run "$mode" 2 1 $mib 20 2 "" -- "$ps" fingerprint "$url"
	fi
done

# ---- Problem 3: memory per input byte (scan) ----------------------------
n=$(size $((256 * MiB)) $((8 * MiB)))
"$hostile" gen ff -size "$n" -o "$work/ff"
# The Strict default streams the copy as the Spec profile does (json-ff-spec)
# when Strict removes nothing from it; the look for what it might remove is
# one more pass, so both have the 300 s of the other cases here.
run json-ff 3 "$ci3" "$(mb "$n" 3 64)" 300 1 "" -- "$ps" scan --format json "$work/ff"
run json-ff-spec 3 "$ci3" "$(mb "$n" 3 64)" 300 1 "" -- "$ps" scan --profile spec --format json "$work/ff"
run text-ff 3 1 "$(mb "$n" 1.3 64)" 120 1 "" -- "$ps" scan "$work/ff"
rm -f "$work/ff"
n=$(size $((1024 * MiB)) $((16 * MiB)))
"$hostile" gen b64 -size "$n" -o "$work/b64"
run text-b64 3 "$ci3" "$(mb "$n" 1.3 64)" 300 1 "" -- "$ps" scan "$work/b64"
run json-b64 3 "$ci3" "$(mb "$n" 3 64)" 300 1 "" -- "$ps" scan --format json "$work/b64"
rm -f "$work/b64"
n=$(size $((256 * MiB)) $((8 * MiB)))
"$hostile" gen b64-tokens -size "$n" -o "$work/b64-tokens"
run text-b64-tokens 3 "$ci3" "$(mb "$n" 1.3 64)" 300 1 "" -- "$ps" scan "$work/b64-tokens"
run json-b64-tokens 3 "$ci3" "$(mb "$n" 3 64)" 300 1 "" -- "$ps" scan --format json "$work/b64-tokens"
rm -f "$work/b64-tokens"
"$hostile" gen css -size "$n" -o "$work/css"
run text-css 3 "$ci3" "$(mb "$n" 1.3 64)" 300 1 "" -- "$ps" scan "$work/css"
run json-css 3 "$ci3" "$(mb "$n" 3 64)" 300 1 "" -- "$ps" scan --format json "$work/css"
rm -f "$work/css"
# Elements hidden by one class rule, a construct every 16 bytes: the text
# route keeps the first 1,000 and no candidate each; the JSON route holds
# every construct, once (counted first, then found into a list of their
# number), under a soft memory limit that keeps the collector from letting
# the heap grow to twice them.
"$hostile" gen classes -size "$n" -o "$work/classes"
run text-classes 3 "$ci3" "$(mb "$n" 1.3 64)" 300 1 "" -- "$ps" scan "$work/classes"
run json-classes 3 "$ci3" "$(mb "$n" 3 64)" 300 1 "" -- "$ps" scan --format json "$work/classes"
rm -f "$work/classes"
# One blob of printable text: decoded a chunk at a time and rescanned in
# windows; text keeps a prefix of the decoded text, json the whole of it
# (§4: three quarters of the input, within its bound).
"$hostile" gen b64-printable -size "$n" -o "$work/b64-printable"
run text-b64-printable 3 "$ci3" "$(mb "$n" 1.3 64)" 300 1 "" -- "$ps" scan "$work/b64-printable"
run json-b64-printable 3 "$ci3" "$(mb "$n" 3 64)" 300 1 "" -- "$ps" scan --format json "$work/b64-printable"
rm -f "$work/b64-printable"

# ---- Problem 4: non-regular input buffered by doubling ------------------
# The 1 GiB input limit itself is read before the refusal: full mode only.
STDIN=/dev/zero run stdin-zero-scan 4 0 1300 120 2 "" -- "$ps" scan -
run devzero-scan 4 0 1300 120 2 "" -- "$ps" scan /dev/zero
STDIN=/dev/zero run stdin-zero-intent 4 "$ci4" 96 20 1,2 "" -- "$ps" intent hash -
STDIN=/dev/zero run stdin-zero-fingerprint 4 "$ci4" 96 20 1,2 "" -- "$ps" fingerprint --from -
run devzero-intent 4 "$ci4" 96 20 1,2 "" -- "$ps" intent hash /dev/zero
run devzero-fingerprint 4 "$ci4" 96 20 1,2 "" -- "$ps" fingerprint --from /dev/zero

# ---- Problem 5: names reaching the terminal raw --------------------------
"$hostile" tree names -o "$work/names"
run names-scan 5 "$ci5" 96 20 1 "$no_raw_controls && ! grep -q '^FORGED' \"\$out\"" -- "$ps" scan "$work/names"
run names-skill 5 "$ci5" 96 20 1 "$no_raw_controls && ! grep -q '^FORGED' \"\$out\"" -- "$ps" skill "$work/names"
"$hostile" gen tools-bidi -o "$work/tools-bidi.json"
run names-fingerprint 5 "$ci5" 96 20 0 "$no_raw_format" -- "$ps" fingerprint --from "$work/tools-bidi.json"
if wanted live-bidi-tools "$ci5"; then
	serve bidi-tools
	run live-bidi-tools 5 "$ci5" 96 20 0 "$no_raw_format" -- "$ps" fingerprint "$url"
fi
if wanted live-escape-error "$ci5"; then # a server's message, on standard error
	serve escape-error
	run live-escape-error 5 "$ci5" 96 20 2 "out=\$err; $no_raw_format" -- "$ps" fingerprint "$url"
fi

# ---- Problem 6: the stdio probe and the processes it starts -------------
# Through a shell that leaves a child behind, as npx-style wrappers do; and a
# server that forks one itself. None may run after plainsight exits.
pids="$work/pid"
# The silent servers wait out a call budget (6 s); CI runs one of them (the
# probe package's tests end the group on every path).
for mode in ok silent; do
	limits="64 20 0" inci=1
	[ "$mode" = silent ] && limits="64 20 2" inci=0
	rm -f "$pids"
	# shellcheck disable=SC2086
	run "stdio-sh-$mode" 6 1 $limits "gone $pids" -- "$ps" fingerprint -- \
		sh -c 'sleep 120 & echo $! > "$1"; exec "$0" stdio '"$mode"' -for 60s' "$hostile" "$pids"
	rm -f "$pids"
	# shellcheck disable=SC2086
	run "stdio-fork-$mode" 6 $inci $limits "gone $pids" -- "$ps" fingerprint -- "$hostile" stdio "$mode" -for 60s -fork "$pids"
done
# Ctrl-C: the signal reaches plainsight alone (the server's group is not
# the terminal's); the probe ends, and the whole group with it, exit 2.
rm -f "$pids"
run stdio-sh-sigint 6 1 64 10 2 "gone $pids" -- timeout --preserve-status -s INT 1 "$ps" fingerprint -- \
	sh -c 'sleep 120 & echo $! > "$1"; exec "$0" stdio silent -for 60s' "$hostile" "$pids"
run stdio-flood 2 1 64 20 2 "" -- "$ps" fingerprint -- "$hostile" stdio flood -for 60s

# ---- Problem 7: contract drift and heuristic matches --------------------
for mode in dup-tools missing-name; do
	if wanted "live-$mode" "$ci7"; then
		serve "$mode"
		run "live-$mode" 7 "$ci7" 96 20 1 "" -- "$ps" fingerprint "$url"
	fi
done
run stdio-dup-tools 7 "$ci7" 96 20 1 "" -- "$ps" fingerprint -- "$hostile" stdio dup-tools -for 60s
"$hostile" gen illformed -count 2000 -o "$work/illformed"
run illformed-count 7 "$ci7" 96 20 1 "tail -n 1 \"\$out\" | grep -qE '\\b2,?000\\b'" -- "$ps" scan "$work/illformed"
n=$(size $((1024 * MiB)) $((4 * MiB)))
"$hostile" gen injection -size "$n" -o "$work/injection"
run injection-text 7 "$ci7scan" "$(mb "$n" 1.3 64)" 600 0 "" -- "$ps" scan "$work/injection"
rm -f "$work/injection"

# ---- Cases that already held ---------------------------------------------
n=$(size $((50 * 1000 * 1000)) $((8 * MiB)))
"$hostile" gen zw -size "$n" -o "$work/zw"
run zw-text 0 1 "$(mb "$n" 1.3 64)" 60 1 "" -- "$ps" scan "$work/zw"
run zw-json 0 1 "$(mb "$n" 3 64)" 60 1 "" -- "$ps" scan --format json "$work/zw"
rm -f "$work/zw"
"$hostile" gen divs -count 100000 -o "$work/divs"
run nested-divs 0 1 "$(mb $((100000 * 26)) 3 64)" 30 1 "" -- "$ps" scan --format json "$work/divs"
n=$(size $((64 * MiB)) $((4 * MiB)))
"$hostile" gen comments -size "$n" -o "$work/comments"
run unclosed-comments 0 1 "$(mb "$n" 3 64)" 60 1 "" -- "$ps" scan --format json "$work/comments"
rm -f "$work/comments"
"$hostile" tree deep -o "$work/deep" -n 300
run skill-deep-tree 0 1 96 20 1 "grep -q 'deep.md' \"\$out\"" -- "$ps" skill "$work/deep"
rm -rf "$work/deep"
"$hostile" gen intent-keys -count 60000 -o "$work/intent-keys"
run intent-keys 0 1 96 20 1,2 "" -- "$ps" intent hash "$work/intent-keys"
"$hostile" gen intent-number -count 900000 -o "$work/intent-number"
run intent-number 0 1 96 20 1,2 "" -- "$ps" intent hash "$work/intent-number"
"$hostile" gen brackets -count 1000000 -o "$work/brackets"
run brackets-intent 0 1 96 20 1,2 "" -- "$ps" intent hash "$work/brackets"
run brackets-fingerprint 0 1 96 20 1,2 "" -- "$ps" fingerprint --from "$work/brackets"
run brackets-scan 0 1 96 20 0 "" -- "$ps" scan "$work/brackets"
for mode in endless-events drip deep-json tools-flood ok; do
	case $mode in
	endless-events | drip) limits="64 20 2" ;; # one call budget (6 s), or the size cap
	deep-json) limits="64 20 2" ;;
	tools-flood) limits="384 30 2" ;; # pages of 15 MiB: over the cap in all
	ok) limits="64 20 0" ;;
	esac
	inci=1
	[ "$mode" = drip ] && inci=0 # a call budget; the probe's tests cover it
	if wanted "live-$mode" $inci; then
		serve "$mode"
		# shellcheck disable=SC2086
		run "live-$mode" 0 $inci $limits "" -- "$ps" fingerprint "$url"
	fi
done
# Every answer just inside the budget, five pages: ten budgets at most.
if wanted live-slow-pages 0; then
	serve slow-pages
	run live-slow-pages 0 0 64 70 0 "" -- "$ps" fingerprint "$url"
fi

# ---- plainsight mcp over stdio ---------------------------------------------
# Input without a line break (over the 2 MiB message cap), and a line nested
# deeper than the SDK's decoder takes, end the session (exit 2); arguments
# at their cap (1 MiB of zero-width spaces) are answered, and input that ends
# right after them still gets the answer.
mcp_db="sqlite:$work/mcp.db"
STDIN=/dev/zero run mcp-stdin-zero 0 1 96 20 2 "" -- "$ps" mcp --db "$mcp_db"
mcp_init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"h","version":"1"}}}'
{
	echo "$mcp_init"
	echo '{"jsonrpc":"2.0","method":"notifications/initialized"}'
	printf '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"scan_text","arguments":{"text":"'
	yes $'\xe2\x80\x8b' | head -n 349000 | tr -d '\n'
	echo '"}}}'
} >"$work/mcp-zw"
STDIN="$work/mcp-zw" run mcp-max-args 0 1 128 30 0 "grep -q '\"id\":2,\"result\"' \"\$out\" && grep -q '\"status\":\"flagged\"' \"\$out\"" \
	-- "$ps" mcp --db "$mcp_db"
{
	echo "$mcp_init"
	printf '%*s' 1000000 '' | tr ' ' '['
	echo
} >"$work/mcp-deep"
STDIN="$work/mcp-deep" run mcp-deep 0 1 96 20 2 "" -- "$ps" mcp --db "$mcp_db"
rm -f "$work/mcp-zw" "$work/mcp-deep"

# ---- Issue 29, item 8: ledger verify and flags list on a read-only copy ----
# A copy of a flags database (170,000 flags, 20,000 in --ci), the file
# 0444 in a 0555 directory. Root ignores the modes, so what is checked is
# that the commands wrote nothing: the copy's bytes and mtime unchanged, no
# -wal or -shm beside it. ledger verify cross-checks every flag (chain and
# flags, streamed: memory does not grow with the flags).
if wanted ro-ledger-verify 1 || wanted ro-flags-list 1; then
	rodir="$work/ro-copy"
	mkdir -p "$rodir"
	"$hostile" db flags -o "$work/ro-src.db" -n "$(size 170000 20000)" || exit 2
	cp "$work/ro-src.db" "$rodir/flags.db" && rm -f "$work"/ro-src.db*
	chmod 0444 "$rodir/flags.db" && touch -d '1 hour ago' "$rodir/flags.db" && chmod 0555 "$rodir"
	ro_sum=$(sha256sum <"$rodir/flags.db") ro_mtime=$(stat -c %Y "$rodir/flags.db")
	ro_same="[ \"\$(sha256sum <'$rodir/flags.db')\" = '$ro_sum' ] && [ \$(stat -c %Y '$rodir/flags.db') = $ro_mtime ] && [ \$(ls -A '$rodir' | wc -l) = 1 ]"
	run ro-ledger-verify 8 1 128 120 0 "grep -q 'chain intact' \"\$out\" && grep -q 'each anchored' \"\$out\" && $ro_same" \
		-- "$ps" ledger verify --db "$rodir/flags.db"
	run ro-flags-list 8 1 64 20 0 "grep -q '1000 flag(s)' \"\$out\" && $ro_same" \
		-- "$ps" flags list --db "$rodir/flags.db" --limit 1000 --offset 5000
	chmod 0755 "$rodir"
	rm -rf "$rodir"
fi

# ---- Issue 29, item 6: MCP batches and clients that never read ----------
# plainsight mcp --http as the child of bench/hostile's clients (hostile
# mcp), the two measured together: the issue's batch of 40,000 tools/list
# calls (2 MB), once and three at once, is refused whole (413) before a
# call runs (on main: a 230 MB answer, the server at 1,350 and 3,480
# MiB); a batch at the cap (64) is answered; clients that send the batch,
# or one at the cap, and never read hold no more than the bound (on main
# 50 held 1,238 MiB). A client whose answer does not fit the socket
# buffers is dropped after the write deadline (10 s; server's
# TestMCPSlowReader).
mcp_http_db="sqlite:$work/mcp-http.db"
mcp_load=("$hostile" mcp)
mcp_slow=$(size 50 10)
mcp_hold=$([ "$ci" = 1 ] && echo 5s || echo 15s)
run mcp-http-batch 29.6 1 96 20 0 "grep -q '^client 0: status 413' \"\$out\"" \
	-- "${mcp_load[@]}" batch -ps "$ps" -db "$mcp_http_db" -calls 40000 -clients 1
run mcp-http-batch-x3 29.6 1 128 30 0 "[ \$(grep -c '^client .: status 413' \"\$out\") = 3 ]" \
	-- "${mcp_load[@]}" batch -ps "$ps" -db "$mcp_http_db" -calls 40000 -clients 3
run mcp-http-batch-cap 29.6 1 96 20 0 "grep -q '^client 0: status 200, answer' \"\$out\"" \
	-- "${mcp_load[@]}" batch -ps "$ps" -db "$mcp_http_db" -calls 64 -clients 1
run mcp-http-slow-readers 29.6 1 160 60 0 "grep -q '^slow: $mcp_slow clients sent' \"\$out\"" \
	-- "${mcp_load[@]}" slow -ps "$ps" -db "$mcp_http_db" -calls 40000 -clients "$mcp_slow" -hold "$mcp_hold"
run mcp-http-slow-cap 29.6 1 160 60 0 "grep -q '^slow: $mcp_slow clients sent' \"\$out\"" \
	-- "${mcp_load[@]}" slow -ps "$ps" -db "$mcp_http_db" -calls 64 -clients "$mcp_slow" -hold "$mcp_hold"

echo "$ran cases, $failed over a bound"
[ "$failed" = 0 ]
