#!/usr/bin/env bash
# Times `plainsight scan` against ripgrep searching the same files for the
# same six codepoint classes of §2, on ~100 MB texts, on two cores and on
# one (taskset -c 0), and prints the ratios plainsight/rg and plainsight's
# peak RSS. The texts (bench/mkcorpus) are the three real ones of issue 33
# — prose (the Go distribution's comments), tutors (Vim's tutors in every
# language) and rusthtml (the Rust toolchain's HTML documentation) — and,
# as an extra column, multilingual (generated). A machine without one of the
# real texts stops the script with an error naming it. Run by hand (not in
# CI): bash bench/compare-rg.sh
#
# The runs are paired and interleaved: each of RUNS rounds runs plainsight
# and rg one after the other (in turn first), and a cell's ratio is the
# median of its RUNS ratios, each of one round — on a shared machine the
# load moves between rounds far more than between the two runs of one. The
# fastest time of each is printed beside it.
#
#   RUNS=n        rounds per cell (5 by default)
#   CORPUS=dir    reuse dir/KIND.txt for each KIND (as go run ./bench/mkcorpus
#                 -kind KIND writes them; written there when missing)
#                 instead of writing them afresh into a temporary folder
#   KINDS="k..."  the texts (default: prose tutors rusthtml multilingual)
#   PLAINSIGHT=f  time the plainsight binary f instead of building one
#   BEFORE=g      time plainsight binary g too, in the same rounds (the three
#                 in turn first), and print its ratio to rg and the ratio of
#                 f to g, each the median of the rounds' with their spread
#   SAME_AS=g     first check that plainsight binary g prints the same bytes
#                 as f for each text (--format text and --format json; cmp),
#                 and stop if not: the output of a faster scan must not move
#
# Needs ripgrep (apt-get install ripgrep), taskset and GNU time.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
command -v rg >/dev/null || { echo "compare-rg: ripgrep (rg) is not installed: apt-get install ripgrep" >&2; exit 2; }
command -v taskset >/dev/null || { echo "compare-rg: taskset is not installed (util-linux)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "compare-rg: GNU time (/usr/bin/time) is not installed" >&2; exit 2; }
runs=${RUNS:-5}
case $runs in '' | *[!0-9]* | 0) echo "compare-rg: RUNS=$runs: want a positive number" >&2; exit 2 ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${PLAINSIGHT:-}" ]; then
	[ -x "$PLAINSIGHT" ] || { echo "compare-rg: PLAINSIGHT=$PLAINSIGHT is not an executable" >&2; exit 2; }
	ps=$PLAINSIGHT
else
	ps=$work/plainsight
	go build -o "$ps" ./cmd/plainsight
fi
corpus=${CORPUS:-$work}
kinds=${KINDS:-prose tutors rusthtml multilingual}
[ -d "$corpus" ] || { echo "compare-rg: CORPUS=$corpus is not a folder" >&2; exit 2; }
go build -o "$work/mkcorpus" ./bench/mkcorpus
for kind in $kinds; do
	if [ ! -r "$corpus/$kind.txt" ]; then
		"$work/mkcorpus" -kind "$kind" -size $((100 << 20)) -o "$corpus/$kind.txt" ||
			{ echo "compare-rg: cannot write the $kind text (above); this benchmark needs it" >&2; exit 2; }
	fi
done
if [ -n "${BEFORE:-}" ] && [ ! -x "$BEFORE" ]; then
	echo "compare-rg: BEFORE=$BEFORE is not an executable" >&2
	exit 2
fi
if [ -n "${SAME_AS:-}" ]; then
	[ -x "$SAME_AS" ] || { echo "compare-rg: SAME_AS=$SAME_AS is not an executable" >&2; exit 2; }
	for kind in $kinds; do
		for format in text json; do
			"$ps" scan --format $format "$corpus/$kind.txt" >"$work/a" || [ $? -eq 1 ]
			"$SAME_AS" scan --format $format "$corpus/$kind.txt" >"$work/b" || [ $? -eq 1 ]
			cmp "$work/a" "$work/b" || { echo "compare-rg: $ps and $SAME_AS differ on $kind ($format)" >&2; exit 1; }
			rm -f "$work/a" "$work/b"
		done
	done
	echo "same output as $SAME_AS on: $kinds (text and json)"
fi

# §2: zero_width, bidi_control, unicode_tag, control_char, private_use,
# unassigned_codepoint (General_Category Cn; ripgrep's tables are its own
# Unicode version). -a: the file holds control characters, search it as text.
classes='[\x{200B}-\x{200D}\x{FEFF}\x{2060}\x{202A}-\x{202E}\x{2066}-\x{2069}\x{E0000}-\x{E007F}\x{00}-\x{08}\x{0B}\x{0C}\x{0E}-\x{1F}\x{7F}-\x{9F}\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}\p{Cn}]+'

# timed CMD...: prints the wall-clock seconds of CMD (measured around it,
# to the microsecond) and its peak RSS in KB; CMD's output goes to $out.
# Exit status 1 (found) is not a failure.
out=/dev/null
timed() {
	local start end
	start=$EPOCHREALTIME
	/usr/bin/time -f '%M' -o "$work/time" "$@" >"$out" || [ $? -eq 1 ]
	end=$EPOCHREALTIME
	echo "$start $end $(tail -1 "$work/time")" | awk '{ printf "%.6f %d\n", $2 - $1, $3 }'
}

# median: the median of the numbers on standard input, one a line.
median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

printf 'plainsight: %s; %d paired rounds a cell; load average %s\n' "$ps" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
printf '%-13s %-5s %13s %9s %14s %14s\n' text cores "ratio(median)" "(spread)" "plainsight min" "rg min" 
results=$work/results
for kind in $kinds; do
	f="$corpus/$kind.txt"
	for cores in 2 1; do
		pin=()
		[ "$cores" = 1 ] && pin=(taskset -c 0)
		: >"$results"
		for i in $(seq "$runs"); do
			# In turn first: a drift in load within a round is shared out.
			tb=0
			if [ -n "${BEFORE:-}" ]; then
				case $((i % 3)) in
				1)
					read -r tp mp < <(timed "${pin[@]}" "$ps" scan --format text "$f")
					read -r tb _ < <(timed "${pin[@]}" "$BEFORE" scan --format text "$f")
					read -r tr _ < <(timed "${pin[@]}" rg -a --count-matches "$classes" "$f") ;;
				2)
					read -r tb _ < <(timed "${pin[@]}" "$BEFORE" scan --format text "$f")
					read -r tr _ < <(timed "${pin[@]}" rg -a --count-matches "$classes" "$f")
					read -r tp mp < <(timed "${pin[@]}" "$ps" scan --format text "$f") ;;
				0)
					read -r tr _ < <(timed "${pin[@]}" rg -a --count-matches "$classes" "$f")
					read -r tp mp < <(timed "${pin[@]}" "$ps" scan --format text "$f")
					read -r tb _ < <(timed "${pin[@]}" "$BEFORE" scan --format text "$f") ;;
				esac
			elif [ $((i % 2)) = 1 ]; then
				read -r tp mp < <(timed "${pin[@]}" "$ps" scan --format text "$f")
				read -r tr _ < <(timed "${pin[@]}" rg -a --count-matches "$classes" "$f")
			else
				read -r tr _ < <(timed "${pin[@]}" rg -a --count-matches "$classes" "$f")
				read -r tp mp < <(timed "${pin[@]}" "$ps" scan --format text "$f")
			fi
			echo "$tp $tr $mp $tb" >>"$results"
		done
		ratio=$(awk '{ print $1 / $2 }' "$results" | median)
		awk -v k="$kind" -v c="$cores" -v r="$ratio" '
			NR == 1 || $1 < tp { tp = $1 } NR == 1 || $2 < tr { tr = $2 }
			NR == 1 || $1 / $2 < lo { lo = $1 / $2 } NR == 1 || $1 / $2 > hi { hi = $1 / $2 }
			END { printf "%-13s %-5s %13.2f %9s %12.3f s %12.3f s\n", k, c, r, sprintf("%.2f-%.2f", lo, hi), tp, tr }' "$results"
		awk '$3 > m { m = $3 } END { print m }' "$results" >>"$work/rss-$kind"
		if [ -n "${BEFORE:-}" ]; then
			for col in '$4 / $2' '$1 / $4'; do
				awk "{ print $col }" "$results" | sort -g | awk -v what="$([ "$col" = '$4 / $2' ] && echo "before/rg" || echo "this/before")" \
					'{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "    %-12s %.2f (%.2f-%.2f)\n", what, m, v[1], v[NR] }'
			done
		fi
	done
done

# Peak RSS over a file's text runs (both core counts), and of one run of
# --format json, as multiples of the file's size (issue 19's bounds: 1.3
# and 2.5); and what each found: plainsight's deterministic findings (§2
# runs, and §3 and §4 too) beside ripgrep's matches of §2 (its Unicode
# version may differ for Cn).
echo
printf '%-13s %15s %15s   %s\n' text "text RSS/size" "json RSS/size" "found"
for kind in $kinds; do
	f="$corpus/$kind.txt"
	size=$(stat -c %s "$f")
	out=$work/out.json
	read -r _ mj < <(timed "$ps" scan --format json "$f")
	out=/dev/null
	n=$(grep -o '"deterministic_count":[0-9]*' "$work/out.json" | tail -1 || true)
	rm -f "$work/out.json"
	mt=$(sort -n "$work/rss-$kind" | tail -1)
	awk -v k="$kind" -v s="$size" -v t="$mt" -v j="$mj" -v n="plainsight ${n#*:} deterministic, ripgrep $(rg -a --count-matches "$classes" "$f" || true) matches" \
		'BEGIN { printf "%-13s %15.3f %15.3f   %s\n", k, t * 1024 / s, j * 1024 / s, n }'
done
