#!/bin/sh
# simundef.sh: a correlation that is undefined says what and why, never
# "nan" (d461f9b printed "r T_ij nan, length nan, hops nan", "weighted r =
# nan, fit nan + nan T", "accepted nan flits/node/cycle"): on a two-switch
# network every pair has the same T_ij, length and hops; at a load too small
# for a message to arrive (1e-300) nothing is measured, or the run is
# refused.  In the explorer (headless) the pairs view names the reason and
# still draws the pair's point.
. "$(dirname "$0")/headless.inc"

printf 'model: irregular\nswitches: 2\nports: 8\nnodes: 1\nlinks:\n  - [0, 1]\n' >"$TMPD/two.yaml"

batch() {   # batch ARGS...: stdout of icnx --batch ARGS (exit 0 or 2), no nan
	rc=0
	(cd "$REPO" && "$ICNX" --batch "$@") >"$TMPD/out" 2>"$TMPD/err" || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 2 ] || fail "icnx --batch $*: exit status $rc: $(cat "$TMPD/err")"
	grep -qiw nan "$TMPD/out" "$TMPD/err" && fail "icnx --batch $* says nan: $(cat "$TMPD/out" "$TMPD/err")"
	cat "$TMPD/out"
}
has_out() {   # has_out TEXT: the last batch output has TEXT
	grep -qF -- "$1" "$TMPD/out" || fail "'$1' missing in: $(head -3 "$TMPD/out")"
}

for f in text json csv; do
	batch "$TMPD/two.yaml" -o pairs -f "$f" >/dev/null
	batch "$TMPD/two.yaml" -o by-distance -f "$f" >/dev/null
	batch "$TMPD/two.yaml" -o correlation -f "$f" >/dev/null
done
batch "$TMPD/two.yaml" -o pairs -f json >/dev/null
has_out "r undefined: every pair has the same T_ij, length, hops"
has_out "fit on T_ij: none (every pair has the same T_ij)"
has_out "fit on hops: none (every pair has the same hops)"
batch "$TMPD/two.yaml" -o by-distance -f json >/dev/null
has_out "weighted r and fit undefined: every pair has the same T_ij"
has_out "weighted fit: none (every pair has the same T_ij)"
# a defined fit reads as before
batch arnau-random16 -o by-distance >/dev/null
grep -q "weighted r = 0\.[0-9]*, fit [0-9.]* + [0-9.]* T" "$TMPD/out" || fail "by-distance: $(head -1 "$TMPD/out")"
# the smallest loads: a message never arrives, or the load is refused
for o in pairs by-distance correlation; do
	for l in 1e-300 5e-324; do
		batch arnau-random16 -o "$o" -s sim.load=$l >/dev/null
	done
done

keys 4 v r
mark pairs
keys q
run 100 30 "$TMPD/two.yaml"
has pairs "fit on T_ij: none (every pair has the same T_ij)"
lacks pairs "nan"
# the pair's point (34 cycles at T_ij = 1) is drawn: the y axis is around it
shot pairs | grep -q "^[^│]*│34 ┤  *\*" || fail "the pairs' point is not drawn"
echo "ok: simundef"
