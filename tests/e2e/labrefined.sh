#!/bin/sh
# labrefined.sh: the explorer steps of icnx-labs(7) Lab 6's multi-cluster
# half at 80x24 show what the page says (its batch commands are checked by
# tests/check-man-examples.py).  javadi-n544 with options.model=refined:
# both saturation loads in the legend; the breakdown's "printed vs
# refined" view more than doubles 2W_d and leaves T_in; r, and the hint at
# "sim 4/6" reads the printed model far below the simulation and the
# refined one near it; p, then sim.concentrator = cut-through (pane 3,
# End): the printed lambda_g* and saturation line stay, the refined one
# moves left, r's points rise, the refined model is saturated at "sim
# 4/6", and at a lower load its source-queue wait W_s is above the
# printed one.  UTF-8 with the preset's simulation (the page's numbers);
# --ascii and NO_COLOR with shorter runs (the same steps and texts).
# Headless.
. "$(dirname "$0")/headless.inc"

# pct LABEL TERM: the change column of row TERM of the printed vs refined
# view on screen LABEL, as a number ("+129%" -> 129)
pct() {
	shot "$1" | sed -n "s/.*│ $2  *[^ ]*  *[^ ]*  *\([-+][0-9.]*\)%.*/\1/p;s/.*| $2  *[^ ]*  *[^ ]*  *\([-+][0-9.]*\)%.*/\1/p" |
		head -n 1
}
# delta LABEL WHICH: the hint's difference of WHICH (printed, refined) in %
delta() {
	shot "$1" | sed -n "s/^ sim 4\/6 .* $2 [0-9.]* \([-+][0-9.]*\)%.*/\1/p" | head -n 1
}
# below A B: A < B (numbers)
below() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }

for cs in utf8 ascii nocolor; do
	opt="" env="" sim="" x="λ_g"
	case $cs in
	ascii) opt=--ascii x=lambda_g sim="-s sim.measured=5000 -s sim.warmup=1000" ;;
	nocolor) env="NO_COLOR=1" sim="-s sim.measured=5000 -s sim.warmup=1000" ;;
	esac
	mark start
	keys 5 v v v
	mark view
	keys 4 r g
	for i in $(seq 1 58); do keys l; done
	mark buffered
	keys p 3 End Enter C-u
	text cut-through
	keys Enter 4 r
	mark cut
	keys g
	for i in $(seq 1 58); do keys l; done
	mark cut4
	keys g
	for i in $(seq 1 43); do keys l; done
	keys 5
	mark cutview
	keys q y
	E2E_ENV=$env run 80 24 $opt -s options.model=refined $sim javadi-n544
	has start "saturation 9.31e-4"
	has start "refined sat 5.57e-4"
	has view "printed vs refined at $x = "
	d=$(pct view 2W_d)
	[ -n "$d" ] && below 100 "$d" || fail "$cs: 2W_d does not more than double: '$d'"
	d=$(pct view T_in)
	[ -n "$d" ] && below "$d" 1 && below -1 "$d" || fail "$cs: T_in changes: '$d'"
	p=$(delta buffered printed) r=$(delta buffered refined)
	[ -n "$p" ] && [ -n "$r" ] || fail "$cs: no sim 4/6 hint with both models"
	if [ $cs = utf8 ]; then
		# the page: about -57% printed against +29% refined (85% of the
		# simulated saturation, 95% of the refined concentrators' own)
		below "$p" -50 || fail "the printed model is not far below the simulation: $p%"
		below "$r" 35 && below -5 "$r" || fail "the refined model is not near the simulation: $r%"
	fi
	# cut-through: the printed model stays, the refined one moves left
	has cut "*=0.0009312"
	has cut "saturation 9.31e-4"
	has cut "refined sat 5.07e-4"
	has cut "pin 1: simulation"
	shot cut4 | grep -q "^ sim 4/6 .* refined saturated" ||
		fail "$cs: the refined model is not saturated at sim 4/6 (cut-through)"
	p2=$(delta cut4 printed)
	[ -n "$p2" ] && below "$p2" "$p" || fail "$cs: the simulated point did not rise: $p2% after $p%"
	# a lower load: the source queue waits behind the held links
	has cutview "printed vs refined"
	d=$(pct cutview W_s)
	[ -n "$d" ] && below 0 "$d" || fail "$cs: cut-through W_s refined is not above the printed: '$d'"
	echo "$cs: 2W_d $(pct view 2W_d)%, sim 4/6 printed $p% refined $r%, cut-through printed $p2%, W_s $d%"
	if [ $cs = ascii ]; then
		shot cut4 | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
	fi
done
echo "ok: labrefined"
