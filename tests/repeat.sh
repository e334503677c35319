#!/bin/sh
# repeat.sh: run `make test` N times in a row and count the runs that
# passed; with "busy", a busy loop keeps one more core occupied meanwhile
# (the slow machine a CI runner often is).  A failing run's log is kept
# (repeat-fail-K.log in the current directory).  The last line is the
# summary "N passed, N failed" (runs).
# Usage: tests/repeat.sh N [busy]
set -u
n=${1:?usage: tests/repeat.sh N [busy]}
mode=${2:-idle}
cd "$(dirname "$0")/.." || exit 2
hog=""
stop_hog() { [ -n "$hog" ] && kill "$hog" 2>/dev/null; hog=""; }
trap stop_hog EXIT
trap 'exit 1' INT TERM HUP
if [ "$mode" = busy ]; then
	sh -c 'while :; do :; done' &
	hog=$!
fi
make -s icnx unit-build >/dev/null || { echo "repeat: the build failed"; exit 1; }
log=$(mktemp)
ok=0 bad=0 i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
	t0=$(date +%s)
	if make -s test >"$log" 2>&1; then
		ok=$((ok + 1)); res=ok
	else
		bad=$((bad + 1)); res=FAILED
		cp "$log" "repeat-fail-$i.log"
	fi
	echo "repeat $i/$n ($mode): $res in $(($(date +%s) - t0)) s: $(tail -n 1 "$log")"
done
rm -f "$log"
echo "$ok passed, $bad failed"
[ "$bad" -eq 0 ]
