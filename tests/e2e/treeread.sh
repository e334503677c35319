#!/bin/sh
# treeread.sh: the Ethernet `tree` view's times can be read whole at 80x24
# (issue 13: they were cut, "T = 9.2288e-05 s, arrives 0.00…"): in the
# breakdown pane the lines end in '…', and both Right (sideways scrolling)
# and i (the focused table in full, scrolled by the arrows) show the
# critical path's times exactly as `icnx --batch -o tree` prints them;
# i also shows the view's hint whole (cut on the hint line at 80x24).
# Headless.
. "$(dirname "$0")/headless.inc"

want=$(cd "$REPO" && "$ICNX" --batch lastovetsky-hcl16 -o tree |
	sed -n 's/.*-- 15 \[hcl16[^]]*\]  T = \(.* s, arrives .* s\)$/\1/p')
[ -n "$want" ] || fail "--batch -o tree has no line for node 15"
total=$(cd "$REPO" && "$ICNX" --batch lastovetsky-hcl16 -o tree | grep -o '= [0-9.e-]* s (Eq. 8)')
[ -n "$total" ] || fail "--batch -o tree has no total time"

keys 5 v
mark cut
keys Right Right Right
mark scrolled
keys Left Left Left i Right Right Right
mark full
keys q
run 80 24 lastovetsky-hcl16
has cut "-- 15 [hcl16"
shot cut | grep -- "-- 15 \[hcl16" | grep -q "…" || fail "node 15's line is not cut at 80x24 (nothing to test)"
lacks cut "$want"
has scrolled "$want"
has scrolled "$total"
has full "$want"
has full "in full"
has full "Hint (breakdown pane)"
has full "command line)"
echo "ok: treeread"
