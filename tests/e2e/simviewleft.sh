#!/bin/sh
# simviewleft.sh: issue 23 item 8, a simulated view other than the curve
# (irregular -o correlation-patterns, Lab 4's step that ran 10 s with
# nothing but a percentage) shows the time left while it runs ("sim
# correlation-patterns 41% ~1 s left": the shown clock is pinned), from
# its fraction done once it is 5% in (tests/unit/test_simeta.c); at 40
# columns without being cut.  tmux, 80x24 and 40x24: the status line is
# polled through the run (a few seconds).
. "$(dirname "$0")/lib.inc"

watch_view() {
	keys 4 v v v r
	seen_left=0
	stall_reset 8    # lib.inc: fails a run that stops, not a slow one
	while :; do
		s=$(status_line)
		case "$s" in
		*"sim correlation-patterns done"*) break ;;
		*"sim correlation-patterns "[0-9]*"% ~1 s"*) seen_left=1 ;;
		*"sim correlation-p"*) ;;
		esac
		[ "$(printf '%s' "$s" | wc -m)" -le "$1" ] || fail "status line wider than $1: $s"
		stalled "$s" && fail "the simulation stopped progressing: $s"
		sleep 0.05
	done
	[ "$seen_left" = 1 ] || fail "$1 columns: never saw the time left while running"
}

start 80 24 --set sim.measured=2000 arnau-random24
watch_view 80
keys q q
start 40 24 --set sim.measured=2000 arnau-random24
watch_view 40
keys q q
echo "ok: simviewleft"
