#!/bin/sh
# simcmd.sh: key b after r prints commands that batch accepts and that a
# user can copy from the terminal as shown (80x24, the SSH case): the box's
# lines break only between arguments or after a comma, each continued by a
# backslash, with no border beside them, so the lines pasted into sh run
# the command; with sim.points above what one batch run simulates (10),
# the --points pieces of the same sweep (-f csv), whose output
# concatenated is the whole: byte for byte what key s exports (a box
# longer than the screen scrolls); and the
# --sim command wherever the plot cursor is, once points exist.  Headless
# (the simulation settles before each key).
. "$(dirname "$0")/headless.inc"

# paste LABEL: the box's lines as shown, run by sh (from the repository)
paste_run() {
	boxtext "$1" >"$TMPD/paste.sh"
	(cd "$REPO" && sh "$TMPD/paste.sh")
}

# every line but a command's last ends in " \" or ",\" (never inside a
# number), and no line starts with a blank
breaks_ok() {
	boxtext "$1" | awk '/^#/ { c = 0; next }
		/^[ \t]/ { bad = 1 } { c = ($0 ~ /\\$/) }
		/\\$/ && !/ \\$/ && !/,\\$/ { bad = 1 } END { exit bad || c }' ||
		{ boxtext "$1"; fail "the box on '$1' breaks a line where a copy would not run"; }
}

# Irregular (arnau-random24): the loads' list wraps after commas.
keys r b
mark cmd
keys Escape q
run 80 24 --set sim.points=9 --set sim.measured=2000 --set sim.warmup=500 arnau-random24
breaks_ok cmd
[ "$(boxtext cmd | wc -l)" -ge 2 ] || fail "the command fits one line: nothing wrapped"
boxtext cmd | grep -q ',\\$' || fail "no line breaks after a comma of the list"
n=$(paste_run cmd | grep -c '^ *0\.0') || fail "the pasted lines failed"
[ "$n" = 9 ] || fail "the pasted command printed $n points, not 9"

# Star with sim.points=12: two pieces, their CSV the whole (key s exports it).
keys r b
mark cmd
keys Escape s C-u
text "$TMPD/all.csv"
keys Enter
mark wrote
keys q
run 80 24 --set sim.points=12 --set sim.measured=500 --set sim.warmup=100 kiasari-s5-v6
breaks_ok cmd
boxtext cmd | grep -q '^# 12 points, at most 10 a run' || fail "the box does not say why two commands"
[ "$(boxcmd cmd | grep -c -- '-o curve --sim --load .* -f csv --points ')" = 2 ] ||
	fail "not two --points pieces: $(boxcmd cmd)"
hascmd cmd "-f csv --points 0:9"
hascmd cmd "-f csv --points 10:11"
has wrote "wrote the simulated points and model (CSV) to $TMPD/all.csv"
paste_run cmd >"$TMPD/pieces.csv" || fail "the pasted pieces failed"
[ "$(wc -l <"$TMPD/all.csv")" = 13 ] || fail "the export has not 12 points"
cmp -s "$TMPD/all.csv" "$TMPD/pieces.csv" || { diff "$TMPD/all.csv" "$TMPD/pieces.csv" | head;
	fail "the pieces' CSV is not the exported points"; }

# sim.points=64 (the most): seven pieces, 79 lines.  At 80x24 the box
# scrolls (and says so); on a taller terminal the whole text, pasted, is
# the export byte for byte (the command is never cut, however long).
keys r b
mark top
keys PgDn
mark down
keys Escape q
run 80 24 --set sim.points=64 --set sim.measured=200 --set sim.warmup=50 kiasari-s5-v6
has top "lines 1-19 of 79: arrows scroll, any other key closes"
has down "lines 13-31 of 79"
keys r b
mark cmd
keys Escape s C-u
text "$TMPD/all64.csv"
keys Enter q
run 80 90 --set sim.points=64 --set sim.measured=200 --set sim.warmup=50 kiasari-s5-v6
breaks_ok cmd
[ "$(boxcmd cmd | grep -c -- ' -f csv --points ')" = 7 ] || fail "not seven pieces for 64 points"
hascmd cmd "-f csv --points 60:63"
paste_run cmd >"$TMPD/pieces64.csv" || fail "the pasted 64-point pieces failed"
[ "$(wc -l <"$TMPD/all64.csv")" = 65 ] || fail "the export has not 64 points"
cmp -s "$TMPD/all64.csv" "$TMPD/pieces64.csv" || fail "the 64 points' pieces are not the export"

# The cursor away from every simulated point (its default place, then the
# start of the curve): b still prints every simulated point's --sim command.
keys r b
mark mid
keys Escape 4 g b
mark start
keys Escape q
run 80 24 --set sim.measured=500 --set sim.warmup=100 kiasari-s5-v6
for l in mid start; do
	hascmd $l "-o curve --sim --load "
	[ "$(boxcmd $l | sed 's/.*--load //' | tr , '\n' | wc -l)" = 6 ] || fail "b on '$l': not six loads"
done
echo "ok: simcmd"
