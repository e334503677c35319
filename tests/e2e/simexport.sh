#!/bin/sh
# simexport.sh: s exports what the plot shows.  Before r, the model's curve
# ("export curve (CSV)"); after r, the simulated points beside the model's
# columns at the simulated loads ("export simulated points (CSV)"), byte
# for byte what b's command (-o curve --sim --load X1,...) prints with
# -f csv; in a view chosen with v (irregular -o pairs), that view's table,
# byte for byte b's command (-o pairs) with -f csv; irregular's simulated
# curve alone (-o curve --load X1,..., no model columns) likewise.  A view
# not simulated yet exports nothing and says why.  Headless at 80x24
# (UTF-8 and ASCII); each key waits for the slow lane to finish.
. "$(dirname "$0")/headless.inc"

# cmd LABEL: b's command in the box on that screen, as a shell reads its
# lines
cmd() {
	boxcmd "$1"
}

# same FILE LABEL: FILE is what b's command on screen LABEL prints as CSV
same() {
	c=$(cmd "$2")
	[ -n "$c" ] || fail "no batch command on screen '$2'"
	(cd "$REPO" && eval "$c -f csv") >"$TMPD/batch.csv" || fail "failed: $c -f csv"
	cmp -s "$1" "$TMPD/batch.csv" || { diff "$1" "$TMPD/batch.csv" | head -n 8;
		fail "$1 is not what '$c -f csv' prints"; }
}

# Star (UTF-8): the curve, then the simulated points with the cursor on
# one of them (b then prints the command of every point, simulate.sh).
SETS="--set sim.measured=2000 --set sim.warmup=500"
keys s
mark curveprompt
keys Escape r 4 g
for i in $(seq 1 27); do keys l; done
keys s
mark simprompt
keys C-u
text "$TMPD/sim.csv"
keys Enter
mark simwrote
keys b
mark simcmd
keys Escape q
run 80 24 $SETS kiasari-s5-v6
has curveprompt "export curve (CSV) to: kiasari-s5-v6-curve.csv"
has simprompt "export simulated points (CSV) to: kiasari-s5-v6-sim-curve.csv"
has simwrote "wrote the simulated points and model (CSV) to $TMPD/sim.csv"
case "$(cmd simcmd)" in
*"-o curve --sim --load "*,*,*,*,*,*) ;;
*) fail "b: not the six simulated loads: $(cmd simcmd)" ;;
esac
same "$TMPD/sim.csv" simcmd
head -n 1 "$TMPD/sim.csv" | grep -q '^load,latency,.*,sim_latency,sim_lower,sim_upper,' ||
	fail "the points' CSV lacks the model's or the simulated columns"
[ "$(wc -l <"$TMPD/sim.csv")" -eq 7 ] || fail "not six simulated rows"

# Irregular (ASCII): the simulated curve alone (curve view), then the
# per-pair view (v): refused before r, its table after.
SETS="--set sim.measured=1000 --set sim.warmup=200"
keys r s C-u
text "$TMPD/irrcurve.csv"
keys Enter
mark curvewrote
keys b
mark curvecmd
keys Escape 4 v s
mark notsim
keys r s
mark pairsprompt
keys C-u
text "$TMPD/pairs.csv"
keys Enter
mark pairswrote
keys b
mark pairscmd
keys Escape q
run 80 24 --ascii $SETS arnau-autonet10
has curvewrote "wrote the simulated points (CSV) to $TMPD/irrcurve.csv"
case "$(cmd curvecmd)" in
*"-o curve --load "*,*,*,*,*,*) ;;
*) fail "b (irregular): not the six loads of -o curve: $(cmd curvecmd)" ;;
esac
same "$TMPD/irrcurve.csv" curvecmd
has notsim "-o pairs not simulated yet: r simulates it"
lacks notsim "export"
has pairsprompt "export simulated view (CSV) to: arnau-autonet10-pairs.csv"
has pairswrote "wrote the simulated view -o pairs (CSV) to $TMPD/pairs.csv"
case "$(cmd pairscmd)" in
*"-o pairs") ;;
*) fail "b (pairs view): $(cmd pairscmd)" ;;
esac
same "$TMPD/pairs.csv" pairscmd
head -n 1 "$TMPD/pairs.csv" | grep -q '^from,to,hops,length,distance,sim_network,' ||
	fail "the view's CSV is not -o pairs"
echo "ok: simexport"
