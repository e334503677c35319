#!/bin/sh
# bad_input.sh: every class of bad configuration is refused with its exact
# message and exit status 2, never a crash: each tests/bad/*.yaml file
# (expected.tsv: file <TAB> the stderr line), each bad --set
# (sets-expected.tsv: KEY=VALUE <TAB> the stderr line), and bad options.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
fail=0
check() { # label, expected-line, command...
	label=$1; want=$2; shift 2
	got=$("$@" 2>&1 >/dev/null | head -n 1); rc=0
	"$@" >/dev/null 2>&1 || rc=$?
	if [ "$rc" -ne 2 ]; then echo "FAIL $label: exit $rc, want 2"; fail=1; fi
	if [ "$got" != "$want" ]; then
		echo "FAIL $label:"; echo "  got:  $got"; echo "  want: $want"; fail=1
	fi
}
# CPU ms (user + system) of this shell's finished children into $cpu (POSIX
# times, run in this shell: a $(...) subshell has no finished children)
cpu_ms() {
	times >"${TMPDIR:-/tmp}/bad_input.$$"
	cpu=$(sed -n 2p "${TMPDIR:-/tmp}/bad_input.$$" | awk '{ n = 0
		for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60000 + a[2] * 1000 }
		printf "%d\n", n }')
	rm -f "${TMPDIR:-/tmp}/bad_input.$$"
}
n=0
tab=$(printf '\t')
while IFS="$tab" read -r file want; do
	check "$file" "$want" "$ICNX" --check "tests/bad/$file"; n=$((n + 1))
	check "$file (batch)" "$want" "$ICNX" --batch "tests/bad/$file"; n=$((n + 1))
done < tests/bad/expected.tsv
# Every bad file has an expected line.
for f in tests/bad/*.yaml; do
	grep -q "^$(basename "$f")$tab" tests/bad/expected.tsv || { echo "FAIL no expectation for $f"; fail=1; }
done
while IFS="$tab" read -r set want; do
	check "--set $set" "$want" "$ICNX" --check javadi-n1120 --set "$set"; n=$((n + 1))
done < tests/bad/sets-expected.tsv
check "bad -o" "icnx: -o nope: model multicluster has no such output (allowed: curve, sim, summary, saturation, hops, hop-bars, point, distances, pattern-distances, cluster-latency, anynet, anynet-external)" \
	"$ICNX" --batch javadi-n1120 -o nope
check "adaptive routing in the trees" "icnx: javadi-n544: sim.routing: the multi-cluster simulator routes deterministically (in every tree up by the destination's digit, destination mod k); set sim.routing to deterministic" \
	"$ICNX" --batch javadi-n544 -o sim --load 0.0001:0.0001:1 --set sim.routing=adaptive
# The simulator's work limit, known before simulating (icnx.yaml(5) LIMITS):
# on the 1024-switch network (32768 nodes) 2,025,000 messages of 32 flits
# (5 replications, a warm-up of 5000 each)
# over 5.18 channels need at least 0.9 x 166.8 events each, above a
# correlation-patterns point's share (1e10 / 40) and a pairs point's 1e9.
# Refused before anything is simulated: under 10 s of CPU, where simulating
# to the limit took 21 s (pairs) and 5 s (one point of the patterns).
worst=tests/limits/irregular-worst.yaml
check "work floor, correlation-patterns" "icnx: $worst: sim.measured: a point of 5 x 5000 + 2000000 messages (5 replications, a warm-up each) of 32 flits over 5.18 channels (the mean up*/down* route, node links included) needs at least 3.04e+08 simulator events, above the limit of 2.5e+08 per point (icnx.yaml(5) LIMITS): at most 1640928 measured messages fit (uniform traffic; 40 points share the run's 1e+10 events)" \
	"$ICNX" --batch $worst -o correlation-patterns --set sim.measured=2000000
cpu_ms; cpu0=$cpu
check "work floor, pairs" "icnx: $worst: sim.measured: a point of 5 x 5000 + 10000000 messages (5 replications, a warm-up each) of 32 flits over 5.18 channels (the mean up*/down* route, node links included) needs at least 1.5e+09 simulator events, above the limit of 1e+09 per point (icnx.yaml(5) LIMITS): at most 6638715 measured messages fit" \
	"$ICNX" --batch $worst -o pairs --set sim.measured=10000000
cpu_ms; cpu1=$cpu
[ "$cpu1" -gt "$cpu0" ] && [ $((cpu1 - cpu0)) -lt 10000 ] ||
	{ echo "FAIL work floor: the refusal took $((cpu1 - cpu0)) ms of CPU (simulated?)"; fail=1; }
# ... and the presets' per-pair outputs still run with their defaults
# (tests/limits.sh runs their correlation-patterns whole in make ci).
for p in arnau-autonet10 arnau-random16 arnau-random24; do
	"$ICNX" --batch $p -o correlation >/dev/null || { echo "FAIL $p -o correlation refused"; fail=1; }
done
check "bad -f" "icnx: unknown format 'xml' (allowed: table, csv, tsv, json)" "$ICNX" --batch -f xml
# one message for every malformed --load, naming all three forms, and for
# a list the item at fault (an empty item is refused, not dropped; values
# are decimal: 0x1p-10 is refused, as in preset fields)
loadforms="expected FROM:TO:N (N >= 1 points, 0 <= FROM < TO; X:X:1 is X), a list X1,X2,... (at most 256 ascending decimal values >= 0) or one value X"
check "bad --load" "icnx: --load 1:0:5: $loadforms" "$ICNX" --batch --load 1:0:5
check "bad --load list" "icnx: --load 0.2,0.1: item 2 (0.1) is not above the one before it; $loadforms" "$ICNX" --batch --load 0.2,0.1
check "bad single --load" "icnx: --load -0.1: item 1 (-0.1) is negative; $loadforms" "$ICNX" --batch --load -0.1
check "not a --load" "icnx: --load 1e: item 1 '1e' is not a decimal number; $loadforms" "$ICNX" --batch --load 1e
check "empty --load item" "icnx: --load 0.001,,0.002: item 2 is empty; $loadforms" "$ICNX" --batch --load 0.001,,0.002
check "empty first --load item" "icnx: --load ,0.001: item 1 is empty; $loadforms" "$ICNX" --batch --load ,0.001
check "hex --load" "icnx: --load 0x1p-10: item 1 '0x1p-10' is not a decimal number; $loadforms" "$ICNX" --batch --load 0x1p-10
check "hex --at" "icnx: --at 0x1p-10: expected a value >= 0 (a load, or a message size in bytes for ethernet)" "$ICNX" --batch --at 0x1p-10
# hexadecimal field values (issue 23 item 10: 0x20 and 0x1p5 were 32)
check "hex --set" "icnx: --set m=0x20: m: '0x20' is not a decimal number (values are written in decimal, as in the papers; allowed: an even integer in [4, 64])" \
	"$ICNX" --batch javadi-n1120 --set m=0x20
check "hex real --set" "icnx: --set clusters.1.tau=0x1p-3: clusters.1.tau: '0x1p-3' is not a decimal number (values are written in decimal, as in the papers; allowed: a number in [0, 1))" \
	"$ICNX" --batch javadi-n1120 --set clusters.1.tau=0x1p-3
# --points: a piece starting past the sweep is an error
check "--points past the sweep" "icnx: kiasari-s5-v6: --points 7:9: the sweep has points 0..4, none from 7 (I must be a point of the sweep)" \
	"$ICNX" --batch kiasari-s5-v6 -o curve --load 0.002:0.004:5 -f csv --points 7:9
check "fractional bytes in a --load list" "icnx: lastovetsky-hcl16: --load: 100.5: the size_bytes values are whole bytes" \
	"$ICNX" --batch lastovetsky-hcl16 --load 100.5,2000
# the message names every directory looked in, the tree's presets (the
# executable's directory/../presets) included, and the ways out
tree=$(cd "$(dirname "$(readlink -f "$ICNX")")/../presets" && pwd -P)
check "no preset" "icnx: no preset named 'nonesuch': no nonesuch.yaml in presets, $HOME/.config/icnx/presets, $tree, /usr/local/share/icnx/presets ('icnx --list-presets' lists the names found; run icnx in the source tree, 'make install' it, set ICNX_PRESETS_DIR=DIR, or name the file: DIR/nonesuch.yaml)" \
	env -u XDG_CONFIG_HOME -u ICNX_PRESETS_DIR "$ICNX" --batch nonesuch
check "missing file" "icnx: /nonexistent/x.yaml: cannot open: No such file or directory" "$ICNX" --check /nonexistent/x.yaml
check "unknown option" "icnx: unknown option '--frobnicate'" "$ICNX" --frobnicate
echo "bad inputs: $n files/sets checked"
exit $fail
