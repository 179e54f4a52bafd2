#!/usr/bin/env bash
# Load and faults of `plainsight serve` (issue 17), on loopback, with
# bench/load as the client and as the MCP server the pre-call checks probe:
#
#   load      CLIENTS concurrent clients for DURATION, each sending in turn
#             GET /healthz, POST /api/v1/shield/check (six signatures
#             confirmed first through check-ins of three owners; one check
#             in ten must match), POST /v1/security/scan and /v2/scan of
#             4 KB texts, GET /v1/security/changes, GET /v1/registry/servers
#             and GET /v1/security/precall of a registered loopback MCP
#             server, on SQLite; zero errors; p50/p99 and req/s per route,
#             shield/check's p99 at most MAX_CHECK_RATIO × /healthz's
#   load-postgres  the same on PostgreSQL (not in --ci)
#   hostile   oversized bodies (declared, chunked), headers over 64 KiB,
#             invalid JSON, lone surrogates, URLs the guard refuses, slow
#             clients (slowloris); each a clear error, the server unaffected
#   kill9-sqlite, kill9-postgres
#             kill -9 of serve during a write burst (every check a change,
#             a change event and a flag); after a restart every acknowledged
#             change and flag is there and `plainsight ledger verify` passes
#   twins     two serve instances on one PostgreSQL database checking the
#             same changing server at once: exactly one change event per
#             change, one flag per finding
#
#   bash bench/serve.sh              every case at full size (about 2 min)
#   bash bench/serve.sh --ci         the short run CI does (about 40 s)
#   bash bench/serve.sh CASE...      only the cases named
#   CLIENTS=200 DURATION=30s         the load case's size (full: 200, 30s)
#   PG_POOL=N                        PostgreSQL pool size (pgx default: 4 here)
#   MAX_CHECK_RATIO=X                the load cases' bound on shield/check's
#                                    p99 over /healthz's (3, --ci 5; 0: none)
#
# PostgreSQL: the cluster of $PLAINSIGHT_TEST_POSTGRES (.ci/run's throwaway
# one, "host=SOCKETDIR user=postgres ...") gets a database per case; without
# it the script starts a throwaway cluster the same way .ci/run does. Every
# process runs under `ulimit -v 4000000`.
set -uo pipefail
cd "$(dirname "$0")/.."

ci=0
only=()
while [ $# -gt 0 ]; do
	case "$1" in
	--ci) ci=1 ;;
	-h | --help) sed -n '2,36p' "$0"; exit 0 ;;
	-*) echo "serve.sh: unknown flag $1" >&2; exit 2 ;;
	*) only+=("$1") ;;
	esac
	shift
done
if [ "$ci" = 1 ]; then
	clients=${CLIENTS:-50} duration=${DURATION:-4s} slowloris=20 rounds=5
else
	clients=${CLIENTS:-200} duration=${DURATION:-30s} slowloris=100 rounds=20
fi
# shield/check's p99 over /healthz's: at most 3 (issue 28, item 8); the
# short CI run, whose p99 is a few dozen requests, only fails a gross
# regression (a check that queues behind the database again: 261 on main).
max_ratio=${MAX_CHECK_RATIO:-$([ "$ci" = 1 ] && echo 5 || echo 3)}
ulimit -v 4000000

work=$(mktemp -d)
pids=()
pgbin= pgdir=
as_pg_user() { if [ "$(id -u)" -eq 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi; }
cleanup() {
	{ for pid in "${pids[@]}"; do kill -9 "$pid"; wait "$pid"; done; } 2>/dev/null
	if [ -n "$pgdir" ] && [ -e "$pgdir/data/postmaster.pid" ]; then
		as_pg_user "$pgbin/pg_ctl" -D "$pgdir/data" -m immediate -w stop >/dev/null 2>&1 || true
	fi
	rm -rf "$work" ${pgdir:+"$pgdir"}
}
trap cleanup EXIT
go build -o "$work/plainsight" ./cmd/plainsight || exit 2
go build -o "$work/load" ./bench/load || exit 2
ps="$work/plainsight" load="$work/load"
failed=()

wanted() {
	[ ${#only[@]} -eq 0 ] && return 0
	for o in "${only[@]}"; do [ "$o" = "$1" ] && return 0; done
	return 1
}

# first_line FILE: waits for FILE's first line, prints it.
first_line() {
	for _ in $(seq 200); do
		line=$(head -n 1 "$1" 2>/dev/null)
		if [ -n "$line" ]; then echo "$line"; return 0; fi
		sleep 0.05
	done
	echo "no output in $1" >&2
	return 1
}

# mcp MODE: starts a loopback MCP server, sets $mcp.
mcp() {
	rm -f "$work/mcp.url"
	"$load" mcp --mode "$1" >"$work/mcp.url" &
	pids+=($!)
	mcp=$(first_line "$work/mcp.url")
}

# serve NAME DB: starts plainsight serve, sets $base and $serve_pid.
serve() {
	rm -f "$work/$1.out"
	"$ps" serve --addr 127.0.0.1:0 --db "$2" --allow-loopback >"$work/$1.out" 2>"$work/$1.log" &
	serve_pid=$!
	pids+=($serve_pid)
	base=$(first_line "$work/$1.out" | sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p')
	[ -n "$base" ] || { echo "serve $1 did not start:"; cat "$work/$1.log"; return 1; }
}

# pgdb NAME: a fresh PostgreSQL database, as a postgres:// URL in $pgurl
# (not printed: a cluster started in a command substitution would be
# unknown to cleanup).
pgdb() {
	if [ -z "${pghost:-}" ]; then
		pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
		[ -n "$pgbin" ] || { echo "no PostgreSQL server binaries" >&2; return 1; }
		if [ -n "${PLAINSIGHT_TEST_POSTGRES:-}" ]; then
			pghost=$(echo "$PLAINSIGHT_TEST_POSTGRES" | sed -n 's/.*host=\([^ ]*\).*/\1/p')
		else
			pgdir=$(mktemp -d)
			[ "$(id -u)" -ne 0 ] || chown nobody "$pgdir"
			as_pg_user "$pgbin/initdb" -D "$pgdir/data" -U postgres -A trust --no-sync >/dev/null
			as_pg_user "$pgbin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w start \
				-o "-c listen_addresses='' -c unix_socket_directories='$pgdir'" >/dev/null
			pghost=$pgdir
		fi
	fi
	"$pgbin/createdb" -h "$pghost" -U postgres "$1-$$" || return 1
	pgurl="postgres:///$1-$$?host=$pghost&user=postgres${PG_POOL:+&pool_max_conns=$PG_POOL}"
}

# loadrun NAME DB [NOTE]: the mixed run against serve on DB, with three
# check-in keys of three owners to confirm its signatures.
loadrun() {
	local db=$2 keys=() k
	mcp static
	"$ps" registry add --allow-loopback --db "${db#sqlite:}" "$mcp" >/dev/null || return 1
	for o in 1 2 3; do
		k=$("$ps" keys create --owner "acct_load$o" --scope checkin --db "$db" 2>/dev/null) || return 1
		keys+=("$k")
	done
	serve "$1" "$db" || return 1
	echo "\$ load run --base $base --mcp $mcp --clients $clients --duration $duration --max-check-ratio $max_ratio${3:-}   (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
	"$load" run --base "$base" --mcp "$mcp" --clients "$clients" --duration "$duration" \
		--checkin-keys "$(IFS=,; echo "${keys[*]}")" --max-check-ratio "$max_ratio" || return 1
	echo "   (load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
	kill -TERM "$serve_pid"; wait "$serve_pid" || { echo "serve exited $? on SIGTERM"; return 1; }
}

case_load() { loadrun load "sqlite:$work/load.db"; }

case_load_postgres() { pgdb load && loadrun load-postgres "$pgurl" "   # PostgreSQL"; }

case_hostile() {
	mcp static
	serve hostile "sqlite:$work/hostile.db" || return 1
	"$load" hostile --base "$base" --slowloris "$slowloris" $([ "$ci" = 1 ] || echo --slow-body) || return 1
	kill -0 "$serve_pid" || { echo "serve died"; return 1; }
	kill -TERM "$serve_pid"; wait "$serve_pid" || { echo "serve exited $? on SIGTERM"; return 1; }
}

# kill9 DB: a write burst, kill -9, restart, verify.
kill9() {
	local db=$1
	mcp every-probe
	"$ps" registry add --allow-loopback --db "${db#sqlite:}" "$mcp" >/dev/null || return 1
	serve kill9 "$db" || return 1
	rm -f "$work/acks"
	"$load" burst --base "$base" --mcp "$mcp" --acks "$work/acks" --clients 8 &
	local burst=$!
	sleep "$([ "$ci" = 1 ] && echo 2 || echo 5)"
	{ kill -9 "$serve_pid"; wait "$serve_pid"; } 2>/dev/null
	echo "killed serve (kill -9) after $(wc -l <"$work/acks") acknowledged changes"
	wait "$burst" || return 1
	serve kill9-restarted "$db" || return 1
	"$load" verify --base "$base" --mcp "$mcp" --db "$db" --acks "$work/acks" || return 1
	"$ps" ledger verify --db "${db#sqlite:}" || return 1
	kill -TERM "$serve_pid"; wait "$serve_pid"
}

case_kill9_sqlite() { kill9 "sqlite:$work/kill9.db"; }
case_kill9_postgres() { pgdb kill9 && kill9 "$pgurl"; }

case_twins() {
	pgdb twins || return 1
	local db=$pgurl
	mcp manual
	"$ps" registry add --allow-loopback --db "${db#sqlite:}" "$mcp" >/dev/null || return 1
	serve twin1 "$db" || return 1
	local b1=$base
	serve twin2 "$db" || return 1
	"$load" twins --base "$b1" --base "$base" --mcp "$mcp" --db "$db" --rounds "$rounds" --clients 16 || return 1
	"$ps" ledger verify --db "$db" || return 1
}

for c in load load-postgres hostile kill9-sqlite kill9-postgres twins; do
	wanted "$c" || continue
	# CI runs the load once, on SQLite.
	[ "$ci" = 1 ] && [ ${#only[@]} -eq 0 ] && [ "$c" = load-postgres ] && continue
	echo "== $c"
	start=$(date +%s.%N)
	if ! "case_${c//-/_}"; then
		failed+=("$c")
		echo "FAIL $c"
		# What the servers logged at level ERROR (never content: see server's doc).
		grep -h 'level=ERROR' "$work"/*.log 2>/dev/null | tail -n 10
	fi
	awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "   (%.1f s)\n", e - s }'
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "serve.sh: failed: ${failed[*]}"
	exit 1
fi
echo "serve.sh: every case passed"
