#!/bin/sh
# heatcompare.sh: two configurations' heatmaps on one shared scale and their
# difference (issue 23: in Lab 4 step 2 the shades changed meaning between
# root 6 and root 0).  p pins the heatmap's table with the curve; after the
# edit (root 0) the heatmap shows this table on the scale it shares with
# the pin, c then the pin on that scale, the difference this - pin with
# signed glyphs (= - . + #, so it reads without colour), and this table on
# its own scale.  The hint reads the pin's value and the difference at the
# cursor.  UTF-8, --ascii and NO_COLOR, at 80x24.  Headless.
#
# The numbers: icnx --batch arnau-autonet10 -o distances (root 6) and
# -s root=0: switch 0 -> 1 is 1 under root 6 and 2/3 under root 0
# (-33.3%); root 0 - root 6 takes the values -1, -1/3, 0, 0.75, 1 and 3.
. "$(dirname "$0")/headless.inc"

for cs in utf8 ascii nocolor; do
	keys 6 c
	mark nopin
	keys p
	mark pinned
	keys 2 Down Down Down Enter
	text "0"
	keys Enter 6 Right
	mark shared
	keys c
	mark pin
	keys c
	mark diff
	keys c
	mark own
	keys c
	mark back
	keys P
	mark cleared
	keys q y
	case $cs in
	utf8) run 80 24 arnau-autonet10; z="·" d="Δ" ;;
	ascii) run 80 24 --ascii arnau-autonet10; z="." d=Delta ;;
	nocolor) E2E_ENV="NO_COLOR=1" run 80 24 arnau-autonet10; z="·" d="Δ" ;;
	esac
	has nopin "no pinned table: p pins the curve and this table"
	has pinned 'pinned the curve as "pin 1: arnau-autonet10"'
	has shared "scale shared w/ pin"
	has shared "shared scale with the p"
	has shared "switch 0 -> 1: 0.666667; pin 1, $d -33.3%"
	has pin "pin; scale shared"
	has pin "the pin, shared scale"
	# one legend for both: the ranges right of the map agree (that each
	# range has one shade in both is test_render_heat's)
	legend() { shot "$1" | sed -n '4,14p' | awk 'NF > 2 && $NF ~ /^[-0-9.]+$/ { print $NF }'; }
	[ "$(legend shared)" = "$(legend pin)" ] ||
		fail "the shared and the pin's legends differ: $(legend shared) / $(legend pin)"
	legend shared | grep -q "1.25" || fail "the shared legend lacks root 6's 1.25"
	legend shared | grep -qx "4" || fail "the shared legend lacks root 0's 4"
	has diff "this - pin"
	has diff "-- -1..-0.333"
	has diff "$z$z 0"
	has diff "++ 0.75..1"
	has diff "## 3"
	has diff "5 ----$z$z##$z$z$z$z++$z$z$z$z$z$z"
	has own "own scale"
	has back "shared scale with the p"
	lacks cleared "shared scale"
done
# the whole message, where it fits
keys 6 p
mark wide
keys q
run 200 30 arnau-autonet10
has wide "and the heatmap's 10x10 table (c there compares)"
# another item is not compared (the hint says which is); back on it, it is
keys 6 p ]
mark item1
keys [
mark item0
keys q
run 80 24 sharifi-n592
has item1 "the pinned table is item 0: [ ] to it"
has item1 "pin not compared"
has item0 "shared scale with the p"
echo "ok: heatcompare"
