#!/bin/sh
# refinedrefuse.sh: the multi-cluster and star refined models refuse a simulated
# system it does not express (issue 20; icnx(1) "a setting two systems
# cannot both express is refused with the reason").  With options.model =
# refined, each of sim.V = 2, sim.buffer = 4, sim.ecn1_exit = roots,
# sim.timing = booksim and sim.routing = adaptive: batch (-o curve, -o
# summary) and --check exit 2, print nothing on stdout, and name the
# setting with the reason and what is allowed; the same setting with
# options.model = paper runs.  In the explorer (headless) the printed
# curve is drawn, the refined one is not, and the status says why: at
# start, after the edit that makes it refused, and on M; b's command
# leaves the refused option out (or sets it to paper) so it runs.
. "$(dirname "$0")/headless.inc"

cd "$REPO" || exit 2
# refused PRESET SET WHY: with options.model = refined, SET is refused by
# batch (-o curve, -o summary) and --check: exit 2, nothing on stdout, the
# message names the setting, WHY and what is allowed
refused() {
	path=${2%%=*}
	for o in "-o curve --load $4" "-o summary" "--check"; do
		case $o in --check) args=$o ;; *) args="--batch $o" ;; esac
		# shellcheck disable=SC2086
		out=$("$ICNX" $args "$1" -s options.model=refined -s "$2" 2>"$TMPD/err")
		rc=$?
		err=$(cat "$TMPD/err")
		[ $rc = 2 ] || fail "$1 $2 $o: exit $rc, not 2: $err"
		[ -z "$out" ] || fail "$1 $2 $o: printed on stdout: $out"
		echo "$err" | grep -qF "icnx: $1: $path: " ||
			fail "$1 $2 $o: the message does not name $path: $err"
		echo "$err" | grep -qF "$3" || fail "$1 $2 $o: the message lacks '$3': $err"
		echo "$err" | grep -qF "allowed with options.model=refined: $path=" ||
			fail "$1 $2 $o: the message does not say what is allowed: $err"
	done
}
refused javadi-n544 sim.V=2 "no virtual channels" 0.0001
refused javadi-n544 sim.buffer=4 "one-flit buffers" 0.0001
refused javadi-n544 sim.ecn1_exit=roots "roots is not in options.model=refined" 0.0001
refused javadi-n544 sim.timing=booksim "BookSim2's router is not in" 0.0001
refused javadi-n544 sim.routing=adaptive "adaptive routing is not in" 0.0001
# the star refined model: sim.timing = booksim, sim.routing =
# deterministic, sim.buffer = 4 the same way, which the printed model
# runs; sim.injection and sim.release it models, so they run
refused kiasari-s5-v6 sim.timing=booksim "BookSim2's router is not in" 0.001
refused kiasari-s5-v6 sim.routing=deterministic "deterministic routing is not in" 0.001
refused kiasari-s5-v6 sim.buffer=4 "one-flit buffers" 0.001
for set in sim.timing=booksim sim.routing=deterministic sim.buffer=4; do
	out=$("$ICNX" --batch kiasari-s5-v6 -s "$set" -o summary -f csv 2>&1) ||
		fail "star $set with options.model=paper was refused: $out"
done
for set in sim.injection=single sim.release=next-cycle; do
	out=$("$ICNX" --batch kiasari-s5-v6 -s options.model=refined -s "$set" -o summary \
		-f csv 2>&1) || fail "star $set with options.model=refined was refused: $out"
	echo "$out" | grep -q saturation_load_refined ||
		fail "star $set: no refined saturation: $out"
done
# options.model = paper: the same settings are the simulator's, no refusal
for set in sim.V=2 sim.ecn1_exit=roots; do
	out=$("$ICNX" --batch javadi-n544 -s "$set" -o summary -f csv 2>&1) ||
		fail "$set with options.model=paper was refused: $out"
	echo "$out" | grep -q refined && fail "$set paper printed refined rows: $out"
done
cd - >/dev/null || exit 2

# The explorer: refused at start (the status says why, the legend has no
# refined curve, the printed one is drawn), M says why; an edit into a
# refused system says why and drops the curve, undo brings it back.
for cs in utf8 ascii; do
	opt=""
	[ $cs = ascii ] && opt=--ascii
	mark start
	keys M
	mark m
	keys q
	run 100 30 $opt --set options.model=refined --set sim.V=2 javadi-n544
	has start "no refined curve: sim.V: options.model=refined has no virtual channels"
	has start "2 edits"
	lacks start "refined model (icnx)"
	has m "no refined curve: sim.V:"
	# sim.V is three rows above the last of the traffic pane (concentrator)
	keys 4
	mark before
	keys 3 G k k k +
	mark edit
	keys u 4
	mark undo
	keys q
	run 100 30 $opt --set options.model=refined javadi-n544
	has before "refined model (icnx)"
	has edit "sim.V: 1 -> 2; no refined curve: sim.V: options.model=refined"
	lacks edit "refined model (icnx)"
	has undo "refined model (icnx)"
done
# b: the command prints what the screen shows, the printed model alone:
# the refused option left out (a --set of it), or set to paper (the file
# asks for it); the command runs
keys 4 b
mark cmd
keys Escape q
run 100 30 --set options.model=refined --set sim.V=2 javadi-n544
# (one command: b shows it on the status line)
cmd=$(shot cmd | sed -n 's/^.*\(icnx --batch .*-o curve\) *$/\1/p' | head -n 1)
[ -n "$cmd" ] || fail "b printed no curve command"
echo "$cmd" | grep -q "options.model" && fail "b kept the refused option: $cmd"
echo "$cmd" | grep -q "sim.V=2" || fail "b lost sim.V=2: $cmd"
(cd "$REPO" && eval "$cmd" >/dev/null) || fail "b's command failed: $cmd"
(cd "$REPO" && "$ICNX" --dump-config javadi-n544 -s options.model=refined -s sim.V=2) \
	>"$TMPD/refused.yaml" || fail "dump-config failed"
keys 4 b
mark filecmd
keys Escape q
run 100 30 "$TMPD/refused.yaml"
cmd=$(shot filecmd | sed -n 's/^.*\(icnx --batch .*-o curve\) *$/\1/p' | head -n 1)
echo "$cmd" | grep -q -- "--set options.model=paper" ||
	fail "b of a file asking for the refused model does not set paper: $cmd"
(cd "$REPO" && eval "$cmd" >/dev/null) || fail "b's command failed: $cmd"

# At 80x24 the refusal after an edit is cut on the hint line; i shows it
# whole (i used to clear it first, as any key clears a message, and then
# showed nothing of it)
for opt in "" --ascii; do
	keys 4 3 G k k k +
	mark edit80
	keys i
	mark full80
	keys Escape q y
	run 80 24 $opt --set options.model=refined javadi-n544
	has edit80 "sim.V: 1 -> 2; no refined curve: sim.V:"
	lacks edit80 "which it does not model"
	has full80 "sim.V: 1 -> 2; no refined curve: sim.V: options.model=refined has no"
	has full80 "which it does not model) (allowed with options.model=refined: sim.V=1;"
	has full80 "either way)"
done
echo "ok: refinedrefuse"
