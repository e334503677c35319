#!/bin/sh
# simfailed.sh: issue 23 item 1, no simulated point lost.  A point that
# fails (here kiasari-s5-v6's lowest r load, whose 400 messages take longer
# to generate than sim.budget = 1000 cycles) is drawn as failed on the
# plot's bottom row with a legend entry, the other five points stay, and
# `i` gives the whole reason with its load in the screen's units (it used
# to say "sim failed" and drop every point).  Headless, 80x24, UTF-8 and
# ASCII.
. "$(dirname "$0")/headless.inc"

for cs in utf8 ascii; do
	opt=""
	[ $cs = ascii ] && opt=--ascii
	keys 4 r
	mark plot
	keys i
	mark info
	keys Escape q
	run 80 24 $opt -s sim.measured=200 -s sim.warmup=200 -s sim.budget=1000 kiasari-s5-v6
	has plot "failed (i: why)"
	has plot "sim 6/6"
	lacks plot "sim failed"
	g="✗"; [ $cs = ascii ] && g="!"
	shot plot | grep -F " 0 " | grep -qF "$g" ||
		fail "$cs: no failed marker on the bottom row: $(shot plot)"
	has info "simulated point 1 of 6, load = 0.00226376 msg/node/cycle, failed:"
	has info "leave it auto"
done
echo "ok: simfailed"
