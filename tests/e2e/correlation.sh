#!/bin/sh
# correlation.sh: the irregular family's correlation outputs (arnau Figs.
# 6-9) checked against an independent computation: Pearson r and the least-
# squares line recomputed by awk from -o pairs (same seed, same simulation)
# for the equivalent distance, the route length and the hop distance; the
# Figure 8 points (-o by-distance) against -o distribution's occurrences and
# the weighted fit; -o correlation-load's first row against -o correlation
# at that load, and -j 2 against -j 1.  Small runs (2000 messages a point).
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
small="--set sim.measured=2000 --set sim.warmup=200 --set sim.batches=4"
at=0.001

"$ICNX" --batch arnau-autonet10 -o pairs --at $at $small -f csv >"$tmp/pairs" || { echo "FAIL pairs"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o correlation --at $at $small -f csv >"$tmp/corr" || { echo "FAIL correlation"; fail=1; }
head -n 1 "$tmp/corr" | grep -q '^against,x,points,r,slope,intercept,load,accepted,saturated$' ||
	{ echo "FAIL header: $(head -n 1 "$tmp/corr")"; fail=1; }

# fit COLUMN: "n r slope intercept" of sim_network (col 6) against column
# COLUMN of -o pairs over pairs a != b with messages
fit() {
	awk -F, -v c="$1" 'NR > 1 && $1 != $2 && $7 > 0 { n++; x[n] = $c; y[n] = $6; sx += $c; sy += $6 }
	END { mx = sx / n; my = sy / n
	      for (i = 1; i <= n; i++) { dx = x[i] - mx; dy = y[i] - my; xx += dx*dx; yy += dy*dy; xy += dx*dy }
	      printf "%d %.9g %.9g %.9g\n", n, xy / sqrt(xx * yy), xy / xx, my - xy / xx * mx }' "$tmp/pairs"
}
# row NAME: the same four numbers from -o correlation
row() {
	awk -F, -v w="$1" '$1 == w { printf "%d %.9g %.9g %.9g\n", $3, $4, $5, $6 }' "$tmp/corr"
}
# close A B: the four numbers agree (n exactly, the rest to 1e-6 relative)
close() {
	echo "$1 $2" | awk '{ if ($1 != $5) exit 1
		for (i = 2; i <= 4; i++) { d = $i - $(i + 4); if (d < 0) d = -d
			m = $(i + 4); if (m < 0) m = -m; if (m < 1) m = 1; if (d > 1e-6 * m) exit 1 } }'
}
for pair in distance:5 length:4 hops:3; do
	name=${pair%:*}; col=${pair#*:}
	want=$(fit "$col"); got=$(row "$name")
	close "$got" "$want" || { echo "FAIL $name: got '$got', recomputed from -o pairs '$want'"; fail=1; }
done
# the paper's claim on this network: correlated (small run, loose bound)
awk -F, '$1 == "distance" && !($4 > 0.5 && $4 <= 1) { exit 1 }' "$tmp/corr" ||
	{ echo "FAIL r(distance) not in (0.5, 1]: $(grep ^distance "$tmp/corr")"; fail=1; }

# Figure 8: the occurrences are -o distribution's; the weighted fit has the
# per pair line (least squares) and the correlation row's r
"$ICNX" --batch arnau-autonet10 -o by-distance --at $at $small -f csv >"$tmp/byd" || { echo "FAIL by-distance"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o distribution -f csv >"$tmp/dist" || { echo "FAIL distribution"; fail=1; }
[ "$(cut -d, -f1,2 "$tmp/byd" | tail -n +2)" = "$(cut -d, -f1,2 "$tmp/dist" | tail -n +2)" ] ||
	{ echo "FAIL by-distance occurrences differ from -o distribution"; fail=1; }
# recompute the weighted fit from the by-distance rows
want=$(awk -F, 'NR > 1 && $3 > 0 { n++; x[n] = $1; y[n] = $4; w[n] = $3; sw += $3; sx += $3*$1; sy += $3*$4 }
	END { mx = sx / sw; my = sy / sw
	      for (i = 1; i <= n; i++) { dx = x[i] - mx; dy = y[i] - my; xx += w[i]*dx*dx; yy += w[i]*dy*dy; xy += w[i]*dx*dy }
	      printf "%d %.9g %.9g %.9g\n", n, xy / sqrt(xx * yy), xy / xx, my - xy / xx * mx }' "$tmp/byd")
close "$(row by-distance)" "$want" || { echo "FAIL by-distance fit: got '$(row by-distance)', recomputed '$want'"; fail=1; }
d=$(row distance); b=$(row by-distance)
close "0 0 ${d#* * }" "0 0 ${b#* * }" || { echo "FAIL the weighted line ($b) differs from the per pair one ($d)"; fail=1; }

# Figure 9: the first load's r is -o correlation's at that load; -j 2 = -j 1
"$ICNX" --batch arnau-autonet10 -o correlation-load --load $at:0.002:2 $small -f csv -j 1 >"$tmp/l1" ||
	{ echo "FAIL correlation-load"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o correlation-load --load $at:0.002:2 $small -f csv -j 2 >"$tmp/l2" ||
	{ echo "FAIL correlation-load -j 2"; fail=1; }
cmp -s "$tmp/l1" "$tmp/l2" || { echo "FAIL -j 2 differs from -j 1"; diff "$tmp/l1" "$tmp/l2"; fail=1; }
head -n 1 "$tmp/l1" | grep -q '^load,accepted,sim_network,r_distance,r_length,r_hops,r_by_distance,saturated$' ||
	{ echo "FAIL correlation-load header: $(head -n 1 "$tmp/l1")"; fail=1; }
[ "$(wc -l <"$tmp/l1")" -eq 3 ] || { echo "FAIL correlation-load rows"; fail=1; }
[ "$(sed -n 2p "$tmp/l1" | cut -d, -f4)" = "$(grep '^distance,' "$tmp/corr" | cut -d, -f4)" ] ||
	{ echo "FAIL correlation-load r_distance at $at differs from -o correlation"; fail=1; }
rc=0; "$ICNX" --batch arnau-autonet10 -o correlation --at 0 >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL --at 0: exit $rc, want 2"; fail=1; }
rc=0; err=$("$ICNX" --batch arnau-autonet10 -o by-distance --at 2 2>&1 >/dev/null) || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL --at 2 (a distance, not a load): exit $rc, want 2"; fail=1; }
echo "$err" | grep -q 'channel-load bound' || { echo "FAIL --at 2 message: $err"; fail=1; }
# sim.load: the per-pair views' traffic in flits/node/cycle (arnau's unit):
# autonet10 has N = 40 nodes, all sending, M = 32, so 0.012 flits/node/cycle
# is 0.012 * 40 / (32 * 40) = 0.000375 msg/node/cycle, the same simulation
# as --at 0.000375; --at wins over sim.load.
"$ICNX" --batch arnau-autonet10 -o correlation --set sim.load=0.012 $small -f csv >"$tmp/sl" ||
	{ echo "FAIL correlation --set sim.load"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o correlation --at 0.000375 $small -f csv >"$tmp/sa" ||
	{ echo "FAIL correlation --at 0.000375"; fail=1; }
[ "$(grep '^distance,' "$tmp/sl" | cut -d, -f7)" = 0.000375 ] ||
	{ echo "FAIL sim.load=0.012 is not load 0.000375: $(grep '^distance,' "$tmp/sl")"; fail=1; }
cmp -s "$tmp/sl" "$tmp/sa" || { echo "FAIL sim.load=0.012 differs from --at 0.000375"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o correlation --set sim.load=0.9 --at 0.000375 $small -f csv \
	>"$tmp/sw" || { echo "FAIL --at over an out-of-range sim.load"; fail=1; }
cmp -s "$tmp/sw" "$tmp/sa" || { echo "FAIL --at does not override sim.load"; fail=1; }
rc=0; err=$("$ICNX" --batch arnau-autonet10 -o correlation --set sim.load=0.9 2>&1 >/dev/null) ||
	rc=$?
[ "$rc" -eq 2 ] && echo "$err" | grep -q 'sim.load' ||
	{ echo "FAIL sim.load=0.9 (beyond twice the bound): exit $rc: $err"; fail=1; }
# correlation-patterns: its uniform rows are correlation-load's with uniform
# traffic (same loads, same seeds), columns reordered; four patterns.
tiny="--set sim.measured=500 --set sim.warmup=100 --set sim.batches=2"
"$ICNX" --batch arnau-autonet10 -o correlation-patterns $tiny -f csv >"$tmp/pat" ||
	{ echo "FAIL correlation-patterns"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o correlation-load $tiny -f csv -j 1 >"$tmp/cl" ||
	{ echo "FAIL correlation-load (tiny)"; fail=1; }
awk -F, '$1 == "uniform" { print $3","$2","$8","$4","$6","$7","$5","$9 }' "$tmp/pat" >"$tmp/patu"
tail -n +2 "$tmp/cl" | cmp -s - "$tmp/patu" ||
	{ echo "FAIL correlation-patterns uniform rows differ from correlation-load"; fail=1; }
[ "$(cut -d, -f1 "$tmp/pat" | sort -u | tr '\n' ' ')" = "bit-reversal butterfly pattern perfect-shuffle uniform " ] ||
	{ echo "FAIL correlation-patterns: patterns $(cut -d, -f1 "$tmp/pat" | sort -u | tr '\n' ' ')"; fail=1; }
[ "$fail" -eq 0 ] && echo "correlation: r and lines recomputed from -o pairs, Figure 8, Figure 9"
exit "$fail"
