#!/bin/sh
# soak.sh: a seeded random-key soak of the real explorer in tmux.
#
# Usage: sh tests/soak/soak.sh ICNX [KEYS] [SEED]   (make soak; make ci runs
# it on the ASan+UBSan build and on the plain build)
#
# The explorer runs in a tmux session of its own socket, in a scratch
# directory holding a copy of presets/ (so saves and exports never touch the
# repository) with a private XDG_CONFIG_HOME.  A linear congruential
# generator seeded with SEED (default 14) picks KEYS keys (default 3000) from
# a weighted vocabulary: moving between panes and fields, edits through the
# prompt with valid and invalid text (out of range, junk, empty, long,
# non-ASCII), +/- steps, list items added and deleted, undo/redo, drafts
# dropped, pins set and cleared, views and zoom, help, the batch-command
# box, preset switches through the picker, saves and exports to scratch
# files, terminal resizes down to 20x6 and back, and simulations: r (in
# the plot or breakdown pane), then at once i (the full text), Y, steps,
# typed values, undo, another r, view and cursor keys while it runs (the
# scratch presets simulate 100 + 1000 messages a point).  Keys go in bursts of
# up to 24 without waiting, so most land while the worker recomputes.
# After every burst the process must be alive; every 150 keys a sync point
# (Esc, then help opened and closed: every key before it has been read)
# and its resident set (VmRSS from /proc, no procps) is recorded.  At the end Esc, q (and y when it asks) must exit with status 0
# and the terminal must be restored (no alternate screen, cursor visible).
# Under a sanitizer build every report (ASan, UBSan, LeakSanitizer at exit)
# fails the run (lib.inc's log_path files).  With SOAK_RSS=1 the memory
# must level off: the largest RSS of the last third of the run may exceed
# that of the middle third by at most 10% + 16 MiB (the undo ring holds up
# to 200 configurations of up to 75 KB).
# Budget: 3000 keys take about 30-60 s (plain or ASan), mostly at sync points.
# Prints "ok: soak ..." with the key count, time and RSS levels, or FAIL and
# the seed, the key index and the last keys sent, enough to replay.
ICNX=${1:?usage: soak.sh ICNX [KEYS] [SEED]}
. "$(dirname "$0")/../e2e/lib.inc"
nkeys=${2:-3000}
seed=${3:-14}
soak_rss=${SOAK_RSS:-0}
WORK="$TMPD/work"
mkdir -p "$WORK" "$TMPD/xdg"
cp -R "$REPO/presets" "$WORK/presets"
# Short simulations: the soak drives keys while r runs (the simulator's own
# numbers are other tests' business), so the scratch presets of the
# simulated families simulate 100 + 1000 messages a point (seconds under
# ASan, not minutes), each run still long enough for keys to land in it.
for f in "$WORK"/presets/*.yaml; do
	grep -q '^model: \(multicluster\|star\|irregular\)' "$f" || continue
	if grep -q '^sim:' "$f"; then
		sed -i -e 's/^  measured: .*/  measured: 1000/' -e 's/^  warmup: .*/  warmup: 100/' "$f"
		grep -q '^  measured:' "$f" || sed -i 's/^sim:.*/&\n  measured: 1000/' "$f"
		grep -q '^  warmup:' "$f" || sed -i 's/^sim:.*/&\n  warmup: 100/' "$f"
	else
		printf 'sim:\n  warmup: 100\n  measured: 1000\n  batches: 4\n' >>"$f"
	fi
done

# The explorer in a fresh session, run from the scratch directory.
soak_start() {
	w=$1 h=$2
	: > "$TMPD/exit.tmp"; rm -f "$TMPD/exit"
	$T new-session -d -x "$w" -y "$h" \
		"cd '$WORK' && env TERM=$E2E_TERM XDG_CONFIG_HOME='$TMPD/xdg' \
		ICNX_TEST_CLOCK_MS=$E2E_CLOCK_MS ASAN_OPTIONS='$ASAN_OPTIONS' UBSAN_OPTIONS='$UBSAN_OPTIONS' \
		'$ICNX' $3; echo \$? > '$TMPD/exit.tmp'; mv '$TMPD/exit.tmp' '$TMPD/exit'; sleep 600" \
		|| fail "cannot start tmux"
	$T set-option -g window-size manual >/dev/null 2>&1
	wait_for "? help" 60
}

rng=$seed
# rand N: a number in 0..N-1 in $r (LCG, the same sequence everywhere).
rand() {
	rng=$(( (rng * 1103515245 + 12345) % 2147483648 ))
	r=$(( (rng / 65536) % $1 ))
}
pick() { # pick WORD...: one of the words in $w
	rand $#
	shift "$r"
	w=$1
}

sent=0
burst=""
last=""
send() { # send KEY...: queue keys (tmux names)
	for k in "$@"; do
		burst="$burst $k"
		sent=$((sent + 1))
	done
}
flush() {
	[ -n "$burst" ] || return 0
	# shellcheck disable=SC2086
	$T send-keys $burst || fail "tmux send-keys failed"
	last=$burst
	burst=""
	kill -0 "$pid" 2>/dev/null || {
		[ -f "$TMPD/exit" ] && echo "exit status $(cat "$TMPD/exit")"
		fail "seed $seed: the explorer died after $sent keys (last: $last)"
	}
}
typed() { # typed TEXT: a literal text, counted per character
	flush
	$T send-keys -l -- "$1" || fail "tmux send-keys -l failed"
	sent=$((sent + ${#1}))
}

# sync_point: every key sent so far has been read: close prompts and
# overlays, open the help (its text appears only once the explorer reads
# the '?', after everything before it) and close it again.
# The help needs 40x10: the terminal goes to 80x24 for it and back.
cur_size=80x24
sync_point() {
	[ -n "${SOAK_DEBUG:-}" ] && echo "sync at $sent keys (size $cur_size; last:$last)"
	$T resize-window -x 80 -y 24 >/dev/null 2>&1
	# The resize reaches the explorer as a signal, maybe after the keys
	# (read at a size too small to act on them): ask again until it shows.
	tries=0
	while :; do
		$T send-keys Escape Escape Escape '?' || fail "tmux send-keys failed"
		deadline=$(( $(date +%s) + 4 ))
		while ! screen | grep -qF "Everywhere" && [ "$(date +%s)" -le "$deadline" ]; do
			sleep 0.05
		done
		screen | grep -qF "Everywhere" && break
		tries=$((tries + 1))
		[ $tries -lt 30 ] || fail "seed $seed: no help after $sent keys (last:$last)"
	done
	$T send-keys Escape
	wait_gone "Everywhere" 60
	$T resize-window -x "${cur_size%x*}" -y "${cur_size#*x}" >/dev/null 2>&1
	kill -0 "$pid" 2>/dev/null || fail "seed $seed: the explorer died after $sent keys (last: $last)"
}

soak_start 80 24 javadi-n1120
pid=$(icnx_pid) || fail "no icnx process under the pane"
start_s=$(date +%s)
rss_log=""
next_rss=0
nsim=0; ninfo=0; nfit=0; nedit=0    # r, i, Y and edits of the simulation bursts
sizes="20x6 30x8 40x12 60x20 80x24 100x30 132x43 80x24"
values="12 0.5 3 -1 0 1e400 nan abc '' 99999999 0.001 auto transpose uniform 2.5e-3 1e-300 7"

while [ "$sent" -lt "$nkeys" ]; do
	rand 100
	if   [ "$r" -lt 22 ]; then pick Up Down Left Right j k h l Tab BTab PgUp PgDn Home End g G; send "$w"
	elif [ "$r" -lt 30 ]; then pick 1 2 3 4 5 6; send "$w"
	elif [ "$r" -lt 40 ]; then pick + - = _; send "$w"
	elif [ "$r" -lt 50 ]; then                       # typed edit, valid or not
		send Enter; pick C-u C-a End BSpace; send "$w"
		rand 6
		case "$r" in
		0) typed "$(printf 'x%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40)" ;;
		1) typed "é∞ 1" ;;
		*) pick $values; [ "$w" = "''" ] || typed "$w" ;;
		esac
		pick Enter Enter Enter Escape C-g; send "$w"
	elif [ "$r" -lt 55 ]; then pick a d x Delete; send "$w"
	elif [ "$r" -lt 61 ]; then pick u U C-r Escape R; send "$w"
	elif [ "$r" -lt 66 ]; then pick p p P; send "$w"
	elif [ "$r" -lt 74 ]; then pick c C m v ']' '[' z Z f L A C-l i Y; send "$w"
	elif [ "$r" -lt 77 ]; then send '?'; pick Escape Down Escape; send "$w" Escape
	elif [ "$r" -lt 79 ]; then send b Escape
	elif [ "$r" -lt 83 ]; then                       # preset switch
		send o; rand 8; while [ "$r" -gt 0 ]; do send Down; r=$((r - 1)); done
		pick Enter Enter Escape; send "$w"; pick y n y; send "$w"
	elif [ "$r" -lt 85 ]; then                       # open a file by name
		send O; pick presets/star.yaml nonexistent.yaml presets/arnau-random24.yaml; typed "$w"
		send Enter; pick y n; send "$w"
	elif [ "$r" -lt 88 ]; then                       # save, export (scratch dir)
		pick w s S F; send "$w"; send C-u; rand 4; typed "out$r.yaml"; send Enter
		pick y n Escape; send "$w" Escape
	elif [ "$r" -lt 93 ]; then                       # resize down and back
		flush; pick $sizes
		$T resize-window -x "${w%x*}" -y "${w#*x}" >/dev/null 2>&1 || fail "resize to $w"
		cur_size=$w
		sent=$((sent + 1))
	elif [ "$r" -lt 97 ]; then                       # r, then keys while it runs
		pick 4 4 5 ''; [ -n "$w" ] && send "$w"
		send r; nsim=$((nsim + 1))
		rand 5
		n=$((r + 1))
		while [ "$n" -gt 0 ]; do
			n=$((n - 1))
			rand 9
			case "$r" in
			0|1) send i; pick Escape Down Escape; send "$w"; ninfo=$((ninfo + 1)) ;;
			2) send Y; nfit=$((nfit + 1)) ;;
			3|4) pick + - = _; send "$w"; nedit=$((nedit + 1)) ;;
			5) send Enter C-u; pick 0.5 3 abc 1e-300 12; typed "$w"; send Enter
			   nedit=$((nedit + 1)) ;;
			6) send u; nedit=$((nedit + 1)) ;;
			7) send r; nsim=$((nsim + 1)) ;;
			*) pick v j k Left Right p; send "$w" ;;
			esac
		done
		flush    # r and its keys in one send: they land while it runs
	else pick y n Escape Enter; send "$w"
	fi
	rand 24
	[ "$r" -eq 0 ] && flush
	if [ "$sent" -ge "$next_rss" ]; then
		flush
		next_rss=$((next_rss + 150))
		sync_point
		rss=$(sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' "/proc/$pid/status" 2>/dev/null)
		[ -n "$rss" ] || fail "seed $seed: no /proc/$pid/status after $sent keys"
		rss_log="$rss_log $rss"
	fi
done
flush
cur_size=80x24
sync_point
settled
if [ -n "${SOAK_DEBUG:-}" ]; then
	screen; ls -la "$WORK" "$TMPD/xdg"; echo "RSS KiB:$rss_log"
fi
keys q
i=0
while [ ! -f "$TMPD/exit" ] && [ $i -lt 600 ]; do
	# the question box wraps its text; "quit? " starts it (UTF-8 and ASCII)
	if screen | grep -q "quit? \|Quit and lose\|question -\|─ question"; then keys y; fi
	sleep 0.05; i=$((i + 1))
done
st=$(wait_exit 60)
[ "$st" = 0 ] || fail "seed $seed: q exited with status $st after $sent keys"
check_restored
secs=$(( $(date +%s) - start_s ))
# RSS (KiB) in thirds of the run
set -- $rss_log
n=$#
mid_max=0; end_max=0; i=0
for v in "$@"; do
	i=$((i + 1))
	if [ $((3 * i)) -gt $((2 * n)) ]; then [ "$v" -gt "$end_max" ] && end_max=$v
	elif [ $((3 * i)) -gt "$n" ]; then [ "$v" -gt "$mid_max" ] && mid_max=$v; fi
done
if [ "$soak_rss" = 1 ] && [ "$end_max" -gt $((mid_max + mid_max / 10 + 16384)) ]; then
	fail "seed $seed: memory does not level off: RSS KiB over the run:$rss_log"
fi
echo "ok: soak $(basename "$ICNX") seed $seed: $sent keys in $secs s ($nsim r, $ninfo i and $nfit Y while simulating, $nedit edits during simulations); RSS max KiB middle third $mid_max, last third $end_max"
