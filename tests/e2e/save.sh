#!/bin/sh
# save.sh: edit, save to a temporary file (comments kept), open it back;
# shipped presets are refused; a save that cannot keep the comments asks
# first.  Headless.
. "$(dirname "$0")/headless.inc"

out="$TMPD/saved.yaml"
# The first save, checked on its own: the comments are kept.
keys 1 j l l +
mark edited
# A shipped preset is never overwritten.
keys w C-u
text "$REPO/presets/javadi-n1120.yaml"
keys Enter
mark shipped
keys w C-u
text "$out"
keys Enter
mark saved
keys q
run 80 24
has edited "0.15 -> 0.16"
has shipped "refused: shipped presets are never overwritten"
has saved "(comments kept)"
[ -f "$out" ] || fail "no file written"
grep -q "tau: 0.16}   # 32 nodes each" "$out" || fail "the edit or its comment is missing"
grep -q "^# javadi-n1120" "$out" || fail "the header comment is gone"
"$ICNX" --batch --check "$out" >/dev/null || fail "the saved file does not load"
has saved "saved.yaml |"

# The same, then add a group: the comments cannot be kept, so it asks.
rm -f "$out"
keys 1 j l l +
keys w C-u
text "$out"
keys Enter
mark saved
keys a
mark added
keys w Enter
mark ask
keys y
mark afresh
keys q
run 80 24
has saved "(comments kept)"
has added "clusters.3 added"
has ask "cannot be kept"
has afresh "written afresh"
"$ICNX" --batch --check "$out" >/dev/null || fail "the rewritten file does not load"
grep -q "count: 16" "$out" || fail "the rewritten file lost a group"

# Open it back in a new session.
keys q
run 80 24 "$out"
has end " 3    16    2  0.16 "
has end "C = 48 clusters"
echo "ok: save"
