#!/bin/sh
# ethfirst.sh: the first screen of every Ethernet (lastovetsky-*) preset
# shows the model's feature, the jump of the one-to-many time (Eq. 6) at
# the threshold S, at 80x24 (issue 13): the plot starts on the family's
# starting columns (x_axis.y_columns), one-to-many against point-to-point
# (Eq. 5, no jump), on log axes, S marked, both curves named in the legend
# with their own glyph, the x axis ending at the data's last size.
# - ASCII (--ascii): the one-to-many curve ('*') is drawn at least one row
#   higher just right of the S marker ('!') than just left of it, and the
#   point-to-point curve ('=') just right of S is no higher than the
#   one-to-many curve just left of it (it has no jump).
# - UTF-8: lastovetsky-hcl16's plot pane equals its golden
#   (tests/golden/screen_ethfirst_hcl16_utf8_47x18.txt).
# - m still gives every operation; m again one curve (one-to-many).
. "$(dirname "$0")/headless.inc"

# plot LABEL: the plot pane of a screen (right of the separator, rows 1-18).
plot() {
	shot "$1" | head -n 18 | sed 's/^[^|│]*[|│]//'
}

# top_row COLUMN GLYPH: the first plot row with GLYPH at COLUMN (1-based
# characters, ASCII screens), or 99.
top_row() {
	awk -v c="$1" -v g="$2" 'NR > 2 && NR < 15 && substr($0, c, 1) == g { print NR; f = 1; exit }
		END { if (!f) print 99 }'
}

n=0
for f in "$REPO"/presets/lastovetsky-*.yaml; do
	p=$(basename "$f" .yaml)
	n=$((n + 1))
	mark first
	keys q
	run 80 24 --ascii "$p"
	plot first >"$TMPD/plot.txt"
	grep -q "2 curves  log y" "$TMPD/plot.txt" || fail "$p: not two curves on a log y axis"
	grep -q '^\* one-to-many from [0-9]* (Eq. 6)' "$TMPD/plot.txt" || fail "$p: no one-to-many legend"
	grep -q '^= point-to-point T_ij' "$TMPD/plot.txt" || fail "$p: no point-to-point legend"
	grep -q '^! S 1024' "$TMPD/plot.txt" || fail "$p: S is not marked"
	grep -q ' 1M$' "$TMPD/plot.txt" || fail "$p: the x axis does not end at 1M, the last size"
	# The S marker's column (the '!' of "!S" on the top row of the plot).
	s=$(awk 'NR > 1 && (i = index($0, "!S")) { print i; exit }' "$TMPD/plot.txt")
	[ -n "$s" ] || fail "$p: no S marker in the plot"
	# The nearest column left and right of S that a curve crosses (its top
	# row there).  Below S the two curves may share a row, '*' drawn over
	# '=', so the point-to-point curve is looked for right of S only.
	side() {
		k=1 row=99
		while [ "$row" = 99 ] && [ $k -le 3 ]; do
			row=$(top_row $(($1 + $2 * k)) "$3" <"$TMPD/plot.txt"); k=$((k + 1)); done
		[ "$row" != 99 ] || { cat "$TMPD/plot.txt"; fail "$p: curve $3 not found beside S"; }
		echo "$row"
	}
	lo=$(side "$s" -1 '*') || exit 1
	ro=$(side "$s" 1 '*') || exit 1
	rp=$(side "$s" 1 '=') || exit 1
	[ "$ro" -lt "$lo" ] ||
		{ cat "$TMPD/plot.txt"; fail "$p: the one-to-many curve does not jump at S (rows $lo -> $ro)"; }
	[ "$rp" -ge "$lo" ] ||
		{ cat "$TMPD/plot.txt"; fail "$p: the point-to-point curve jumps at S (row $rp, one-to-many below S at $lo)"; }
done
[ "$n" -ge 2 ] || fail "found $n lastovetsky presets"

mark first
keys m
mark all
keys m
mark one
keys q
run 80 24 lastovetsky-hcl16
plot first >"$TMPD/hcl16.txt"
golden="$REPO/tests/golden/screen_ethfirst_hcl16_utf8_47x18.txt"
if [ -n "${ICNX_UPDATE_GOLDEN:-}" ]; then
	cp "$TMPD/hcl16.txt" "$golden"
fi
diff -u "$golden" "$TMPD/hcl16.txt" || fail "hcl16's first plot differs from $golden"
has all "5 curves"
has all "bcast_flat"
has one "one curve: one_to_many"
has one "one-to-many from 0 (Eq. 6) [s]"
echo "ok: ethfirst"
