#!/bin/sh
# labels.sh: labels that say what they are (issue 13).  Batch and headless.
# - javadi's hop table: ICN2 rows have no cluster group (not "-1").
# - lastovetsky's summary: link_overrides counts links (no beta_ij symbol,
#   which would read as a rate of 0).
# - The star distribution's labels are compact ("82.1M nodes") so they fit.
# - At 20x6 the too-small message is wrapped, no word cut.
# - ] on a view without items (Ethernet's summary) says so; no "#1" appears.
# - The organisation pane keeps the model's Q^(i) column in ASCII too
#   ("tau_i" is wider than "tau": one blank between columns when needed).
. "$(dirname "$0")/headless.inc"

cd "$REPO"
"$ICNX" --batch javadi-n1120 -o hops | awk '$2 == "icn2" && $1 == "-1" { bad = 1 } END { exit bad }' ||
	fail "ICN2 rows carry group -1"
"$ICNX" --batch javadi-n1120 -o hops -f csv | grep -q "^,icn2," || fail "ICN2's group is not empty in CSV"
"$ICNX" --batch lastovetsky-hcl16 -o summary | grep "^link_overrides" | grep -q "beta_ij  " &&
	fail "link_overrides still carries the rate symbol beta_ij"

resize_to 20 6
mark small
resize_to 80 24
keys 5 ]
mark step
keys q
run 80 24 lastovetsky-hcl16
has small "Enlarge it,"
has small "or press q."
has step "shows no items to step"
lacks step "#1 "

# The 12-star's distance distribution at 80x24: every bar's label is whole
# ("10 (82.1M nodes)", not "10 (82091130 nod").
keys 5 v v
mark dist
keys q
run 80 24 --set n=12 kiasari-s5-v9
has dist "distance distribution in S12"
has dist "10 (82.1M nodes) │"
rows=$(shot dist | sed 's/^[^│]*│//' | grep -c '^ *[0-9]* (')
[ "$rows" -ge 16 ] || fail "only $rows bars of the 16 distances"
cut=$(shot dist | sed 's/^[^│]*│//' | grep '^ *[0-9]* (' | grep -vc 'nodes) │')
[ "$cut" = 0 ] || fail "$cut bar labels are cut"

mark org
run 80 24 --ascii javadi-n1120
shot org | sed 's/|.*//' | grep -q 'N_i  *Q^(i)' || fail "ASCII organisation pane without Q^(i)"
shot org | sed 's/|.*//' | grep -q '^ 0  *12  *1  *0.1  *8  *0.9937' || fail "ASCII Q^(i) values"
mark orgu
run 80 24 javadi-n1120
shot orgu | sed 's/│.*//' | grep -q 'N_i  *Q^(i)' || fail "UTF-8 organisation pane without Q^(i)"
echo "ok: labels"
