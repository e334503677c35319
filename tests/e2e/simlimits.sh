#!/bin/sh
# simlimits.sh: issue 22's simulator reproducers, as a user types them.
# Defect 2: a tiny load (1e-17; sim.load=1e-300 of -o pairs) is refused
# with the reason (the clock) and exit 2, in each family, not printed
# saturated; a small load that fits gives the zero-load latency.  Defect 3:
# a short window on a network that started empty (sim.measured=100,
# sim.warmup=0) is not saturated at light loads, and -o saturation with
# those settings is near the full run's (it was 32 times too low).  The
# budget: sim.budget=1000 says it ran out before the warm-up ended (exit
# 2); measured = warm-up = 1e7 is refused before simulating, in each
# family (it ran 38 s).  Issue 23: refusals quote loads in the screen's
# units.  All short runs.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# expect_refusal NAME PATTERN ICNX-ARGS...: exit 2, PATTERN on stderr
expect_refusal() {
	name=$1 pat=$2; shift 2
	"$ICNX" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 2 ] || ! grep -q "$pat" "$tmp/err"; then
		echo "FAIL $name: exit $rc, '$(cat "$tmp/err")' (want exit 2 and '$pat')"
		fail=1
	fi
}

for p in kiasari-s5-v6 javadi-n544; do
	expect_refusal "$p 1e-17" "too small to simulate.*a load .* times as large runs" \
		--batch $p -o sim -f csv --load 1e-17
done
expect_refusal "arnau-random16 -o pairs 1e-300" "too small to simulate" \
	--batch arnau-random16 -o pairs -s sim.load=1e-300
"$ICNX" --batch kiasari-s5-v6 -o sim -f csv -s sim.measured=2000 --load 1e-14 >"$tmp/zl" ||
	{ echo "FAIL 1e-14 did not run"; fail=1; }
# the zero-load latency of S5, M = 32: 32 + 26/7 = 35.71 (plus overlaps)
awk -F, 'NR == 2 { exit !($2 > 35.7 && $2 < 36.0) }' "$tmp/zl" ||
	{ echo "FAIL 1e-14: $(tail -n 1 "$tmp/zl")"; fail=1; }

"$ICNX" --batch kiasari-s5-v6 -o sim -f csv -s sim.measured=100 -s sim.warmup=0 \
	--load 0.001,0.002,0.003 >"$tmp/short" || { echo "FAIL short window"; fail=1; }
if grep -q inf "$tmp/short" || [ "$(wc -l <"$tmp/short")" -ne 4 ]; then
	echo "FAIL short window reports saturation:"; cat "$tmp/short"; fail=1
fi
# ... nor on a warm network (warm-up 1200): the rule failed by chance on a
# 100-message window and printed inf at 0.002 and 0.003 (review of fd3c806)
"$ICNX" --batch kiasari-s5-v6 -o sim -f csv -s sim.measured=100 -s sim.warmup=1200 \
	--load 0.001,0.002,0.003 >"$tmp/warm" || { echo "FAIL short warm window"; fail=1; }
if grep -q inf "$tmp/warm" || [ "$(wc -l <"$tmp/warm")" -ne 4 ]; then
	echo "FAIL short warm window reports saturation:"; cat "$tmp/warm"; fail=1
fi
"$ICNX" --batch kiasari-s5-v6 -o saturation -f csv -s sim.measured=100 -s sim.warmup=0 \
	>"$tmp/sat" || { echo "FAIL saturation, short window"; fail=1; }
# the full run's is 0.0225 (sim.measured=2000, the default per-vc injection;
# 0.0131 with sim.injection=single); was 0.000366.  A 100-message probe
# judged over 1200 messages is a coin toss from about 0.7 of saturation
# (0.0190 when the search started from the bound, 0.0163 from bound/0.95):
# the check is against the collapse, not for the value.
awk -F, '$1 == "saturation_load" { ok = $2 > 0.012 && $2 < 0.0235 } END { exit !ok }' \
	"$tmp/sat" || { echo "FAIL short-window saturation: $(grep saturation_load "$tmp/sat")"; fail=1; }

expect_refusal "budget 1000" "sim.budget: the budget of 1e+03 cycles ran out before the 5000 warm-up" \
	--batch kiasari-s5-v6 -o sim -f csv -s sim.budget=1000 --load 0.001
# issue 23: a refusal quotes the load as the screen shows it (sharifi's
# simulator counts cycles of q = t_min / R: 0.000371192 msg/node/time unit
# was quoted as "load 1.73996e-05", a number shown nowhere), in the curve
# and in the saturation search's probes
expect_refusal "n1144 load in time units" "generated at load 0.000371192 msg/node/time unit" \
	--batch sharifi-n1144 -o curve --sim --load 0.000371192 -s sim.budget=1000
expect_refusal "n1144 saturation probe in time units" "generated at load 0.000[0-9]* msg/node/time unit" \
	--batch sharifi-n1144 -o saturation -s sim.budget=1000
for p in kiasari-s5-v6 javadi-n544; do
	start=$(date +%s)
	expect_refusal "$p 1e7 + 1e7" "sim.warmup: a point of 5 x 10000000 + 10000000 messages (5 replications, a warm-up each) .* (the mean route, node links included) needs at least" \
		--batch $p -o sim -s sim.measured=10000000 -s sim.warmup=10000000
	[ $(( $(date +%s) - start )) -le 5 ] || { echo "FAIL $p: refused late"; fail=1; }
done
[ $fail -eq 0 ] && echo "ok: simlimits"
exit $fail
