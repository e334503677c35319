#!/bin/sh
# quit.sh: q with unsaved edits asks first (n keeps going, y quits); q with
# none quits at once; status 0 and the terminal restored each time; a
# SIGTERM also restores the terminal.
. "$(dirname "$0")/lib.inc"

start 80 24
settled
keys 1 j +
wait_for "javadi-n1120* |"
keys q
wait_for "unsaved edits. Quit and lose them?"
keys n
wait_gone "unsaved edits"
screen | grep -q "4 plot" || fail "not running after n"
keys q
wait_for "unsaved edits"
keys y
[ "$(wait_exit)" = 0 ] || fail "exit status $(cat "$TMPD/exit")"
check_restored

start 80 24
settled
keys ?
wait_for "Everywhere"
keys q q
[ "$(wait_exit)" = 0 ] || fail "q did not close the help, then quit"
check_restored

start 80 24
settled
pid=$(icnx_pid) || fail "no icnx process under the pane"
kill -TERM "$pid" || fail "cannot signal $pid"
st=$(wait_exit)
[ "$st" = 143 ] || fail "SIGTERM: status $st, wanted 143"
check_restored
echo "ok: quit"
