#!/bin/sh
# mpi.sh: the calibration path end to end with real MPI (part of `make ci`,
# not of `make test`): build tools/mpi/icnx-mpi-probe with mpicc, run it on
# this machine with 4 ranks (oversubscribed), fit the ethernet model with
# `icnx --calibrate`, load the preset with --check and --batch, and print
# the fitted parameters and residuals.  Installs nothing: Open MPI comes
# from `scripts/deps.sh ci`; without mpicc or mpirun it fails and says so.
# On one machine there is no network, so the fit is told the link rate is
# effectively infinite (--set link_rate=1e15): t_i carries all per-byte cost.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/.." || exit 2
for tool in mpicc mpirun; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "mpi.sh: $tool not found: install Open MPI first" \
		     "(sh scripts/deps.sh ci, or apt-get install -y openmpi-bin libopenmpi-dev)"
		exit 1
	fi
done
[ -x "$ICNX" ] || { echo "mpi.sh: $ICNX not built (make icnx)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }

probe=$(sh tools/mpi/build.sh "$tmp") || { echo "FAIL: building the probe"; exit 1; }
# Open MPI refuses root unless told; the model assumes a binomial broadcast
# tree (Open MPI's tuned algorithm 6 is the lowbit tree).
if [ "$(id -u)" = 0 ]; then
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
export OMPI_MCA_coll_tuned_use_dynamic_rules=1 OMPI_MCA_coll_tuned_bcast_algorithm=6
start=$(date +%s)
# 4 ranks share the CI machine's cores: take each measurement's fastest
# repetition (-m min), since preemption adds milliseconds to some of them.
if ! timeout 300 mpirun --oversubscribe -np 4 "$probe" -m min -o "$tmp/measured.csv" \
	</dev/null >"$tmp/mpirun.log" 2>&1; then
	cat "$tmp/mpirun.log"; echo "FAIL: mpirun of the probe"; exit 1
fi
echo "probe: 4 ranks on $(hostname), $(($(date +%s) - start)) s;" \
     "$(grep -c '^roundtrip,' "$tmp/measured.csv") roundtrip and" \
     "$(grep -c '^bcast,' "$tmp/measured.csv") bcast rows"
head -n 1 "$tmp/measured.csv" | grep -q '^# icnx-mpi-probe: 4 ranks' || no "probe header"
grep -q '^kind,src,dst,bytes,seconds$' "$tmp/measured.csv" || no "CSV header"

if ! "$ICNX" --calibrate "$tmp/measured.csv" --set link_rate=1e15 >"$tmp/localhost.yaml" \
	2>"$tmp/err"; then
	cat "$tmp/err" "$tmp/measured.csv"; echo "FAIL: icnx --calibrate"; exit 1
fi
"$ICNX" --check "$tmp/localhost.yaml" || no "--check of the fitted preset"
"$ICNX" --batch "$tmp/localhost.yaml" -o summary >"$tmp/summary" || no "summary"
grep -q '^nodes  *4 ' "$tmp/summary" || no "summary lacks 4 nodes"
"$ICNX" --batch "$tmp/localhost.yaml" -o curve -f csv >"$tmp/curve.csv" || no "curve"
head -n 1 "$tmp/curve.csv" | grep -q '^size_bytes,p2p,one_to_many,multi_p2p,bcast_binomial,bcast_flat$' ||
	no "curve header: $(head -n 1 "$tmp/curve.csv")"
# One residual line per measurement.
rows=$(grep -cE '^(oneway|roundtrip|bcast),' "$tmp/measured.csv")
res=$(grep -cE '^# +[0-9]+ (oneway|roundtrip|bcast) ' "$tmp/localhost.yaml")
[ "$rows" -eq "$res" ] || no "$res residual lines for $rows measurements"
# A refusal: two nodes cannot determine C_i, t_i (exit 2, FILE: message).
grep -E '^(kind|roundtrip,0,1,)' "$tmp/measured.csv" >"$tmp/two.csv"
"$ICNX" --calibrate "$tmp/two.csv" >/dev/null 2>"$tmp/err2"; rc=$?
[ "$rc" -eq 2 ] && grep -q "two.csv: only 2 nodes" "$tmp/err2" || no "two-node refusal (exit $rc): $(cat "$tmp/err2")"

echo "fitted on $(hostname) (link_rate 1e15: no network):"
awk '/^  - name:/ { sub(/^  - name: /, ""); sub(/ *#.*/, ""); name = $0 }
     /^    C:/ { C = $2 } /^    t:/ { printf "  %-12s C = %.4g s  t = %.4g s/byte\n", name, C, $2 }
     /^  Gamma:/ { G = $2 } /^  tau:/ { printf "  Gamma = %.4g s  tau = %.4g s/byte\n", G, $2 }' \
	"$tmp/localhost.yaml"
echo "residuals (model - measured):"
sed -n '/^# Residuals/,$p' "$tmp/localhost.yaml"
[ $fail -eq 0 ] && echo "MPI calibration end to end: ok"
exit $fail
