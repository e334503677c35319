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
	wait_for " ms " 10
	pid=$($T display -p '#{pane_pid}')
	child=""   # the pane's child, from /proc (a minimal system has no ps)
	for p in /proc/[0-9]*; do
		[ "$(sed -n 's/^PPid:[[:space:]]*//p' "$p/status" 2>/dev/null)" = "$pid" ] &&
			child=${p#/proc/} && break
	done
	[ -n "$child" ] || fail "no icnx process under the pane"
	kill -"$sig" "$child"
	st=$(wait_exit)
	want=$((128 + ${pair#*:}))
	[ "$st" = "$want" ] || fail "SIG$sig: status $st, wanted $want"
	check_restored
	$T kill-server
done
echo "ok: signals"
