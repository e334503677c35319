#!/bin/sh
# pin.sh: pin the curve, edit, and see both curves with a legend; pins are
# numbered; P clears them.  At 80x24 the hint line reads each pin at the
# cursor: its value ("pin1=43.83", never "pin 1 43.83", which reads as a
# pin numbered 1 43.83) and the current curve's difference from it, (current -
# pin) / pin, in UTF-8 and ASCII; a pin past its saturation says so.
# Headless.
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

# Lab 1 step 3 backwards: pin M = 64, undo to M = 32.  At the 6th point,
# lambda_g = 4.608946794e-05: M = 32 gives 23.78, M = 64 43.83 (icnx
# --batch javadi-n544 -s traffic.message_length=64 -o point --at
# 4.608946794e-05): -45.8%.  At the last point (0.0009126) the pin (lambda_g*
# 0.0004656) is saturated.
for cs in utf8 ascii; do
	keys 3 Down Down Enter
	text "64"
	keys Enter 4 p u End
	mark sat
	keys Home Right Right Right Right Right
	mark low
	keys q
	if [ $cs = utf8 ]; then run 80 24 javadi-n544; d="Δ"; else run 80 24 --ascii javadi-n544; d=Delta; fi
	has low "pin1=43.83, $d -45.8%"
	has low "latency=23.78 time units"
	has sat "pin1 saturated"
done
echo "ok: pin"
