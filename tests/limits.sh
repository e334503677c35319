#!/bin/sh
# limits.sh: every output of every family on the costliest configurations
# the parameter table allows (tests/limits/*.yaml) finishes within a bound
# (LIMITS_SECONDS, default 30: about three times the worst case stated in
# icnx.yaml(5) LIMITS, for a loaded 2-core machine).  An output may refuse
# the request (exit 2, e.g. a node-to-node table of 2^21 nodes); it may not
# fail otherwise (exit 1: a model error), crash or run past the bound.
# The simulator's outputs (sim_output below) are bounded by work: 1e9 events
# per point, 1e10 per run (icnx.yaml(5) LIMITS); each must finish within
# LIMITS_SIM_CPU_SECONDS of CPU (the stated worst case with room).  In
# `make ci` a simulated output that runs one point runs whole, a simulated
# curve runs its last default point (--points 9:9: past saturation on these
# files), and one that runs a fixed series of points by itself (saturation,
# correlation-patterns) runs only when the simulator refuses the file at
# once; --sim-full runs every simulated output whole (tens of minutes: the
# figures of icnx.yaml(5) LIMITS).  Then the arnau presets'
# correlation-patterns whole (about 15 s of CPU each): the check made before
# simulating refuses none of them.  Then the memory bound of a simulated
# point on 65,536 nodes (below).  Prints one line per output with its
# time.  Part of `make ci`.
# Usage: tests/limits.sh [--sim-full] [ICNX]
set -u
cd "$(dirname "$0")/.." || exit 2
full=0
[ "${1:-}" = --sim-full ] && { full=1; shift; }
ICNX=${1:-build/icnx}
limit=${LIMITS_CPU_SECONDS:-10}
# a point: 1e9 events, at most 40 s at the slowest rate measured (the star's
# 25 million events a second); a run: 1e10 events
sim_limit=${LIMITS_SIM_CPU_SECONDS:-60}
[ $full -eq 1 ] && sim_limit=${LIMITS_SIM_CPU_SECONDS:-600}
# the simulated outputs of file $1 (irregular: its curve too; the others'
# curve is the model's)
sim_output() {
	case "$(basename "$1" .yaml):$2" in
	*:sim|*:saturation|irregular*:curve|*:pairs|*:correlation|*:by-distance|\
	*:correlation-load|*:correlation-patterns) return 0 ;;
	*) return 1 ;;
	esac
}
wall=${LIMITS_WALL_SECONDS:-300}
sim_wall=${LIMITS_SIM_WALL_SECONDS:-1800}
rc=0
# CPU ms (user + system) of the finished children, from the shell's times
# (run in this shell, not in a $(...) subshell, whose children are none).
child_cpu_ms() {
	times >/tmp/limits-times.$$
	sed -n 2p /tmp/limits-times.$$ | awk '{ n = 0
		for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60000 + a[2] * 1000 }
		printf "%d\n", n }'
}
for f in tests/limits/*.yaml; do
	outs=$("$ICNX" --batch "$f" -o '?' 2>&1 | sed -n 's/.*(allowed: \(.*\))$/\1/p' | tr -d ,)
	[ -n "$outs" ] || { echo "FAIL: $f: cannot list its outputs"; rc=1; continue; }
	for o in $outs; do
		bound=$limit w=$wall extra="" how=""
		if sim_output "$f" "$o"; then
			bound=$sim_limit w=$sim_wall
			if [ $full -eq 0 ]; then
				case "$o" in
				sim|curve|correlation-load) extra="--points 9:9 -f csv" how=" (point 9)" ;;
				saturation|correlation-patterns)
					# whole only if refused at once (the simulator's size limits)
					"$ICNX" --batch "$f" -o "$o" --set sim.measured=100 \
						--set sim.warmup=0 --set sim.batches=2 --set sim.budget=1000 \
						>/dev/null 2>&1
					if [ $? -ne 2 ]; then
						printf '%-22s %-18s %7s    CPU  skipped: --sim-full runs it\n' \
							"$(basename "$f" .yaml)" "$o" "-"
						continue
					fi ;;
				esac
			fi
		fi
		child_cpu_ms >/tmp/limits-t0.$$
		t0=$(cat /tmp/limits-t0.$$)
		timeout -k 5 "$w" "$ICNX" --batch "$f" -o "$o" $extra >/dev/null 2>/tmp/limits.$$
		st=$?
		child_cpu_ms >/tmp/limits-t1.$$
		ms=$(( $(cat /tmp/limits-t1.$$) - t0 ))
		case $st in
		0) verdict=ok ;;
		2) verdict="refused: $(head -c 100 /tmp/limits.$$)" ;;
		124|137) verdict="FAIL: still running after ${w} s"; rc=1 ;;
		*) verdict="FAIL: exit $st: $(head -c 200 /tmp/limits.$$)"; rc=1 ;;
		esac
		if [ "$ms" -gt $((bound * 1000)) ]; then
			verdict="FAIL: over ${bound} s of CPU ($verdict)"; rc=1
		fi
		printf '%-22s %-18s %7d ms CPU  %s\n' "$(basename "$f" .yaml)" "$o$how" "$ms" "$verdict"
	done
done
# The work check made before simulating (icnx.yaml(5) LIMITS: at least
# 0.9 (1 + M x channels) events a message) never refuses what runs: the
# presets' correlation-patterns, the output with the smallest share of the
# run (40 points, 2.5e8 events each), runs whole with their defaults.
for p in arnau-autonet10 arnau-random16 arnau-random24; do
	child_cpu_ms >/tmp/limits-t0.$$
	timeout -k 5 "$sim_wall" "$ICNX" --batch "$p" -o correlation-patterns >/dev/null 2>/tmp/limits.$$
	st=$?
	child_cpu_ms >/tmp/limits-t1.$$
	ms=$(( $(cat /tmp/limits-t1.$$) - $(cat /tmp/limits-t0.$$) ))
	verdict=ok
	[ $st -eq 0 ] || { verdict="FAIL: exit $st: $(head -c 200 /tmp/limits.$$)"; rc=1; }
	printf '%-22s %-18s %7d ms CPU  %s\n' "$p" correlation-patterns "$ms" "$verdict"
done
# Every network preset's key r ends at its shipped settings: the top load
# r simulates (sim.points/(sim.points + 1) of the model's lambda_g*, even
# spacing), the point nearest to saturation and the costliest, runs without
# a refusal (sharifi-n1144 with 20000 measured messages reached the 1e9
# events of a point there and r lost every point).  The irregular presets'
# r is their simulated curve, run above (correlation-patterns, curve).
for p in javadi-n544 javadi-n1120 sharifi-n592 sharifi-n1144 kiasari-s5-v6 kiasari-s5-v9 \
	kiasari-s5-v12; do
	top=$("$ICNX" --batch "$p" -o summary -f csv | awk -F, -v n="$("$ICNX" --batch "$p" \
		--dump-config | awk '/^sim:/ { s = 1 } s && $1 == "points:" { print $2; exit }')" \
		'$1 == "saturation_load" { printf "%.9g\n", $2 * n / (n + 1) }')
	child_cpu_ms >/tmp/limits-t0.$$
	timeout -k 5 "$sim_wall" "$ICNX" --batch "$p" -o curve --sim --load "$top" -f csv \
		>/dev/null 2>/tmp/limits.$$
	st=$?
	child_cpu_ms >/tmp/limits-t1.$$
	ms=$(( $(cat /tmp/limits-t1.$$) - $(cat /tmp/limits-t0.$$) ))
	verdict=ok
	[ $st -eq 0 ] || { verdict="FAIL: exit $st: $(head -c 200 /tmp/limits.$$)"; rc=1; }
	printf '%-22s %-18s %7d ms CPU  %s\n' "$p" "r's top $top" "$ms" "$verdict"
done
# Memory (icnx(1) LIMITS): a simulated point holds its network's state (the
# same at every load) and at most 256 MiB of messages, whatever the load.
# 65,536 nodes (m = 16, 64 clusters of n = 3) at the absurd load 1e9: one
# point's peak RSS under 450 MB (its network about 120 MB; was 1.17 GB);
# -j 4 over four such loads under ulimit -v 1000000 (1 GB) lowers -j with a
# message, and every row is printed (a point that lacked memory beside the
# others runs again alone).  GNU time reads the peak.
big=/tmp/limits-65536.$$.yaml
cat >"$big" <<'YAML'
model: multicluster
m: 16
clusters:
  - {count: 64, n: 3, tau: 0.1}
network:
  icn1: {t_cn: 0.5, t_cs: 0.5}
  ecn1: {t_cn: 0.5, t_cs: 0.5}
  icn2: {t_cn: 0.5, t_cs: 0.5}
traffic:
  message_length: 32
YAML
/usr/bin/time -f '%M' -o /tmp/limits-rss.$$ "$ICNX" --batch "$big" -o sim -f csv --load 1e9 \
	>/tmp/limits.$$ 2>&1
st=$?
kb=$(tail -n 1 /tmp/limits-rss.$$)
verdict=ok
[ $st -eq 0 ] && grep -q '^1000000000,inf,' /tmp/limits.$$ ||
	{ verdict="FAIL: exit $st: $(head -c 200 /tmp/limits.$$)"; rc=1; }
[ "${kb:-999999999}" -le 450000 ] || { verdict="FAIL: peak RSS $kb kB over 450000 ($verdict)"; rc=1; }
printf '%-22s %-18s %7s kB RSS  %s\n' 65536-nodes "sim --load 1e9" "$kb" "$verdict"
(ulimit -v 1000000; "$ICNX" --batch "$big" -o sim -f csv --load 1e9,2e9,3e9,4e9 -j 4 \
	>/tmp/limits.$$ 2>/tmp/limits-err.$$)
st=$?
verdict=ok
[ $st -eq 0 ] && [ "$(grep -c ',inf,' /tmp/limits.$$)" -eq 4 ] ||
	{ verdict="FAIL: exit $st: $(head -c 300 /tmp/limits-err.$$)"; rc=1; }
grep -q -- '-j 4: each simulated point may hold 256 MiB .* running [123] points\{0,1\} at a time' \
	/tmp/limits-err.$$ || { verdict="FAIL: -j not lowered: $(head -c 300 /tmp/limits-err.$$)"; rc=1; }
printf '%-22s %-18s %7s     %s\n' 65536-nodes "sim -j 4, 1 GB" "" "$verdict"
rm -f "$big" /tmp/limits-rss.$$ /tmp/limits-err.$$
rm -f /tmp/limits.$$ /tmp/limits-times.$$ /tmp/limits-t0.$$ /tmp/limits-t1.$$
[ $rc -eq 0 ] && echo "limits: every model output within ${limit} s of CPU, every simulated one within ${sim_limit} s"
exit $rc
