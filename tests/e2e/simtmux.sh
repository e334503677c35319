#!/bin/sh
# simtmux.sh: in a real terminal (tmux, 80x24), key r puts simulated points
# with their 95% error bars over the model's curve for the three network
# families (star, multi-cluster; irregular: the simulated curve alone), in
# UTF-8 and in ASCII: the status line counts the points to "sim 6/6", the
# legend names the simulation and its marker is drawn in the plot.  Small
# sim budgets (--set sim.*) keep each run short.
. "$(dirname "$0")/lib.inc"

# check LABEL: the settled screen after r has the simulated points.
check() {
	wait_for "| sim 6/6" $((4 * E2E_WAIT))
	s=$(screen)
	echo "$s" | grep -qF "simulation (95% interval)" || fail "$1: no simulation in the legend"
	# the legend's marker of the simulation, drawn in the plot's data area:
	# rows 3-12 without the x axis line, right of the pane border, the y
	# axis label and the axis itself (whose ASCII ticks are '+')
	m=$(echo "$s" | sed -n 's/.*[│|]\(⢸\)\{0,1\}\([^ ]\) *simulation (95% interval).*/\2/p' | head -n 1)
	[ -n "$m" ] || fail "$1: no marker for the simulation in the legend"
	n=$(echo "$s" | sed -n 3,12p | grep -v -- '---\|───' |
		sed 's/^[^│|]*[│|][^│|┤+]*[│|┤+]//' | grep -oF -- "$m" | wc -l)
	[ "$n" -ge 1 ] || fail "$1: the marker '$m' is not in the plot"
}

for preset in kiasari-s5-v6 javadi-n544 arnau-autonet10; do
	case $preset in
	kiasari*) sets="--set sim.measured=1000 --set sim.warmup=200" ;;
	javadi*) sets="--set sim.measured=300 --set sim.warmup=100" ;;
	*) sets="--set sim.measured=500 --set sim.warmup=100" ;;
	esac
	for charset in utf8 ascii; do
		if [ $charset = ascii ]; then start 80 24 --ascii $sets $preset
		else start 80 24 $sets $preset; fi
		keys r
		check "$preset $charset"
		if [ $charset = ascii ]; then
			screen | LC_ALL=C grep -q '[^ -~]' && fail "$preset: the ASCII screen is not ASCII"
		else
			screen | grep -q '⢸' || fail "$preset: no UTF-8 error bar glyph"
		fi
		keys q q    # the simulated points are unsaved: q asks, q quits
		wait_exit >/dev/null
	done
done
echo "ok: simtmux"
