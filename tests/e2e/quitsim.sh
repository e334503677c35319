#!/bin/sh
# quitsim.sh: issue 23, q with unsaved simulated results asks once ("quit?
# ... unsaved simulated results ... y or q quits, n stays"); n stays, a
# second q quits (so does y); after s exported the points, q quits at once.
# It used to quit without a word after a simulation.  Points r cleared
# are not asked about (a pin's copy of them is), nor are points in an F
# figure; a figure of another column does not hold them.  Headless, 80x24 and
# 40 columns.
. "$(dirname "$0")/headless.inc"

# quits W ARGS...: the script built so far, then a step that runs only if
# the explorer did not quit: it must have quit (the harness says so on
# stderr: "the explorer quit at line N; 1 steps not run").
quits() {
	w=$1
	shift
	mark after
	cp "$HL_SCRIPT" "$TMPD/qscript"
	: >"$HL_SCRIPT"
	(cd "$REPO" && env TERM=xterm-256color XDG_CONFIG_HOME="$TMPD/xdg" ICNX_TEST_CLOCK_MS=5 \
		timeout 300 "$ICNX" --headless "${w}x24" --keys "$TMPD/qscript" "$@") \
		>"$HL_OUT" 2>"$TMPD/qerr" || fail "exit status $? ($(cat "$TMPD/qerr"))"
	grep -q "the explorer quit at line" "$TMPD/qerr" || fail "the explorer did not quit: $(tail -n 3 "$HL_OUT")"
	grep -q "^--- after" "$HL_OUT" && fail "steps ran after the quit"
	return 0
}

# question LABEL: the text inside the question box, its lines joined
question() {
	shot "$1" | sed -n '/─ question/,/└/p' | sed -n 's/^[^│]*│ \(.*[^ ]\) *│.*$/\1/p' |
		tr '\n' ' ' | tr -s ' '
}

small="-s sim.measured=200 -s sim.warmup=200"
# shellcheck disable=SC2086
for w in 80 40; do
	keys 4 r q
	mark ask
	keys n
	mark stay
	keys q q
	quits $w $small kiasari-s5-v6
	has ask "quit?"
	has ask "question"
	question ask | grep -q "unsaved simulated results. Quit and lose them? y or q quits" || fail "$w: the question does not name the results"
	has stay "not quitting"
done

# y quits too; edits and results are named together
keys 4 r 3 +
keys r q
mark both
keys y
quits 80 $small kiasari-s5-v6
question both | grep -q "has unsaved edits and unsaved simulated results" ||
	fail "edits and results not both named: $(shot both)"

# exported: nothing unsaved, q quits at once (the export's message stays)
keys 4 r s C-u
text "$TMPD/pts.csv"
keys Enter
mark wrote
keys q
quits 80 $small kiasari-s5-v6
[ -s "$TMPD/pts.csv" ] || fail "s did not write the points"
has wrote "wrote the simulated points"

# cleared by r: nothing left to lose, q quits at once (it used to ask
# about "unsaved simulated results" that were gone)
keys 4 r r
mark cleared
keys q
quits 80 $small kiasari-s5-v6
has cleared "cleared the simulated points"

# pinned, then cleared: the pin's copy is still unsaved, q asks
keys 4 r p r q
mark pinask
keys y
quits 80 $small kiasari-s5-v6
question pinask | grep -q "unsaved simulated results" || fail "a pin's points not named: $(shot pinask)"

# kept by an edit, the new configuration's own cleared: the kept points
# (u brings them back) are still unsaved, q names them
keys 4 r 3 + r r q
mark keptask
keys y
quits 80 $small kiasari-s5-v6
question keptask | grep -q "unsaved edits and unsaved simulated results" ||
	fail "kept points not named: $(shot keptask)"

# no simulation, no edit: q quits at once, as before
keys 4 q
quits 80 kiasari-s5-v6

# a figure of another column holds no simulated point: q still asks
# (F used to count as saving the results whatever it plotted)
keys 4 r c F C-u
text "$TMPD/other.gp"
keys Enter
mark figother
keys q
mark figask
keys y
quits 80 $small kiasari-s5-v6
[ -s "$TMPD/other.gp" ] || fail "F did not write the figure: $(shot figother)"
question figask | grep -q "unsaved simulated results" ||
	fail "a figure without the points counted as saving them: $(shot figask)"

# a figure of the latency holds them: q quits at once
keys 4 r F C-u
text "$TMPD/lat.gp"
keys Enter
keys q
quits 80 $small kiasari-s5-v6
grep -q 'sim' "$TMPD/lat.gp" || fail "the latency figure has no simulated points"

# each result set has its own flag (there was one for all): s of one
# simulated view leaves another's unsaved, q still asks.  Irregular: the
# curve's points, then -o pairs (v) exported
keys 4 r v r s C-u
text "$TMPD/pairs.csv"
keys Enter
mark pairsout
keys q
mark viewask
keys y
quits 80 $small arnau-autonet10
has pairsout "wrote the simulated view -o pairs"
question viewask | grep -q "has unsaved simulated results" ||
	fail "s of -o pairs counted as saving the curve's points: $(shot viewask)"

# both exported, each by its own s: q quits at once
keys 4 r s C-u
text "$TMPD/pts2.csv"
keys Enter v r s C-u
text "$TMPD/pairs2.csv"
keys Enter q
quits 80 $small arnau-autonet10
[ -s "$TMPD/pts2.csv" ] || fail "s did not write the curve's points"

# points kept by an edit, the new configuration's own exported: the kept
# ones are still unsaved (q names simulated results beside the edit)
keys 4 r 3 + r s C-u
text "$TMPD/new.csv"
keys Enter q
mark keptout
keys y
quits 80 $small kiasari-s5-v6
[ -s "$TMPD/new.csv" ] || fail "s did not write the new points"
question keptout | grep -q "unsaved edits and unsaved simulated results" ||
	fail "s of the new points counted as saving the kept ones: $(shot keptout)"
echo "ok: quitsim"
