#!/bin/sh
# simtable.sh: the model against the simulation in one table (issue 23).
# Batch: -o curve --sim ends with the typed comparison columns sim_delta
# (100 (model - sim) / sim, recomputed here by awk from the printed
# columns), sim_delta_refined with the refined model, and sim_flags
# (saturated exactly where sim_latency is inf, unsettled exactly where
# sim_settled is 0); the simulated columns before them are those -o sim
# prints.  Small runs (400 measured messages a point).
# Explorer (headless, 80x24): after r, the breakdown's v cycle reaches
# "model vs sim, all N points": one row a point with the load, the model,
# the simulation, its 95% half-width, the difference and the flags, each
# as b's command prints it (sim_delta, sim_flags); the row of the plot's
# cursor marked '>' and following it; the refined model's columns with
# options.model=refined (Left/Right scroll them into the 47 columns); a
# failed point's row flagged F;
# for a multi-cluster system the classes (intra-, inter-cluster, each
# group) at the cursor's point, model against simulation, as b's command
# prints them (sim_T_in, sim_T_out, sim_T_group<G>); T exactly on the
# points above the plot's clipped top while the plot is on screen; UTF-8,
# --ascii and NO_COLOR.
. "$(dirname "$0")/headless.inc"

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

# --- the explorer's view ------------------------------------------------
# rows LABEL: the view's point rows of screen LABEL (the right column)
rows() {
	shot "$1" | sed -n 's/^[^│|]*[│|]//p' | grep -E '^[> ] *[0-9]+ +[0-9]'
}
# find ARGS...: how many v after "r 5" reach the view (0: never)
find_view() {
	keys r 5
	for i in $(seq 20); do keys v; mark "v$i"; done
	keys q
	run 80 "${H:-24}" "$@"
	for i in $(seq 20); do
		shot "v$i" | grep -q "model vs sim, all [0-9]* points" && { echo "$i"; return; }
	done
	echo 0
}
# viewcheck LABEL CMDLABEL: every row of the view against b's command's CSV
viewcheck() {
	cmd=$(boxcmd "$2" | grep -- '--sim --load')
	[ -n "$cmd" ] || fail "b printed no -o curve --sim --load command: $(boxtext "$2")"
	# exit status 3: some points failed, their rows printed (icnx(1))
	rc=0
	out=$(cd "$REPO" && eval "$cmd -f csv" 2>/dev/null) || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ] || fail "b's command failed ($rc): $cmd"
	rows "$1" >"$TMPD/rows"
	[ "$(wc -l <"$TMPD/rows")" -eq "$(($(echo "$out" | wc -l) - 1))" ] ||
		fail "not one row a point: $(cat "$TMPD/rows")"
	echo "$out" | awk -F, -v rows="$TMPD/rows" '
	function dn(v, sig) {       # draw_num: "inf", "-", an integer whole
		if (v == "inf") return "inf"
		if (v == "") return "-"
		if (v == int(v) && v < 1e9 && v > -1e9) return sprintf("%.0f", v)
		return sprintf("%." sig "g", v)
	}
	function pc(d) { if (d == "") return ""; return sprintf((d >= 100 || d <= -100) ? "%+.0f%%" : "%+.1f%%", d) }
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		getline line < rows
		mk = substr(line, 1, 1) == ">"
		n = split(substr(line, 2), f, " ")
		k = 1
		if (f[k] != NR - 1 || f[k + 1] != dn($c["load"], 4) || f[k + 2] != dn($c["latency"], 4) ||
		    f[k + 3] != dn($c["sim_latency"], 4)) {
			print "row " NR - 1 ": \"" line "\" is not load " dn($c["load"], 4) " model " \
				dn($c["latency"], 4) " sim " dn($c["sim_latency"], 4); bad = 1 }
		fl = $c["sim_flags"]
		want = (fl ~ /saturated/ ? "S" : "") (fl ~ /unsettled/ ? "U" : "") (fl ~ /failed/ ? "F" : "")
		d = pc($c["sim_delta"])
		if (d != "" && index(line, " " d) == 0) { print "row " NR - 1 ": no " d ": " line; bad = 1 }
		if (want != "" && line !~ (want "T?$")) { print "row " NR - 1 ": flags not " want ": " line; bad = 1 }
		if (want == "" && line ~ /[SUF]T?$/) { print "row " NR - 1 ": flags beside a plain point: " line; bad = 1 }
		if (mk) cur++
	}
	END { if (cur != 1) { print cur + 0 " rows marked as the cursor'"'"'s"; bad = 1 }; exit bad }' ||
		fail "the view differs from b's command ($cmd)"
}

STAR="-s sim.measured=400 -s sim.warmup=100 -s sim.points=7"
n=$(find_view $STAR kiasari-s5-v6)
[ "$n" -gt 0 ] || fail "v never reached the table of every point (star)"
keys r 5
for i in $(seq "$n"); do keys v; done
mark all
keys b
mark cmd
keys Escape 4 Home 5
mark first
keys 4 End 5
mark last
keys q
run 80 24 $STAR kiasari-s5-v6
has all "model vs sim, all 7 points"
has all "Δ%"
has all "S saturated U unsettled F failed T off-scale"
viewcheck all cmd
viewcheck first cmd
rows first | head -n 1 | grep -q '^>' || fail "Home in the plot: the first row is not marked"
rows last | tail -n 1 | grep -q '^>' || fail "End in the plot: the last row is not marked"
has first "model vs sim, every simulated point: Δ% = (model - sim) / sim"

# a failed point (its 400 messages take longer than sim.budget to be
# generated at the lowest load): its row stays, flagged F, as b's command
# prints it (sim_flags failed, exit status 3)
FAILS="-s sim.measured=200 -s sim.warmup=200 -s sim.budget=1000"
n=$(find_view $FAILS kiasari-s5-v6)
[ "$n" -gt 0 ] || fail "v never reached the table of every point (failed point)"
keys r 5
for i in $(seq "$n"); do keys v; done
mark all
keys b
mark cmd
keys Escape q
run 80 24 $FAILS kiasari-s5-v6
viewcheck all cmd
rows all | grep -q ' F$' || fail "no point flagged F: $(rows all)"

# ASCII and NO_COLOR, multi-cluster: the same rows in ASCII only
n=$(find_view $small --ascii javadi-n544)
[ "$n" -gt 0 ] || fail "v never reached the table of every point (multicluster)"
keys r 5
for i in $(seq "$n"); do keys v; done
mark all
keys b
mark cmd
keys Escape q
E2E_ENV="NO_COLOR=1" run 80 24 $small --ascii javadi-n544
has all "model vs sim, all 6 points"
has all "d%"
viewcheck all cmd
shot all | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
# the classes at the cursor's point: the model's T_in, T_out, T_group<G>
# against the simulated sim_T_in, sim_T_out, sim_T_group<G>, as b's
# command prints them (columns typed by class, after sim_settled)
echo "$out" | head -n 1 | grep -q ',sim_settled,sim_T_in,sim_T_out,sim_T_group0,sim_T_group1,sim_T_group2,sim_delta,sim_flags$' ||
	fail "multicluster header: $(echo "$out" | head -n 1)"
k=$(rows all | sed -n 's/^>\([0-9]*\) .*/\1/p')
[ -n "$k" ] || fail "no row marked as the cursor's"
has all "by class:"
for cl in T_in T_out T_group0 T_group1 T_group2; do
	want=$(echo "$out" | awk -F, -v k="$k" -v m="$cl" '
	function dn(v) { if (v == "inf") return "inf"; if (v == "") return "-"
		if (v == int(v)) return sprintf("%.0f", v); return sprintf("%.4g", v) }
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	NR == k + 1 { d = ""
		if ($c[m] != "inf" && $c["sim_" m] != "inf" && $c["sim_" m] != "")
		{ d = 100 * ($c[m] - $c["sim_" m]) / $c["sim_" m]
			d = sprintf((d >= 100 || d <= -100) ? "%+.0f%%" : "%+.1f%%", d) }
		print dn($c[m]) " " dn($c["sim_" m]) (d == "" ? "" : " " d) }')
	shot all | sed 's/^[^|]*|//' | grep -E "^ $cl +" | tr -s ' ' | grep -qxF " $cl $want" ||
		fail "class $cl at point $k is not \"$want\": $(shot all | grep -E " $cl +")"
done

# the refined model: its value and difference, scrolled into view
n=$(find_view $small -s options.model=refined javadi-n544)
[ "$n" -gt 0 ] || fail "v never reached the table of every point (refined)"
keys r 5
for i in $(seq "$n"); do keys v; done
mark all
keys Right Right Right
mark right
keys q
run 80 24 $small -s options.model=refined javadi-n544
has all "printed"
has all "refined"
has right "Δref%"
has right "flags"
# off-scale: at 80x34 the plot stays on screen beside the table; a point
# above its clipped top is flagged T, exactly those above it (javadi-n1120,
# 3000 messages a point: its last point, unsettled, is above 200)
BIG="-s sim.measured=3000 -s sim.warmup=500"
n=$(H=34 find_view $BIG javadi-n1120)
[ "$n" -gt 0 ] || fail "v never reached the table of every point (80x34)"
keys r 5
for i in $(seq "$n"); do keys v; done
keys 4
mark plot
keys q
run 80 34 $BIG javadi-n1120
top=$(shot plot | sed -n 's/.*clipped above \([0-9.e+]*\).*/\1/p' | head -n 1)
[ -n "$top" ] || fail "the plot is not clipped: $(shot plot)"
rows plot | sed 's/^>/ /' | awk -v top="$top" '
	{ s = $4; t = ($NF ~ /T$/)
	  if (s != "inf" && s != "-" && s + 0 > top + 0 && !t) { print "not flagged T: " $0; bad = 1 }
	  if ((s == "inf" || s == "-" || s + 0 <= top + 0) && t) { print "flagged T: " $0; bad = 1 }
	  n += t }
	END { if (!n) { print "no point above " top; bad = 1 }; exit bad }' ||
	fail "off-scale flags against the plot's top $top"
echo "ok: simtable"
