#!/bin/sh
# run.sh: `make bench`: every benchmark program, as one table.
# Usage: bench/run.sh BUILD_DIR
set -u
build=${1:-build}
cd "$(dirname "$0")/.." || exit 2
printf '%-52s | %12s | %12s | %s\n' "benchmark" "time" "target" "verdict"
printf '%s\n' "-----------------------------------------------------+--------------+--------------+--------"
rc=0
for b in "$build"/bench/bench_*; do
	[ -x "$b" ] || continue
	"$b" || rc=1
done
[ -x bench/ui_bench.sh ] && { sh bench/ui_bench.sh "$build/icnx" || rc=1; }
exit $rc
