#!/bin/sh
# refined.sh: the star's refined model in batch output (issue 20).
# options.model = refined adds latency_refined, W_s_refined, V_bar_refined
# to the curve and saturation_load_refined to the summary; with
# sim.injection = single it saturates below the printed model, so its
# columns are inf at loads where the printed ones are finite (the curve
# engine's CC_OWN_SATURATION); with per-vc and multiplex = vbar it is the
# printed model, column for column.  The default (paper) has no such column.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
fail=0
no() { echo "FAIL: $*"; fail=1; }

csv=$("$ICNX" --batch kiasari-s5-v6 -s options.model=refined -s sim.injection=single \
	-o curve --load 0.001,0.013,0.015 -f csv 2>&1) || no "single curve: $csv"
echo "$csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ l = $c["latency"]; r = $c["latency_refined"]
	  if (NR == 2 && !(r + 0 > 0 && l != "inf")) bad = bad " low:" l "/" r
	  if (NR >= 3 && !(l != "inf" && r == "inf")) bad = bad " high:" l "/" r }
	END { if (!c["latency_refined"] || !c["W_s_refined"] || !c["V_bar_refined"]) bad = bad " columns"
	      if (bad != "") { print bad; exit 1 } }' >/dev/null ||
	no "single: refined must be finite at 0.001 and inf at 0.013, 0.015 where the printed is finite: $csv"

csv=$("$ICNX" --batch kiasari-s5-v6 -s options.model=refined -s sim.injection=per-vc \
	-s options.multiplex=vbar -o curve --load 0.002,0.008,0.014 -f csv 2>&1) ||
	no "per-vc curve: $csv"
echo "$csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["latency"] != $c["latency_refined"] || $c["W_s"] != $c["W_s_refined"] { exit 1 }' ||
	no "per-vc with multiplex = vbar must equal the printed model: $csv"

# The default refinement (multiplex = worm) of the paper's system: above
# the printed model at light load (it multiplexes every channel of the
# path), finite past the printed saturation (0.0158) up to its own, whose
# summary row says so; S_refined + W_s_refined = latency_refined.
csv=$("$ICNX" --batch kiasari-s5-v6 -s options.model=refined \
	-o curve --load 0.002,0.02,0.026 -f csv 2>&1) || no "worm curve: $csv"
echo "$csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ l = $c["latency"]; r = $c["latency_refined"]; s = $c["S_refined"]; w = $c["W_s_refined"]
	  if (NR == 2 && !(l != "inf" && r > l)) bad = bad " low:" l "/" r
	  if (NR == 3 && !(l == "inf" && r != "inf" && r > 0)) bad = bad " beyond:" l "/" r
	  if (NR == 4 && r != "inf") bad = bad " saturated:" r
	  if (r != "inf" && (s + w - r > 1e-6 * r || r - s - w > 1e-6 * r)) bad = bad " parts:" r }
	END { if (bad != "") { print bad; exit 1 } }' >/dev/null ||
	no "worm: refined above the printed at 0.002, finite at 0.02, inf at 0.026: $csv"
ws=$("$ICNX" --batch kiasari-s5-v6 -s options.model=refined -o summary -f csv 2>&1 |
	awk -F, '$1 == "saturation_load_refined" { print $2 }')
awk -v s="$ws" 'BEGIN { exit !(s > 0.0225 && s < 0.026) }' ||
	no "worm: the refined saturation of kiasari-s5-v6 must be 0.0225..0.026 (the simulated 0.0236): $ws"

sum=$("$ICNX" --batch kiasari-s5-v6 -s options.model=refined -s sim.injection=single -o summary 2>&1)
echo "$sum" | grep -q '^saturation_load_refined' || no "summary lacks saturation_load_refined: $sum"
out=$("$ICNX" --batch kiasari-s5-v6 -o curve --load 0.001 -f csv 2>&1)
echo "$out" | grep -q refined && no "the default (paper) prints refined columns: $out"

# The multi-cluster family: the refined columns, finite at light load,
# inf above the refined saturation where the printed model is finite;
# cut-through saturates below buffered (the concentrator waits for the
# dispatcher); next-cycle release below same-cycle; the default prints none.
sat() { "$ICNX" --batch javadi-n544 -s options.model=refined "$@" -o summary -f csv 2>&1 |
	awk -F, '$1 == "saturation_load_refined" { print $2 }'; }
b=$(sat -s sim.concentrator=buffered)
c=$(sat -s sim.concentrator=cut-through)
r=$(sat -s sim.release=next-cycle)
awk -v b="$b" -v c="$c" -v r="$r" 'BEGIN { exit !(b > 0 && c > 0 && r > 0 && c < b && r < b) }' ||
	no "multicluster refined saturation: buffered $b, cut-through $c, next-cycle $r"
csv=$("$ICNX" --batch javadi-n544 -s options.model=refined -o curve 	--load "0.00001,$(awk -v b="$b" 'BEGIN { print 1.1 * b }')" -f csv 2>&1) || no "mc curve: $csv"
echo "$csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ l = $c["latency"]; r = $c["latency_refined"]
	  if (NR == 2 && !(r + 0 > 0 && l != "inf")) bad = bad " low:" l "/" r
	  if (NR == 3 && !(l != "inf" && r == "inf")) bad = bad " high:" l "/" r }
	END { if (!c["W_s_refined"] || !c["W_d_refined"] || !c["T_out_refined"]) bad = bad " columns"
	      if (bad != "") { print bad; exit 1 } }' >/dev/null ||
	no "multicluster: refined must be finite at light load and inf above its saturation: $csv"
out=$("$ICNX" --batch javadi-n544 -o curve --load 0.0001 -f csv 2>&1)
echo "$out" | grep -q refined && no "multicluster default (paper) prints refined columns: $out"

[ $fail = 0 ] && echo "ok: refined"
exit $fail
