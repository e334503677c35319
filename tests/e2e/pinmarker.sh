#!/bin/sh
# pinmarker.sh: a pin keeps its marker (and dash) whether or not the
# current refined curve is drawn: kiasari-s5-v6 with options.model=refined,
# pinned, edited, simulated (r), then M hides the refined curve.  Pin 1 is
# '+' ('=' in ASCII) on both screens and the simulated points 'o'; it was
# 'o' beside the refined curve, and after M the simulated points took
# the 'o' the pin had.  UTF-8, ASCII and NO_COLOR, 80x24, headless.
. "$(dirname "$0")/headless.inc"

# glyph LABEL TEXT: the glyph before TEXT in the legend on that screen
glyph() {
	shot "$1" | grep -F -- "$2" | head -n 1 | sed "s/ *$2.*//" | sed 's/.*\(.\)$/\1/'
}

for mode in utf8 ascii nocolor; do
	keys p 2 Down + 4 r
	mark on
	keys M
	mark off
	keys q y
	small="--set options.model=refined --set sim.measured=2000 --set sim.warmup=200"
	case $mode in
	utf8) run 80 24 $small kiasari-s5-v6; want_pin="+" ;;
	ascii) run 80 24 --ascii $small kiasari-s5-v6; want_pin="=" ;;
	nocolor) E2E_ENV=NO_COLOR=1 run 80 24 $small kiasari-s5-v6; want_pin="+" ;;
	esac
	has on "refined model (icnx)"
	lacks off "refined model (icnx)"
	for s in on off; do
		p=$(glyph $s "pin 1: ")
		m=$(glyph $s "simulation (95% interval)")
		[ "$p" = "$want_pin" ] || fail "$mode: pin 1's marker on screen '$s' is '$p', not '$want_pin'"
		[ "$m" = "o" ] || fail "$mode: the simulated points' marker on screen '$s' is '$m', not 'o'"
	done
done
echo "ok: pinmarker"
