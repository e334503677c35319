#!/bin/sh
# figure.sh: the plot as a figure for a lab report (issue 23): key F in the
# explorer and --figure FILE in batch mode write a gnuplot script with its
# data (base/figure.h), and gnuplot renders it.  In the explorer: Lab 1
# step 3 with simulated points, the pinned curve and its points, the
# saturated points on the top edge; F asks before overwriting.  In batch:
# -o curve --sim with its intervals; a missing directory or a non-curve
# output is refused before anything is computed.  Under CI=true a missing
# gnuplot is a failure, never a skip.  Headless.
. "$(dirname "$0")/headless.inc"
. "$(dirname "$0")/gnuplot.inc"

keys r p 3 Down Down Enter
text "64"
keys Enter 4 r F C-u
text "$TMPD/lab1.gp"
keys Enter
mark written
keys F C-u
text "$TMPD/lab1.gp"
keys Enter
mark again
keys n 6 f F
mark hidden
keys q y
run 80 24 --set sim.measured=300 --set sim.warmup=100 javadi-n544
has hidden "no figure: the plot is not on screen"
has written "wrote the plot as a gnuplot figure"
has again "exists. Overwrite it?"
f="$TMPD/lab1.gp"
[ -s "$f" ] || fail "F wrote nothing"
for want in "3 edits" "pin 1: 2 edits" "simulation (95% interval)" \
	"pin 1: simulation" "with yerrorbars" "dashtype 2" "set yrange [0:600]" \
	"clipped above 600" "saturation 0.000466" "keyentry with points pointtype 9" \
	"icnx --batch javadi-n544 --set traffic.message_length=64"; do
	grep -qF -- "$want" "$f" || fail "the figure lacks '$want'"
done
render "$f"
grep -qF "pin 1: 2 edits" "$f.svg" || fail "the SVG lacks the pin's legend"

# batch: the curve with three simulated points and their intervals
(cd "$REPO" && icnx --batch javadi-n544 -o curve --sim --load 0.0001,0.0002,0.0003 \
	-s sim.measured=300 -s sim.warmup=100 -f csv --figure "$TMPD/b.gp") >"$TMPD/b.csv" ||
	fail "--figure with --sim failed"
[ "$(wc -l <"$TMPD/b.csv")" = 4 ] || fail "--figure changed what is printed"
n=$(sed -n '/^\$s1 << EOD/,/^EOD/p' "$TMPD/b.gp" | grep -c '^0\.000')
[ "$n" = 3 ] || fail "the figure's simulated block has $n points, not 3"
grep -qF "'saturation 0.000931'" "$TMPD/b.gp" || fail "the batch figure lacks the saturation line"
# its comment: the command that prints its numbers, without --figure
grep -q "^# icnx --batch -o curve --sim --load 0.0001,0.0002,0.0003 .*javadi-n544$" "$TMPD/b.gp" ||
	fail "the batch figure does not name its command"
grep -q "^# .*--figure" "$TMPD/b.gp" && fail "the batch figure's command has --figure"
render "$TMPD/b.gp"
# refused before computing
rc=0; (cd "$REPO" && icnx --batch javadi-n544 -o summary --figure "$TMPD/s.gp") 2>"$TMPD/err" || rc=$?
[ "$rc" = 2 ] && grep -q "is not a curve" "$TMPD/err" || fail "--figure on a summary: $rc $(cat "$TMPD/err")"
rc=0; (cd "$REPO" && icnx --batch javadi-n544 -o curve --figure "$TMPD/no/dir/f.gp") >/dev/null 2>"$TMPD/err" || rc=$?
[ "$rc" = 2 ] && grep -q "directory does not exist" "$TMPD/err" || fail "--figure into no directory: $rc"
[ -e "$TMPD/no" ] && fail "--figure created a directory"
echo "ok: figure"
