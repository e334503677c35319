#!/bin/sh
# simviews.sh: the plot's simulated views of the irregular family (key v in
# the plot, r simulates the one shown on the slow lane): per-pair latency
# against equivalent distance, route length and hops with the fitted line
# and r (arnau Figures 6-7, c steps the x), the mean per distinct distance
# with the weighted fit (Figure 8) and r against accepted traffic per
# traffic pattern (Figures 9-10), at 80x24, UTF-8 and ASCII, on
# arnau-autonet10 and arnau-random24.  Seeded runs: the r on the screen is
# the batch command's (b) to every printed digit, and near the value this
# seed gives (tolerance 0.03: a change of the simulator moves it); in deep
# saturation (sim.load = 0.13) the pairs' delivered means, r near 0.36.  An
# edit drops the view's result (the view asks for r again).  The load is
# sim.load (auto: 10% of the channel-load bound), never the cursor's
# distance.  Headless: each key waits for the slow lane to finish.
. "$(dirname "$0")/headless.inc"

nonascii() {
	shot "$1" | LC_ALL=C grep -q '[^ -~]' && fail "screen '$1' is not ASCII"
	return 0
}

# r of "fit on X: r 0.8761, ..." on screen $1; X = T_ij, length or hops
screen_r() {
	shot "$1" | sed -n "s/.*fit on $2: r \([0-9.-]*\),.*/\1/p" | head -n 1
}

# batch: the r of -o correlation's row $1 at the same configuration ($2...)
batch_r() {
	row=$1
	shift
	(cd "$REPO" && "$ICNX" --batch "$@" -o correlation -f csv) |
		awk -F, -v r="$row" '$1 == r { printf "%.4f\n", $4 }'
}

near() { # near GOT WANT TOL
	awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d;
		exit !(g != "" && d <= t) }'
}

small="--set sim.measured=5000 --set sim.warmup=500"

# autonet10, UTF-8: the view before r, then Figures 6-7 (c: x = length,
# hops), b, an edit, Figure 8, Figures 9-10.
keys 4 v
mark before
keys r
mark dist
keys c
mark length
keys c
mark hops
keys c b
mark cmd
keys Escape 3 j +
mark edited
keys 4 v r
mark byd
keys b
mark bydcmd
keys Escape v r
mark pat
keys c
mark patc
keys b
mark patcmd
keys Escape q y
run 80 24 $small arnau-autonet10
has before "simulated: -o pairs"
has before "r simulates it at the configured load"
lacks before "fit on"
has dist "sim pairs done"
has dist "equivalent distance T_ij"
has length "shortest legal route length"
has hops "topological distance"
shot dist | grep -q '⢸\*  simulation' || fail "no UTF-8 points in the legend"
rd=$(screen_r dist T_ij) rl=$(screen_r length length) rh=$(screen_r hops hops)
want=$(batch_r distance arnau-autonet10 $small)
[ "$rd" = "$want" ] || fail "r on T_ij: screen $rd, batch -o correlation $want"
[ "$rl" = "$(batch_r length arnau-autonet10 $small)" ] || fail "r on length: $rl"
[ "$rh" = "$(batch_r hops arnau-autonet10 $small)" ] || fail "r on hops: $rh"
near "$rd" 0.8761 0.03 || fail "autonet10 r on T_ij $rd, seeded value 0.8761"
near "$rh" 0.7503 0.03 || fail "autonet10 r on hops $rh, seeded value 0.7503"
hascmd cmd "-o pairs"
hascmd cmd "sim.warmup=500 --set"
hascmd cmd "sim.measured=5000 -o pairs"
has edited "warmup: 500 -> 501"
has edited "r simulates it"     # the edit dropped the pairs result
lacks edited "fit on"
has byd "simulated: -o by-distance"
has byd "weighted fit: r 0.9"
has pat "simulated: -o correlation-patterns"
has pat "uniform"
has pat "bit-reversal"
has pat "butterfly"
has pat "accepted traffic"
has patc "weighted r of the mean latency per distinct distance"
has bydcmd "-o by-distance"
has patcmd "-o correlation-patterns"

# Deep saturation (sim.load past the saturation load, the paper's S8 of
# Figure 7): the pairs' means of the messages delivered, r far lower.
keys 4 v r
mark sat
keys i
mark satfull
keys Escape q
run 80 24 $small --set sim.load=0.13 arnau-autonet10
has sat "⢸*  simulation"
rs=$(screen_r sat T_ij)
[ "$rs" = "$(batch_r distance arnau-autonet10 $small --set sim.load=0.13)" ] ||
	fail "saturated r on T_ij: $rs"
near "$rs" 0.3565 0.1 || fail "saturated autonet10 r on T_ij $rs, seeded value 0.3565"
has satfull "saturated: r T_ij"

# sim.load beyond twice the channel-load bound: refused, said in full.
keys 4 v r
mark refused
keys q
run 80 24 --set sim.load=0.9 arnau-autonet10
has refused "sim pairs failed"
has refused "0.2437 flits/node/cycle)"

# random24, ASCII: Figure 6 and Figure 8, r as batch prints it.
mid="--set sim.measured=20000 --set sim.warmup=1000"
keys 4 v r
mark dist
keys v r
mark byd
keys q
run 80 24 --ascii $mid arnau-random24
nonascii dist
nonascii byd
has dist "= fit on T_ij"
rd=$(screen_r dist T_ij)
[ "$rd" = "$(batch_r distance arnau-random24 $mid)" ] || fail "random24 r on T_ij: $rd"
near "$rd" 0.8609 0.03 || fail "random24 r on T_ij $rd, seeded value 0.8609"
rw=$(shot byd | sed -n 's/.*weighted fit: r \([0-9.]*\),.*/\1/p' | head -n 1)
[ "$rw" = "$(batch_r by-distance arnau-random24 $mid)" ] || fail "random24 weighted r: $rw"
near "$rw" 0.9791 0.03 || fail "random24 weighted r $rw, seeded value 0.9791"
echo "ok: simviews"
