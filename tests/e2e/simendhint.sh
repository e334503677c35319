#!/bin/sh
# simendhint.sh: when r's run ends with the plot's cursor on a simulated
# point, the hint line keeps that point (model, simulation, interval,
# difference) and the end's news goes on the status line, short
# ("simulated 6 loads"); it read "simulated 6 loads, evenly spaced: r
# clears, ..." over the point until a key.  With the cursor elsewhere
# the long message stays on the hint line.  Headless, 80x24, UTF-8 and
# ASCII.  kiasari-s5-v6's 6 loads fall on curve points 15,
# 30, 44, 59, 73, 88 of 100; the cursor starts on point 51 (7 to the
# left: point 44, simulated load 3).
. "$(dirname "$0")/headless.inc"

small="--set sim.measured=2000 --set sim.warmup=200"
for cs in utf8 ascii; do
	keys 4 Left Left Left Left Left Left Left r
	mark onpoint
	keys r Right r
	mark offpoint
	keys q y
	if [ $cs = utf8 ]; then run 80 24 $small kiasari-s5-v6; l="λ_g"
	else run 80 24 --ascii $small kiasari-s5-v6; l="lambda_g"; fi
	hint=$(shot onpoint | tail -n 2 | head -n 1)
	status=$(shot onpoint | tail -n 1)
	echo "$hint" | grep -q "^ sim 3/6 $l=[0-9.e-]*: model [0-9.]*, sim [0-9.]* \[" ||
		fail "$cs: the hint is not the cursor's simulated point: $hint"
	echo "$status" | grep -qE "\| sim 6/6 +simulated 6 loads +\?" ||
		fail "$cs: the status line lacks the end's news: $status"
	# elsewhere: the end's whole message on the hint line
	shot offpoint | tail -n 2 | head -n 1 |
		grep -qF "simulated 6 loads, evenly spaced: r clears, b command, s export" ||
		fail "$cs: off a point, the hint line lacks the end's message"
done
echo "ok: simendhint"
