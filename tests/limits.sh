#!/bin/sh
# limits.sh: every output of every family on the costliest configurations
# the parameter table allows (tests/limits/*.yaml) finishes within a bound
# (LIMITS_SECONDS, default 30: about three times the worst case stated in
# icnx.yaml(5) LIMITS, for a loaded 2-core machine).  An output may refuse
# the request (exit 2, e.g. a node-to-node table of 2^21 nodes); it may not
# fail otherwise (exit 1: a model error), crash or run past the bound.
# The simulator's outputs are bounded by their own sim.* limits and left to
# its checks.  Prints one line per output with its time.  Part of `make ci`.
# Usage: tests/limits.sh [ICNX]
set -u
cd "$(dirname "$0")/.." || exit 2
ICNX=${1:-build/icnx}
limit=${LIMITS_CPU_SECONDS:-10}
wall=${LIMITS_WALL_SECONDS:-300}
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
		case "$(basename "$f" .yaml):$o" in
		star-worst:sim|irregular-worst:curve|irregular-worst:pairs|irregular-worst:saturation|\
		irregular-worst:correlation|irregular-worst:by-distance|irregular-worst:correlation-load|\
		irregular-worst:correlation-patterns)
			continue ;;
		esac
		child_cpu_ms >/tmp/limits-t0.$$
		t0=$(cat /tmp/limits-t0.$$)
		timeout -k 5 "$wall" "$ICNX" --batch "$f" -o "$o" >/dev/null 2>/tmp/limits.$$
		st=$?
		child_cpu_ms >/tmp/limits-t1.$$
		ms=$(( $(cat /tmp/limits-t1.$$) - t0 ))
		case $st in
		0) verdict=ok ;;
		2) verdict="refused: $(head -c 100 /tmp/limits.$$)" ;;
		124|137) verdict="FAIL: still running after ${wall} s"; rc=1 ;;
		*) verdict="FAIL: exit $st: $(head -c 200 /tmp/limits.$$)"; rc=1 ;;
		esac
		if [ "$ms" -gt $((limit * 1000)) ]; then
			verdict="FAIL: over ${limit} s of CPU ($verdict)"; rc=1
		fi
		printf '%-22s %-18s %7d ms CPU  %s\n' "$(basename "$f" .yaml)" "$o" "$ms" "$verdict"
	done
done
rm -f /tmp/limits.$$ /tmp/limits-times.$$ /tmp/limits-t0.$$ /tmp/limits-t1.$$
[ $rc -eq 0 ] && echo "limits: every output within ${limit} s of CPU"
exit $rc
