#!/bin/sh
# simkeeprun.sh: issue 23, an edit while r runs cancels the simulation but
# keeps its finished points with their configuration (they used to be
# deleted): the plot shows them as "kept: ...", u brings them back as that
# configuration's points, stopped where the edit cut the run ("sim K/6
# stopped"), and q asks before losing them.  tmux (the edit must land while
# the run goes on: each point here takes about a second), 80x24.
. "$(dirname "$0")/lib.inc"

start 80 24 --set sim.measured=20000 --set sim.warmup=500 kiasari-s5-v6
keys 4 r
deadline=$(( $(date +%s) + 4 * E2E_WAIT ))
while ! status_line | grep -qE '\| sim [1-5]/6 '; do
	status_line | grep -q '| sim 6/6' && fail "the run ended before the edit: $(status_line)"
	[ "$(date +%s)" -gt "$deadline" ] && fail "no point finished: $(status_line)"
	sleep 0.05
done
keys 3 j j j +
wait_for "simulation cancelled, its finished points kept"
wait_for "kept: "
status_line | grep -q '| sim ' && fail "the status line still shows a simulation: $(status_line)"
keys u
wait_for "its simulated points are back"
status_line | grep -qE '\| sim [1-5]/6 stopped' || fail "not back as stopped points: $(status_line)"
screen | grep -q "kept: " && fail "the points are still drawn as kept after u"
keys q
wait_for "unsaved simulated results"
keys q
[ "$(wait_exit)" = 0 ] || fail "exit status $(cat "$TMPD/exit")"
echo "ok: simkeeprun"
