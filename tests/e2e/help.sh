#!/bin/sh
# help.sh: ? and F1 open the help overlay (the key table and the batch
# commands, what the validation found), arrows scroll it, q and Esc close it, and the explorer goes on.
# Headless.
. "$(dirname "$0")/headless.inc"

keys ?
mark open
keys End
mark end-of-help
keys PgUp
mark validation
keys q
mark closed
keys F1
mark f1
keys Escape
mark esc
keys q
run 80 24

has open "help: q or Esc closes"
has open "Everywhere"
# The commands start with the binary's absolute path, so where a line
# wraps depends on the checkout's path: check the pieces, not one line.
has end-of-help "icnx --batch javadi-n1120 -o"
has end-of-help "plot         "
has end-of-help " curve "
# which readings the simulation supports (family.validation, docs/VALIDATION.md),
# just above the batch commands
has validation "Model against simulation"
has validation "source_rate = node"
# r's line says how its loads are spread as sim.spacing does (even by
# default), not "denser near" saturation
grep -q 'spaced as sim.spacing says (evenly by default)' "$REPO/man/icnx.1" ||
	fail "icnx(1) KEYS: r's loads not as sim.spacing spreads them"
grep -q 'denser near it' "$REPO/man/icnx.1" && fail "icnx(1) KEYS: r 'denser near it'"
lacks closed "help: q or Esc closes"
has closed "4 plot"
has f1 "help: q or Esc closes"
lacks esc "help: q or Esc closes"

# a key bound nowhere says so, naming the pane (it did nothing, silently)
keys 1 z
mark unknown
keys Down
mark next
keys q
run 80 24
has unknown "z does nothing in the organisation pane (? lists the keys)"
lacks next "does nothing"
echo "ok: help"
