#!/bin/sh
# simprogress.sh: while the simulation of key r runs, the status line shows
# its progress (points done and percent, never going back) and, only once
# the first point has finished, the time left with "~" (the shown clock is
# pinned, so the estimate reads "~1 s left" here; its rule is tested in
# tests/unit/test_simeta.c).  tmux, 80x24, UTF-8 and ASCII: the status line
# is polled through the whole run (a point takes a few tenths of a second);
# again at 40 columns.
. "$(dirname "$0")/lib.inc"

watch_run() {
	keys r
	seen_left=0 last=0
	stall_reset 4    # lib.inc: fails a run that stops, not a slow one
	while :; do
		s=$(status_line)
		case "$s" in
		*"| sim 6/6"*) break ;;
		*"| sim 0/6 "*)
			case "$s" in *left*) fail "a time left before the first point: $s" ;; esac ;;
		*"| sim "[1-5]/6" "*)
			echo "$s" | grep -qE '\| sim [1-5]/6 [0-9]+% ~1 s left( |$)' ||
				fail "running after the first point, no '~ left': $s"
			seen_left=1 ;;
		esac
		pct=$(echo "$s" | sed -n 's/.*| sim [0-9]\/6 \([0-9]*\)%.*/\1/p')
		if [ -n "$pct" ]; then
			[ "$pct" -ge "$last" ] || fail "progress went back: $last% then $s"
			last=$pct
		fi
		stalled "$s" && fail "the simulation stopped progressing: $s"
		sleep 0.05
	done
	[ "$seen_left" = 1 ] || fail "never saw the time left while running"
	status_line | grep -q left && fail "a time left after the end"
	return 0
}

start 80 24 --set sim.measured=6000 --set sim.warmup=500 kiasari-s5-v6
watch_run
keys q q    # unsaved simulated points: q asks, q quits

start 80 24 --ascii --set sim.measured=6000 --set sim.warmup=500 kiasari-s5-v6
watch_run
screen | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
keys q q    # unsaved simulated points: q asks, q quits

# 40 columns: the progress and time left stay whole (the curve's time and
# lambda_g* give way, then "? help"); they were cut at the edge
start 40 24 --set sim.measured=6000 --set sim.warmup=500 kiasari-s5-v6
watch_run
keys q q    # unsaved simulated points: q asks, q quits
echo "ok: simprogress"
