#!/bin/sh
# check-testing-doc.sh: docs/TESTING.md lists every end-to-end script of
# tests/e2e/ in its table (a row starting "| `NAME.sh` |"), so a new script
# cannot go undocumented, and lists none that is gone.
# Usage: sh tests/check-testing-doc.sh   (from anywhere)
set -u
here=$(cd "$(dirname "$0")" && pwd)
doc="$here/../docs/TESTING.md"
bad=0
for f in "$here"/e2e/*.sh; do
	b=$(basename "$f")
	grep -q "^ *| \`$b\` |" "$doc" || { echo "docs/TESTING.md does not list tests/e2e/$b"; bad=1; }
done
for b in $(sed -n 's/^ *| `\([a-z0-9_]*\.sh\)` |.*/\1/p' "$doc"); do
	[ -f "$here/e2e/$b" ] || { echo "docs/TESTING.md lists tests/e2e/$b, which does not exist"; bad=1; }
done
[ "$bad" = 0 ] && echo "docs/TESTING.md lists every end-to-end script"
exit "$bad"
