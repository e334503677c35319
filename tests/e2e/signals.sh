#!/bin/sh
# signals.sh: every terminating signal that can be caught leaves the
# terminal restored (normal screen, cursor visible, keypad and mouse off)
# and the status is 128 + the signal (issue 14, defect 14: SIGQUIT and
# SIGUSR1 used to leave the alternate screen with the cursor hidden).
. "$(dirname "$0")/lib.inc"

# Linux signal numbers (dash's kill -l does not map names to numbers).
for pair in QUIT:3 USR1:10 USR2:12 ALRM:14; do
	sig=${pair%:*}
	start 80 24
	wait_for " ms "
	# The pane's icnx, from /proc (a minimal system has no ps).
	child=$(icnx_pid) || fail "no icnx process under the pane"
	kill -"$sig" "$child"
	st=$(wait_exit)
	want=$((128 + ${pair#*:}))
	[ "$st" = "$want" ] || fail "SIG$sig: status $st, wanted $want"
	check_restored
done
echo "ok: signals"
