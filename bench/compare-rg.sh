#!/usr/bin/env bash
# Times `plainsight scan` against ripgrep searching the same files for the
# same six codepoint classes of §2, on three ~100 MB texts (real English
# prose, multilingual prose, real HTML; see bench/mkcorpus), on two cores
# and on one (taskset -c 0), and prints the six ratios plainsight/rg and
# plainsight's peak RSS. Run by hand (not in CI): bash bench/compare-rg.sh
# RUNS=n sets the runs per measurement (best of n; 5 by default).
# Needs ripgrep (apt-get install ripgrep), taskset and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rg >/dev/null || { echo "compare-rg: ripgrep (rg) is not installed: apt-get install ripgrep" >&2; exit 2; }
command -v taskset >/dev/null || { echo "compare-rg: taskset is not installed (util-linux)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "compare-rg: GNU time (/usr/bin/time) is not installed" >&2; exit 2; }
runs=${RUNS:-5}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/plainsight" ./cmd/plainsight
for kind in prose multilingual html; do
	go run ./bench/mkcorpus -kind "$kind" -size $((100 << 20)) -o "$work/$kind.txt"
done

# §2: zero_width, bidi_control, unicode_tag, control_char, private_use,
# unassigned_codepoint (General_Category Cn; ripgrep's tables are its own
# Unicode version). -a: the file holds control characters, search it as text.
classes='[\x{200B}-\x{200D}\x{FEFF}\x{2060}\x{202A}-\x{202E}\x{2066}-\x{2069}\x{E0000}-\x{E007F}\x{00}-\x{08}\x{0B}\x{0C}\x{0E}-\x{1F}\x{7F}-\x{9F}\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}\p{Cn}]+'

# best: the best of $runs wall-clock times in seconds, and the peak RSS in
# KB of that run. Exit status 1 (found) is not a failure.
best() {
	local t="" m="" line
	for _ in $(seq "$runs"); do
		/usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null || [ $? -eq 1 ]
		line=$(tail -1 "$work/time")
		if [ -z "$t" ] || awk -v a="${line% *}" -v b="$t" 'BEGIN { exit !(a < b) }'; then
			t=${line% *}
			m=${line#* }
		fi
	done
	echo "$t $m"
}

printf '%-13s %-5s %10s %10s %8s %12s\n' text cores plainsight rg ratio "peak RSS/size"
for kind in prose multilingual html; do
	f="$work/$kind.txt"
	size=$(stat -c %s "$f")
	for cores in 2 1; do
		pin=()
		[ "$cores" = 1 ] && pin=(taskset -c 0)
		read -r tp mp < <(best "${pin[@]}" "$work/plainsight" scan --format text "$f")
		read -r tr _ < <(best "${pin[@]}" rg -a --count-matches "$classes" "$f")
		awk -v k="$kind" -v c="$cores" -v s="$size" -v p="$tp" -v r="$tr" -v m="$mp" 'BEGIN {
			if (p < 0.01) p = 0.01; if (r < 0.01) r = 0.01
			printf "%-13s %-5s %7.2f s %7.2f s %8.2f %12.2f\n", k, c, p, r, p / r, m * 1024 / s
		}'
	done
done
# What each found: plainsight's deterministic findings (§2 runs, and §3
# and §4 too) beside ripgrep's matches of §2 (its Unicode version may differ
# for Cn).
for kind in prose multilingual html; do
	f="$work/$kind.txt"
	n=$("$work/plainsight" scan --format json "$f" | grep -o '"deterministic_count":[0-9]*' || true)
	echo "$kind: plainsight ${n:-?}, ripgrep $(rg -a --count-matches "$classes" "$f" || true) matches"
done
