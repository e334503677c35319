#!/bin/sh
# overlap.sh: markers, labels and pins never overwrite one another's text
# (issue 23 item 3), at 80x24 in UTF-8, --ascii and NO_COLOR:
# - Lab 1 step 3 (javadi-n544, p, M = 64): the pinned curve crosses the
#   saturation line's label, which stays whole ("tion" before);
# - the same with r (a short simulation): the saturated points' markers
#   on the top row no longer break "clipped above 600" ("clipped abov^
#   6^0" before), and each shows;
# - Lab 2 (sharifi-n592, p, pattern uniform): the pin equals the live
#   curve within a cell, and still shows: its marker ('=' in ASCII, never
#   '+', the axes' tick glyph) at its end, without colour too.
# Headless.
. "$(dirname "$0")/headless.inc"

# rows LABEL: the plot's data rows (the pane right of the separator, the y
# axis and its labels cut off)
rows() {
	shot "$1" | sed -n 3,12p | sed 's/^[^│|]*[│|]//' | sed 's/^ *[0-9.e+-]* [┤│|+]//'
}

for cs in utf8 ascii nocolor; do
	opt="" env=""
	case $cs in ascii) opt=--ascii ;; nocolor) env="NO_COLOR=1" ;; esac
	keys p 3 Down Down Enter
	text "64"
	keys Enter 4
	mark lab1
	keys q y
	E2E_ENV=$env run 80 24 $opt javadi-n544
	rows lab1 | grep -q "saturation" || fail "$cs: the saturation label is not whole in the plot"
	has lab1 "clipped above 600"

	keys r p 3 Down Down Enter
	text "64"
	keys Enter 4 r
	mark sim
	keys q y
	E2E_ENV=$env run 80 24 $opt --set sim.measured=300 --set sim.warmup=100 javadi-n544
	has sim "clipped above 600"
	n=$(shot sim | sed -n 3p | sed 's/^[^│|]*[│|]//' | tr -cd '^' | wc -c)
	[ "$n" -ge 4 ] || fail "$cs: $n saturated markers on the top row, 4 simulated"

	keys p 3 Enter
	text "uniform"
	keys Enter 4
	mark lab2
	keys q y
	E2E_ENV=$env run 80 24 $opt sharifi-n592
	if [ $cs = ascii ]; then
		has lab2 "= pin 1: sharifi-n592"
		rows lab2 | grep -q "=" || fail "ascii: the pin is not drawn"
		rows lab2 | grep -q "+" && fail "ascii: a '+' (the ticks' glyph) in the data area"
	else
		has lab2 "+ pin 1: sharifi-n592"
		rows lab2 | grep -q "+" || fail "$cs: the pin's marker is not drawn"
	fi
done
echo "ok: overlap"
