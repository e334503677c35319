#!/bin/sh
# simkeep.sh: issue 23, finished simulated points survive an edit.  After r,
# an edit keeps the points with the configuration they belong to, drawn
# with a marker of their own ('x', not the current points' '+') and a
# legend entry "kept: ..."; u brings them back as that configuration's
# points (status "sim 6/6", b prints their command), U leaves them kept
# again; P clears what is kept; r on a configuration with kept points
# simulates it anew.  It used to say "simulated points cleared" and u did
# not bring them back.  Headless, 80x24, UTF-8 and ASCII.  (An edit while
# r runs: tests/e2e/simkeeprun.sh.)
. "$(dirname "$0")/headless.inc"

small="-s sim.measured=200 -s sim.warmup=200"
# the plot area right of the y axis, rows 3-12
area() { shot "$1" | sed -n 3,12p | cut -c38-; }
for opt in "" --ascii; do
	cur="+"; [ -n "$opt" ] && cur="="
	keys 4 r
	mark sim
	keys 3 j j j +
	mark edited
	keys u
	mark undone
	keys 4 b
	mark cmd
	keys Escape U
	mark redone
	keys P
	mark cleared
	# P dropped the only points: nothing left unsaved, q quits at once
	keys u q
	# shellcheck disable=SC2086
	run 80 24 $opt $small kiasari-s5-v6
	has edited "simulated points kept (u: back, P clears)"
	has edited "kept: "
	area edited | grep -qF "x" || fail "$opt: no kept marker 'x': $(area edited)"
	area edited | grep -qF "$cur" && fail "$opt: the current points' marker after the edit"
	lacks edited "| sim "
	has undone "its simulated points are back"
	has undone "| sim 6/6"
	lacks undone "kept: "
	area undone | grep -qF "$cur" || fail "$opt: the points are not back as current: $(area undone)"
	hascmd cmd "--sim --load"
	has redone "kept: "
	lacks redone "| sim "
	has cleared "the simulated points kept from 1 other configuration"
	lacks cleared "kept: "
	area cleared | grep -qF "x" && fail "$opt: kept points after P: $(area cleared)"
done

# the irregular family: its simulated points are drawn alone on their own
# axes (load, latency; the curve is the distance distribution).  After an
# edit the plot shows the edited configuration's distribution (and its
# pins), the status says the points are kept; u brings them back; r on the
# new configuration draws both sets, the kept ones with their marker and
# "kept: ..." (they used to be lost from the plot for good).
for opt in "" --ascii; do
	cur="*"     # one series: '*' in UTF-8 and ASCII
	keys 4 r 3 j j j +
	mark iedited
	keys u
	mark iundone
	keys U r
	mark iboth
	keys 4 q y
	# shellcheck disable=SC2086
	run 80 24 $opt $small arnau-autonet10
	has iedited "simulated points kept (u: back, P clears)"
	lacks iedited "offered load"
	lacks iedited "kept: "
	has iundone "| sim 6/6"
	lacks iundone "kept: "
	area iundone | grep -qF "$cur" || fail "$opt: irregular: the points are not back: $(area iundone)"
	has iboth "kept: "
	has iboth "simulation (95% interval)"
	area iboth | grep -qF "x" || fail "$opt: irregular: no kept marker 'x' beside the new points: $(area iboth)"
done
echo "ok: simkeep"
