#!/bin/sh
# pin.sh: pin the curve, edit, and see both curves with a legend; pins are
# numbered; P clears them.  Headless.
. "$(dirname "$0")/headless.inc"

keys p
mark pin1
keys 1 j l l Enter
text "0"
keys Enter
mark edited
keys p
mark pin2
keys P
mark cleared
keys q y
run 100 32

has pin1 "pin 1: javadi-n1120"
has edited "clusters.1.tau: 0.15 -> 0"
has edited "clusters.1.tau=0"
has edited "pin 1: javadi-n1120"
has pin2 "pin 2: clusters.1.tau=0"
has pin2 "2 pins"
has cleared "cleared 2 pins"
lacks cleared "pin 1:"
echo "ok: pin"
