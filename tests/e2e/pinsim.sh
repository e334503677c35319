#!/bin/sh
# pinsim.sh: a pin keeps the simulated points of its configuration (key r),
# drawn with their error bars beside the pinned curve: javadi-n544 with the
# published channel-rate divisor simulated and pinned, the exact divisor
# edited in (the live simulation is cancelled, the pinned points stay),
# simulated and pinned too: three curves (the live one, pins 1 and 2) and
# the points of both readings on one screen at 80x24; P clears them all.
# Headless, UTF-8 and ASCII (each series its own marker).
. "$(dirname "$0")/headless.inc"

# The plot's data rows (below the clip note, above the x axis line), right
# of the y axis (column 38 on): the ASCII screen's plot area.
plot_area() {
	shot "$1" | sed -n 4,11p | cut -c38-
}

script() {
	keys r
	keys p
	mark pinned
	keys 3 j j j j Enter
	text exact
	keys Enter
	mark edited
	keys r
	keys p
	mark both
	keys P
	mark cleared
	keys q y
}

script
run 80 24 --ascii --set sim.measured=300 --set sim.warmup=100 javadi-n544
nonascii=$(shot both | LC_ALL=C grep -c '[^ -~]')
[ "$nonascii" = 0 ] || fail "the ASCII screen has non-ASCII characters"
has pinned "pinned the curve and its 6 simulated points as \"pin 1:"
has pinned "x pin 1: simulation"
has edited "options.rate_divisor: published -> exact"
# the live simulation is cancelled by the edit; pin 1's points stay, drawn
# with their own marker (o: the third series, after the two curves)
lacks edited "simulation (95% interval)"
has edited "o pin 1: simulation"
n=$(plot_area edited | tr -cd o | wc -c)
[ "$n" -ge 2 ] || fail "pin 1's simulated points are not drawn after the edit ($n markers)"
# both readings against the simulation: the live curve, pins 1 and 2, and
# the simulated points of each (x live, # pin 1, @ pin 2)
has both "2 pins"
has both "pin 1: 2 edits"
has both "pin 2: 3 edits"
has both "x simulation (95% interval)"
has both "# pin 1: simulation"
has both "@ pin 2: simulation"
n=$(plot_area both | tr -cd '#' | wc -c)
[ "$n" -ge 2 ] || fail "pin 1's points are not drawn beside the others ($n)"
has cleared "cleared 2 pins"
lacks cleared "pin 1: simulation"
lacks cleared "pin 2: simulation"

script
run 80 24 --set sim.measured=300 --set sim.warmup=100 javadi-n544
has pinned "pin 1: simulation"
has both "simulation (95% interval)"
has both "pin 1: simulation"
has both "pin 2: simulation"
has both "saturation 6.33e-4"
echo "ok: pinsim"
