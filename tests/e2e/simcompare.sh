#!/bin/sh
# simcompare.sh: after the simulation (key r), the breakdown pane's view
# cycle (v) ends with "model vs sim": at the simulated point nearest the
# cursor, the model and the simulation part by part where both measure it
# (the latency with its 95% interval, the source-queue wait W_s, what
# follows it), the difference in percent, and the model's parts the
# simulator does not separate.  b prints the command that reproduces the
# points (a list of loads), and its row for the point shown has the numbers
# shown.  Star (UTF-8) and multi-cluster
# (ASCII), headless at 80x24.  The view is in the cycle only while there
# are simulated points.
. "$(dirname "$0")/headless.inc"

# check PRESET LABEL SETS...: the screen LABEL of the last run shows the
# view; b's command (screen cmd) run here prints the same numbers.
check() {
	preset=$1 label=$2
	shift 2
	has "$label" "model vs sim at"
	hascmd cmd "-o curve --sim --load"
	# b: every simulated point, as a list of loads: the box's lines as a
	# shell reads them
	cmd=$(boxcmd cmd)
	loads=$(echo "$cmd" | sed -n 's/.* --load \([^ ]*\).*/\1/p')
	case "$loads" in *,*,*,*,*,*) ;; *) fail "b: not the six loads: $cmd" ;; esac
	[ -n "$loads" ] || fail "b printed no --load list"
	k=$(shot "$label" | sed -n 's/.*model vs sim at .* = [0-9.e-]* (\([0-9]*\)\/[0-9]*).*/\1/p')
	[ -n "$k" ] || fail "no point number in the view's title"
	load=$(echo "$loads" | cut -d, -f"$k")
	has "$label" "= $load ("
	all=$(cd "$REPO" && "$ICNX" --batch "$preset" "$@" -o curve --sim --load "$loads" \
		-f csv) || fail "the batch command failed"
	row=$(echo "$all" | sed -n "1p;$((k + 1))p")
	hdr=$(echo "$row" | head -n 1)
	val=$(echo "$row" | tail -n 1)
	col() { echo "$hdr" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
	get() { echo "$val" | cut -d, -f"$(col "$1")"; }
	# 4 significant digits, as the pane prints them (%.4g)
	g4() { awk -v v="$1" 'BEGIN { printf "%.4g", v }'; }
	T=$(get latency) W=$(get W_s) ST=$(get sim_latency) SW=$(get sim_wait) SN=$(get sim_network)
	net=$(awk -v t="$T" -v w="$W" 'BEGIN { printf "%.17g", t - w }')
	d=$(awk -v m="$T" -v s="$ST" 'BEGIN { printf "%+.1f%%", 100 * (m - s) / s }')
	shot "$label" | grep -qE "latency +$(g4 "$T") +$(g4 "$ST") +[-+0-9.]+%" ||
		fail "latency row is not model $(g4 "$T"), sim $(g4 "$ST")"
	shot "$label" | grep -qF -- "$d" || fail "latency difference is not $d"
	shot "$label" | grep -qE "W_s +$(g4 "$W") +$(g4 "$SW")( |$)" ||
		fail "W_s row is not model $(g4 "$W"), sim $(g4 "$SW")"
	shot "$label" | grep -qE "latency-W_s +$(g4 "$net") +$(g4 "$SN") " ||
		fail "latency-W_s row is not model $(g4 "$net"), sim $(g4 "$SN")"
}

# Star, UTF-8: once simulated, the views, then vs-sim (found by its title).
SETS="--set sim.measured=2000 --set sim.warmup=500"
keys r 5
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	keys v
	mark "v$i"
done
keys q
run 80 24 $SETS kiasari-s5-v6
n=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	shot "v$i" | grep -q "model vs sim at" && { n=$i; break; }
done
[ "$n" -gt 0 ] || fail "v never reached the model vs simulation view"

keys r 5
for i in $(seq "$n"); do keys v; done
mark vs
keys b
mark cmd
keys Escape 4
mark unfocused
keys r
mark cleared
keys q
run 80 24 $SETS kiasari-s5-v6
check kiasari-s5-v6 vs $SETS
has vs "model only: S "
# at 80x24 unfocused the three rows still show
has unfocused "model vs sim at"
has unfocused "latency-W_s"
# r clears the points: the view says so
has cleared "no simulated points: r simulates"

# Multi-cluster, ASCII: same rows and the concentrator/dispatcher wait 2W_d;
# the model's S and R are model only; the interval is never cut.
SETS="--set sim.measured=300 --set sim.warmup=100"
keys r 5
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	keys v
	mark "v$i"
done
keys q
run 80 24 --ascii $SETS javadi-n544
n=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	shot "v$i" | grep -q "model vs sim at" && { n=$i; break; }
done
[ "$n" -gt 0 ] || fail "v never reached the model vs simulation view (multicluster)"
keys r 5
for i in $(seq "$n"); do keys v; done
mark vs
keys b
mark cmd
keys Escape q
run 80 24 --ascii $SETS javadi-n544
check javadi-n544 vs $SETS
has vs "model only: S "
has vs ", R"
# the concentrators' and dispatchers' wait: the model's 2W_d against the
# simulated one (sim_queue_wait), no longer model only
lacks vs ", W_d "
WD=$(cd "$REPO" && "$ICNX" --batch javadi-n544 $SETS -o curve --sim --load "$loads" -f csv |
	awk -F, -v k="$k" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	NR == k + 1 { printf "%.4g %.4g", $c["W_d"], $c["sim_queue_wait"] }')
set -- $WD
# the row is named as the model's breakdown names it (2W_d, Eq. 32)
shot vs | grep -qE "[|│] 2W_d +$1 +$2 " || fail "2W_d row is not model $1, sim $2"
# the latency's 95% interval whole at 80 columns (under the row when the
# row has no room for it), as batch prints it
IV=$(cd "$REPO" && "$ICNX" --batch javadi-n544 $SETS -o curve --sim --load "$loads" -f csv |
	awk -F, -v k="$k" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	NR == k + 1 { printf "[%.4g, %.4g]", $c["sim_lower"], $c["sim_upper"] }')
has vs "$IV"
shot vs | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
echo "ok: simcompare"
