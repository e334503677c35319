#!/bin/sh
# offscale.sh: a simulated point above the plot's top (the default clipped
# view) is drawn on the data's top row, its value beside it (there or one
# or two rows below, never touching other text): the value b's command
# prints (issue 23: javadi-n1120 and sharifi-n592 hid the points where the
# model is most wrong).  Every point shows: as many markers ('+', the
# simulation's, '=' in ASCII; '^' saturated) as loads.  Headless, 80x30, UTF-8 and
# ASCII, kiasari-s5-v6's shipped r.
. "$(dirname "$0")/headless.inc"

for cs in utf8 ascii; do
	opt=""
	[ $cs = ascii ] && opt=--ascii
	keys 4 r
	mark plot
	keys b
	mark box
	keys Escape q
	run 80 30 $opt kiasari-s5-v6
	# the axis' top: its note when clipped, else the top tick
	top=$(shot plot | sed -n 's/.*clipped above \([0-9.e+]*\).*/\1/p' | head -n 1)
	[ -n "$top" ] || top=$(shot plot | sed 's/^[^│|]*[│|]//' |
		sed -n 's/^ *\([0-9.e+-]*\) [┤+].*/\1/p' | head -n 1)
	cmd=$(boxcmd box | head -n 1)
	# the simulated latencies above the top, as the plot prints them (%.4g)
	above=$(cd "$REPO" && eval "$cmd -f csv" | awk -F, -v top="$top" '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == "sim_latency") c = i; next }
		$c != "inf" && $c + 0 > top + 0 { printf "%.4g\n", $c }')
	# (none with today's seeded numbers is possible: the renderer's own test,
	# test_render_sim's test_sim_above_top, always has some; the count of
	# markers below holds either way)
	# the data's top row (the line with the top tick) and the rows below
	# two, where a value goes when the top row has no room for it
	row=$(shot plot | grep -F -A2 "$top " | head -n 3 | sed 's/^[^│|]*[│|]//')
	for v in $above; do
		echo "$row" | grep -qE "(^|[^0-9.])$v([^0-9.]|$)" ||
			fail "$cs: the point $v above $top is not at the top: $row"
	done
	# every point drawn: markers on the plot rows (right of the y axis)
	n=$(echo "$cmd" | sed 's/.*--load //; s/ .*//' | tr ',' '\n' | grep -c .)
	pts=$(shot plot | sed -n "/$top [┤+]/,/ 0 [┤+]/p" | sed 's/^[^│|]*[│|]//' |
		sed 's/^ *[0-9.e+-]* [┤│|+]//' | sed 's/clipped above [^ ]*//' |
		grep -o '[+=^]' | wc -l)
	[ "$pts" -ge "$n" ] || fail "$cs: $pts markers for $n simulated loads"
done
echo "ok: offscale"
