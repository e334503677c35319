#!/bin/sh
# savedir.sh: a directory typed at the save or export prompt gets the file
# inside it, named after the preset; never a file next to it (issue 13:
# "/tmp" wrote /tmp.yaml).  Headless.
. "$(dirname "$0")/headless.inc"

dir="$TMPD/out"
mkdir -p "$dir"
keys 1 j l l +
keys w C-u
text "$dir"
keys Enter
mark saved
keys s C-u
text "$dir/"
keys Enter
mark csv
keys q
run 80 24 javadi-n1120
[ -f "$dir/javadi-n1120.yaml" ] || fail "the preset is not inside the directory"
[ -f "$dir.yaml" ] && fail "a file was written next to the directory"
[ -f "$dir/javadi-n1120-curve.csv" ] || fail "the CSV is not inside the directory"
"$ICNX" --batch --check "$dir/javadi-n1120.yaml" >/dev/null || fail "the saved file does not load"
has saved "javadi-n1120.yaml"
echo "ok: savedir"
