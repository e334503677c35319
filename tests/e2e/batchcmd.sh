#!/bin/sh
# batchcmd.sh: every number on screen comes from icnx --batch: b shows the
# command for the focused pane; running it prints the numbers shown (the
# breakdown at the cursor after an edit and a cursor move; the heatmap).
. "$(dirname "$0")/lib.inc"

start 120 40
settled
keys 1 j l l Enter
text "0.3"
keys Enter
wait_for "0.15 -> 0.3"
keys 4 Right Right Right 5 b
wait_for "icnx --batch javadi-n1120 --set clusters.1.tau=0.3 -o point --at "
settled
cmd=$(screen | grep -o "icnx --batch javadi-n1120 --set clusters.1.tau=0.3 -o point --at [0-9.e-]*")
[ -n "$cmd" ] || fail "no command"
shown=$(screen | grep -o "│ latency  *T  *[0-9][0-9.]*" | head -n 1 | awk "{print \$4}")
[ -n "$shown" ] || fail "no latency in the breakdown"
got=$(cd "$REPO" && "$ICNX" ${cmd#icnx} | awk '$1 == "latency" {print $2}')
awk -v a="$shown" -v b="$got" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-4 * b) }' \
	|| fail "breakdown shows $shown, '$cmd' prints $got"
keys 6 b
wait_for "-o distances --select 0"
keys q y
wait_exit >/dev/null
echo "ok: batchcmd"
