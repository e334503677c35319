#!/bin/sh
# fuzz.sh: run the libFuzzer targets of fuzz/ (built by `make fuzz-build`
# into build-fuzz/fuzz/).  docs/TESTING.md says what each target checks.
#
#   sh tests/fuzz.sh ci [TARGET...]  make ci: for every target, replay its
#                                    seed corpus and regression files, then
#                                    a fixed number of executions from a
#                                    fixed seed (deterministic: CI never
#                                    fails by chance, only on a real defect)
#   sh tests/fuzz.sh run SECONDS [TARGET...]
#                                    open-ended: each target for SECONDS,
#                                    new inputs kept in build-fuzz/corpus/,
#                                    crashes in build-fuzz/artifacts/
#
# Budget of the ci mode: about 2 minutes on one idle core of the reference
# machine (the counts below, each about 20 s; 3 minutes at most); the whole step fails when a target crashes,
# leaks, times out on one input (60 s) or breaks an invariant, and prints
# the input's file and the tail of the log.  A failing input found by `run`
# goes into fuzz/regress/TARGET/ (named after the defect) once fixed.
# Ends with "N passed, N failed" over the targets.
set -u
cd "$(dirname "$0")/.." || exit 2
mode=${1:-ci}
bin=build-fuzz/fuzz
# executions per target in ci mode (about 20 s each; see docs/TESTING.md)
ci_runs() {
	case "$1" in
	fuzz_yaml_load) echo 40000 ;;
	fuzz_roundtrip) echo 1500 ;;
	fuzz_set) echo 8000 ;;
	fuzz_calib_csv) echo 100000 ;;
	fuzz_irregular_read) echo 200000 ;;
	fuzz_irregular_gen) echo 10000 ;;
	fuzz_model) echo 2000 ;;
	fuzz_sim) echo 300 ;;
	fuzz_irregular_sim) echo 2000 ;;
	fuzz_express) echo 2000 ;;
	*) echo 10000 ;;
	esac
}
dict_of() {
	case "$1" in
	fuzz_calib_csv) echo fuzz/dict/csv.dict ;;
	fuzz_model|fuzz_sim|fuzz_irregular_sim|fuzz_express) echo "" ;;
	*) echo fuzz/dict/yaml.dict ;;
	esac
}
targets=""
for f in fuzz/fuzz_*.c; do targets="$targets $(basename "$f" .c)"; done
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
passed=0; failed=0
case "$mode" in
ci)
	shift
	[ $# -gt 0 ] && targets="$*"
	tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
	for t in $targets; do
		[ -x "$bin/$t" ] || { echo "fuzz: $bin/$t missing (make fuzz-build)"; failed=$((failed + 1)); continue; }
		mkdir -p "fuzz/regress/$t" "$tmp/$t"
		d=$(dict_of "$t"); dopt=""; [ -n "$d" ] && dopt="-dict=$d"
		n=$(ci_runs "$t")
		start=$(date +%s)
		if ! "$bin/$t" -runs=0 -timeout=60 -rss_limit_mb=2560 "fuzz/corpus/$t" \
			"fuzz/regress/$t" >"$tmp/$t.replay" 2>&1; then
			echo "fuzz: $t: replaying its corpus FAILED:"
			grep -m 1 -A 2 "invariant broken\|ERROR: \|runtime error\|Running:" "$tmp/$t.replay"
			echo "--- end of the log:"; tail -n 30 "$tmp/$t.replay"
			failed=$((failed + 1)); continue
		fi
		# $tmp/$t first: new inputs go there, never into the repository
		if ! "$bin/$t" -seed=1 -runs="$n" -timeout=60 -rss_limit_mb=2560 $dopt \
			-artifact_prefix="$tmp/$t-" -print_final_stats=1 \
			"$tmp/$t" "fuzz/corpus/$t" "fuzz/regress/$t" >"$tmp/$t.log" 2>&1; then
			echo "fuzz: $t: FAILED after $(($(date +%s) - start)) s:"
			grep -m 1 -A 2 "invariant broken\|ERROR: \|runtime error" "$tmp/$t.log"
			echo "--- end of the log:"; tail -n 30 "$tmp/$t.log"
			for a in "$tmp/$t"-*; do [ -f "$a" ] && { echo "input ($a), base64:"; base64 "$a" | head -n 40; }; done
			failed=$((failed + 1)); continue
		fi
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/$t.log")
		echo "fuzz: $t: corpus replayed, $execs executions (seed 1) in $(($(date +%s) - start)) s: ok"
		passed=$((passed + 1))
	done ;;
run)
	secs=${2:-60}; shift 2 2>/dev/null || shift $#
	[ $# -gt 0 ] && targets="$*"
	for t in $targets; do
		mkdir -p "build-fuzz/corpus/$t" "build-fuzz/artifacts/$t" "fuzz/regress/$t"
		d=$(dict_of "$t"); dopt=""; [ -n "$d" ] && dopt="-dict=$d"
		echo "fuzz: $t for $secs s (log build-fuzz/$t.log)"
		if "$bin/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2560 $dopt \
			-artifact_prefix="build-fuzz/artifacts/$t/" -print_final_stats=1 \
			"build-fuzz/corpus/$t" "fuzz/corpus/$t" "fuzz/regress/$t" \
			>"build-fuzz/$t.log" 2>&1; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1)); tail -n 40 "build-fuzz/$t.log"
		fi
		echo "fuzz: $t: $(sed -n 's/^stat::number_of_executed_units: *//p' "build-fuzz/$t.log") executions"
	done ;;
*) echo "usage: sh tests/fuzz.sh ci [TARGET...] | run SECONDS [TARGET...]" >&2; exit 2 ;;
esac
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
