#!/bin/sh
# simnosend.sh: an irregular network in which no node sends (no nodes, one
# node, a pattern that maps every node onto itself) is refused with its
# reason by every simulated output, and in the explorer r says why while
# the user's edit survives (it crashed on d461f9b: irregular_sim.c read the
# freed context while formatting this refusal).  Headless.
. "$(dirname "$0")/headless.inc"

printf 'model: irregular\nswitches: 1\nports: 8\nnodes: 1\nlinks: []\n' >"$TMPD/one.yaml"
printf 'model: irregular\nswitches: 2\nports: 8\nnodes: 1\nlinks:\n  - [0, 1]\n' >"$TMPD/two.yaml"

refused() {   # refused TEXT ARGS...: exit status 2 and TEXT on stderr
	want=$1
	shift
	rc=0
	(cd "$REPO" && "$ICNX" --batch "$@") >/dev/null 2>"$TMPD/err" || rc=$?
	[ "$rc" = 2 ] || fail "icnx --batch $*: exit status $rc (wanted 2): $(cat "$TMPD/err")"
	grep -qF -- "$want" "$TMPD/err" || fail "icnx --batch $*: '$(cat "$TMPD/err")' lacks '$want'"
}
for o in curve pairs saturation correlation by-distance correlation-load correlation-patterns; do
	refused "nodes: no node sends: 0 nodes, no pair to simulate" arnau-random16 -s nodes=0 -o "$o"
	refused "nodes: no node sends: 1 node, no pair to simulate" "$TMPD/one.yaml" -o "$o"
	[ "$o" = correlation-patterns ] && continue    # it leaves such a pattern out
	refused "sim.pattern: no node sends under this pattern (N = 2: every node's destination is itself" \
		"$TMPD/two.yaml" -s sim.pattern=butterfly -o "$o"
done
refused "no node sends" arnau-random16 -s nodes=0 -o curve --sim

# The explorer: nodes set to 0 by keys, r refused with the reason, the edit
# kept, saved and saved back as it was typed.
keys 2 j j Enter C-u
text 0
keys Enter 4 r
mark r
keys w C-u
text "$TMPD/saved.yaml"
keys Enter
mark saved
keys q
run 80 24 arnau-random16
has r "simulation refused: nodes: no node sends: 0 nodes, no pair to simulate"
has r "arnau-random16* |"
has r "sim failed"
has saved "(comments kept)"
grep -q "^nodes: 0 " "$TMPD/saved.yaml" || fail "the edit nodes=0 was not saved: $(grep '^nodes' "$TMPD/saved.yaml")"
echo "ok: simnosend"
