#!/bin/sh
# export.sh: s writes the curve as CSV (the batch mode's columns), S the
# screen as text.
. "$(dirname "$0")/lib.inc"

start 80 24
settled
keys s C-u
text "$TMPD/curve.csv"
keys Enter
wait_for "wrote the curve (CSV)"
head -n 1 "$TMPD/curve.csv" | grep -q "^load,latency," || fail "bad CSV header"
[ "$(wc -l < "$TMPD/curve.csv")" -eq 101 ] || fail "the CSV does not have 100 rows"
keys S C-u
text "$TMPD/screen.txt"
keys Enter
wait_for "wrote the screen"
grep -q "1 organisation" "$TMPD/screen.txt" || fail "the screen text lacks the panes"
grep -q "offered load" "$TMPD/screen.txt" || fail "the screen text lacks the plot"
# Asking before overwriting.
keys s C-u
text "$TMPD/curve.csv"
keys Enter
wait_for "exists. Overwrite it?"
keys n
wait_for "cancelled"
keys q
wait_exit >/dev/null
echo "ok: export"
