#!/bin/sh
# progress.sh: the status line's "computing N%" is one progress per edit
# that never goes back (issue 13: it jumped 0 -> 53 -> 0 -> 100 -> 0, each
# stage of the worker counting from 0).  tmux at 80x24 on the generated
# 1024-switch network of `make bench` (each edit rebuilds the network, its
# routing and the distance table: about a second): the status line is
# sampled as fast as tmux allows through the start and an edit (+ on
# clusters k), and the percentages seen for each computation must not
# decrease.  Sampling can miss values but never invents a decrease, so the
# test cannot fail on a correct program; on the old one (ac1d389) it saw
# 0..100, 0..100, 0..78 within one computation.
. "$(dirname "$0")/lib.inc"

# sample: status lines until one without "computing" follows one with it
# (or 20 s); the percentages of that computation, one a line.
sample() {
	: >"$TMPD/pct"
	seen=0
	deadline=$(( $(date +%s) + 20 ))
	while [ "$(date +%s)" -le "$deadline" ]; do
		l=$(status_line)
		p=$(echo "$l" | sed -n 's/.*computing \([0-9]*\)%.*/\1/p')
		if [ -n "$p" ]; then
			echo "$p" >>"$TMPD/pct"
			seen=1
		elif [ $seen = 1 ]; then
			return 0
		fi
	done
	[ $seen = 1 ] || echo "(no computing line seen)" >&2
}

# monotone WHAT: the sampled percentages never decrease.
monotone() {
	awk -v what="$1" 'NR > 1 && $1 + 0 < prev { printf "%s: %d%% after %d%%\n", what, $1, prev; bad = 1 }
		{ prev = $1 + 0 } END { exit bad }' "$TMPD/pct" ||
		fail "$1: the progress went back: $(tr '\n' ' ' <"$TMPD/pct" | cut -c1-240)"
}

# Start without the headless reference (start would compute one first, by
# which time the explorer has settled): a session of our own.
$T new-session -d -x 80 -y 24 \
	"cd '$REPO' && env TERM=$E2E_TERM XDG_CONFIG_HOME='$TMPD/xdg' ICNX_TEST_CLOCK_MS=$E2E_CLOCK_MS \
	ASAN_OPTIONS='$ASAN_OPTIONS' UBSAN_OPTIONS='$UBSAN_OPTIONS' TSAN_OPTIONS='$TSAN_OPTIONS' \
	'$ICNX' bench/irregular-1024.yaml; sleep 600" || fail "cannot start tmux"
sample
monotone "the start"
n=$(wc -l <"$TMPD/pct")
settled
keys 2 j j j j
wait_for "clusters k"
keys +
sample
monotone "the edit"
n=$((n + $(wc -l <"$TMPD/pct")))
# Something was seen (else the test would test nothing).
[ "$n" -ge 3 ] || fail "only $n progress samples in two computations"
keys C-c
echo "ok: progress"
