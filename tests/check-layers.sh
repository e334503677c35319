#!/bin/sh
# check-layers.sh: the include table of docs/ARCHITECTURE.md ("Source
# layout"), enforced.  Every `#include "dir/file.h"` in src/ crossing from
# one directory to another must be an edge of the table below; the table
# itself must have no cycle; and the known leaks (issue 21 item 2) are
# listed file by file, so none can spread and a fixed one must be struck
# from the list (a stale exception fails too).  Exit 1 naming the lines.
set -u
cd "$(dirname "$0")/.." || exit 2

# layer: the directories it may include (besides itself and libc).
# "family.h" stands for family/family.h alone (the descriptor), not the
# families' own headers.
allowed='
base:
topo:
model: topo
sim: topo
render:
config: base
family: config model topo sim base
engine: family config base
cli: config family base
batch: cli family config base
ui: engine config render base family.h
main: base batch cli config ui engine family
'

# Known leaks still to fix: "file included-header" (issue 21 item 2).
exceptions='
'

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
echo "$allowed" | sed '/^$/d' >"$tmp/allowed"
echo "$exceptions" | sed '/^$/d' | sort >"$tmp/exceptions"

# Every cross-directory include: "file header fromdir todir".
find src -name '*.[ch]' | sort | while read -r f; do
	d=${f#src/}
	case $d in */*) d=${d%%/*} ;; *) d=main ;; esac
	sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
	while read -r h; do
		case $h in */*) t=${h%%/*} ;; *) continue ;; esac
		[ "$t" = "$d" ] || echo "$f $h $d $t"
	done
done >"$tmp/edges"

bad=0
awk -v exfile="$tmp/exceptions" '
	FNR == NR { sub(":", ""); for (i = 2; i <= NF; i++) ok[$1 " " $i] = 1; layer[$1] = 1; next }
	FILENAME == exfile { ex[$1 " " $2] = 1; next }
	{
		if (!($3 in layer)) { print "unknown layer " $3 ": " $1; bad = 1; next }
		if (($3 " " $4) in ok) next
		if ($4 == "family" && $2 == "family/family.h" && (($3 " family.h") in ok)) next
		if (($1 " " $2) in ex) { used[$1 " " $2] = 1; next }
		print "upward or unlisted include: " $1 " includes " $2 " (" $3 " -> " $4 ")"
		bad = 1
	}
	END {
		for (e in ex) if (!used[e]) { print "stale exception (fixed? strike it): " e; bad = 1 }
		exit bad
	}' "$tmp/allowed" "$tmp/exceptions" "$tmp/edges" || bad=1

# No cycle in the table: repeatedly remove layers that include nothing left.
awk '
	{ sub(":", ""); n[$1] = 0; for (i = 2; i <= NF; i++) { t = $i; sub(/\.h$/, "", t); if (t == "family.h") t = "family"; e[$1, ++n[$1]] = t } }
	END {
		do {
			changed = 0
			for (l in n) {
				if (done[l]) continue
				free = 1
				for (i = 1; i <= n[l]; i++) if (!done[e[l, i]]) free = 0
				if (free) { done[l] = 1; changed = 1 }
			}
		} while (changed)
		c = 0
		for (l in n) if (!done[l]) { print "cycle through layer " l; c = 1 }
		exit c
	}' "$tmp/allowed" || bad=1

[ "$bad" -eq 0 ] && echo "layers: every include follows the table; no cycle; $(wc -l <"$tmp/exceptions") known leaks listed"
exit "$bad"
