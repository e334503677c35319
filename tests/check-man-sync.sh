#!/bin/sh
# check-man-sync.sh: the man pages generated from templates (man/*.in) match
# what the program prints from its tables now.  Regenerate with `make man`.
set -u
ICNX=${1:-./icnx}
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
rc=0
for in in man/*.in; do
	[ -f "$in" ] || continue
	page=$(basename "$in" .in)
	sh tests/gen-man.sh "$ICNX" "$tmp" "$page" || { rc=1; continue; }
	if ! cmp -s "$tmp" "man/$page"; then
		diff -u "man/$page" "$tmp" | head -40
		echo "man/$page is out of date: run 'make man'"
		rc=1
	fi
done
# icnx(1) describes every output of every family, in the descriptors'
# order: the '.It Cm NAME' items of 'Outputs of the FAMILY model' are the
# names --help lists for that family (from the family descriptors)
"$ICNX" --help | awk '/^  model: / { f = $2; next } f && /^    [a-z]/ { print f, $1 }' >"$tmp"
for fam in $(cut -d' ' -f1 "$tmp" | uniq); do
	want=$(awk -v f="$fam" '$1 == f { print $2 }' "$tmp" | tr '\n' ' ')
	got=$(awk -v f="$fam" '/^\.Ss / { in_s = ($0 == ".Ss Outputs of the " f " model"); next }
		/^\.S[hs] / { in_s = 0 } in_s && /^\.It Cm / { print $3 }' man/icnx.1.in | tr '\n' ' ')
	if [ -z "$want" ] || [ "$want" != "$got" ]; then
		echo "icnx(1) 'Outputs of the $fam model' lists: $got"
		echo "  the $fam family's outputs (icnx --help):  $want"
		rc=1
	fi
done
[ $rc -eq 0 ] && echo "man pages in sync with the program's tables"
exit $rc
