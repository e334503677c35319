#!/bin/sh
# refinedrefuse.sh: the multi-cluster refined model refuses a simulated
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
for s in "sim.V=2:no virtual channels" "sim.buffer=4:one-flit buffers" \
	"sim.ecn1_exit=roots:roots is not in options.model=refined" \
	"sim.timing=booksim:BookSim2's router is not in" \
	"sim.routing=adaptive:adaptive routing is not in"; do
	set=${s%%:*} why=${s#*:} path=${s%%=*}
	for o in "-o curve --load 0.0001" "-o summary" "--check"; do
		case $o in --check) args=$o ;; *) args="--batch $o" ;; esac
		# shellcheck disable=SC2086
		out=$("$ICNX" $args javadi-n544 -s options.model=refined -s "$set" 2>"$TMPD/err")
		rc=$?
		err=$(cat "$TMPD/err")
		[ $rc = 2 ] || fail "$set $o: exit $rc, not 2: $err"
		[ -z "$out" ] || fail "$set $o: printed on stdout: $out"
		echo "$err" | grep -qF "icnx: javadi-n544: $path: " ||
			fail "$set $o: the message does not name $path: $err"
		echo "$err" | grep -qF "$why" || fail "$set $o: the message lacks '$why': $err"
		echo "$err" | grep -qF "allowed with options.model=refined: $path=" ||
			fail "$set $o: the message does not say what is allowed: $err"
	done
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
echo "ok: refinedrefuse"
