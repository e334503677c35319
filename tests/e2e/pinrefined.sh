#!/bin/sh
# pinrefined.sh: a pin keeps the refined model's curve of its
# configuration (issue 20): with options.model = refined, p then an edit
# (sim.concentrator: buffered -> cut-through) draws the pin's printed
# curve and its refined curve ('"' in both glyph sets, told from the
# current refined curve's '~'), the pin's legend entry names it ('(\"
# refined)': one entry, so a small plot's legend still fits), M hides
# both refined curves and shows them again, and F writes the pin's
# refined curve into the figure (dash-dot, as the current one's) with the
# key "pin 1: refined".  A pin of the paper model has no refined curve.
# Headless at 100x30: UTF-8, --ascii and NO_COLOR.
. "$(dirname "$0")/headless.inc"

# rows LABEL: the plot's data rows (right of its y axis)
rows() {
	shot "$1" | sed -n 3,20p | sed 's/^.*[│|] *[0-9.]* *[┤+│|]//'
}
for cs in utf8 ascii nocolor; do
	opt="" env=""
	case $cs in ascii) opt=--ascii ;; nocolor) env="NO_COLOR=1" ;; esac
	keys 4 p 3 G + 4
	mark pinned
	keys M
	mark hidden
	keys M F C-u
	text "$TMPD/$cs.gp"
	keys Enter
	mark written
	keys q
	E2E_ENV=$env run 100 30 $opt --set options.model=refined javadi-n544
	has pinned "~ refined model (icnx)"
	has pinned 'pin 1: options.model=refined (" refined)'
	rows pinned | grep -q '"' || fail "$cs: the pin's refined curve ('\"') is not drawn"
	rows pinned | grep -q '~' || fail "$cs: the current refined curve ('~') is not drawn"
	lacks hidden '" refined)'
	rows hidden | grep -q '"' && fail "$cs: M did not hide the pin's refined curve"
	has written "wrote the plot as a gnuplot figure"
	grep -qF "title 'pin 1: refined'" "$TMPD/$cs.gp" ||
		fail "$cs: the figure lacks the pin's refined curve"
	grep -F "title 'pin 1: refined'" "$TMPD/$cs.gp" | grep -qF "dashtype (8,4,2,4)" ||
		fail "$cs: the pin's refined curve is not dash-dot in the figure"
	if [ $cs = ascii ]; then
		shot pinned | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
	fi
done

# an edit into a refused system (sim.V = 2, three rows above the traffic
# pane's last): the pin's refined curve stays, and M says it hides and
# shows the pins' curves (it used to say only why this one has none)
keys 4 p 3 G k k k + 4 M
mark refhide
keys M
mark refshow
keys q
run 100 30 --set options.model=refined javadi-n544
has refhide "the pins' refined curves (\") hidden (M shows them); this configuration has no refined curve: sim.V:"
rows refhide | grep -q '"' && fail "M did not hide the pin's refined curve: $(shot refhide)"
has refshow "the pins' refined curves (\") shown (M hides them)"
rows refshow | grep -q '"' || fail "M did not show the pin's refined curve again: $(shot refshow)"

# a pin of the paper model: no refined curve to keep
keys 4 p 3 G +
mark paper
keys q
run 100 30 javadi-n544
has paper "pin 1:"
lacks paper "refined"
echo "ok: pinrefined"
