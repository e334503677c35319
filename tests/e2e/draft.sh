#!/bin/sh
# draft.sh: a multi-field edit through a draft.  Setting one probability of
# sharifi-n592's message-length mix to 0.4 parses but breaks the sum: the
# status says "incomplete: <the rule>", the plot keeps the last valid
# curve (dimmed, not recomputed); setting the other to 0.6 completes the
# edit, the curve recomputes, and one undo takes both back.  x clears an
# optional field (a network's t_cn) into a draft, which Esc drops; quitting
# with a draft asks first.  Headless.
. "$(dirname "$0")/headless.inc"

mark start
keys 3 j j l Enter
mark prompt0
keys C-u
text "0.4"
keys Enter
mark draft
keys j Enter
mark prompt1
keys C-u
text "0.6"
keys Enter
mark complete
keys u
mark undone
# Clearing t_cn leaves ICN1 with half a timing: a draft; Esc drops it.
keys 2 g j
mark tcn
keys x
mark cleared
keys Escape
mark dropped
# A draft asks before quitting.
keys x
mark again
keys q
mark ask
keys n
mark stay
keys q
mark ask2
keys y
run 120 40 sharifi-n592

has start "λ_g*=0.0007154"
has prompt0 "traffic.mix.0.prob = 0.5"
has draft "incomplete: traffic.mix: probabilities sum to 0.9 (allowed: probabilities summing to 1)"
has draft "incomplete edit: last valid curve"
has draft " 0  32  0.4"
# Nothing was sent to the worker: the last valid numbers stay.
lacks draft "computing"
has draft "59.838 tu"
has prompt1 "traffic.mix.1.prob = 0.5"
has complete "traffic.mix.1.prob: 0.5 -> 0.6: the edit is complete"
lacks complete "incomplete:"
has complete "λ_g*=0.0006707"
lacks complete "59.838 tu"
has undone "λ_g*=0.0007154"
has undone " 0  32  0.5"
has tcn "network.icn1.t_cn"
has cleared "network.icn1.t_cn: 0.436 -> (not set)"
has cleared "incomplete: network.icn1"
# The cleared field stays on show (dimmed "-") while the draft is open.
has cleared "   t_cn     - time units/flit"
has dropped "dropped the incomplete edit"
lacks dropped "incomplete:"
has again "incomplete: network.icn1"
has ask "The edit in progress is incomplete"
has stay "not quitting"
has ask2 "The edit in progress is incomplete"
echo "ok: draft"
