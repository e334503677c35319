#!/bin/sh
# collapse.sh: a pane with nothing to edit for the family is collapsed to
# its title line, which says why; it draws no blank rows and the other
# panes get the rows (issue 13: "a collapsed pane draws blank rows").
# Headless at 80x24 and 100x50, the star model (organisation pane empty)
# and the Ethernet model (traffic pane empty), focused or not.
. "$(dirname "$0")/headless.inc"

# left N LABEL: the left column (before the separator) of row N of a screen.
left() {
	shot "$2" | sed -n "${1}p" | sed 's/│.*//'
}

mark first
keys 1
mark focused
keys q
run 80 24 kiasari-s5-v9
for s in first focused; do
	case "$(left 1 $s)" in *"1 organisation"*"(none for star)"*) ;;
		*) fail "$s: the title line does not say why the pane is empty: '$(left 1 $s)'";; esac
	case "$(left 2 $s)" in " 2 network"*) ;;
		*) fail "$s: row 2 is not the network pane's title: '$(left 2 $s)'";; esac
done
has focused "the star model has no organisation fields"

mark first
keys 3
mark focused
keys q
run 80 24 lastovetsky-hcl16
# The traffic pane is the last row of the column (row 22, above the hint
# and status lines); every row above it belongs to the panes that have
# something to show.
for s in first focused; do
	case "$(left 22 $s)" in " 3 traffic"*"(none for ethernet)"*) ;;
		*) fail "$s: row 22 is not the collapsed traffic title: '$(left 22 $s)'";; esac
	n=$(shot $s | head -n 22 | sed 's/│.*//' | grep -c '^ *$')
	[ "$n" = 0 ] || fail "$s: $n blank rows in the left column"
done
case "$(left 21 first)" in *[![:space:]]*) ;; *) fail "row 21 is blank";; esac

mark big
keys q
run 100 50 lastovetsky-hcl16
# Everything fits: the traffic title follows the network pane's last row,
# with no blank row between them.
row=$(shot big | sed 's/│.*//' | grep -n '^ 3 traffic' | cut -d: -f1)
[ -n "$row" ] || fail "no traffic title at 100x50"
case "$(left $((row - 1)) big)" in *points*) ;;
	*) fail "the row above the traffic title is '$(left $((row - 1)) big)', not the network pane's last"
esac
has big "(none in the ethernet model)"
echo "ok: collapse"
