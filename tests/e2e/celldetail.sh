#!/bin/sh
# celldetail.sh: the heatmap's cell detail and zoom.  On arnau-autonet10's
# table of equivalent distances the cursor's cell (0, 1) shows the pair's
# value and its shortest legal routes (the descriptor's cell_detail, run
# with --select 0:1 on the worker): 0-2-1 and 0-4-1 (Table 1).  On a
# generated 64-switch network, + zooms in until one element per cell and
# the window scrolls with the cursor; - goes back to the whole table.
. "$(dirname "$0")/lib.inc"

start 120 40 arnau-autonet10
settled
keys 6
wait_for "switch 0 -> 0: 0"
keys Right
wait_for "switch 0 -> 1: 1"
wait_for "routes: 0-2-1 0-4-1"
wait_for "length 2  hops 2  detour 0"
# The corner, and back.
keys Down Down Down Down Down Down End
wait_for "switch 9 -> 9: 0"
keys Home
wait_for "switch 0 -> 0: 0"
# 6 -> 9: Table 2's 1.25, over four shortest legal routes (wrapped).
keys j j j j j j l l l l l l l l l
wait_for "switch 6 -> 9: 1.25"
wait_for "routes: 6-2-0-9 6-2-1-9"
wait_for "  6-4-0-9 6-4-1-9"
keys b
wait_for "-o routes --select 6:9"
keys C-c
wait_exit >/dev/null

cat >"$TMPD/g64.yaml" <<'YAML'
model: irregular
title: generated 64-switch network
generate: {switches: 64, nodes: 4, free_ports: 4, links: 3, seed: 7}
YAML
start 120 40 "$TMPD/g64.yaml"
settled
keys 6
wait_for "64x64 scaled 1:"
keys +
wait_for "zoom: each cell is a"
keys + + + +
wait_for "one element per cell"
wait_for "rows 0-"
keys PgDn PgDn
wait_gone "rows 0-"
# Two pages down (a page is the window's rows less one, which depends on
# the legend's size): the window ends at the cursor's row.
row=$(screen | sed -n 's/.*switch \([0-9][0-9]*\) -> 0:.*/\1/p' | head -n 1)
[ "${row:-0}" -ge 4 ] || fail "PgDn did not move the cursor (row ${row:-none})"
screen | grep -q "rows [1-9][0-9]*-$row, cols 0-[0-9]* of 64x64" || fail "the window did not follow"
keys - - - - - -
wait_for "zoom: the whole table"
wait_for "64x64 scaled 1:"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: celldetail"
