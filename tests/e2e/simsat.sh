#!/bin/sh
# simsat.sh: every saturated simulated point shows its marker (^) on the
# plot's top row, also where the y axis is clipped and the row carries the
# note "clipped above Y (Y fits)": the note gives way (whole or shortened
# where no marker is, else beside the y label), never drawn over a marker
# nor a marker over it (overlap.sh checks the note).  javadi-n544 after r:
# as many markers as the batch command (b) has saturated rows (inf), UTF-8
# and ASCII, 80x24, headless.  A saturated point has no interval: the hint
# at the last one reads "sim saturated" and the breakdown's model vs sim
# view "saturated", never "[inf, inf]" (issue 23's sharifi-n592 with
# sim.ecn1_exit=roots showed "sim inf [inf, inf]" there).
. "$(dirname "$0")/headless.inc"

for mode in utf8 ascii; do
	opt=
	[ $mode = ascii ] && opt=--ascii
	keys 4 r
	mark sim
	keys b
	mark cmd
	# the last simulated load, curve point 88 of 100 (End: 100)
	keys Escape End Left Left Left Left Left Left Left Left Left Left Left Left
	mark sathint
	keys 5 v v v
	mark satcmp
	keys q
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
	has sathint "sim 6/6"
	has sathint "sim saturated  (b: command"
	has satcmp "model vs sim at"
	has satcmp "saturated"
	for s in sathint satcmp; do
		shot $s | grep -q '\[inf\|inf\]' && fail "$mode: an interval of inf on screen $s"
	done
done
echo "ok: simsat"
