#!/bin/sh
# simsat.sh: every saturated simulated point shows its marker (^) on the
# plot's top row, also where the y axis is clipped and the row carries the
# note "clipped above Y (Y fits)": the note gives way (whole or shortened
# where no marker is, else beside the y label), never drawn over a marker
# nor a marker over it (overlap.sh checks the note).  javadi-n544 after r:
# as many markers as the batch command (b) has saturated rows (inf), UTF-8
# and ASCII, 80x24, headless.
. "$(dirname "$0")/headless.inc"

for mode in utf8 ascii; do
	opt=
	[ $mode = ascii ] && opt=--ascii
	keys 4 r
	mark sim
	keys b
	mark cmd
	keys Escape q
	run 80 24 $opt --set sim.measured=3000 --set sim.warmup=1000 javadi-n544
	has sim "| sim 6/6"
	has sim "clipped above"
	c=$(boxcmd cmd)
	[ -n "$c" ] || fail "no b command"
	(cd "$REPO" && eval "$c -f csv") >"$TMPD/b.csv" || fail "$c -f csv failed"
	col=$(head -n 1 "$TMPD/b.csv" | tr , '\n' | grep -nx sim_latency | cut -d: -f1)
	want=$(tail -n +2 "$TMPD/b.csv" | cut -d, -f"$col" | grep -c '^inf$')
	[ "$want" -ge 2 ] || fail "$mode: batch has $want saturated points; the case needs several"
	# the data's top row: the plot pane's third line, right of the y axis
	top=$(shot sim | sed -n 3p | sed 's/^[^│|]*[│|][^┤+]*[┤+]//')
	got=$(printf '%s' "$top" | grep -o '\^' | wc -l)
	[ "$got" = "$want" ] || fail "$mode: $got saturated markers on the top row, batch has $want: '$top'"
done
echo "ok: simsat"
