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
[ $rc -eq 0 ] && echo "man pages in sync with the program's tables"
exit $rc
