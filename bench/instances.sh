#!/usr/bin/env bash
# Several `plainsight serve` processes on one PostgreSQL (issue 33, item 3):
# the write throughput of 1, 2 and 4 instances (separate processes, each on
# its own loopback port) appending receipts (POST /v2/scan), signature
# reports (POST /api/v1/shield/checkin) and flags (POST
# /v1/security/submissions), closed-loop clients bound to each instance;
# and what PostgreSQL's backends waited on meanwhile (pg_stat_activity
# sampled every 20 ms: "lock advisory" is a wait for a write lock).
# With --kill, four instances under all three loads at once while one
# instance after another is killed with SIGKILL and restarted; then every
# acknowledged write must be in the database exactly once, a reader paging
# the receipt log must see every entry, and the ledger's chain must verify.
#
#   bash bench/instances.sh                    the table: 1, 2, 4 instances × 3 kinds
#   bash bench/instances.sh --duration 5s --clients 8 --counts "1 4" --kinds receipts
#   bash bench/instances.sh --plainsight BIN   serve with BIN (an older build)
#   bash bench/instances.sh --kill [--kills 40]
#   bash bench/instances.sh --ci               a short --kill run (8 kills)
#   PG_OPTS="-c synchronous_commit=off" bash bench/instances.sh   PostgreSQL settings (diagnosis only)
#   PG_POOL=16 bash bench/instances.sh         each instance's pool size
#
# Its own throwaway PostgreSQL cluster in a temp directory (Unix socket, no
# TCP), stopped at the end; loopback only. Exits 1 when a run fails.
set -uo pipefail
cd "$(dirname "$0")/.."

duration=10s clients=8 counts="1 2 4" kinds="receipts reports flags" bin= kill=0 kills=40
while [ $# -gt 0 ]; do
	case "$1" in
	--duration) duration=$2; shift ;;
	--clients) clients=$2; shift ;;
	--counts) counts=$2; shift ;;
	--kinds) kinds=$2; shift ;;
	--plainsight) bin=$(realpath "$2"); shift ;;
	--kill) kill=1 ;;
	--kills) kills=$2; shift ;;
	--ci) kill=1 kills=8 ;;
	-h | --help) sed -n '2,23p' "$0"; exit 0 ;;
	*) echo "instances.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

work=$(mktemp -d)
pids=()
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$pgbin" ] || { echo "no PostgreSQL server binaries" >&2; exit 2; }
pgdir=$(mktemp -d)
as_pg_user() { if [ "$(id -u)" -eq 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi; }
cleanup() {
	{ for pid in "${pids[@]}"; do kill -9 "$pid"; wait "$pid"; done; } 2>/dev/null
	if [ -e "$pgdir/data/postmaster.pid" ]; then
		as_pg_user "$pgbin/pg_ctl" -D "$pgdir/data" -m immediate -w stop >/dev/null 2>&1 || true
	fi
	rm -rf "$work" "$pgdir"
}
trap cleanup EXIT
ps=${bin:-$work/plainsight}
[ -n "$bin" ] || go build -o "$ps" ./cmd/plainsight || exit 2
go build -o "$work/instances" ./bench/instances || exit 2
inst="$work/instances"

[ "$(id -u)" -ne 0 ] || chown nobody "$pgdir"
as_pg_user "$pgbin/initdb" -D "$pgdir/data" -U postgres -A trust >/dev/null || exit 2
as_pg_user "$pgbin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w start \
	-o "-c listen_addresses='' -c unix_socket_directories='$pgdir' -c max_connections=200 ${PG_OPTS:-}" >/dev/null || exit 2

# pgdb NAME: a fresh database, its URL in $pgurl and its libpq DSN in $pgdsn.
pgdb() {
	"$pgbin/createdb" -h "$pgdir" -U postgres "$1" || return 1
	pgurl="postgres:///$1?host=$pgdir&user=postgres${PG_POOL:+&pool_max_conns=$PG_POOL}"
	pgdsn="host=$pgdir user=postgres dbname=$1"
}

# start I [PORT]: starts instance I on PORT (0: any), sets port[I], spid[I].
declare -A port spid
start() {
	local out="$work/serve$1.out"
	rm -f "$out"
	"$ps" serve --addr "127.0.0.1:${2:-0}" --db "$pgurl" --keys "$work/ring" --rate 0 >"$out" 2>>"$work/serve$1.log" &
	spid[$1]=$!
	pids+=($!)
	for _ in $(seq 400); do
		local b
		b=$(sed -n 's/.*listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$out" 2>/dev/null)
		if [ -n "$b" ]; then port[$1]=$b; return 0; fi
		sleep 0.025
	done
	echo "instance $1 did not start:"; tail -n 5 "$work/serve$1.log"
	return 1
}

# instances N: starts N instances on the current database, sets $bases.
instances() {
	bases=
	for i in $(seq "$1"); do
		start "$i" || return 1
		bases=${bases:+$bases,}http://127.0.0.1:${port[$i]}
	done
}

stop_all() {
	for i in "${!spid[@]}"; do kill -TERM "${spid[$i]}" 2>/dev/null; wait "${spid[$i]}" 2>/dev/null; done
	spid=()
}

# keys: four API keys of four owners (scopes checkin, submit), in $keys.
mkkeys() {
	keys=
	for o in 1 2 3 4; do
		k=$("$ps" keys create --owner "acct_bench$o" --scope checkin,submit --db "$pgurl" 2>/dev/null) || return 1
		keys=${keys:+$keys,}$k
	done
}

echo "# $(nproc) cores, shared by every process here (serve instances, PostgreSQL, the clients); $clients closed-loop clients per instance; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $("$pgbin/postgres" --version), fsync on, ${PG_OPTS:-synchronous_commit on}, pool: ${PG_POOL:-the pgxpool default, max(4, cores),} connections per instance"
failed=0

if [ "$kill" = 1 ]; then
	pgdb kills || exit 1
	mkkeys || exit 1
	instances 4 || exit 1
	"$inst" confirm --base "http://127.0.0.1:${port[1]}" --keys "$keys" || exit 1
	for kind in receipts reports flags; do
		"$inst" load --base "$bases" --kind "$kind" --keys "$keys" --clients 4 --duration 600s \
			--acks "$work/acks.$kind" --tolerate >"$work/load.$kind" 2>&1 &
		pids+=($!)
		loads+=($!)
	done
	for k in $(seq "$kills"); do
		sleep "0.$((RANDOM % 7 + 3))"
		i=$((RANDOM % 4 + 1))
		kill -9 "${spid[$i]}"; wait "${spid[$i]}" 2>/dev/null
		start "$i" "${port[$i]}" || { failed=1; break; }
	done
	echo "killed an instance $kills times with SIGKILL (each restarted on its port)"
	for pid in "${loads[@]}"; do kill -TERM "$pid" 2>/dev/null; done
	for pid in "${loads[@]}"; do wait "$pid" 2>/dev/null; done
	stop_all
	cat "$work"/load.* | grep -v '^$' || true
	touch "$work/acks.receipts" "$work/acks.reports" "$work/acks.flags"
	"$inst" verify --db "$pgdsn" --acks "$work/acks.receipts,$work/acks.reports,$work/acks.flags" || failed=1
	exit $failed
fi

echo "| instances | kind | acknowledged writes/s | p50 | p99 | vs 1 instance | backends' waits (sampled) |"
echo "|---|---|---|---|---|---|---|"
declare -A one
for n in $counts; do
	pgdb "bench$n" || exit 1
	mkkeys || exit 1
	instances "$n" || exit 1
	"$inst" confirm --base "http://127.0.0.1:${port[1]}" --keys "$keys" >/dev/null || exit 1
	for kind in $kinds; do
		"$inst" sample --db "$pgdsn" --out "$work/waits" &
		sampler=$!
		pids+=($sampler)
		line=$("$inst" load --base "$bases" --kind "$kind" --keys "$keys" --clients "$clients" --duration "$duration" 2>&1) || { echo "$line"; failed=1; }
		kill -TERM "$sampler"; wait "$sampler"
		rate=$(echo "$line" | sed -n 's/.* rate=\([0-9]*\)\/s.*/\1/p')
		p50=$(echo "$line" | sed -n 's/.* p50=\([^ ]*\).*/\1/p')
		p99=$(echo "$line" | sed -n 's/.* p99=\([^ ]*\).*/\1/p')
		[ -n "${one[$kind]:-}" ] || one[$kind]=$rate
		ratio=$(awk -v a="${rate:-0}" -v b="${one[$kind]:-0}" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "-" }')
		echo "| $n | $kind | ${rate:-failed} | $p50 | $p99 | $ratio | $(cut -d'|' -f2- "$work/waits" | sed 's/^ //') |"
	done
	stop_all
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $failed
