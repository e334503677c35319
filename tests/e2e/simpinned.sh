#!/bin/sh
# simpinned.sh: pinned seeded simulated rows, one per family, in the default
# (the paper's) system and in its physical variant, compared digit for
# digit: a change of the simulator that moves any seeded number fails here.
# Short runs (500 or 300 measured messages after 100 warm-up, seed 1: one
# run each; the last, 2500, is 5 replications).
#
# To regenerate on purpose (a change that is meant to move seeded numbers:
# say "intended output change" in the commit body and why), run each
# command below with the built icnx and paste its second line here:
#   ICNX=build/icnx sh tests/e2e/simpinned.sh     prints every mismatch
. "$(dirname "$0")/lib.inc"

row() { # expected, then the icnx arguments
	want=$1; shift
	got=$(cd "$REPO" && "$ICNX" --batch "$@" -s sim.warmup=100 -f csv | sed -n 2p) ||
		fail "icnx --batch $* failed"
	[ "$got" = "$want" ] || fail "pinned row moved: icnx --batch $*
  pinned  $want
  now     $got"
}

# star, the model's system (per-vc injection, same-cycle release)
row "0.006,61.29,,,2.128,59.162,0.005761173184,500,103353,0" \
	kiasari-s5-v6 -o sim --load 0.006 -s sim.measured=500
# star, one-port nodes and a release cycle
row "0.006,70.292,62.55832905,78.02567095,13.624,56.668,0.005689102564,500,103850,1" \
	kiasari-s5-v6 -o sim --load 0.006 -s sim.measured=500 -s sim.injection=single \
	-s sim.release=next-cycle
# multicluster, the model's system (buffered concentrators, ecn1_exit model);
# after sim_settled the classes' latencies sim_T_in, sim_T_out, sim_T_group<i>
row "0.0003,29.24244,27.97007282,30.51480718,0.00696,29.23548,0.0003143840678,300,166025,3.20682,1,20.34275294,30.62587031,27.10723944,29.01221053,30.20012791" \
	javadi-n544 -o sim --load 0.0003 -s sim.measured=300
# multicluster, bufferless concentrators at the ECN1 roots, a release cycle
row "0.0003,34.95834,28.96347214,40.95320786,0.1827,34.77564,0.0003236531997,300,195187,5.60628,1,20.03573445,36.39269059,27.30520588,28.101,40.37609302" \
	javadi-n544 -o sim --load 0.0003 -s sim.measured=300 -s sim.concentrator=cut-through \
	-s sim.ecn1_exit=roots -s sim.release=next-cycle
# irregular (no model: same-cycle release), and with a release cycle
row "0.0016,42.55,41.21702851,43.88297149,1.252,41.298,0.001484263233,500,77246,1" \
	arnau-autonet10 -o curve --load 0.0016 -s sim.measured=500
row "0.0016,43.732,40.64467612,46.81932388,1.494,42.238,0.001527538726,500,77175,1" \
	arnau-autonet10 -o curve --load 0.0016 -s sim.measured=500 -s sim.release=next-cycle
# irregular, a point of 5 independent replications (500 measured each)
row "0.0016,44.6156,42.38332355,46.84787645,1.4856,43.13,0.001641462492,2500,395529,1" \
	arnau-autonet10 -o curve --load 0.0016 -s sim.measured=2500
echo "ok: simpinned"
