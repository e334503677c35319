#!/bin/sh
# hopbars.sh: an OUT_BARS view in the breakdown pane: sharifi-n592's
# `hop-bars` (a cluster group's ICN1 hop distribution under the transpose,
# uniform traffic and the paper's printed formulas) drawn as grouped bars
# with a legend and value labels; ] and [ step the group (--select), and a
# group that does not exist is refused with the output's message and the
# view steps back to the last one.  Headless.
. "$(dirname "$0")/headless.inc"

# The breakdown starts on `point`; v: anynet, anynet-external, summary, hops,
# hop-bars.
keys 5 v v v v v
mark g0
keys ]
mark g1
keys ] ]
mark g3
keys [ [
mark back
keys C-c
run 120 40 sharifi-n592

has g0 "breakdown: hop-bars"
has g0 "█ transpose   ▒ uniform   ░ printed"
has g0 "▒▒ 0.0667"
# Group 0: the transpose sends everything 3 hops up; uniform 0.8 there.
shot g0 | grep -q " 3 │██████████* 1 " || fail "no full bar of 1 at 3 hops"
shot g0 | grep -Eq "│▒{10,} 0\.8( |$)" || fail "no uniform bar of 0.8"
has g1 "#1 hop-bars"
has g1 "░ 0.0357"
has g3 "cluster group 3 does not exist (allowed: 0..2)"
has g3 "#2 hop-bars"
# 15 bars do not fit 14 rows lying down: they stand, legend kept.
has g3 "█ transpose   ▒ uniform   ░ printed"
has back "#0 hop-bars"
has back "▒▒ 0.0667"
echo "ok: hopbars"
