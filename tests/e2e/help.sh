#!/bin/sh
# help.sh: ? and F1 open the help overlay (the key table and the batch
# commands), arrows scroll it, q and Esc close it, and the explorer goes on.
. "$(dirname "$0")/lib.inc"

start 80 24
settled
keys ?
wait_for "help: q or Esc closes"
wait_for "Everywhere"
keys End
wait_for "icnx --batch javadi-n1120 -o curve"
keys q
wait_gone "help: q or Esc closes"
screen | grep -q "4 plot" || fail "the plot is gone"
keys F1
wait_for "help: q or Esc closes"
keys Escape
wait_gone "help: q or Esc closes"
keys q
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: help"
