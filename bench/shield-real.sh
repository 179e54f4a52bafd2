#!/usr/bin/env bash
# shield.Scan on real text, 16 KiB chunks (issue 27, deliver 7): runs
# BenchmarkScanReal (shield/bench_real_test.go) and prints, per category,
# the median over the runs of ns/op and of the per-call percentiles, in
# milliseconds: wall time (p50, p99; includes time other processes hold a
# core on a shared machine) and the calling thread's CPU time (cpu p50,
# cpu p99: the call's own cost). Categories whose source is absent are
# skipped by the benchmark. See docs/judgement/speed.md.
#
#   bash bench/shield-real.sh                 300 calls a category, 3 runs
#   bash bench/shield-real.sh -n 1000 -c 5    more calls, more runs
#   bash bench/shield-real.sh -o FILE         also keep the raw output
#   bash bench/shield-real.sh -t BIN          run BIN, a test binary built
#                                             with go test -c ./shield/
#                                             (compare two builds in turn)
set -euo pipefail
cd "$(dirname "$0")/.."

n=300
count=3
out=
bin=
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n=$2; shift ;;
	-c) count=$2; shift ;;
	-o) out=$2; shift ;;
	-t) bin=$(realpath "$2"); shift ;;
	-h | --help) sed -n '2,16p' "$0"; exit 0 ;;
	*) echo "shield-real.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

if [ -n "$bin" ]; then
	run() { (cd shield && "$bin" -test.run '^$' -test.bench 'BenchmarkScanReal' -test.benchtime "${n}x" -test.count "$count" -test.benchmem 2>&1); }
else
	run() { go test -run '^$' -bench 'BenchmarkScanReal' -benchtime "${n}x" -count "$count" -benchmem ./shield/ 2>&1; }
fi
raw=$(run) || {
	echo "$raw" >&2
	exit 1
}
[ -n "$out" ] && printf '%s\n' "$raw" >"$out"
printf '%s\n' "$raw" | grep -E '^BenchmarkScanReal/.*(skip|SKIP)' || true
printf '%s\n' "$raw" | awk '
/^BenchmarkScanReal\// {
	name = $1; sub(/^BenchmarkScanReal\//, "", name); sub(/-[0-9]+$/, "", name)
	if (!(name in seen)) { seen[name] = 1; order[++k] = name }
	for (i = 3; i < NF; i++) {
		unit = $(i + 1)
		if (unit == "ns/op" || unit == "p50-ns" || unit == "p99-ns" || unit == "cpu-p50-ns" || unit == "cpu-p99-ns" || unit == "chunks" || unit == "flagged-frac") {
			v[name, unit, ++cnt[name, unit]] = $i
		}
	}
}
function median(name, unit,    m, a, i, j, t) {
	m = cnt[name, unit]
	if (m == 0) return -1
	for (i = 1; i <= m; i++) a[i] = v[name, unit, i]
	for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return a[int((m + 1) / 2)]
}
END {
	printf "| category | chunks | mean ms | p50 ms | p99 ms | cpu p50 ms | cpu p99 ms | flagged |\n"
	printf "|---|---|---|---|---|---|---|---|\n"
	for (i = 1; i <= k; i++) {
		c = order[i]
		printf "| %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.0f %% |\n", c, median(c, "chunks"),
			median(c, "ns/op") / 1e6, median(c, "p50-ns") / 1e6, median(c, "p99-ns") / 1e6,
			median(c, "cpu-p50-ns") / 1e6, median(c, "cpu-p99-ns") / 1e6, median(c, "flagged-frac") * 100
	}
}'
