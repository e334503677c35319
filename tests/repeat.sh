#!/bin/sh
# repeat.sh: run a suite N times in a row and count the runs that passed;
# with "busy", a busy loop keeps one more core occupied meanwhile (the slow
# machine a CI runner often is).  A failing run's log is kept
# (repeat-fail-K.log in the current directory).  The last line is the
# summary "N passed, N failed" (runs).
# Usage: tests/repeat.sh N [idle|busy] [test|asan|tsan]
#   test: `make test` (default)
#   asan: make ci's ASan+UBSan stage (tests/run.sh on build-address-undefined)
#   tsan: make ci's ThreadSanitizer stage (every e2e script on build-thread)
# The sanitizer builds are made once, before the first run.
set -u
n=${1:?usage: tests/repeat.sh N [idle|busy] [test|asan|tsan]}
mode=${2:-idle}
what=${3:-test}
cd "$(dirname "$0")/.." || exit 2
hog=""
stop_hog() { [ -n "$hog" ] && kill "$hog" 2>/dev/null; hog=""; }
trap stop_hog EXIT
trap 'exit 1' INT TERM HUP
case "$what" in
test) make -s icnx unit-build >/dev/null ;;
asan) make -s -j2 SAN=address,undefined WERROR=1 unit-build >/dev/null ;;
tsan) make -s -j2 icnx >/dev/null && make -s -j2 SAN=thread WERROR=1 build-thread/icnx >/dev/null ;;
*) echo "repeat: unknown suite '$what' (allowed: test, asan, tsan)"; exit 2 ;;
esac || { echo "repeat: the build failed"; exit 1; }
once() {
	case "$what" in
	test) make -s test ;;
	asan) ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	      UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 sh tests/run.sh build-address-undefined ;;
	tsan) rc=0
	      for e in tests/e2e/*.sh; do
		      TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 ICNX=build-thread/icnx \
			      sh "$e" || { echo "tsan: $e failed"; rc=1; }
	      done
	      echo "tsan end-to-end: status $rc"
	      return $rc ;;
	esac
}
if [ "$mode" = busy ]; then
	sh -c 'while :; do :; done' &
	hog=$!
fi
log=$(mktemp)
ok=0 bad=0 i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
	t0=$(date +%s)
	if once >"$log" 2>&1; then
		ok=$((ok + 1)); res=ok
	else
		bad=$((bad + 1)); res=FAILED
		cp "$log" "repeat-fail-$i.log"
	fi
	echo "repeat $what $i/$n ($mode): $res in $(($(date +%s) - t0)) s: $(tail -n 1 "$log")"
done
rm -f "$log"
echo "$ok passed, $bad failed"
[ "$bad" -eq 0 ]
