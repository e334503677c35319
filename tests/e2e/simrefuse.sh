#!/bin/sh
# simrefuse.sh: in a real terminal (tmux, 80x24, 256 colours), r on a
# network too large for the simulator (the star graph S8) marks the field
# the refusal names (n) as the form marks any refused field, without a
# further key, and says why on the hint line; a running simulation that an
# edit cancels says so (javadi-n544, default budget: the edit comes long
# before its end).
. "$(dirname "$0")/lib.inc"

nrow() {   # the form's row of field n, with its attributes
	$T capture-pane -e -p | grep -m1 '^[^ ]* n  *.*8' | cut -c1-80
}

start 80 24 --set n=8 kiasari-s5-v6
keys 2 j 4
wait_for "4 plot"
before=$(nrow)
[ -n "$before" ] || fail "no row for the field n: $(screen)"
keys r
wait_for "| sim failed"
wait_for "simulation refused: n: the simulator builds every node and channel"
wait_changed "the field n is not marked" nrow "$before"
nrow | grep -q '48;5;' || fail "the field n has no error background: $(nrow | cat -v)"
keys q
wait_exit >/dev/null

start 80 24 javadi-n544
keys 4 r
wait_for "| sim "
keys 3 j j +
wait_for "traffic.message_length: 32 -> 35; simulation cancelled"
status_line | grep -q '| sim ' && fail "the cancelled simulation is still in the status line"
keys q y
wait_exit >/dev/null
echo "ok: simrefuse"
