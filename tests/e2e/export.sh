#!/bin/sh
# export.sh: s writes the curve as CSV (the batch mode's columns), S the
# screen as text; an existing file is not overwritten without asking.
# Headless.
. "$(dirname "$0")/headless.inc"

keys s C-u
text "$TMPD/curve.csv"
keys Enter
mark csv
keys S C-u
text "$TMPD/screen.txt"
keys Enter
mark screen
# Asking before overwriting.
keys s C-u
text "$TMPD/curve.csv"
keys Enter
mark exists
keys n
mark cancelled
keys q
run 80 24

has csv "wrote the curve (CSV)"
head -n 1 "$TMPD/curve.csv" | grep -q "^load,latency," || fail "bad CSV header"
[ "$(wc -l < "$TMPD/curve.csv")" -eq 101 ] || fail "the CSV does not have 100 rows"
has screen "wrote the screen"
grep -q "1 organisation" "$TMPD/screen.txt" || fail "the screen text lacks the panes"
grep -q "offered load" "$TMPD/screen.txt" || fail "the screen text lacks the plot"
has exists "exists. Overwrite it?"
has cancelled "cancelled"
echo "ok: export"
