#!/bin/sh
# hopbars.sh: an OUT_BARS view in the breakdown pane: sharifi-n592's
# `hop-bars` (a cluster group's ICN1 hop distribution under the transpose,
# uniform traffic and the paper's printed formulas) drawn as grouped bars
# with a legend and value labels; ] and [ step the group (--select), and a
# group that does not exist is refused with the output's message and the
# view steps back to the last one.
. "$(dirname "$0")/lib.inc"

start 120 40 sharifi-n592
settled
# The breakdown starts on `point`; v: anynet, anynet-external, summary, hops,
# hop-bars.
keys 5 v v v v v
wait_for "breakdown: hop-bars"
wait_for "█ transpose   ▒ uniform   ░ printed"
wait_for "▒▒ 0.0667"
# Group 0: the transpose sends everything 3 hops up; uniform 0.8 there.
screen | grep -q " 3 │██████████* 1 " || fail "no full bar of 1 at 3 hops"
screen | grep -Eq "│▒{10,} 0\.8( |$)" || fail "no uniform bar of 0.8"
keys ]
wait_for "#1 hop-bars"
wait_for "░ 0.0357"
keys ] ]
wait_for "cluster group 3 does not exist (allowed: 0..2)"
wait_for "#2 hop-bars"
# 15 bars do not fit 14 rows lying down: they stand, legend kept.
screen | grep -q "█ transpose   ▒ uniform   ░ printed" || fail "group 2: no legend"
keys [ [
wait_for "#0 hop-bars"
wait_for "▒▒ 0.0667"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: hopbars"
