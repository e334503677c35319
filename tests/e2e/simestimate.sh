#!/bin/sh
# simestimate.sh: issue 23 item 8, a user is never left guessing: a long
# run says what it will cost before it has a time left ("about N s; r
# stops" in place of r's message, "about N s" in the status line's
# piece until the first point is done), from a calibration slice of the
# real run (ui/simeta.h: sim_cal; its arithmetic in
# tests/unit/test_simeta.c); a short run says nothing of the kind.  The
# shown clock is pinned (5 ms: "about 1 s"); what is long is measured.
# tmux, 80x24 and 40x24, the simulated curve (kiasari-s5-v6) and a
# simulated view of the irregular family (arnau-random24
# correlation-patterns).  The long runs are stopped (r) once their cost
# is shown: they never run to their end here.
. "$(dirname "$0")/lib.inc"

# watch_short DONE: poll the status line through a short run until DONE;
# "about" must never appear.
watch_short() {
	stall_reset 4    # lib.inc: fails a run that stops, not a slow one
	while :; do
		s=$(screen)
		case "$s" in *about*) fail "a short run announced a cost" ;; esac
		echo "$s" | grep -qF -- "$1" && break
		stalled "$s" && fail "the simulation stopped progressing"
		sleep 0.05
	done
}

# A short run (a few milliseconds a point): no estimate.
start 80 24 --set sim.measured=200 --set sim.warmup=100 kiasari-s5-v6
keys 4 r
watch_short "| sim 6/6"
# its cost changed much (5000 times the messages, 20 times the preset's): said
keys 3
for k in j j j j j j j j j j j j j; do keys "$k"; done
wait_for "sim.measured"
keys Enter
wait_for "sim.measured = 200"
keys C-u
text 1000000
keys Enter
wait_for "simulated points kept"
keys 4 r
wait_for "simulating (-o sim) at 6 loads: about 1 s; r stops, an edit cancels"
s=$(status_line)
case "$s" in
*"| sim 0/6 "*"% about 1 s"*) ;;
*"| sim "[1-5]/6*) ;;      # a point done: the time left has taken over
*) fail "the status line's piece lacks the cost: $s" ;;
esac
keys r
wait_for "simulation stopped"
keys q y
[ "$(wait_exit)" = 0 ] || fail "exit status $(cat "$TMPD/exit")"

# the first run of a session, long: said at once, also at 40 columns
start 40 24 --set sim.measured=1000000 kiasari-s5-v6
keys 4 r
stall_reset 4
while :; do
	s=$(status_line)
	case "$s" in
	*"| sim 0/6 "*"about 1 s"*) break ;;
	*"| sim "[1-5]/6*) fail "a point done before the cost was said: $s" ;;
	esac
	[ "$(printf '%s' "$s" | wc -m)" -le 40 ] || fail "status line wider than 40: $s"
	stalled "$s" && fail "the simulation stopped progressing: $s"
	sleep 0.05
done
keys r
wait_for "sim 0/6 stopped"
keys q y
[ "$(wait_exit)" = 0 ] || fail "exit status $(cat "$TMPD/exit")"
# a simulated view of the irregular family (one piece of work): its cost
# is said too, until its own time left takes over at 5%
start 80 24 --set sim.measured=100000 arnau-random24
keys 4 v v v r
wait_for "simulating -o correlation-patterns: about 1 s; r stops, an edit cancels"
keys r
wait_for "simulation of -o correlation-patterns stopped"
keys q y
[ "$(wait_exit)" = 0 ] || fail "exit status $(cat "$TMPD/exit")"
echo "ok: simestimate"
