#!/bin/sh
# labs.sh: the explorer steps of icnx-labs(7), at 80x24, show what the page
# says (its batch commands are checked by tests/check-man-examples.py).
# Lab 1: javadi-n544's lambda_g*, the breakdown at the end of the curve,
# M = 64 halves lambda_g*; lab 2: sharifi-n592 under uniform traffic keeps
# its lambda_g*, and the 64-node clusters' mean distance (5, v v v: the
# summary view) reads 9.1746 and, undone to transpose, 9.7143; lab 3: V
# from 6 to 9 on S5 raises lambda_g* to 0.01837;
# lab 4: the cell (0, 1) of arnau-autonet10's table and its routes, the
# per-pair view's r against T_ij, route length and hops, Figure 8's; lab 5:
# the one-to-many jumps past S = 1024 and not once S = 65536.  Headless.
. "$(dirname "$0")/headless.inc"

mark start
keys 4 End
mark end_of_curve
keys p 3 Down Down Enter C-u
text 64
keys Enter
mark m64
keys C-c
run 80 24 javadi-n544
has start "λ_g*=0.0009312"
has end_of_curve "util_max 0.98"
has end_of_curve "2W_d 430.3"
has m64 "λ_g*=0.0004656"

keys p 3 Enter C-u
text uniform
keys Enter
mark uniform
keys 6 ] ]
mark heat64
keys 5 v v v PgDn
mark meanuni
keys u
mark meantr
keys C-c
run 80 24 sharifi-n592
# the page's step: the mean distances in the breakdown's summary view
grep -q "three times (the pane's title reads" "$REPO/man/icnx-labs.7" ||
	fail "icnx-labs(7) lab 2 does not say where the mean distances are"
for m in meanuni meantr; do
	has $m "│ 5 summary"
	has $m "group2"
done
has meanuni "d_avg(I1)     9.1746 links"
has meantr "d_avg(I1)     9.7143 links"
has meantr "d_avg(E1)     9.1746 links"
# the page's step: the heatmap on the 64-node clusters the questions ask about
grep -q 'twice for group 2, the 64-node clusters' "$REPO/man/icnx-labs.7" ||
	fail "icnx-labs(7) lab 2 does not take the heatmap to the 64-node clusters"
has heat64 "64x64"
has heat64 "item 2"
has uniform "pattern               uniform"
has uniform "λ_g*=0.0007154"

mark v6
keys 2 Down + + +
mark v9
keys u u u 4 r b
mark lab3r
keys Escape C-c
run 80 30 kiasari-s5-v6
# lab 3's questions are at loads r simulates: the page's are b's
for l in 0.00905502 0.0135825; do
	hascmd lab3r "$l"
	grep -q "$l" "$REPO/man/icnx-labs.7" || fail "icnx-labs(7) lab 3 lacks r's load $l"
done
has v6 "λ_g*=0.01585"
has v9 "V        9 virtual channels"
has v9 "λ_g*=0.01837"

keys 6 Right
mark cell01
keys 4 v r
mark lab4pairs
keys c
mark lab4length
keys c
mark lab4hops
keys v r
mark lab4byd
keys C-c
run 80 24 arnau-autonet10
has cell01 "switch 0 -> 1: 1"
has cell01 "routes: 0-2-1 0-4-1"
# lab 4's simulated views (default budget, seed 1): the r the page quotes
has lab4pairs "fit on T_ij: r 0.9410"
has lab4length "fit on length: r 0.9367"
has lab4hops "fit on hops: r 0.8239"
has lab4byd "weighted fit: r 0.9953"

keys 4
mark at_s
keys Right
mark past_s
keys 2 Down Enter C-u
text 65536
keys Enter 4 Left Right
mark s64k
keys C-c
run 80 24 lastovetsky-hcl16
has at_s "M = 1024, one_to_many = 0.0002157, p2p = 9.219e-05 s"
has past_s "M = 1290, one_to_many = 0.0009759, p2p = 9.535e-05 s"
has s64k "M = 1290, one_to_many = 0.0002458, p2p = 9.535e-05 s"
echo "ok: labs"
