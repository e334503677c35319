#!/bin/sh
# refinedplot.sh: the refined model in the explorer's plot (issue 20 item
# 3), headless at 80x24 in UTF-8, --ascii and NO_COLOR: with
# options.model = refined (star, one-port node) the refined curve is drawn
# beside the printed one with its own glyph ('~') and legend entry, its
# saturation as its own line (';' ASCII, '╎' UTF-8) with the summary's
# saturation_load_refined in the legend, both saturation labels whole;
# the cursor's hint gives the refined value beside the printed one, as
# batch prints it; M hides and shows it, naming the glyphs of the
# charset; a configuration without a
# refined model draws none and M says so.
. "$(dirname "$0")/headless.inc"

SETS="--set options.model=refined --set sim.injection=single"
# rows LABEL: the plot's data rows (right of the separator)
rows() {
	shot "$1" | sed -n 3,14p | sed 's/^[^│|]*[│|]//'
}
sum=$(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 $SETS -o summary -f csv) ||
	fail "batch summary failed"
RSAT=$(echo "$sum" | awk -F, '$1 == "saturation_load_refined" { printf "%.3g", $2 }')
[ -n "$RSAT" ] || fail "no saturation_load_refined in the summary: $sum"

for cs in utf8 ascii nocolor; do
	opt="" env="" line="╎"
	case $cs in ascii) opt=--ascii line=";" ;; nocolor) env="NO_COLOR=1" ;; esac
	keys 4
	mark on
	keys M
	mark off
	keys M
	mark again
	keys q
	E2E_ENV=$env run 80 24 $opt $SETS kiasari-s5-v6
	has on "~ refined model (icnx)"
	has on "$line refined sat $RSAT"
	has on "printed model"
	rows on | grep -q "~" || fail "$cs: the refined curve's glyph is not in the plot"
	rows on | grep -qF "$line" || fail "$cs: the refined saturation line is not drawn"
	rows on | grep -q "refined sat" || fail "$cs: the refined saturation label is not whole"
	rows on | grep -q "saturation" || fail "$cs: the saturation label is not whole"
	lacks off "refined model"
	rows off | grep -q "~" && fail "$cs: M did not hide the refined curve"
	has off "the printed model alone"
	has again "~ refined model (icnx)"
	# M's message names the glyphs the plot draws (it said ';' in UTF-8)
	has again "the refined model (~, its saturation $line)"
	if [ $cs = ascii ]; then
		shot on | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
	fi
	# the hint: the cursor's load, the printed and the refined latency,
	# as batch prints them at that load (6 significant digits)
	hint=$(shot on | grep "cursor ")
	x=$(echo "$hint" | sed -n 's/.* = \([0-9.e-]*\), latency.*/\1/p')
	[ -n "$x" ] || fail "$cs: no cursor load in the hint: $hint"
	want=$(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 $SETS -o curve --load "$x" -f csv |
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ printf "latency = %.6g (refined %.6g)", $c["latency"], $c["latency_refined"] }')
	echo "$hint" | grep -qF "$want" || fail "$cs: the hint is not '$want': $hint"
done

# no refined model: nothing drawn, M says why
keys 4 M
mark none
keys q
run 80 24 kiasari-s5-v6
lacks none "refined model (icnx)"
has none "the curve has no refined model"
echo "ok: refinedplot"
