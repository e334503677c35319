#!/bin/sh
# simviewlive.sh: a simulated view of the irregular family (key v in the
# plot, then r) runs on the slow lane: while it runs the status line shows
# its progress, the fast lane still answers (the breakdown's v changes its
# table at once), another view shown says which one runs, and an edit
# cancels it (the status no longer shows it,
# the view asks for r again).  tmux, 80x24, UTF-8 and ASCII, default
# budget (Figures 9-10 on arnau-random24: 40 simulations, far longer than
# the test waits: it never waits for the end).
. "$(dirname "$0")/lib.inc"

run_case() {
	keys 4 v v v
	wait_for "simulated: -o correlation-patterns"
	keys r
	deadline=$(( $(date +%s) + E2E_WAIT ))
	until status_line | grep -qE '\| sim correlation-patterns [0-9]+%'; do
		[ "$(date +%s)" -gt "$deadline" ] && fail "no progress: $(status_line)"
		sleep 0.05
	done
	# the fast lane: another breakdown view while the simulation runs
	keys 5 v
	wait_gone "shortest legal up*/down* routes" 10
	wait_for "mean_inter" 10
	status_line | grep -qE '\| sim correlation-patterns [0-9]+%' ||
		fail "the simulation did not keep running: $(status_line)"
	# another view shown: the status still says which one runs
	keys 4 v
	wait_for "sim correlation-patterns running (v: its view)" 10
	keys v v v
	wait_for "simulated: -o correlation-patterns"
	# an edit cancels it
	keys 3 j +
	wait_gone "sim correlation-patterns"
	wait_for "r simulates it"
}

start 80 24 arnau-random24
run_case
keys q y

start 80 24 --ascii arnau-random24
run_case
screen | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
keys q y
echo "ok: simviewlive"
