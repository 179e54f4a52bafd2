#!/usr/bin/env bash
# The scan routes alone against their in-process limit (issue 33, item
# 5), for docs/serve-load.md's table: for each database and instance
# count, each route (POST /v1/security/scan, POST /v2/scan) and body size
# (1 KiB, 16 KiB), `load inproc` (the route's work, no HTTP) and then
# `load scan` (over HTTP, the clients split across the instances), in
# turn, ROUNDS times. Each line: requests a second of both, their ratio,
# and the CPU time per request (in-process; HTTP: servers + client).
#
#   bash bench/load/scantable.sh sqlite1 pg1 pg4
#   ROUNDS=3 DURATION=5s CLIENTS=8 PG="host=/tmp/pg user=postgres dbname=ssload"
#
# sqlite1: one serve on a fresh SQLite file; pg1, pg4: one or four serve
# processes (different ports) on the PostgreSQL database $PG (required
# for them: start a throwaway cluster as .ci/run does). Loopback only.
set -uo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-2} duration=${DURATION:-5s} clients=${CLIENTS:-8}
work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/plainsight" ./cmd/plainsight || exit 2
go build -o "$work/load" ./bench/load || exit 2

# start N DB: N serve processes on DB; sets $bases and $spids.
start() {
	bases= spids=
	for i in $(seq "$1"); do
		"$work/plainsight" serve --addr 127.0.0.1:0 --db "$2" --keys "$work/keys-$i" --allow-loopback >"$work/out-$i" 2>"$work/log-$i" &
		local pid=$!
		pids+=("$pid")
		for _ in $(seq 100); do grep -q listening "$work/out-$i" 2>/dev/null && break; sleep 0.1; done
		local b
		b=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$work/out-$i")
		[ -n "$b" ] || { echo "serve $i did not start:"; cat "$work/log-$i"; exit 1; }
		bases=${bases:+$bases,}$b spids=${spids:+$spids,}$pid
	done
}
stop() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	pids=()
}

rate() { sed -n '1s/.*, \([0-9.]*\)\/s,.*/\1/p'; }
measure() { # NAME DB
	for r in $(seq "$rounds"); do
		for route in v1 v2; do
			for size in 1024 16384; do
				in=$("$work/load" inproc --route "$route" --size "$size" --clients "$clients" --duration "$duration" --db "$2") || { echo "$in"; exit 1; }
				ht=$("$work/load" scan --base "$bases" --route "$route" --size "$size" --clients "$clients" --duration "$duration" --pids "$spids") || { echo "$ht"; exit 1; }
				a=$(rate <<<"$in") b=$(rate <<<"$ht")
				ca=$(sed -n 's/^cpu per call: \([0-9.]*\).*/\1/p' <<<"$in")
				cs=$(sed -n 's/.*server \([0-9.]*\) µs.*/\1/p' <<<"$ht") cc=$(sed -n 's/.*client \([0-9.]*\) µs.*/\1/p' <<<"$ht")
				printf '%s round %d %s %5d B: in-process %8.1f/s (%6.1f µs CPU), HTTP %8.1f/s (server %6.1f + client %5.1f µs CPU): %.2f of in-process, CPU ratio %.2f, load %s\n' \
					"$1" "$r" "$route" "$size" "$a" "$ca" "$b" "$cs" "$cc" "$(echo "$b / $a" | bc -l)" "$(echo "$ca / ($cs + $cc)" | bc -l)" "$(cut -d' ' -f1 /proc/loadavg)"
			done
		done
	done
}

for c in "$@"; do
	case "$c" in
	sqlite1)
		db="$work/db.sqlite"
		start 1 "$db"
		measure sqlite1 "$db"
		stop
		;;
	pg1 | pg4)
		[ -n "${PG:-}" ] || { echo "$c: set PG to a PostgreSQL connection string" >&2; exit 2; }
		start "${c#pg}" "$PG"
		measure "$c" "$PG"
		stop
		;;
	*) echo "scantable.sh: no case $c" >&2; exit 2 ;;
	esac
done
