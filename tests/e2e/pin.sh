#!/bin/sh
# pin.sh: pin the curve, edit, and see both curves with a legend; pins are
# numbered; P clears them.
. "$(dirname "$0")/lib.inc"

start 100 32
settled
keys p
wait_for "pin 1: javadi-n1120"
keys 1 j l l Enter
text "0"
keys Enter
wait_for "clusters.1.tau: 0.15 -> 0"
settled
wait_for "clusters.1.tau=0"
screen | grep -q "pin 1: javadi-n1120" || fail "the pin left the legend"
keys p
wait_for "pin 2: clusters.1.tau=0"
wait_for "2 pins"
keys P
wait_for "cleared 2 pins"
wait_gone "pin 1:"
keys q y
wait_exit >/dev/null
echo "ok: pin"
