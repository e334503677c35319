#!/bin/sh
# ci.sh: `make ci`, the heavier checks after `make test`:
#   1. the whole tree with warnings as errors (gcc, and clang when present);
#   2. the unit and end-to-end suite on an AddressSanitizer+UBSan build;
#   3. the same suite on a clang UndefinedBehaviorSanitizer build with
#      float-cast-overflow; the end-to-end tests on a ThreadSanitizer
#      build (the worker thread);
#   4. the man pages' generated parts are in sync with the program, and
#      every example in them prints what the page says;
#   5. the ethernet calibration with real Open MPI (tests/mpi.sh);
#   6. the libFuzzer targets of fuzz/: corpus and regression replay, then a
#      fixed number of executions from a fixed seed (tests/fuzz.sh ci,
#      about 2 minutes);
#   7. the soak: seeded random keys in the real explorer (tests/soak.sh);
#   8. the limits: every model output on the costliest configurations
#      within 10 s of CPU, every simulated point within 60 s
#      (tests/limits.sh, a few minutes);
#   9. the Debian package: make deb, lintian, then installed, run and
#      purged in a clean Debian 12 root (tests/deb.sh, about 2 minutes).
# Under CI=true a missing tool is a failure, never a skip.  Ends with one
# summary line "N passed, N failed" over the steps.
set -u
cd "$(dirname "$0")/.." || exit 2
passed=0; failed=0
step() { # name, command...
	name=$1; shift
	echo "== ci: $name"
	if "$@"; then passed=$((passed + 1)); echo "== ci: $name: ok"
	else failed=$((failed + 1)); echo "== ci: $name: FAILED"; fi
}
jobs=$(nproc 2>/dev/null || echo 2)
step "gcc -Werror build" make -s -j"$jobs" WERROR=1 icnx unit-build
if command -v clang >/dev/null 2>&1; then
	step "clang -Werror build" make -s -j"$jobs" CC=clang BUILD=build-clang WERROR=1 \
		build-clang/icnx unit-build
elif [ "${CI:-}" = true ]; then
	echo "clang missing"; failed=$((failed + 1))
fi
step "asan+ubsan build" make -s -j"$jobs" SAN=address,undefined WERROR=1 unit-build
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
step "asan+ubsan suite" sh tests/run.sh build-address-undefined
# clang's UBSan beside gcc's: float-cast-overflow (a double that does not
# fit the integer it is converted to: issue 22's budget at a load of
# 1e-17) named explicitly; without ASan, so about twice as fast
if command -v clang >/dev/null 2>&1; then
	step "clang ubsan build (undefined, float-cast-overflow)" make -s -j"$jobs" CC=clang \
		BUILD=build-clang-ubsan SAN=undefined,float-cast-overflow WERROR=1 \
		build-clang-ubsan/icnx unit-build
	step "clang ubsan suite" sh tests/run.sh build-clang-ubsan
elif [ "${CI:-}" = true ]; then
	echo "clang missing"; failed=$((failed + 1))
fi
step "tsan build" make -s -j"$jobs" SAN=thread WERROR=1 build-thread/icnx
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
tsan_e2e() {
	rc=0
	for e in tests/e2e/*.sh; do
		ICNX=build-thread/icnx sh "$e" || { echo "tsan: $e failed"; rc=1; }
	done
	return $rc
}
step "tsan end-to-end" tsan_e2e
step "man pages in sync" sh tests/check-man-sync.sh build/icnx
step "MPI calibration end to end" sh tests/mpi.sh
step "man page examples" python3 tests/check-man-examples.py build/icnx man/icnx.1 \
	man/icnx.yaml.5 man/icnx-models.7 man/icnx-labs.7
soak() { # build, env: two seeded soaks of 3000 keys each (tests/soak/soak.sh;
	  # budget: about 1 minute each, 3 minutes in all)
	b=$1; shift
	for seed in 1 2; do env "$@" sh tests/soak/soak.sh "$b" 3000 "$seed" || return 1; done
}
step "soak: 2 x 3000 keys, ASan+UBSan+LeakSanitizer" soak build-address-undefined/icnx \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
step "soak: 2 x 3000 keys, plain build, RSS levels off" soak build/icnx SOAK_RSS=1
step "limits: worst cases within 10 s of CPU, simulated points 60 s (tests/limits.sh)" sh tests/limits.sh build/icnx
step "every network preset's r at shipped settings (tests/presets-r.sh)" sh tests/presets-r.sh build/icnx
step "Debian package: make deb, lintian, install/run/purge in a clean root (tests/deb.sh)" \
	sh tests/deb.sh
step "fuzz build (clang libFuzzer, ASan+UBSan)" make -s -j"$jobs" fuzz-build
step "fuzz: replay corpora, fixed runs from seed 1" sh tests/fuzz.sh ci
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
