#!/bin/sh
# save.sh: edit, save to a temporary file (comments kept), open it back;
# shipped presets are refused; a save that cannot keep the comments asks
# first.
. "$(dirname "$0")/lib.inc"

out="$TMPD/saved.yaml"
start 80 24
settled
keys 1 j l l +
wait_for "0.15 -> 0.16"
# A shipped preset is never overwritten.
keys w C-u
text "$REPO/presets/javadi-n1120.yaml"
keys Enter
wait_for "refused: shipped presets are never overwritten"
keys w C-u
text "$out"
keys Enter
wait_for "(comments kept)"
[ -f "$out" ] || fail "no file written"
grep -q "tau: 0.16}   # 32 nodes each" "$out" || fail "the edit or its comment is missing"
grep -q "^# javadi-n1120" "$out" || fail "the header comment is gone"
"$ICNX" --batch --check "$out" >/dev/null || fail "the saved file does not load"
screen | grep -q "saved.yaml |" || fail "the status does not name the saved file"
# Add a group: the comments cannot be kept, so it asks.
keys a
wait_for "clusters.3 added"
keys w Enter
wait_for "cannot be kept"
keys y
wait_for "written afresh"
"$ICNX" --batch --check "$out" >/dev/null || fail "the rewritten file does not load"
grep -q "count: 16" "$out" || fail "the rewritten file lost a group"
# Open it back in a new session.
keys q
[ "$(wait_exit)" = 0 ] || fail "exit status"
start 80 24 "$out"
settled
screen | grep -q " 3    16    2  0.16 " || fail "the saved group 3 is not there"
screen | grep -q "C = 48 clusters" || fail "the totals do not match the saved file"
keys q
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: save"
