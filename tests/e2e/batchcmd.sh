#!/bin/sh
# batchcmd.sh: every number on screen comes from icnx --batch: b shows the
# command for the focused pane; running it prints the numbers shown (the
# breakdown at the cursor after an edit and a cursor move; the heatmap).
# Headless.
. "$(dirname "$0")/headless.inc"

keys 1 j l l Enter
text "0.3"
keys Enter
mark edited
keys 4 Right Right Right 5 b
mark point
keys 6 b
mark heat
keys q y
run 120 40

has edited "0.15 -> 0.3"
has point "icnx --batch javadi-n1120 --set clusters.1.tau=0.3 -o point --at "
cmd=$(shot point | grep -o "icnx --batch javadi-n1120 --set clusters.1.tau=0.3 -o point --at [0-9.e-]*")
[ -n "$cmd" ] || fail "no command"
shown=$(shot point | grep -o "│ latency  *T  *[0-9][0-9.]*" | head -n 1 | awk "{print \$4}")
[ -n "$shown" ] || fail "no latency in the breakdown"
got=$(cd "$REPO" && "$ICNX" ${cmd#icnx} | awk '$1 == "latency" {print $2}')
awk -v a="$shown" -v b="$got" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-4 * b) }' \
	|| fail "breakdown shows $shown, '$cmd' prints $got"
has heat "-o distances --select 0"
echo "ok: batchcmd"
