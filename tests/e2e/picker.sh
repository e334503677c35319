#!/bin/sh
# picker.sh: the preset picker's / filter matches the model and its title
# too ("star" finds the kiasari presets, "ethernet" lastovetsky's), and C-u
# clears it as in the other line editors (issue 13); Enter while filtering
# opens the selected match; a letter no key uses starts the filter.
# Headless.
. "$(dirname "$0")/headless.inc"

keys o /
text star
mark star
keys C-u
text ethernet
mark ethernet
keys C-u
mark cleared
keys Escape Escape q
run 80 24 javadi-n1120
has star "kiasari-s5-v9"
lacks star "javadi-n544"
has ethernet "lastovetsky-hcl16"
lacks ethernet "kiasari-s5-v9"
has cleared "javadi-n544"
has cleared "kiasari-s5-v9"

# Enter after / opens the selected match (it only closed the filter)
keys o /
text hcl16
keys Enter
mark opened
keys q
run 80 24 javadi-n1120
has opened "lastovetsky-hcl16"
lacks opened "filter: hcl16"

# a letter no key uses starts the filter (it did nothing, and Enter then
# opened the first row: "v9" Enter opened arnau-autonet10)
keys o
text v9
mark typed
keys Enter
mark typedopen
keys q
run 80 24 javadi-n1120
has typed "filter: v9"
has typedopen "kiasari-s5-v9"
echo "ok: picker"
