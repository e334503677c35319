#!/bin/sh
# simfailcount.sh: issue 23, the status line says how many simulated points
# failed ("sim 6/6, 1 failed") and the end message too ("simulated 6 loads,
# 1 failed (i: why)"); at 40 columns the count stays whole (the curve's
# time and the saturation load give way, then "? help", then the preset's
# name is cut).  kiasari-s5-v6's lowest r load fails (sim.budget = 1000
# cycles, as in simfailed.sh).  It used to say "sim 6/6" alone.  Headless,
# UTF-8 and ASCII.
. "$(dirname "$0")/headless.inc"

small="-s sim.measured=200 -s sim.warmup=200 -s sim.budget=1000"
long="$TMPD/kiasari-s5-v6-with-a-long-name.yaml"
cp "$REPO/presets/kiasari-s5-v6.yaml" "$long"
status() { shot "$1" | tail -n 1; }
for opt in "" --ascii; do
	for w in 80 40; do
		keys 4 r
		mark done
		keys q q
		# shellcheck disable=SC2086
		run $w 24 $opt $small kiasari-s5-v6
		status done | grep -qE '\| sim 6/6, 1 failed( |$)' ||
			fail "$w $opt: no failed count in the status line: $(status done)"
		[ "$(status done | wc -L)" -le "$w" ] || fail "$w: the status line is wider than the screen"
		has done "simulated 6 loads, 1 failed"
	done
	# a long name at 40 columns: the name is cut, the count whole
	keys 4 r
	mark done
	keys q q
	# shellcheck disable=SC2086
	run 40 24 $opt $small "$long"
	status done | grep -qE '^ kiasari-s5-v6-wi.*\| sim 6/6, 1 failed *$' ||
		fail "$opt: 40 columns, long name: $(status done)"
done
# no failure, no count
keys 4 r
mark done
keys q q
run 80 24 -s sim.measured=200 -s sim.warmup=200 kiasari-s5-v6
status done | grep -q '| sim 6/6 ' || fail "no failure: $(status done)"
lacks done "failed"
echo "ok: simfailcount"
