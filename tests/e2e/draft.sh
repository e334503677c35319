#!/bin/sh
# draft.sh: a multi-field edit through a draft.  Setting one probability of
# sharifi-n592's message-length mix to 0.4 parses but breaks the sum: the
# status says "incomplete: <the rule>", the plot keeps the last valid
# curve (dimmed, not recomputed); setting the other to 0.6 completes the
# edit, the curve recomputes, and one undo takes both back.  x clears an
# optional field (a network's t_cn) into a draft, which Esc drops; quitting
# with a draft asks first.
. "$(dirname "$0")/lib.inc"

start 120 40 sharifi-n592
settled
wait_for "λ_g*=0.0007154"
keys 3 j j l Enter
wait_for "traffic.mix.0.prob = 0.5"
keys C-u
text "0.4"
keys Enter
wait_for "incomplete: traffic.mix: probabilities sum to 0.9 (allowed: probabilities summing to 1)"
wait_for "incomplete edit: last valid curve"
wait_for " 0  32  0.4"
# Nothing was sent to the worker: the last valid numbers stay.
screen | grep -q "computing" && fail "the draft was computed"
screen | grep -q "59.838 tu" || fail "the breakdown changed"
keys j Enter
wait_for "traffic.mix.1.prob = 0.5"
keys C-u
text "0.6"
keys Enter
wait_for "traffic.mix.1.prob: 0.5 -> 0.6: the edit is complete"
wait_gone "incomplete:"
wait_for "λ_g*=0.0006707"
settled
screen | grep -q "59.838 tu" && fail "the breakdown did not recompute"
keys u
wait_for "λ_g*=0.0007154"
wait_for " 0  32  0.5"
# Clearing t_cn leaves ICN1 with half a timing: a draft; Esc drops it.
keys 2 g j
wait_for "network.icn1.t_cn"
keys x
wait_for "network.icn1.t_cn: 0.436 -> (not set)"
wait_for "incomplete: network.icn1"
# The cleared field stays on show (dimmed "-") while the draft is open.
screen | grep -q "   t_cn     - time units/flit" || fail "t_cn vanished"
keys Escape
wait_for "dropped the incomplete edit"
wait_gone "incomplete:"
# A draft asks before quitting.
keys x
wait_for "incomplete: network.icn1"
keys q
wait_for "The edit in progress is incomplete"
keys n
wait_for "not quitting"
keys q
wait_for "The edit in progress is incomplete"
keys y
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: draft"
