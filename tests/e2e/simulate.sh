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
has sim "simulated 6 loads, evenly spaced"
has sim "| sim 6/6"
has sim "simulation (95% interval)"
shot sim | grep -q '⢸+' || fail "no UTF-8 error bar in the legend"
has edited "V: 6 -> 4"
lacks edited "simulation (95% interval)"
lacks edited "| sim "

# The cursor on a simulated point (the curve point nearest its load, the
# 15th here): model, simulation, interval, difference.
keys r 4 g
for i in $(seq 1 14); do keys l; done
mark cursor
keys q
run 80 24 --set sim.measured=2000 --set sim.warmup=500 kiasari-s5-v6
has cursor "sim 1/6 λ_g=0.002264: model 41.8, sim 43.56 [42.66, 44.47], model -4.0%"

# b on a simulated point: ONE command for every simulated point (the loads
# as a list, each in its shortest form; point k is simulated as point k of
# the list), which, run as shown, prints the numbers the explorer shows:
# the cursor visits every curve point, and each point's hint (model, sim,
# interval) is checked against the command's row.  ASCII, so the box's
# borders are plain bytes.
keys r 4 g
for i in $(seq 1 100); do
	keys l
	mark "s$i"
done
keys 4 g
for i in $(seq 1 14); do keys l; done
keys b
mark cmd
keys Escape q
run 80 24 --ascii --set sim.measured=2000 --set sim.warmup=500 kiasari-s5-v6
# the box's lines as a shell reads them (it breaks after a comma or a space, with a backslash)
cmd=$(boxcmd cmd)
case "$cmd" in
icnx\ --batch\ kiasari-s5-v6\ *"-o curve --sim --load "*,*,*,*,*,*) ;;
*) fail "b: not one command with the six loads: $cmd" ;;
esac
case "$cmd" in *:*) fail "b: a range, not the list of loads: $cmd" ;; esac
(cd "$REPO" && eval "$cmd") >"$TMPD/shown" 2>&1 || fail "the command as shown failed: $cmd"
[ "$(grep -c '^ *0\.0' "$TMPD/shown")" = 6 ] || fail "the command did not print 6 points"
(cd "$REPO" && eval "$cmd -f csv") >"$TMPD/csv" || fail "$cmd -f csv failed"
hdr=$(head -n 1 "$TMPD/csv")
col() { echo "$hdr" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
# an empty field (a point that did not settle has no interval) is the
# explorer's "-"
g4() { awk -v v="$1" 'BEGIN { if (v == "inf") print "inf"; else if (v == "") print "-"; else printf "%.4g", v }'; }
seen=0
for i in $(seq 1 100); do
	h=$(shot "s$i" | sed -n -E 's/^ sim ([0-9])\/6 lambda_g=([^:]*): model ([^,]*), sim ([^ ]*) \[([^,]*), ([^]]*)\].*/\1 \2 \3 \4 \5 \6/p')
	[ -n "$h" ] || continue
	set -- $h
	row=$(sed -n "$(($1 + 1))p" "$TMPD/csv")
	get() { echo "$row" | cut -d, -f"$(col "$1")"; }
	got="$(g4 "$(get load)") $(g4 "$(get latency)") $(g4 "$(get sim_latency)") $(g4 "$(get sim_lower)") $(g4 "$(get sim_upper)")"
	[ "$got" = "$2 $3 $4 $5 $6" ] || fail "point $1: explorer '$2 $3 $4 $5 $6', command '$got'"
	seen=$((seen | (1 << $1)))
done
[ "$seen" = 126 ] || fail "the cursor did not find every simulated point ($seen)"

# Multi-cluster, ASCII: points and bars in ASCII; r again clears them.
keys r
mark sim
keys r
mark cleared
keys q
run 80 24 --ascii --set sim.measured=300 --set sim.warmup=100 javadi-n544
has sim "| sim 6/6"
has sim "= simulation (95% interval)"
nonascii sim
has cleared "cleared the simulated points"
lacks cleared "simulation (95% interval)"

# Irregular (no latency model): the simulated curve alone, against load;
# b: the simulated output itself at the six loads.
keys r
mark sim
keys b
mark cmd
keys Escape q
run 80 24 --ascii --set sim.measured=1000 --set sim.warmup=200 arnau-autonet10
has sim "simulated mean latency"
has sim "offered load"
has sim "| sim 6/6"
has sim "simulation (95% interval)"
nonascii sim
cmd=$(boxcmd cmd)
case "$cmd" in
icnx\ --batch\ arnau-autonet10\ *"-o curve --load "*,*,*,*,*,*) ;;
*) fail "b (irregular): not the six loads of -o curve: $cmd" ;;
esac
n=$(cd "$REPO" && eval "$cmd -f csv" | tail -n +2 | wc -l) || fail "$cmd failed"
[ "$n" = 6 ] || fail "b (irregular): $n rows"
echo "ok: simulate"
