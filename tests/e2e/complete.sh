#!/bin/sh
# complete.sh: Tab completes file names at the file prompts, as a shell
# does (issue 13).  Headless.
# - O, "presets/arnau-a", Tab: the one match completes; Enter opens it.
# - O, "presets/kiasari-s5-v", Tab: the common prefix stays, the three
#   matches are listed; "1", Tab, Tab: kiasari-s5-v12.yaml.
# - w, a directory name without its '/': Tab adds it.
# - O, "arnau-ran", Tab: preset names complete too (arnau-random).
. "$(dirname "$0")/headless.inc"

mkdir -p "$TMPD/outdir"
keys O C-u
text "presets/arnau-a"
keys Tab
mark one
keys Enter
mark opened
keys O C-u
text "presets/kiasari-s5-v"
keys Tab
mark several
keys C-u
text "arnau-ran"
keys Tab
mark preset
keys Escape w C-u
text "$TMPD/outd"
keys Tab
mark dir
keys Escape q
run 80 24 javadi-n1120
has one "presets/arnau-autonet10.yaml"
has opened "arnau-autonet10"
has several "3 matches: kiasari-s5-v12.yaml kiasari-s5-v6.yaml kiasari-s5-v9.yaml"
has several "presets/kiasari-s5-v"
has preset "arnau-random"
has dir "$TMPD/outdir/"
echo "ok: complete"
