#!/bin/sh
# simulate.sh: key r simulates the configuration on the worker's slow lane
# and draws the points with their 95% error bars over the model's curve,
# for the three network families (star, multi-cluster, irregular), at
# 80x24, in UTF-8 and in ASCII; an edit cancels them (the model alone
# again), r on finished points clears them.  Small sim budgets (--set
# sim.*) keep each run to a second or two.  Headless: the explorer settles
# (the simulation finished) before each mark.
. "$(dirname "$0")/headless.inc"

nonascii() {
	shot "$1" | LC_ALL=C grep -q '[^ -~]' && fail "screen '$1' is not ASCII"
	return 0
}

# Star, UTF-8: points over the curve, then an edit of V cancels them.
mark before
keys r
mark sim
keys 2 j Enter
text "4"
keys Enter
mark edited
keys q y
run 80 24 --set sim.measured=2000 --set sim.warmup=500 kiasari-s5-v6
lacks before "simulation (95% interval)"
has sim "simulating (-o sim) at 6 loads"
has sim "| sim 6/6"
has sim "simulation (95% interval)"
shot sim | grep -q '⢸+' || fail "no UTF-8 error bar in the legend"
has edited "V: 6 -> 4"
lacks edited "simulation (95% interval)"
lacks edited "| sim "

# Multi-cluster, ASCII: points and bars in ASCII; r again clears them.
keys r
mark sim
keys r
mark cleared
keys q
run 80 24 --ascii --set sim.measured=300 --set sim.warmup=100 javadi-n544
has sim "| sim 6/6"
has sim "+ simulation (95% interval)"
nonascii sim
has cleared "cleared the simulated points"
lacks cleared "simulation (95% interval)"

# Irregular (no latency model): the simulated curve alone, against load.
keys r
mark sim
keys q
run 80 24 --ascii --set sim.measured=1000 --set sim.warmup=200 arnau-autonet10
has sim "simulated mean latency"
has sim "offered load"
has sim "| sim 6/6"
has sim "simulation (95% interval)"
nonascii sim
echo "ok: simulate"
