#!/bin/sh
# simpoints.sh: the number of loads key r simulates and their spacing are
# settings of the sim section (sim.points, sim.spacing; each point's budget
# is sim.measured, sim.warmup, sim.budget): edited in the explorer's form,
# r then simulates that many loads, spread below the model's saturation
# load L evenly (the default) or denser near it (saturation); b's command
# lists exactly those loads.  Headless, 80x24, UTF-8 and ASCII.
. "$(dirname "$0")/headless.inc"

# the b box's command, as a shell reads its lines
command_of() {
	boxcmd "$1"
}

# L: the saturation load the status line shows (lambda_g*=0.01585: 4 digits)
# is rounded; the model's own comes from the batch summary.
L=$(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 -o summary -f csv | grep '^saturation_load,' |
	cut -d, -f2)
[ -n "$L" ] || fail "no saturation load from the summary"
# want SPACING N: the loads r should simulate, as %.6g, comma-separated
want() {
	awk -v L="$L" -v n="$2" -v sp="$1" 'BEGIN {
		for (k = 1; k <= n; k++) {
			f = k / (n + 1); u = 1 - f
			x = sp == "even" ? L * f : L * (1 - u * u)
			printf "%s%.6g", (k > 1 ? "," : ""), x
		}
	}'
}

# In the form (pane 3, sim.points, 19 rows down, and sim.spacing), then r, then b in the
# breakdown's model vs sim view (4 v from the star's default view: hops,
# classes, distribution, anynet), which prints every simulated point.
keys 3 j j j j j j j j j j j j j j j j j j j Enter
text 3
keys Enter
mark edited
keys r
mark sim3
keys 5 v v v v
mark vcmd3
keys b
mark cmd3
keys Escape 3 j Enter
text saturation
keys Enter
keys r
mark sim3sat
keys 5
mark vcmd3sat
keys b
mark cmd3sat
keys Escape q y
run 80 24 --set sim.measured=500 --set sim.warmup=100 kiasari-s5-v6
has edited "sim.points: 6 -> 3"
has sim3 "simulated 3 loads, evenly spaced"
has sim3 "| sim 3/3"
has vcmd3 "model vs sim at"
cmd=$(command_of cmd3)
case "$cmd" in *"-o curve --sim --load $(want even 3)") ;;
*) fail "b: not the 3 even loads ($(want even 3)): $cmd" ;; esac
has sim3sat "simulated 3 loads, denser near saturation"
has vcmd3sat "model vs sim at"
cmd=$(command_of cmd3sat)
case "$cmd" in *"-o curve --sim --load $(want saturation 3)") ;;
*) fail "b: not the 3 loads crowding to L ($(want saturation 3)): $cmd" ;; esac

# ASCII, from the command line: 9 loads.
keys r
mark sim9
keys 5 v v v v
mark vcmd9
keys b
mark cmd9
keys Escape q
run 80 24 --ascii --set sim.measured=300 --set sim.warmup=100 --set sim.points=9 kiasari-s5-v6
has sim9 "| sim 9/9"
has vcmd9 "model vs sim at"
cmd=$(command_of cmd9)
case "$cmd" in *"-o curve --sim --load $(want even 9)") ;;
*) fail "b: not the 9 even loads ($(want even 9)): $cmd" ;; esac
shot sim9 | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
echo "ok: simpoints"
