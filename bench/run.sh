#!/bin/sh
# run.sh: `make bench`: every benchmark program, as one table.
# Usage: bench/run.sh BUILD_DIR
set -u
build=${1:-build}
cd "$(dirname "$0")/.." || exit 2
printf '%-52s | %12s | %12s | %s\n' "benchmark" "time" "target" "verdict"
printf '%s\n' "-----------------------------------------------------+--------------+--------------+--------"
rc=0
t0=$(date +%s)
for b in "$build"/bench/bench_*; do
	[ -x "$b" ] || continue
	case "$b" in
	*/bench_sim|*/bench_edit) continue ;;   # below: edit rows, then the simulator
	esac
	"$b" || rc=1
done
# One edit of a scalar field on the benchmark configurations (bench/*.yaml)
# and on a default preset of each family: key to redrawn plot against one
# --batch run, shared work per edit (target 1), worker CPU per edit.
e=$build/bench/bench_edit
if [ -x "$e" ]; then
	"$e" "$build/icnx" bench/irregular-1024.yaml 2jjjj distribution net_builds 7 || rc=1
	"$e" "$build/icnx" bench/mc-4096.yaml 1jll curve saturations 9 || rc=1
	"$e" "$build/icnx" presets/arnau-random24.yaml 2jjjj distribution net_builds 9 50 || rc=1
	"$e" "$build/icnx" presets/javadi-n1120.yaml 1jll curve saturations 9 50 || rc=1
	"$e" "$build/icnx" presets/kiasari-s5-v12.yaml 2j curve saturations 9 50 || rc=1
	"$e" "$build/icnx" presets/lastovetsky-hcl16.yaml 2j curve none 9 50 || rc=1
fi
[ -x bench/ui_bench.sh ] && { sh bench/ui_bench.sh "$build/icnx" || rc=1; }
# The simulator last: its rows stop at a wall budget (BENCH_SIM_WALL), so
# every row above is printed whatever it takes.
[ -x "$build/bench/bench_sim" ] && { "$build/bench/bench_sim" "$build/icnx" || rc=1; }
printf '%-52s | %12s | %12s | %s\n' "make bench: total wall time" "$(( $(date +%s) - t0 )) s" "<= 360 s" \
	"$([ $(( $(date +%s) - t0 )) -le 360 ] && echo ok || echo SLOW)"
exit $rc
