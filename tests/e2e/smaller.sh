#!/bin/sh
# smaller.sh: the smaller defects of issue 13, headless at 80x24.
# - b prints a command that runs as shown (the program as it was started,
#   here a full path; ./icnx from a checkout) with the shortest --at that
#   reproduces the numbers: run as printed, it prints the breakdown's row.
# - The star model's organisation pane is not blank: it says why (on its
#   title line, the pane collapsed to it: see collapse.sh).
. "$(dirname "$0")/headless.inc"

keys 5 b
mark cmd
keys q
run 80 24 javadi-n1120
cmd=$(shot cmd | grep -o "[^ ]*icnx --batch javadi-n1120 -o point --at [0-9.e-]*")
[ -n "$cmd" ] || fail "no command"
case "$cmd" in "$ICNX "*) ;; *) fail "'$cmd' does not start with the program as started ($ICNX)";; esac
at=${cmd##* }
[ ${#at} -lt 17 ] || fail "--at $at is not the shortest form"
out=$(cd "$REPO" && sh -c "$cmd") || fail "'$cmd' does not run"
[ "$out" = "$(cd "$REPO" && "$ICNX" --batch javadi-n1120 -o point --at "$at")" ] || fail "not reproducible"
echo "$out" | grep -q "^latency " || fail "no latency row: $out"

keys 1
mark org
keys q
run 80 24 kiasari-s5-v9
has org "1 organisation (none for star)"
has org "no organisation fields"
echo "ok: smaller"
