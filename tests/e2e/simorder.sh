#!/bin/sh
# simorder.sh: issue 21, the order the simulated points run in changes no
# number.  The points run from the highest load down (family/simpoints.h,
# sim_points_order) and are gathered in load order whatever order they
# end in; the rows, the failed point's reason and the exit status are
# those main printed when the points ran from the lowest load up (pinned
# below from 38692a6's build).  A run with a failed point (kiasari-s5-v6
# at sim.budget = 1000 cycles: its lowest load cannot generate its
# messages in time) and saturated ones, in batch at -j 1, 2 and 5 and as
# --points pieces, and the explorer's r (its six loads, exported with s).
# Headless 80x24 for the explorer; headless.inc's harness for the binary.
. "$(dirname "$0")/headless.inc"

small="-s sim.measured=200 -s sim.warmup=200 -s sim.budget=1000"
printf '%s\n' \
	"load,sim_latency,sim_lower,sim_upper,sim_wait,sim_network,sim_accepted,sim_messages,sim_flit_hops,sim_settled" \
	"0.0015,,,,,,,,," \
	"0.005,54.915,51.25408586,58.57591414,1.82,53.095,0.004543496985,200,64691,1" \
	"0.01,75.825,67.80033709,83.84966291,4.54,71.285,0.0105620155,200,80521,1" \
	"0.02,inf,inf,inf,inf,inf,0.0185395189,200,309285," \
	"0.03,inf,inf,inf,inf,inf,0.02166666667,200,240967," >"$TMPD/want.csv"
loads=0.0015,0.005,0.01,0.02,0.03

# bat ARGS...: icnx --batch kiasari-s5-v6 -o sim ARGS (exit status 3: a
# point failed), stdout to $TMPD/out, stderr to $TMPD/err
bat() {
	rc=0
	# shellcheck disable=SC2086
	(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 -o sim $small -f csv "$@") \
		>"$TMPD/out" 2>"$TMPD/err" || rc=$?
	[ "$rc" = 3 ] || fail "-o sim $*: exit status $rc (wanted 3): $(cat "$TMPD/err")"
}
why="simulated point 0 failed (its row has no simulated values): sim.budget: the budget of 1e+03 cycles ran out before the 200 warm-up and 200 measured messages were generated at load 0.0015 msg/node/cycle"
for j in 1 2 5; do
	bat --load $loads -j $j
	cmp -s "$TMPD/out" "$TMPD/want.csv" || { diff "$TMPD/want.csv" "$TMPD/out";
		fail "-j $j: not the pinned rows"; }
	grep -qF "$why" "$TMPD/err" || fail "-j $j: not the failed point's reason: $(cat "$TMPD/err")"
	grep -qF "1 of 5 simulated points failed" "$TMPD/err" || fail "-j $j: $(cat "$TMPD/err")"
done
# pieces (each point keeps its index), concatenated: the whole run
: >"$TMPD/pieces"
for p in 0:1 2:4; do
	rc=0
	# shellcheck disable=SC2086
	(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 -o sim $small -f csv --load $loads \
		--points $p -j 2) >>"$TMPD/pieces" 2>"$TMPD/err" || rc=$?
	case "$p:$rc" in 0:1:3 | 2:4:0) ;; *) fail "--points $p: exit status $rc" ;; esac
done
cmp -s "$TMPD/pieces" "$TMPD/want.csv" || { diff "$TMPD/want.csv" "$TMPD/pieces";
	fail "--points pieces: not the pinned rows"; }

# The explorer's r: its six loads (the first fails, the last two
# saturate), exported with s, the simulated columns as pinned.
keys 4 r
mark ended
keys s C-u
text "$TMPD/r.csv"
keys Enter Escape q
# shellcheck disable=SC2086
run 80 24 $small kiasari-s5-v6
has ended "sim 6/6, 1 failed"
awk -F, 'NR == 1 { for (c = 1; c <= NF; c++) { if ($c == "sim_latency") a = c;
		if ($c == "sim_settled") b = c } }
	{ s = $1; for (c = a; c <= b; c++) s = s "," $c; print s }' "$TMPD/r.csv" >"$TMPD/rsim.csv"
printf '%s\n' \
	"load,sim_latency,sim_lower,sim_upper,sim_wait,sim_network,sim_accepted,sim_messages,sim_flit_hops,sim_settled" \
	"0.00226376,,,,,,,,," \
	"0.00452751,57.77,51.69056792,63.84943208,0.805,56.965,0.004495912807,200,65746,1" \
	"0.00679127,56.21,53.18925787,59.23074213,1.49,54.72,0.006639566396,200,65504,1" \
	"0.00905502,75.745,65.97784312,85.51215688,3.39,72.355,0.008462199313,200,76439,1" \
	"0.0113188,inf,inf,inf,inf,inf,0.009651898734,200,191161," \
	"0.0135825,inf,inf,inf,inf,inf,0.01091954023,200,234581," >"$TMPD/rwant.csv"
cmp -s "$TMPD/rsim.csv" "$TMPD/rwant.csv" || { diff "$TMPD/rwant.csv" "$TMPD/rsim.csv";
	fail "the explorer's r: not the pinned rows"; }
echo "ok: simorder"
