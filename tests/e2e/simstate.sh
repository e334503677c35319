#!/bin/sh
# simstate.sh: the explorer says what became of a simulation (key r):
# refused by the simulator (the network too large: its reason on the hint
# line and in `i`, "sim failed" in the status line, never "simulating ...
# r stops"), done (what r, b and s do now), and kept by an edit, undo or
# redo, as the message says (issue 23: they were cleared; simkeep.sh
# tests what becomes of them); v names the simulated view as
# the command that prints it.  Headless, 80x24: the explorer
# settles (the simulation finished or refused) before each mark.
. "$(dirname "$0")/headless.inc"

# v in the plot names the simulated view as the command that prints it
# (the model's curve with the simulated columns, as b prints it).
keys 4 v
mark view
keys q
run 80 24 kiasari-s5-v6
has view "the star model has one simulated view: -o curve --sim"

# The star graph S8: the model's, not the simulator's (n <= 7).
keys 2 Enter
text "8"
keys Enter 4 r
mark refused
keys i
mark full
keys q q y
run 80 24 kiasari-s5-v6
has refused "simulation refused: n: the simulator builds every node and channel: n <= 7"
has refused "| sim failed"
lacks refused "simulating"
lacks refused "r stops"
lacks refused "sim 0/6"
shot full | tr -d '│\n' | tr -s ' ' | grep -qF "simulation refused: n: the simulator builds every node and channel: n <= 7 (S7 has 5040 nodes); S8 is for the model only" ||
	fail "i: the whole refusal is not in the status section"
# batch says the same
out=$(cd "$REPO" && $ICNX --batch kiasari-s5-v6 --set n=8 -o curve --sim 2>&1) &&
	fail "batch simulated S8"
case "$out" in *"n <= 7 (S7 has 5040 nodes); S8 is for the model only"*) ;;
*) fail "batch's refusal differs: $out" ;; esac

# A multi-cluster system too large for the simulator (164064 nodes).
keys 4 r
mark refused
run 80 24 --set clusters.2.n=14 javadi-n544
has refused "simulation refused: clusters: the simulator builds every node and switch"
has refused "| sim failed"
lacks refused "r stops"

# Done: the hint says what the keys do now; an edit (and undo, redo) says
# it kept the points; u brings those of the configuration it returns to.
keys 4 r
mark done
keys 2 j Enter
text "4"
keys Enter
mark edited
keys r
mark again
keys u
mark undone
keys q
run 80 24 --set sim.measured=1000 --set sim.warmup=200 kiasari-s5-v6
has done "simulated 6 loads, evenly spaced: r clears, b command, s export"
has done "| sim 6/6"
lacks done "r stops"
lacks done "simulating"
has edited "V: 6 -> 4; simulated points kept (u: back, P clears), r simulates again"
lacks edited "| sim "
has undone "undone (0 more); its simulated points are back (those left kept)"
has undone "| sim 6/6"
echo "ok: simstate"
