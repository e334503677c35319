#!/bin/sh
# invalid.sh: invalid edits are refused with the loader's message and the
# old value stays (range, type, parity, stepping past a bound); a value
# that breaks a cross-field rule becomes an incomplete draft with the
# rule's message, and Esc drops it.  Headless.
. "$(dirname "$0")/headless.inc"

keys 1 j l l Enter
text "1.5"
keys Enter
mark range
keys Enter
text "abc"
keys Enter
mark type
# m must be even.
keys 2 g Enter
text "7"
keys Enter
mark odd
# The last group cannot be deleted (the list's minimum), and a single
# cluster breaks the family's rule: a draft, which Esc drops.
keys 1 g d d d
mark minimum
keys h h Enter
text "1"
keys Enter
mark draft
keys Escape
mark dropped
keys u u
mark undone
# Stepping m past its maximum is refused too.
keys 2 g Enter
text "64"
keys Enter
mark m64
keys +
mark past
keys C-c
run 80 24

has range "refused: clusters.1.tau: 1.5 is out of range (allowed: a number in [0, 1))"
has range " 1    16    2  0.15 "
has type "'abc' is not a number"
has odd "refused: m: 7 is odd (allowed: an even integer in [4, 64])"
shot odd | grep -q "m  *8 ports" || fail "m changed"
has minimum "refused: clusters: cannot remove: at least 1 item is required"
has minimum " 0     4    3  0.12 "
has draft "incomplete: clusters: 1 cluster in all (allowed: 2 to"
has dropped "dropped the incomplete edit"
has undone " 2     4    3  0.12 "
has m64 "m: 8 -> 64"
has past "refused: m: 66 is out of range"
echo "ok: invalid"
