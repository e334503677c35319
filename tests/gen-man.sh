#!/bin/sh
# gen-man.sh: build a man page from its template man/NAME.in, replacing the
# marker lines with what the program prints from its own tables:
#   .\" @FIELDS@   ->  icnx --man-fields   (icnx.yaml(5): every preset field)
#   .\" @KEYS@     ->  icnx --man-keys     (icnx(1): the explorer's key table)
# Usage: tests/gen-man.sh ICNX OUTPUT [PAGE]   (PAGE default icnx.yaml.5)
# `make man` runs it for every template; check-man-sync.sh compares.
set -u
ICNX=$1; out=$2; page=${3:-icnx.yaml.5}
cd "$(dirname "$0")/.." || exit 2
in=man/$page.in
[ -f "$in" ] || { echo "gen-man: no template $in"; exit 1; }
fields=$(mktemp); keys=$(mktemp); trap 'rm -f "$fields" "$keys"' EXIT
"$ICNX" --man-fields >"$fields" || exit 1
if grep -q '@KEYS@' "$in"; then "$ICNX" --man-keys >"$keys" || exit 1; fi
awk -v f="$fields" -v k="$keys" '
	/^\.\\" @FIELDS@$/ { while ((getline l < f) > 0) print l; next }
	/^\.\\" @KEYS@$/ { while ((getline l < k) > 0) print l; next }
	{ print }' "$in" >"$out"
