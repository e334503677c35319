#!/bin/sh
# simlastrun.sh: issue 23 item 8, before a run r says what the last run of
# the same simulated output took ("simulating ... (the last run took ~1
# s)": the shown clock is pinned), so an edit-and-rerun is not a guess;
# the first run quotes nothing.  tmux, 80x24; sim.measured=6000 makes
# the second run last long enough (a few seconds) for its message to be
# read before it ends.
. "$(dirname "$0")/lib.inc"

start 80 24 --set sim.measured=6000 --set sim.warmup=500 kiasari-s5-v6
keys 4 r
wait_for "simulating (-o sim) at 6 loads"
screen | grep -q "the last run took" && fail "the first run quotes a last run"
wait_for "| sim 6/6" "$((4 * E2E_WAIT))"
keys 3 j j j +
wait_for "simulated points kept"
keys 4 r
wait_for "evenly spaced (the last run took ~1 s): r stops"
wait_for "| sim 6/6" "$((4 * E2E_WAIT))"
keys q q
[ "$(wait_exit)" = 0 ] || fail "exit status $(cat "$TMPD/exit")"
echo "ok: simlastrun"
