#!/usr/bin/env bash
# Times `plainsight scan` on a ~100 MB generated text against ripgrep
# searching the same file for the same six codepoint classes of §2, and
# prints the ratio. Run by hand (not in CI): bash bench/compare-rg.sh
# Needs ripgrep: apt-get install ripgrep.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rg >/dev/null || { echo "compare-rg: ripgrep (rg) is not installed: apt-get install ripgrep" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/plainsight" ./cmd/plainsight
go run ./bench/mkcorpus -size $((100 << 20)) -o "$work/corpus.txt"
size=$(stat -c %s "$work/corpus.txt")

# §2: zero_width, bidi_control, unicode_tag, control_char, private_use,
# unassigned_codepoint (General_Category Cn; ripgrep's tables are its own
# Unicode version). -a: the file holds control characters, search it as text.
classes='[\x{200B}-\x{200D}\x{FEFF}\x{2060}\x{202A}-\x{202E}\x{2066}-\x{2069}\x{E0000}-\x{E007F}\x{00}-\x{08}\x{0B}\x{0C}\x{0E}-\x{1F}\x{7F}-\x{9F}\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}\p{Cn}]+'

# best of five wall-clock runs, in seconds
best() {
	local best=""
	for _ in 1 2 3 4 5; do
		local t0 t1
		t0=$(date +%s.%N)
		"$@" >/dev/null || [ $? -eq 1 ]
		t1=$(date +%s.%N)
		best=$(echo "$t1 - $t0" | awk -v b="$best" '{ d = $1 - $3; if (b == "" || d < b) print d; else print b }' FS='[ ]')
	done
	echo "$best"
}
# awk above reads "t1 - t0" as fields 1 and 3.

t_ps=$(best "$work/plainsight" scan --format text "$work/corpus.txt")
t_rg=$(best rg -a --count-matches "$classes" "$work/corpus.txt")
findings=$("$work/plainsight" scan --format json "$work/corpus.txt" | grep -o '"deterministic_count":[0-9]*' || true)
matches=$(rg -a --count-matches "$classes" "$work/corpus.txt" || true)

awk -v s="$size" -v p="$t_ps" -v r="$t_rg" -v f="$findings" -v m="$matches" 'BEGIN {
	printf "corpus: %.1f MB; plainsight %s, ripgrep %s matches\n", s / 1e6, f, m
	printf "plainsight scan --format text: %.3f s (%.0f MB/s)\n", p, s / 1e6 / p
	printf "rg -a --count-matches:         %.3f s (%.0f MB/s)\n", r, s / 1e6 / r
	printf "ratio plainsight/rg: %.2f\n", p / r
}'
