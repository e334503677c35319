#!/bin/sh
# savedir.sh: a directory typed at the save or export prompt gets the file
# inside it, named after the preset; never a file next to it (issue 13:
# "/tmp" wrote /tmp.yaml).  A missing directory is created only when the
# user says so (issue 23 item 10: created silently); a name of only blanks
# and an existing non-regular file (/dev/null: was turned into
# /dev/null.yaml) are refused with the reason.  Headless.
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
# a missing directory: asked, n writes nothing, y creates it
new="$TMPD/new/sub"
keys 1 j l l +
keys w C-u
text "$new/x.yaml"
keys Enter
mark ask
keys n
mark no
keys w C-u
text "$new/x.yaml"
keys Enter y
mark yes
keys s C-u
text "$TMPD/new2/c.csv"
keys Enter
mark askcsv
keys y
mark csvyes
keys w C-u
text "   "
keys Enter
mark blank
keys w C-u
text "/dev/null"
keys Enter
mark devnull
keys s C-u
text "/dev/null"
keys Enter
mark devnullcsv
keys q
run 100 30 javadi-n1120
has ask "The directory $new does not exist."
has ask "and save x.yaml there?"
has no "cancelled"
[ -f "$new/x.yaml" ] || fail "y did not save into the new directory"
"$ICNX" --batch --check "$new/x.yaml" >/dev/null || fail "the file saved into the new directory does not load"
has yes "(comments kept)"
has askcsv "The directory $TMPD/new2 does not exist."
[ -f "$TMPD/new2/c.csv" ] || fail "y did not export into the new directory"
has blank "not saved: '   ' is not a file name (only blanks)"
has devnull "not saved: /dev/null is a character device, not a regular file"
has devnullcsv "not written: /dev/null is a character device, not a regular file"
[ -e /dev/null.yaml ] && fail "/dev/null.yaml exists"
echo "ok: savedir"
