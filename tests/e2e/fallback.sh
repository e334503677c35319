#!/bin/sh
# fallback.sh: a heatmap output that refuses falls back to the output its
# descriptor names: the star graph's node-to-node distance table stops at
# S5, so for n = 7 the heatmap shows the distance distribution as bars,
# with the refusal in the pane and the hint; back at n = 5 the table
# returns.
. "$(dirname "$0")/lib.inc"

start 120 40 kiasari-s5-v6 --set n=7 --set V=9
settled
keys 6
wait_for "instead of distances: S7 has 5040"
wait_for "6 (1689 nodes) │"
wait_for "9 (15 nodes) │"
# The hint line carries the whole refusal.
wait_for "distribution shown instead of distances: S7 has 5040 nodes; the node-to-node distance table is limited to n <= 5"
keys f
wait_for "distance distribution in S7 (5040 nodes, mean 5.87974)"
screen | grep -q "heatmap  *distribution$" || fail "the header does not name the fallback"
keys f
# n = 5: the table itself.
keys 2 g Enter
wait_for "n = "
keys C-u
text "5"
keys Enter
wait_for "n: 7 -> 5"
keys 6
wait_for "120x120 scaled"
wait_gone "instead of distances"
screen | grep -q "distance distribution" && fail "still the fallback"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: fallback"
