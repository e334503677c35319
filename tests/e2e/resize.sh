#!/bin/sh
# resize.sh: resize to 60x20, 160x50, too small, and back to 80x24; after
# each resize the screen is exactly what a fresh start at that size draws
# (no artefacts), and a too-small terminal says so.
. "$(dirname "$0")/lib.inc"

start 80 24
settled
for size in "60 20" "160 50" "80 24"; do
	w=${size% *} h=${size#* }
	$T resize-window -x "$w" -y "$h"
	want=$(same_layout "$w" "$h") || fail "$want"
	deadline=$(( $(date +%s) + E2E_WAIT ))
	while [ "$(quiet_screen)" != "$want" ]; do
		if [ "$(date +%s)" -gt "$deadline" ]; then
			echo "--- want:"; echo "$want"
			fail "the screen at ${w}x$h differs from a fresh start"
		fi
		sleep 0.1
	done
done
$T resize-window -x 30 -y 8
wait_for "Terminal too small: 30x8."
$T resize-window -x 80 -y 24
wait_for "4 plot"
wait_gone "too small"
keys q
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: resize"
