#!/bin/sh
# simfailrun.sh: issue 23, the narrow status line while a simulation with a
# failed point is still running: at 40 columns it reads "sim K/6, 1 failed"
# (K < 6; the percent, the time left and "? help" give way, the count stays
# whole and the line never wider than the screen), then "sim 6/6, 1 failed"
# at the end.  simfailcount.sh checks the finished state headless; this
# one samples the running state.  kiasari-s5-v6 with a cycle budget that
# the lowest r load cannot meet (it needs the most cycles to generate its
# messages), the higher loads can.  tmux, 40x24: the status line is polled
# through the run (a few seconds; a sample can miss a state, never invent
# one, so the test fails only if no sample of the running state with the
# count was seen).
. "$(dirname "$0")/lib.inc"

start 40 24 --set sim.measured=100000 --set sim.warmup=500 --set sim.budget=75000 kiasari-s5-v6
keys 4 r
seen=0
stall_reset 8    # lib.inc: fails a run that stops, not a slow one
while :; do
	s=$(status_line)
	[ "$(printf '%s' "$s" | wc -m)" -le 40 ] || fail "status line wider than 40: $s"
	case "$s" in
	*"| sim 6/6, 1 failed") break ;;
	*"| sim 6/6"*) fail "the run ended without one failed point: $s" ;;
	*"| sim "[1-5]"/6, 1 failed"*)
		echo "$s" | grep -qE '\| sim [1-5]/6, 1 failed( ~[0-9]+ (s|min))?$' ||
			fail "running with a failed point, not whole: $s"
		seen=1 ;;
	esac
	stalled "$s" && fail "the simulation stopped progressing: $s"
	sleep 0.05
done
[ "$seen" = 1 ] || fail "never saw the running state with its failed count"
keys q q    # unsaved simulated points: q asks, q quits
echo "ok: simfailrun"
