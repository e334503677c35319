#!/bin/sh
# run.sh: the fast test suite behind `make test`.
# Runs every cmocka unit-test binary in BUILD/tests, then the end-to-end
# scripts in tests/e2e, the purity check and the man-page lint, and ends with
# one summary line "N passed, N failed" (counting individual cmocka tests).
# Usage: tests/run.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
passed=0; failed=0; failed_names=""
log=$(mktemp); trap 'rm -f "$log"' EXIT

count_cmocka() { # $1 = log file; prints "P F"
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p' "$1" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:/\1/p' "$1" | tail -n 1)
	echo "${p:-0} ${f:-0}"
}

for t in "$build"/tests/test_*; do
	case "$t" in *.o|*.d) continue ;; esac
	[ -x "$t" ] || continue
	name=$(basename "$t")
	if "$t" >"$log" 2>&1; then rc=0; else rc=$?; fi
	set -- $(count_cmocka "$log")
	p=$1; f=$2
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi   # crashed before its summary
	if [ "$f" -ne 0 ]; then
		cat "$log"
		failed_names="$failed_names $name"
	fi
	echo "unit  $name: $p passed, $f failed"
	passed=$((passed + p)); failed=$((failed + f))
done

# Script checks: each prints its own lines; exit 0 = pass.
run_script() { # name, command...
	name=$1; shift
	if "$@" >"$log" 2>&1; then
		echo "check $name: ok"; passed=$((passed + 1))
	else
		cat "$log"; echo "check $name: FAILED"
		failed=$((failed + 1)); failed_names="$failed_names $name"
	fi
}
run_script purity sh "$here/check-purity.sh"
[ -f "$here/../man/icnx.1" ] && run_script man-lint sh "$here/lint-man.sh" \
	"$here/../man/icnx.1" "$here/../man/icnx.yaml.5" "$here/../man/icnx-models.7"
for e in "$here"/e2e/*.sh; do
	[ -f "$e" ] || continue
	run_script "e2e/$(basename "$e" .sh)" env ICNX="$build/icnx" sh "$e"
done

[ -n "$failed_names" ] && echo "failing:$failed_names"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
