#!/bin/sh
# invalid.sh: invalid edits are refused with the loader's message and the
# old value stays (range, type, parity, stepping past a bound); a value
# that breaks a cross-field rule becomes an incomplete draft with the
# rule's message, and Esc drops it.
. "$(dirname "$0")/lib.inc"

start 80 24
settled
keys 1 j l l Enter
text "1.5"
keys Enter
wait_for "refused: clusters.1.tau: 1.5 is out of range (allowed: a number in [0, 1))"
screen | grep -q " 1    16    2  0.15 " || fail "the old value did not stay"
keys Enter
text "abc"
keys Enter
wait_for "'abc' is not a number"
# m must be even.
keys 2 g Enter
text "7"
keys Enter
wait_for "refused: m: 7 is odd (allowed: an even integer in [4, 64])"
screen | grep -q "m  *8 ports" || fail "m changed"
# The last group cannot be deleted (the list's minimum), and a single
# cluster breaks the family's rule: a draft, which Esc drops.
keys 1 g d d d
wait_for "refused: clusters: cannot remove: at least 1 item is required"
screen | grep -q " 0     4    3  0.12 " || fail "the deletes did not happen"
keys h h Enter
text "1"
keys Enter
wait_for "incomplete: clusters: 1 cluster in all (allowed: 2 to"
keys Escape
wait_for "dropped the incomplete edit"
keys u u
wait_for " 2     4    3  0.12 "
# Stepping m past its maximum is refused too.
keys 2 g Enter
text "64"
keys Enter
wait_for "m: 8 -> 64"
keys +
wait_for "refused: m: 66 is out of range"
keys C-c
wait_exit >/dev/null
echo "ok: invalid"
