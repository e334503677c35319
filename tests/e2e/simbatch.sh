#!/bin/sh
# simbatch.sh: the simulator's batch interface.  -o curve --sim adds the
# simulated columns; -j 2 prints exactly what -j 1 prints; --points pieces
# run in parallel by xargs -P and concatenated give exactly the single run's
# CSV; a saturated point prints inf; the simulator's limits (size, points
# per run, work per point) are refused with exit 2 and a reason; -o saturation
# brackets; an absurd load is saturated at once.  Small runs (a few hundred messages per point).
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
small="--set sim.measured=400 --set sim.warmup=100 --set sim.batches=4"

"$ICNX" --batch kiasari-s5-v6 -o curve --sim --load 0.001:0.02:4 $small -f csv -j 1 >"$tmp/j1" ||
	{ echo "FAIL star -j 1"; fail=1; }
"$ICNX" --batch kiasari-s5-v6 -o curve --sim --load 0.001:0.02:4 $small -f csv -j 2 >"$tmp/j2" ||
	{ echo "FAIL star -j 2"; fail=1; }
cmp -s "$tmp/j1" "$tmp/j2" || { echo "FAIL -j 2 differs from -j 1"; diff "$tmp/j1" "$tmp/j2"; fail=1; }
head -n 1 "$tmp/j1" | grep -q '^load,latency,.*,sim_latency,sim_lower,sim_upper,sim_wait,sim_network,sim_accepted,sim_messages,sim_flit_hops,sim_settled,sim_delta,sim_flags$' ||
	{ echo "FAIL header: $(head -n 1 "$tmp/j1")"; fail=1; }
[ "$(wc -l <"$tmp/j1")" -eq 5 ] || { echo "FAIL rows"; fail=1; }
# 0.02 is beyond S5's saturation: the simulated latency is inf
tail -n 1 "$tmp/j1" | grep -q ',inf,inf,inf,.*,saturated$' || { echo "FAIL saturated row: $(tail -n 1 "$tmp/j1")"; fail=1; }

# an absurd load (a typo: 1e9 messages per node per cycle) is saturated at
# once instead of filling memory (the core pauses arrivals once the queues
# hold twice the saturated backlog): each family, inf and a small flit count
for p in kiasari-s5-v6 javadi-n544 arnau-random24; do
	o=curve; [ "$p" = arnau-random24 ] || o="curve --sim"
	r=$("$ICNX" --batch $p -o $o --load 1e9, $small -f csv -j 1 2>&1) ||
		{ echo "FAIL $p --load 1e9: $r"; fail=1; continue; }
	echo "$r" | tail -n 1 | grep -q ',inf,inf,inf,' || { echo "FAIL $p absurd load row: $r"; fail=1; }
done

# --load as a list (the explorer's b): the same loads as a range give the
# same numbers (point k is point k either way), and --points K:K of the
# list computes point K alone, exactly
"$ICNX" --batch kiasari-s5-v6 -o curve --sim --load 0.001,0.00733333,0.0136667,0.02 $small \
	-f csv -j 1 >"$tmp/list" || { echo "FAIL --load list"; fail=1; }
cut -d, -f2- "$tmp/j1" >"$tmp/j1-nox"
cut -d, -f2- "$tmp/list" >"$tmp/list-nox"
# the range's middle loads are 0.00733333..., the list's are rounded: the
# ends (0.001 and 0.02) are the same points, hence the same rows
sed -n '2p;5p' "$tmp/j1-nox" >"$tmp/ends-range"
sed -n '2p;5p' "$tmp/list-nox" >"$tmp/ends-list"
cmp -s "$tmp/ends-range" "$tmp/ends-list" || { echo "FAIL list ends differ from the range's"; fail=1; }
"$ICNX" --batch kiasari-s5-v6 -o curve --sim --load 0.001,0.00733333,0.0136667,0.02 $small \
	-f csv -j 1 --points 2:2 >"$tmp/p2" || { echo "FAIL --load list --points 2:2"; fail=1; }
[ "$(cat "$tmp/p2")" = "$(sed -n 4p "$tmp/list")" ] || { echo "FAIL --points 2:2 of a list"; fail=1; }

# multicluster: sim_queue_wait (the concentrators' and dispatchers' wait)
# is a part of sim_network: 0 <= it < sim_network, and it grows with load
"$ICNX" --batch javadi-n544 -o sim --load 0.00005,0.000466 $small -f csv -j 1 >"$tmp/mcq" ||
	{ echo "FAIL multicluster -o sim"; fail=1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ q = $c["sim_queue_wait"]; n = $c["sim_network"]
	  if (q == "" || q < 0 || q >= n) bad = 1; if (NR == 3 && !(q > prev)) bad = 1; prev = q }
	END { exit bad || !("sim_queue_wait" in c) }' "$tmp/mcq" ||
	{ echo "FAIL sim_queue_wait: $(cat "$tmp/mcq")"; fail=1; }

# --points pieces, run in parallel, concatenate into the whole run
"$ICNX" --batch arnau-autonet10 -o curve --load 0.0005:0.004:5 $small -f csv >"$tmp/all" ||
	{ echo "FAIL irregular curve"; fail=1; }
printf '0:1\n2:2\n3:4\n' | xargs -P 3 -I{} sh -c \
	'"$1" --batch arnau-autonet10 -o curve --load 0.0005:0.004:5 $2 -f csv -j 1 --points "$3" >"$4/piece-$3"' \
	sh "$ICNX" "$small" {} "$tmp" || { echo "FAIL xargs pieces"; fail=1; }
cat "$tmp/piece-0:1" "$tmp/piece-2:2" "$tmp/piece-3:4" >"$tmp/joined"
cmp -s "$tmp/all" "$tmp/joined" || { echo "FAIL pieces differ from the whole run"; diff "$tmp/all" "$tmp/joined"; fail=1; }
# fixed-size pieces (a Slurm array: i = 3 task, j = i + 2) need not divide
# the sweep: the last piece's J past the end is cut to the last point, said
# on stderr, and the pieces still concatenate into the whole run
"$ICNX" --batch arnau-autonet10 -o curve --load 0.0005:0.004:5 $small -f csv -j 1 --points 0:2 \
	>"$tmp/fix0" || { echo "FAIL --points 0:2"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o curve --load 0.0005:0.004:5 $small -f csv -j 1 --points 3:5 \
	>"$tmp/fix1" 2>"$tmp/fix1.err" || { echo "FAIL --points 3:5 of 0..4 (J past the end)"; fail=1; }
grep -qx 'icnx: arnau-autonet10: --points 3:5: the sweep has points 0..4; computing 3..4' "$tmp/fix1.err" ||
	{ echo "FAIL --points 3:5 note: $(cat "$tmp/fix1.err")"; fail=1; }
cat "$tmp/fix0" "$tmp/fix1" | cmp -s "$tmp/all" - || { echo "FAIL clamped pieces differ from the whole run"; fail=1; }

# limits: S8 is refused by the simulator (the model accepts it)
rc=0; err=$("$ICNX" --batch kiasari-s5-v6 --set n=8 --set V=12 -o sim --load 0.001:0.001:1 2>&1 >/dev/null) || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL S8: exit $rc, want 2"; fail=1; }
echo "$err" | grep -q 'n <= 7' || { echo "FAIL S8 message: $err"; fail=1; }
rc=0; "$ICNX" --batch kiasari-s5-v6 -o summary --sim >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL --sim on a summary: exit $rc, want 2"; fail=1; }
rc=0; "$ICNX" --batch kiasari-s5-v6 -o curve --points 0:1 >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL --points without csv: exit $rc, want 2"; fail=1; }

# work limits (icnx.yaml(5) LIMITS): one run simulates at most 10 points
# (--points cuts a longer sweep into runs); messages that cannot fit a
# point's 1e9 events are refused before anything runs, naming how many fit
rc=0; err=$("$ICNX" --batch arnau-autonet10 -o curve --load 0.0005:0.004:11 $small -f csv 2>&1 >/dev/null) || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL 11 simulated points: exit $rc, want 2"; fail=1; }
echo "$err" | grep -q 'at most 10.*--points' || { echo "FAIL 11 points message: $err"; fail=1; }
rc=0; err=$("$ICNX" --batch kiasari-s5-v6 -o curve --sim --load 0.001:0.01:11 $small -f csv 2>&1 >/dev/null) || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL --sim with 11 points: exit $rc, want 2"; fail=1; }
"$ICNX" --batch arnau-autonet10 -o curve --load 0.0005:0.004:11 $small -f csv -j 1 --points 1:10 >"$tmp/ten" ||
	{ echo "FAIL 10 of 11 points (--points 1:10)"; fail=1; }
[ "$(wc -l <"$tmp/ten")" -eq 10 ] || { echo "FAIL --points 1:10 rows"; fail=1; }
# the irregular family knows its routes: at least 0.9 (1 + M x channels) events
# a message, channels = 2 + autonet10's mean up*/down* route length (2.09):
# floor(1e9 / (0.9 (1 + 10000 x 4.09))) - 5 x 5000 warm-up (5 replications) = 2150
rc=0; err=$("$ICNX" --batch arnau-autonet10 -o curve --load 0.001:0.001:1 --set sim.M=10000 \
	--set sim.measured=10000000 -f csv 2>&1 >/dev/null) || rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL messages beyond the work limit: exit $rc, want 2"; fail=1; }
echo "$err" | grep -q 'sim.measured: .* over 4.09 channels .*at most 2150 measured messages fit' ||
	{ echo "FAIL work limit message: $err"; fail=1; }
for o in pairs saturation correlation; do
	rc=0; "$ICNX" --batch arnau-autonet10 -o $o --at 0.001 --set sim.M=100000 \
		--set sim.measured=10000000 >/dev/null 2>&1 || rc=$?
	[ "$rc" -eq 2 ] || { echo "FAIL -o $o beyond the work limit: exit $rc, want 2"; fail=1; }
done

# pairs: one row per ordered switch pair, equivalent distance beside latency
"$ICNX" --batch arnau-autonet10 -o pairs --at 0.001 $small -f csv >"$tmp/pairs" || { echo "FAIL pairs"; fail=1; }
[ "$(wc -l <"$tmp/pairs")" -eq 101 ] || { echo "FAIL pairs rows"; fail=1; }
grep -q '^0,5,2,5,' "$tmp/pairs" || { echo "FAIL pairs 0-5 (hops 2, legal length 5)"; fail=1; }
# -o saturation (star, multicluster): a bisection bracket lo < hi; the
# star's starts from its channel-load bound / 0.95 (the 95% rule cannot
# hold above it), so after 8 halvings hi - lo is that / 256; the
# multi-cluster one probes the model's saturation first
sat() { awk -F, -v q="$2" '$1==q{print $2}' "$1"; }
"$ICNX" --batch kiasari-s5-v6 -o saturation $small -f csv >"$tmp/ssat" || { echo "FAIL star saturation"; fail=1; }
awk -v lo="$(sat "$tmp/ssat" saturation_load)" -v hi="$(sat "$tmp/ssat" saturation_bracket)" \
    -v cap="$(sat "$tmp/ssat" channel_load_bound)" 'BEGIN { top = cap / 0.95; w = top / 256;
	exit !(lo > 0 && lo < hi && hi <= top && (hi - lo) > 0.999 * w && (hi - lo) < 1.001 * w) }' ||
	{ echo "FAIL star saturation bracket: $(cat "$tmp/ssat")"; fail=1; }
"$ICNX" --batch tests/validate/one-tree.yaml -o saturation $small -f csv >"$tmp/msat" ||
	{ echo "FAIL multicluster saturation"; fail=1; }
awk -v lo="$(sat "$tmp/msat" saturation_load)" -v hi="$(sat "$tmp/msat" saturation_bracket)" \
    -v n="$(sat "$tmp/msat" probes)" 'BEGIN { exit !(lo > 0 && lo < hi && n >= 9) }' ||
	{ echo "FAIL multicluster saturation bracket: $(cat "$tmp/msat")"; fail=1; }
# BookSim's router cannot express the model's systems: refused, naming the
# field and the way out; the physical variants run
refuse() { # preset field wanted-value
	if "$ICNX" --batch "$1" -o sim --load 0.0001 $small -s sim.timing=booksim \
		>/dev/null 2>"$tmp/err"; then
		echo "FAIL $1: sim.timing=booksim with the default $2 was not refused"; fail=1
	elif ! grep -q "$2: .*BookSim cannot express.*set $2=$3" "$tmp/err"; then
		echo "FAIL $1: refusal says: $(cat "$tmp/err")"; fail=1
	fi
	"$ICNX" --batch "$1" -o sim --load 0.0001 $small -s sim.timing=booksim -s "$2=$3" \
		>/dev/null || { echo "FAIL $1: booksim with $2=$3 did not run"; fail=1; }
}
refuse kiasari-s5-v6 sim.injection single
refuse javadi-n544 sim.concentrator cut-through
"$ICNX" --batch arnau-autonet10 -o curve --load 0.0001 $small -s sim.timing=booksim \
	-s sim.release=next-cycle >/dev/null 2>"$tmp/err" &&
	{ echo "FAIL booksim with sim.release=next-cycle was not refused"; fail=1; }
grep -q "sim.release: .*BookSim cannot express" "$tmp/err" ||
	{ echo "FAIL sim.release refusal says: $(cat "$tmp/err")"; fail=1; }
[ "$fail" -eq 0 ] && echo "simulator batch: --sim, -j, --points, limits, pairs, saturation, refusals"
exit "$fail"
