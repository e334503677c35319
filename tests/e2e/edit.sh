#!/bin/sh
# edit.sh: change a parameter through keys (select tau of group 1, step it
# with +, then type a value) and see the status, the breakdown and the
# curve change; undo brings the old value and curve back.  Headless.
. "$(dirname "$0")/headless.inc"

mark before
keys 1 j l l
mark select
keys +
mark plus
keys Enter
mark prompt
text "0.6"
keys Enter
mark after
keys u
mark undo1
keys u
mark undo2
keys C-r
mark redo
keys C-c
run 80 24

has select "clusters.1.tau"
has plus "clusters.1.tau: 0.15 -> 0.16"
has plus "javadi-n1120* |"
has plus " 1    16    2  0.16 "
has prompt "clusters.1.tau = "
has after "clusters.1.tau: 0.16 -> 0.6"
# The curve and the breakdown changed (plot area: right of the separator).
plot() { shot "$1" | sed -n '3,21p' | sed 's/^[^│]*│//'; }
[ "$(plot after)" != "$(plot before)" ] || fail "the plot did not change"
has after "clusters.1.tau=0.6"
has undo1 "undone"
has undo2 " 1    16    2  0.15 "
[ "$(plot undo2)" = "$(plot before)" ] || fail "undo did not bring the curve back"
has redo "redone"
has redo " 1    16    2  0.16 "
echo "ok: edit"
