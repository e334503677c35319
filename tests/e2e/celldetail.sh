#!/bin/sh
# celldetail.sh: the heatmap's cell detail and zoom.  On arnau-autonet10's
# table of equivalent distances the cursor's cell (0, 1) shows the pair's
# value and its shortest legal routes (the descriptor's cell_detail, run
# with --select 0:1 on the worker): 0-2-1 and 0-4-1 (Table 1).  On a
# generated 64-switch network, + zooms in until one element per cell and
# the window scrolls with the cursor; - goes back to the whole table.
# Headless.
. "$(dirname "$0")/headless.inc"

keys 6
mark origin
keys Right
mark cell01
# The corner, and back.
keys Down Down Down Down Down Down End
mark corner
keys Home
mark home
# 6 -> 9: Table 2's 1.25, over four shortest legal routes (wrapped).
keys j j j j j j l l l l l l l l l
mark cell69
keys b
mark batch
keys C-c
run 120 40 arnau-autonet10
has origin "switch 0 -> 0: 0"
has cell01 "switch 0 -> 1: 1"
has cell01 "routes: 0-2-1 0-4-1"
has cell01 "length 2  hops 2  detour 0"
has corner "switch 9 -> 9: 0"
has home "switch 0 -> 0: 0"
has cell69 "switch 6 -> 9: 1.25"
has cell69 "routes: 6-2-0-9 6-2-1-9"
has cell69 "  6-4-0-9 6-4-1-9"
has batch "-o routes --select 6:9"

cat >"$TMPD/g64.yaml" <<'YAML'
model: irregular
title: generated 64-switch network
generate: {switches: 64, nodes: 4, free_ports: 4, links: 3, seed: 7}
YAML
keys 6
mark whole
keys +
mark zoom1
keys + + + +
mark zoomed
keys PgDn PgDn
mark scrolled
keys - - - - - -
mark back
keys C-c
run 120 40 "$TMPD/g64.yaml"
has whole "64x64 scaled 1:"
has zoom1 "zoom: each cell is a"
has zoomed "one element per cell"
has zoomed "rows 0-"
lacks scrolled "rows 0-"
# Two pages down (a page is the window's rows less one, which depends on
# the legend's size): the window ends at the cursor's row.
row=$(shot scrolled | sed -n 's/.*switch \([0-9][0-9]*\) -> 0:.*/\1/p' | head -n 1)
[ "${row:-0}" -ge 4 ] || fail "PgDn did not move the cursor (row ${row:-none})"
shot scrolled | grep -q "rows [1-9][0-9]*-$row, cols 0-[0-9]* of 64x64" || fail "the window did not follow"
has back "zoom: the whole table"
has back "64x64 scaled 1:"
echo "ok: celldetail"
