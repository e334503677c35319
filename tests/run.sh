#!/bin/sh
# run.sh: the fast test suite behind `make test`.
# Runs every cmocka unit-test binary in BUILD/tests, then the end-to-end
# scripts in tests/e2e, the purity check, the man-page lint and sync, and ends with
# one summary line "N passed, N failed" (counting individual cmocka tests).
# A watchdog (timeout, ICNX_TEST_TIMEOUT seconds each, default 300) ends a
# hung binary or script, which then counts as failed; an interrupted run
# still ends with the summary line.
# Usage: tests/run.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
passed=0; failed=0; failed_names=""
limit=${ICNX_TEST_TIMEOUT:-300}
log=$(mktemp)
summary() {
	[ -n "$failed_names" ] && echo "failing:$failed_names"
	echo "$passed passed, $failed failed"
}
trap 'rm -f "$log"' EXIT
trap 'echo "interrupted"; failed=$((failed + 1)); summary; exit 1' INT TERM HUP
# watchdog COMMAND...: run it, killed after $limit seconds (status 124).
watchdog() {
	timeout -k 10 "$limit" "$@"
}

count_cmocka() { # $1 = log file; prints "P F"
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p' "$1" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:/\1/p' "$1" | tail -n 1)
	echo "${p:-0} ${f:-0}"
}

for t in "$build"/tests/test_*; do
	case "$t" in *.o|*.d) continue ;; esac
	[ -x "$t" ] || continue
	name=$(basename "$t")
	if watchdog "$t" >"$log" 2>&1; then rc=0; else rc=$?; fi
	[ "$rc" -eq 124 ] && echo "$name: killed by the watchdog after $limit s" >>"$log"
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
	if watchdog "$@" >"$log" 2>&1; then
		echo "check $name: ok"; passed=$((passed + 1))
	else
		[ $? -eq 124 ] && echo "$name: killed by the watchdog after $limit s" >>"$log"
		cat "$log"; echo "check $name: FAILED"
		failed=$((failed + 1)); failed_names="$failed_names $name"
	fi
}
run_script purity sh "$here/check-purity.sh"
run_script layers sh "$here/check-layers.sh"
run_script testing-doc sh "$here/check-testing-doc.sh"
[ -f "$here/../man/icnx.1" ] && run_script man-lint sh "$here/lint-man.sh" \
	"$here/../man/icnx.1" "$here/../man/icnx.yaml.5" "$here/../man/icnx-models.7" "$here/../man/icnx-labs.7"
# the generated man pages match the program's tables (run `make man`), and
# icnx(1) describes every output of every family (check-man-sync.sh)
[ -f "$here/../man/icnx.1.in" ] && run_script man-sync sh "$here/check-man-sync.sh" "$(cd "$build" && pwd)/icnx"
for e in "$here"/e2e/*.sh; do
	[ -f "$e" ] || continue
	run_script "e2e/$(basename "$e" .sh)" env ICNX="$build/icnx" sh "$e"
done

summary
[ "$failed" -eq 0 ]
