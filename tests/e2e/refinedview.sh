#!/bin/sh
# refinedview.sh: the breakdown's "printed vs refined" view (issue 20
# item 3), headless at 80x24: after the family's views, v shows at the
# cursor's load each term the refined model changes, printed and refined
# side by side with the change (the worm model, multiplex = worm, changes
# latency, S, W_s and V_bar: network latency, source queue and pace), and
# both saturation loads; b prints the commands, and running them prints
# the numbers shown (4 significant digits).  UTF-8 (star, one-port node)
# and ASCII; with sim.injection = per-vc and multiplex = vbar the
# refinement vanishes and every row is "unchanged".  Without a refined
# model the view is not in the cycle.
. "$(dirname "$0")/headless.inc"

for cs in utf8 ascii; do
	opt=""
	[ $cs = ascii ] && opt=--ascii
	keys 5
	for i in 1 2 3 4 5 6 7 8; do
		keys v
		mark "v$i"
	done
	keys q
	run 80 24 $opt --set options.model=refined --set sim.injection=single kiasari-s5-v6
	n=0
	for i in 1 2 3 4 5 6 7 8; do
		shot "v$i" | grep -q "printed vs refined at" && { n=$i; break; }
	done
	[ "$n" -gt 0 ] || fail "$cs: v never reached the printed vs refined view"
	keys 5
	for i in $(seq "$n"); do keys v; done
	mark ref
	keys b
	mark cmd
	keys Escape q
	run 80 24 $opt --set options.model=refined --set sim.injection=single kiasari-s5-v6
	has ref "printed    refined  change"
	hascmd cmd "-o curve --load"
	hascmd cmd "-o summary"
	cmd=$(boxcmd cmd | grep -- "-o curve")
	x=$(echo "$cmd" | sed -n 's/.* --load \([^ ]*\).*/\1/p')
	row=$(cd "$REPO" && eval "$cmd -f csv") || fail "$cs: b's curve command failed: $cmd"
	g4() { awk -v v="$1" 'BEGIN { printf "%.4g", v }'; }
	get() { echo "$row" | awk -F, -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c[n] }'; }
	for p in latency S W_s V_bar; do
		shot ref | grep -qE "$p +$(g4 "$(get "$p")") +$(g4 "$(get "${p}_refined")") " ||
			fail "$cs: the $p row is not printed $(g4 "$(get "$p")"), refined $(g4 "$(get "${p}_refined")")"
	done
	shot ref | grep -qE "latency .*[+]" || fail "$cs: the latency's change is not shown"
	sum=$(boxcmd cmd | grep -- "-o summary")
	sat=$(cd "$REPO" && eval "$sum -f csv" | awk -F, '$1 == "saturation_load" { printf "%.4g", $2 }')
	rsat=$(cd "$REPO" && eval "$sum -f csv" |
		awk -F, '$1 == "saturation_load_refined" { printf "%.4g", $2 }')
	shot ref | grep -qE "\*  +$sat +$rsat " || fail "$cs: saturation row is not $sat, $rsat"
	if [ $cs = ascii ]; then
		shot ref | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
	fi
done

# per-vc with multiplex = vbar: the refinement vanishes, every term unchanged
keys 5
for i in $(seq "$n"); do keys v; done
mark pervc
keys q
run 80 24 --set options.model=refined --set sim.injection=per-vc --set options.multiplex=vbar \
	kiasari-s5-v6
has pervc "printed vs refined at"
shot pervc | grep -E "^.*[│|] (latency|S|W_s|V_bar) " | grep -v unchanged | grep -q . &&
	fail "per-vc: a term changed"

# no refined model: the cycle has no such view
keys 5
for i in 1 2 3 4 5 6 7 8; do keys v; mark "n$i"; done
keys q
run 80 24 kiasari-s5-v6
for i in 1 2 3 4 5 6 7 8; do lacks "n$i" "printed vs refined"; done
echo "ok: refinedview"
