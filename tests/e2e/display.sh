#!/bin/sh
# display.sh: --ascii, TERM=linux and NO_COLOR: ASCII glyphs only, no
# colour escapes, and everything still readable at 80x24.
. "$(dirname "$0")/lib.inc"

ascii_only() {
	if screen | LC_ALL=C grep -q '[^ -~]'; then
		fail "non-ASCII characters on the screen"
	fi
}

start 80 24 --ascii
settled
ascii_only
screen | grep -q "offered load lambda_g" || fail "no ASCII axis label"
screen | grep -q "tau_i" || fail "symbols not spelled out"
keys q
wait_exit >/dev/null

E2E_TERM=linux start 80 24
settled
ascii_only
keys q
wait_exit >/dev/null

E2E_ENV="NO_COLOR=1" start 80 24
settled
# Attributes (bold, reverse, dim) are fine; colours 30-37, 40-47, 256 are not.
if $T capture-pane -p -e | grep -q '\[\([0-9;]*;\)\{0,1\}\(3[0-7]\|4[0-7]\|38;5\|48;5\)[;m]'; then
	fail "colour escapes with NO_COLOR"
fi
keys q
wait_exit >/dev/null
echo "ok: display"
