#!/bin/sh
# ethernet.sh: the ethernet family in the explorer: the plot's x axis is
# log-scaled (message size) and marks the threshold S of the summary
# (its ROW_MARKER row); it starts on one-to-many and p2p (x_axis.y_columns, see
# ethfirst.sh); m gives one curve per operation (every column of the
# plotted one's unit) with a legend, m again one curve (one-to-many); the breakdown's `tree` view
# (OUT_TEXT) draws the binomial broadcast tree at the cursor's size with
# its critical path ('*' lines) emphasised, and follows the cursor.
. "$(dirname "$0")/lib.inc"

start 120 40 lastovetsky-hcl16
settled
# Log x: decades on the axis, ending where the data end (2^20 bytes, so
# no 10M); the marker S at 1024 bytes in the legend.
screen | grep -q "1000 *10k *100k *1M" || fail "the size axis is not logarithmic"
screen | grep -q "10M" && fail "the size axis goes on past the data"
wait_for "┊ S 1024"
screen | grep -q "┊S" || fail "the marker's label is not on the plot"
# One curve per operation, and back.
keys m
wait_for "5 curves"
for op in p2p one_to_many multi_p2p bcast_binomial bcast_flat; do
	screen | grep -q "⠒* $op" || fail "no legend entry for $op"
done
screen | grep -q "┊ S 1024" || fail "the marker went with several curves"
keys m
wait_for "one curve: one_to_many"
wait_gone "bcast_flat"
# The broadcast tree as text, its critical path emphasised; f gives it
# the right column.
keys 5 v
wait_for "breakdown: tree"
wait_for "│ * 0 [hcl01-06"
keys f
wait_for "the pane takes the right column"
[ "$(screen | grep -c '│ \* |')" -ge 4 ] || fail "fewer than 4 '*' lines below the root"
wait_for "# critical path 0 -> 1 -> 3 -> 7 -> 15"
ESC=$(printf '\033')
$T capture-pane -p -e | grep -q "m\* 0 \[hcl01" || fail "the root line is not emphasised"
$T capture-pane -p -e | grep -q "m\* |-- 1 \[" || fail "the path line is not emphasised"
$T capture-pane -p -e | grep -q "${ESC}\[[0-9;]*m  |   |-- 5 \[" &&
	fail "a line off the path is emphasised"
wait_for "tree at M = 1024 bytes"
# Sideways scrolling, and the tree follows the plot's cursor.
keys Right
wait_for "│ .4GHz]  root"
keys Left f
wait_for "the plot is back"
# At the largest size the critical path goes through the slow Celeron.
keys 4 End 5 f
wait_for "tree at M = 1.04858e+06 bytes"
wait_for "# critical path 0 -> 1 -> 3 -> 11:"
screen | grep -q '│ \* |   |   `-- 11 \[hcl12' || fail "node 11 is not on the emphasised path"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: ethernet"
