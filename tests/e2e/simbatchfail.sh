#!/bin/sh
# simbatchfail.sh: issue 23 item 1 in batch, no simulated point lost.  A
# run in which some simulated points fail (kiasari-s5-v6's load 0.0015,
# whose 400 messages take longer to generate than sim.budget = 1000 cycles)
# prints every row, the failed one with its load, the model's values and
# empty simulated cells, names it and its reason on stderr, says "failed"
# in JSON and the aligned table, and exits 3 (icnx(1) EXIT STATUS); it used
# to exit 2 and print no row.  When every point fails nothing is printed
# and the refusal keeps exit status 2.  Uses headless.inc's harness only
# for the binary and the scratch directory.
. "$(dirname "$0")/headless.inc"

small="-s sim.measured=200 -s sim.warmup=200 -s sim.budget=1000"
# bat RC ARGS...: icnx --batch ARGS, exit status RC, stdout/stderr kept
bat() {
	want=$1
	shift
	rc=0
	(cd "$REPO" && "$ICNX" --batch "$@") >"$TMPD/out" 2>"$TMPD/err" || rc=$?
	[ "$rc" = "$want" ] || fail "icnx --batch $*: exit status $rc (wanted $want): $(cat "$TMPD/err")"
}
for o in "-o curve --sim" "-o sim"; do
	# shellcheck disable=SC2086
	bat 3 kiasari-s5-v6 $o $small --load 0.0015,0.005 -f csv
	[ "$(wc -l <"$TMPD/out")" = 3 ] || fail "$o: not a header and two rows: $(cat "$TMPD/out")"
	grep -q '^0.0015,' "$TMPD/out" || fail "$o: the failed point's row is missing: $(cat "$TMPD/out")"
	# sim_settled 1 (with the model, the comparison columns follow it)
	grep '^0.005,' "$TMPD/out" | grep -Eq ',1(,[^,]*,)?$' || fail "$o: the good point is not settled: $(cat "$TMPD/out")"
	grep -q '^0.0015,.*,,,,' "$TMPD/out" || fail "$o: the failed row has simulated values"
	grep -qF "simulated point 0 failed (its row has no simulated values): sim.budget: the budget of 1e+03 cycles ran out" "$TMPD/err" ||
		fail "$o: stderr does not name the failed point: $(cat "$TMPD/err")"
	grep -qF "1 of 2 simulated points failed" "$TMPD/err" || fail "$o: no count on stderr: $(cat "$TMPD/err")"
done
# the model's values stay in the failed row of --sim
bat 3 kiasari-s5-v6 -o curve --sim $small --load 0.0015,0.005 -f csv
grep -q '^0.0015,39\.6' "$TMPD/out" || fail "the failed row lacks the model's latency: $(cat "$TMPD/out")"
# and its flag (sim_flags, the last column with the model)
grep -q '^0.0015,39\.6.*,failed$' "$TMPD/out" || fail "the failed row is not flagged failed: $(cat "$TMPD/out")"
# JSON: null values and the reason; the aligned table: "failed: reason"
bat 3 kiasari-s5-v6 -o sim $small --load 0.0015,0.005 -f json
grep -q '"sim_latency":null.*"failed":"sim.budget: the budget' "$TMPD/out" || fail "json: $(cat "$TMPD/out")"
bat 3 kiasari-s5-v6 -o sim $small --load 0.0015,0.005
grep -q '^ *0.0015 .*failed: sim.budget' "$TMPD/out" || fail "table: $(cat "$TMPD/out")"
# a piece (--points 1:2 of three loads; 0.001 fails too, not run) names the point by its sweep index
bat 3 kiasari-s5-v6 -o sim $small --load 0.001,0.0015,0.006 --points 1:2 -f csv
grep -qF "simulated point 1 failed" "$TMPD/err" || fail "--points: $(cat "$TMPD/err")"
[ "$(wc -l <"$TMPD/out")" = 2 ] || fail "--points 1:2: not two rows: $(cat "$TMPD/out")"
# every point failed: the refusal as before, nothing printed
bat 2 kiasari-s5-v6 -o sim $small --load 0.0015 -f csv
[ -s "$TMPD/out" ] && fail "a run whose every point failed printed: $(cat "$TMPD/out")"
grep -qF "sim.budget: the budget of 1e+03 cycles ran out" "$TMPD/err" || fail "refusal: $(cat "$TMPD/err")"
echo "ok: simbatchfail"
