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

# The cursor on a simulated point (the curve point nearest its load, the
# 28th here): model, simulation, interval, difference; b gives the batch
# command that reproduces that point exactly.
keys r 4 g
for i in $(seq 1 27); do keys l; done
mark cursor
keys b
mark cmd
keys Escape q
run 80 24 --set sim.measured=2000 --set sim.warmup=500 kiasari-s5-v6
has cursor "sim 1/6 λ_g=0.004204: model 47.9, sim 56.3 [54.41, 58.19], model -14.9%"
has cmd "-o curve --sim --load"
shot cmd | grep -q "0.00420412:0.00420412:1" || fail "b: no --load of the point"
want=$(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 --set sim.warmup=500 --set sim.measured=2000 \
	-o curve --sim --load 0.00420412:0.00420412:1 -f csv | tail -n 1 | cut -d, -f9-11)
[ "$want" = "56.2965,54.40797131,58.18502869" ] || fail "batch point: $want"

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
