#!/bin/sh
# stems.sh: the explorer draws a discrete distribution as stems (issue 13:
# arnau-autonet10's four equivalent distances were a connected line that
# implied pairs at 1.5 or 2.5; arnau-random24's zig-zagged to zero between
# values).  Headless, 80x24, --ascii, the first screen of every arnau-*
# preset (the irregular family's curve output is declared discrete,
# output_desc.discrete): in the plot's data area every column is empty or
# one stem, a marker ('*', or 'X' for the cursor) on top of an unbroken
# run of '|' (or lower markers) down to the row above the x axis; no line
# glyph anywhere between the distances.
. "$(dirname "$0")/headless.inc"

n=0
for f in "$REPO"/presets/arnau-*.yaml; do
	p=$(basename "$f" .yaml)
	n=$((n + 1))
	mark first
	keys q
	run 80 24 --ascii "$p"
	# The plot pane: right of the separator, down to the x axis ("++--").
	shot first | sed 's/^[^|]*|//' | awk '/^ *\+\+-/ { exit } { print }' | tail -n +3 >"$TMPD/plot"
	[ "$(wc -l <"$TMPD/plot")" -ge 8 ] || { cat "$TMPD/plot"; fail "$p: no plot area found"; }
	awk -v p="$p" '
		{ i = match($0, /[|+]/); line[NR] = substr($0, i + 1); rows = NR }   # right of the y axis
		END {
			w = 0
			for (r = 1; r <= rows; r++) if (length(line[r]) > w) w = length(line[r])
			stems = 0
			for (x = 1; x <= w; x++) {
				top = 0
				for (r = 1; r <= rows; r++) {
					ch = substr(line[r], x, 1)
					if (ch == "" || ch == " ") {
						if (top) { printf "%s: column %d broken at row %d\n", p, x, r; bad = 1 }
						continue
					}
					if (!top) {
						if (ch != "*" && ch != "X") {
							printf "%s: column %d starts with \"%s\", not a marker\n", p, x, ch; bad = 1
						}
						top = r; stems++
					} else if (ch != "|" && ch != "*" && ch != "X") {
						printf "%s: column %d has \"%s\" in a stem\n", p, x, ch; bad = 1
					}
				}
			}
			if (stems < 3) { printf "%s: %d stems\n", p, stems; bad = 1 }
			exit bad
		}' "$TMPD/plot" >"$TMPD/why" || { cat "$TMPD/plot"; fail "$(head -n 3 "$TMPD/why")"; }
done
[ "$n" -ge 3 ] || fail "found $n arnau presets"
echo "ok: stems"
