#!/bin/sh
# start.sh: the explorer starts on the default preset at 80x24 and shows
# every pane, the plot with its axes and units, and the status line; q
# quits with status 0 and the terminal restored.
. "$(dirname "$0")/lib.inc"

start 80 24
settled
for s in "1 organisation" "2 network" "3 traffic" "4 plot" "5 breakdown" \
	 "offered load" "[msg/node/time unit]" "latency T [time units]" "saturation" \
	 "javadi-n1120 |" "C = 32 clusters, N = 1120 nodes"; do
	screen | grep -qF -- "$s" || fail "missing '$s'"
done
[ "$(screen | wc -l)" -eq 24 ] || fail "the screen is not 24 lines"
keys q
[ "$(wait_exit)" = 0 ] || fail "exit status $(cat "$TMPD/exit")"
check_restored
echo "ok: start"
