#!/bin/sh
# fallback.sh: a heatmap output that refuses falls back to the output its
# descriptor names: the star graph's node-to-node distance table stops at
# S5, so for n = 7 the heatmap shows the distance distribution as bars,
# with the refusal in the pane and the hint; back at n = 5 the table
# returns.  Headless.
. "$(dirname "$0")/headless.inc"

keys 6
mark heat
keys f
mark full
keys f
# n = 5: the table itself.
keys 2 g Enter
mark prompt
keys C-u
text "5"
keys Enter
mark n5
keys 6
mark table
keys C-c
run 120 40 kiasari-s5-v6 --set n=7 --set V=9

has heat "instead of distances: S7 has 5040"
has heat "6 (1689 nodes) │"
has heat "9 (15 nodes) │"
# The hint line carries the whole refusal.
has heat "distribution shown instead of distances: S7 has 5040 nodes; the node-to-node distance table is limited to n <= 5"
has full "distance distribution in S7 (5040 nodes, mean 5.87974)"
shot full | grep -q "heatmap  *distribution$" || fail "the header does not name the fallback"
has prompt "n = "
has n5 "n: 7 -> 5"
has table "120x120 scaled"
lacks table "instead of distances"
lacks table "distance distribution"
echo "ok: fallback"
