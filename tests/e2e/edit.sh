#!/bin/sh
# edit.sh: change a parameter through keys (select tau of group 1, step it
# with +, then type a value) and see the status, the breakdown and the
# curve change; undo brings the old value and curve back.
. "$(dirname "$0")/lib.inc"

start 80 24
settled
before=$(quiet_screen)
keys 1 j l l
wait_for "clusters.1.tau"
keys +
wait_for "clusters.1.tau: 0.15 -> 0.16"
wait_for "javadi-n1120* |"
screen | grep -q " 1    16    2  0.16 " || fail "the table does not show 0.16"
keys Enter
wait_for "clusters.1.tau = "
text "0.6"
keys Enter
wait_for "clusters.1.tau: 0.16 -> 0.6"
settled
after=$(quiet_screen)
# The curve and the breakdown changed (plot area: right of the separator).
b=$(echo "$before" | sed -n '3,21p' | sed 's/^[^│]*│//')
a=$(echo "$after" | sed -n '3,21p' | sed 's/^[^│]*│//')
[ "$a" != "$b" ] || fail "the plot did not change"
echo "$after" | grep -q "clusters.1.tau=0.6" || fail "the legend does not name the edit"
keys u
wait_for "undone"
keys u
wait_for " 1    16    2  0.15 "
settled
undone=$(quiet_screen | sed -n '3,21p' | sed 's/^[^│]*│//')
[ "$undone" = "$b" ] || { echo "$b"; echo "$undone"; fail "undo did not bring the curve back"; }
keys C-r
wait_for "redone"
wait_for " 1    16    2  0.16 "
keys C-c
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: edit"
