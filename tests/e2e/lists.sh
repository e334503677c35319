#!/bin/sh
# lists.sh: empty lists and whole lists (issue 13).
# - `a` on an empty list adds an item with sensible values: javadi's
#   traffic.mix gets {M_i 32, F_i 1} (then message_length is given twice:
#   a draft says so; x on message_length completes it).
# - D deletes every item of a list in one step: arnau-random24's 36 links,
#   then generate.switches makes it a generated network; one u brings the
#   links back.
. "$(dirname "$0")/lib.inc"

# move KEY: press it and wait for the hint line to follow the selection.
move() {
	hint=$(status_line_hint)
	keys "$1"
	wait_changed "$1 did not move from '$hint'" status_line_hint "$hint"
}
# down_to TEXT: move Down until the hint line shows TEXT (at most 30 times;
# never a key ahead of the screen, so never past TEXT).
down_to() {
	n=0
	while ! status_line_hint | grep -qF -- "$1"; do
		n=$((n + 1))
		[ $n -gt 30 ] && fail "never reached '$1'"
		move Down
	done
}
status_line_hint() {
	screen | sed '/^$/d' | tail -n 2 | head -n 1
}

start 80 24 javadi-n544
settled
step 3
down_to "traffic.mix:"
keys a
wait_for "traffic.mix.0 added"
screen | grep -q " 0  *32  *1 " || fail "the new mix item is not {32, 1}"
wait_for "incomplete: traffic.mix: message length given twice"
move Up; move Up; move Up
down_to "traffic.message_length"
keys x
wait_gone "incomplete:"
keys C-c
wait_exit >/dev/null

start 80 24 arnau-random24
settled
step 1
down_to "links.0"
keys D
wait_for "links cleared (36 items deleted)"
wait_for "incomplete:"
keys u
wait_for "dropped the incomplete edit"
wait_gone "incomplete:"
screen | grep -q "L = 36 links" || fail "the links did not come back"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: lists"
