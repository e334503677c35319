#!/bin/sh
# simtable.sh: the model against the simulation in one table (issue 23).
# Batch: -o curve --sim ends with the typed comparison columns sim_delta
# (100 (model - sim) / sim, recomputed here by awk from the printed
# columns), sim_delta_refined with the refined model, and sim_flags
# (saturated exactly where sim_latency is inf, unsettled exactly where
# sim_settled is 0); the simulated columns before them are those -o sim
# prints.  Small runs (400 measured messages a point).
. "$(dirname "$0")/lib.inc"

small="-s sim.measured=400 -s sim.warmup=100"
csv=$(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 -o curve --sim --load 0.012:0.018:7 $small \
	-f csv -j 2) || fail "-o curve --sim failed"
echo "$csv" | head -n 1 | grep -q ',sim_settled,sim_delta,sim_flags$' ||
	fail "header: $(echo "$csv" | head -n 1)"
# check CSV DELTA MODEL: every row's delta and flags from its own columns
check() {
	echo "$1" | awk -F, -v dn="$2" -v mn="$3" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		m = $c[mn]; s = $c["sim_latency"]; d = $c[dn]; f = $c["sim_flags"]
		if (m != "inf" && s != "inf" && s != "" && m != "") {
			want = 100 * (m - s) / s
			if (d == "" || (d - want) > 1e-6 * (1 + (want < 0 ? -want : want)) ||
			    (want - d) > 1e-6 * (1 + (want < 0 ? -want : want))) {
				print "row " NR ": " dn " " d ", wanted " want; bad = 1 }
		} else if (d != "") { print "row " NR ": " dn " " d " beside inf"; bad = 1 }
		sat = s == "inf"; uns = $c["sim_settled"] == "0"
		want = (sat ? "saturated" : "") (uns ? (sat ? "+" : "") "unsettled" : "")
		if (f != want) { print "row " NR ": flags \"" f "\", wanted \"" want "\""; bad = 1 }
		kind[want == "" ? "plain" : want]++
	}
	END {
		if (!kind["plain"] || !kind["saturated"] || !kind["unsettled"]) {
			print "not every kind of point: plain " kind["plain"] ", saturated " \
				kind["saturated"] ", unsettled " kind["unsettled"]; bad = 1 }
		exit bad
	}' || fail "comparison columns of $2 against $3:
$1"
}
check "$csv" sim_delta latency
# the simulated columns are -o sim's, number for number
sim=$(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 -o sim --load 0.012:0.018:7 $small -f csv -j 2 |
	cut -d, -f2-) || fail "-o sim failed"
n=$(echo "$csv" | head -n 1 | tr , '\n' | grep -n '^sim_latency$' | cut -d: -f1)
k=$(echo "$csv" | head -n 1 | tr , '\n' | grep -n '^sim_settled$' | cut -d: -f1)
[ "$(echo "$csv" | cut -d, -f"$n-$k")" = "$sim" ] ||
	fail "the simulated columns differ from -o sim's"

# the refined model: its own delta column, against the same simulation
ref=$(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 -o curve --sim --load 0.012:0.018:7 $small \
	-s options.model=refined -f csv -j 2) || fail "refined -o curve --sim failed"
echo "$ref" | head -n 1 | grep -q ',sim_settled,sim_delta,sim_delta_refined,sim_flags$' ||
	fail "refined header: $(echo "$ref" | head -n 1)"
check "$ref" sim_delta latency
check "$ref" sim_delta_refined latency_refined
echo "ok: simtable"
