#!/bin/sh
# refinedfigure.sh: the refined model in the figures of key F and
# --figure (issue 20 item 3): with options.model = refined the figure has
# the refined curve (its own dash-dot line, its saturated points left
# out), its saturation line (dotted) at the summary's
# saturation_load_refined, and a key as the explorer's legend: "printed
# model", "refined model (icnx)", "saturation X", "refined sat X".  In the
# explorer (javadi-n544 with simulated points; UTF-8, --ascii and
# NO_COLOR): F after M hid the refined model writes the printed model
# alone.  In batch: the star with a one-port node, and a multi-cluster
# curve with --sim (cut-through concentrators); without the option no
# refined line.  gnuplot renders each (CI: gnuplot required).  Headless.
. "$(dirname "$0")/headless.inc"
. "$(dirname "$0")/gnuplot.inc"

# rsat PRESET SETS...: the summary's refined saturation load, as a figure
# labels it (3 significant digits)
rsat() {
	p=$1
	shift
	(cd "$REPO" && "$ICNX" --batch "$p" "$@" -o summary -f csv) |
		awk -F, '$1 == "saturation_load_refined" { printf "%.3g", $2 }'
}
# refined FILE RSAT: FILE has the printed and the refined curve, the
# refined saturation line and the key as on screen
refined() {
	for want in "title 'printed model'" "dashtype (8,4,2,4) linecolor 2 title 'refined model (icnx)'" \
		"nohead dashtype (2,4)" "set label 3 'refined sat $2'" \
		"keyentry with lines dashtype (2,4) linecolor rgb 'gray40' title 'refined sat $2'" \
		"keyentry with lines dashtype 2 linecolor rgb 'gray40' title 'saturation "; do
		grep -qF -- "$want" "$1" || fail "$1 lacks '$want'"
	done
}

SIM="--set sim.measured=300 --set sim.warmup=100"
RS=$(rsat javadi-n544 --set options.model=refined)
[ -n "$RS" ] || fail "no saturation_load_refined in javadi-n544's summary"
for cs in utf8 ascii nocolor; do
	opt="" env=""
	case $cs in ascii) opt=--ascii ;; nocolor) env="NO_COLOR=1" ;; esac
	keys 4 r F C-u
	text "$TMPD/$cs.gp"
	keys Enter
	mark written
	keys M F C-u
	text "$TMPD/$cs-off.gp"
	keys Enter
	mark off
	keys q
	E2E_ENV=$env run 80 24 $opt $SIM --set options.model=refined javadi-n544
	has written "wrote the plot as a gnuplot figure"
	has written "refined model (icnx)"
	f="$TMPD/$cs.gp"
	refined "$f" "$RS"
	grep -qF "title 'simulation (95% interval)'" "$f" || fail "$cs: the figure lacks the points"
	# the screen's legend names the refined saturation as the figure does
	# (the screen in its own number format: compare the values)
	scr=$(shot written | sed -n 's/.*refined sat \([0-9.e-]*\).*/\1/p' | head -n 1)
	awk -v a="$scr" -v b="$RS" 'BEGIN { exit !(a + 0 > 0 && (a - b) / b < 0.01 && (b - a) / b < 0.01) }' ||
		fail "$cs: the screen's refined sat '$scr' is not the figure's $RS"
	render "$f"
	grep -qF "refined model (icnx)" "$f.svg" || fail "$cs: the SVG lacks the refined legend"
	grep -qF "refined sat $RS" "$f.svg" || fail "$cs: the SVG lacks the refined saturation"
	# M hid it: the figure as the screen, the printed model alone
	f="$TMPD/$cs-off.gp"
	[ -s "$f" ] || fail "$cs: F after M wrote nothing"
	grep -q "refined model\|refined sat\|(8,4,2,4)" "$f" &&
		fail "$cs: the refined model is in the figure after M hid it"
	render "$f"
done

# batch: the star's one-port node (the curve to its printed saturation)
SETS="--set options.model=refined --set sim.injection=single"
RS=$(rsat kiasari-s5-v6 $SETS)
(cd "$REPO" && "$ICNX" --batch kiasari-s5-v6 $SETS -o curve -f csv --figure "$TMPD/star.gp") \
	>/dev/null || fail "--figure of the refined star failed"
refined "$TMPD/star.gp" "$RS"
# the refined curve's saturated points are missing values, not infinities
sed -n '/^\$s1 << EOD/,/^EOD/p' "$TMPD/star.gp" | grep -q ' NaN$' ||
	fail "the refined curve past its saturation is not left out"
render "$TMPD/star.gp"
# multi-cluster, cut-through concentrators, three simulated points
SETS="--set options.model=refined --set sim.concentrator=cut-through"
RS=$(rsat sharifi-n592 $SETS)
(cd "$REPO" && "$ICNX" --batch sharifi-n592 $SETS $SIM -o curve --sim \
	--load 0.0001,0.0002,0.0003 -f csv --figure "$TMPD/mc.gp") >"$TMPD/mc.csv" ||
	fail "--figure of the refined multi-cluster curve with --sim failed"
refined "$TMPD/mc.gp" "$RS"
n=$(sed -n '/^\$s2 << EOD/,/^EOD/p' "$TMPD/mc.gp" | grep -c '^0\.000')
[ "$n" = 3 ] || fail "the multi-cluster figure's simulated block has $n points, not 3"
render "$TMPD/mc.gp"
# the printed model alone: no refined line, no refined saturation
(cd "$REPO" && "$ICNX" --batch sharifi-n592 -o curve -f csv --figure "$TMPD/paper.gp") \
	>/dev/null || fail "--figure of the printed model failed"
grep -q "refined model\|refined sat\|(8,4,2,4)\|keyentry" "$TMPD/paper.gp" && fail "the printed model's figure has a refined line"
render "$TMPD/paper.gp"
echo "ok: refinedfigure"
