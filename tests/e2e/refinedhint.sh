#!/bin/sh
# refinedhint.sh: the hint at a simulated point with the refined model
# shown (issue 20 item 3), headless at 80x24 in UTF-8, --ascii and
# NO_COLOR: "sim K/N x=X: SIM; printed P D%, refined R E%; sim 95% [..]",
# the simulation first, each model with its difference 100 (model - sim)
# / sim (whole percent from 100%: the command's sim_delta and
# sim_delta_refined), "saturated" for an infinite value, the
# interval last (i shows it whole).  Every simulated point the cursor
# visits is checked against b's command run here (-o curve --sim -f csv):
# the star with a one-port node (kiasari-s5-v6, a point that did not
# settle and a saturated one among them) and, in UTF-8, sharifi-n592 with
# cut-through concentrators.  M hides the refined model: the hint is the
# printed model's alone again.
. "$(dirname "$0")/headless.inc"

# check LABEL PRESET SETS...: each screen s1..s99 of the last run whose
# hint is on a simulated point has the numbers b's command (screen cmd)
# prints for that point; at least one was seen
check() {
	label=$1 preset=$2
	shift 2
	cmd=$(boxcmd cmd)
	case "$cmd" in
	icnx\ --batch\ "$preset"\ *"-o curve --sim --load "*) ;;
	*) fail "$label: b is not the simulated points' command: $cmd" ;;
	esac
	(cd "$REPO" && eval "$cmd -f csv") >"$TMPD/csv" || fail "$label: $cmd -f csv failed"
	seen=0
	for i in $(seq 1 99); do
		h=$(shot "s$i" | sed -n -E 's/^ sim ([0-9]+)\/[0-9]+ [^=]*=([^:]*): ([^;]*); printed (.*), refined ([^;]*);.*/\1|\2|\3|\4|\5/p')
		[ -n "$h" ] || continue
		k=${h%%|*}
		want=$(awk -F, -v k="$k" '
			function v(x) { return x == "inf" ? "saturated" : sprintf("%.4g", x) }
			function d(p) {
				if (p == "") return ""
				return sprintf(p >= 100 || p <= -100 ? " %+.0f%%" : " %+.1f%%", p)
			}
			NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			NR == k + 1 {
				s = $c["sim_latency"]; m = $c["latency"]; r = $c["latency_refined"]
				printf "%s|%.4g|%s|%s%s|%s%s", k, $c["load"], v(s), v(m), d($c["sim_delta"]),
					v(r), d($c["sim_delta_refined"])
			}' "$TMPD/csv")
		[ "$h" = "$want" ] || fail "$label: point $k: the hint says '$h', the command '$want'"
		seen=$((seen + 1))
	done
	[ "$seen" -gt 0 ] || fail "$label: the cursor found no simulated point"
}

SETS="--set options.model=refined --set sim.injection=single --set sim.measured=2000 --set sim.warmup=500"
for cs in utf8 ascii nocolor; do
	opt="" env=""
	case $cs in ascii) opt=--ascii ;; nocolor) env="NO_COLOR=1" ;; esac
	keys r 4 g
	for i in $(seq 1 99); do
		keys l
		mark "s$i"
	done
	keys g
	for i in $(seq 1 14); do keys l; done
	mark first
	keys i
	mark full
	keys Escape M h l
	mark hidden
	keys b
	mark cmd
	keys Escape q
	E2E_ENV=$env run 80 24 $opt $SETS kiasari-s5-v6
	check "$cs" kiasari-s5-v6
	# the star's points include one that did not settle and a saturated one
	all=$(for i in $(seq 1 99); do shot "s$i" | grep '^ sim [0-9]'; done)
	echo "$all" | grep -q ": saturated; printed [0-9.]*, refined saturated" ||
		fail "$cs: no hint at the saturated point: $all"
	# the first point's hint: the part an 80-column line shows, then i whole
	has first "; printed "
	shot first | grep -q "^ sim 1/6 .*, refined [0-9.]* [-+][0-9.]*%" ||
		fail "$cs: the refined model's value and difference are cut at 80 columns"
	has full "95% ["
	has full "% = model vs sim"
	# M: the printed model's hint alone
	shot hidden | grep -q "^ sim 1/6 .*: model [0-9.]*, sim [0-9.]* \[" ||
		fail "$cs: after M the hint is not the printed model's"
	shot hidden | grep '^ sim 1/6' | grep -q refined && fail "$cs: after M the hint has the refined model"
	if [ $cs = ascii ]; then
		shot first | LC_ALL=C grep -q '[^ -~]' && fail "the ASCII screen is not ASCII"
	fi
done

# multi-cluster, cut-through concentrators
keys r 4 g
for i in $(seq 1 99); do
	keys l
	mark "s$i"
done
keys b
mark cmd
keys Escape q
run 80 24 --set options.model=refined --set sim.concentrator=cut-through \
	--set sim.measured=300 --set sim.warmup=100 sharifi-n592
check multicluster sharifi-n592
echo "ok: refinedhint"
