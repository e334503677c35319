#!/bin/sh
# irregular.sh: the `irregular` family in batch mode, through the real
# binary: the default output of arnau-autonet10 is the table of equivalent
# distances (CSV `node,0,1,...`, Table 2's 1.25 for 6-9); summary, routes
# (Table 1's 0-2-1 and 0-4-1), anynet, hostfile(s), distribution, JSON;
# --dump-config round-trips through a file (links dumped as [a, b]) for the
# presets and a generated network, which equals the stored preset of the
# same seed; the explorer's outputs refuse bad --select values.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }

"$ICNX" --batch arnau-autonet10 -f csv >"$tmp/t.csv" || no "distances csv"
[ "$(head -n 1 "$tmp/t.csv")" = "node,0,1,2,3,4,5,6,7,8,9" ] || no "header $(head -n 1 "$tmp/t.csv")"
[ "$(wc -l <"$tmp/t.csv")" -eq 11 ] || no "distances: $(wc -l <"$tmp/t.csv") lines, want 11"
[ "$(sed -n 8p "$tmp/t.csv")" = "6,1,1,1,1,1,2,0,2,2,1.25" ] || no "row 6: $(sed -n 8p "$tmp/t.csv")"
"$ICNX" --batch arnau-autonet10 >"$tmp/t.txt" || no "distances table"
grep -q '^# equivalent distance' "$tmp/t.txt" || no "distances title"
"$ICNX" --batch arnau-autonet10 -o summary -f csv >"$tmp/s.csv" || no "summary"
grep -q '^nonminimal_pairs,8,' "$tmp/s.csv" || no "summary lacks nonminimal_pairs 8"
grep -q '^clusters,4,groups,k,' "$tmp/s.csv" || no "summary lacks clusters"
"$ICNX" --batch arnau-autonet10 -o routes --select 0 -f csv >"$tmp/r.csv" || no "routes"
grep -q '^0,1,2,2,0,1,2,0-2-1 0-4-1$' "$tmp/r.csv" || no "routes 0-1: $(grep '^0,1,' "$tmp/r.csv")"
[ "$(wc -l <"$tmp/r.csv")" -eq 10 ] || no "routes --select 0: $(wc -l <"$tmp/r.csv") lines"
"$ICNX" --batch arnau-autonet10 -o anynet >"$tmp/a.txt" || no "anynet"
[ "$(wc -l <"$tmp/a.txt")" -eq 10 ] || no "anynet lines"
[ "$(head -n 1 "$tmp/a.txt")" = "router 0 node 0 node 1 node 2 node 3 router 2 router 4 router 9" ] ||
	no "anynet line 1: $(head -n 1 "$tmp/a.txt")"
# OUT_TEXT is printed verbatim whatever -f says
"$ICNX" --batch arnau-autonet10 -o anynet -f json | cmp -s - "$tmp/a.txt" || no "anynet -f json"
"$ICNX" --batch arnau-autonet10 -o hostfile --select 1 >"$tmp/h.txt" || no "hostfile"
grep -qv ' slots=1$' "$tmp/h.txt" && no "hostfile lines: $(cat "$tmp/h.txt")"
"$ICNX" --batch arnau-autonet10 -o hostfiles >"$tmp/hs.txt" || no "hostfiles"
[ "$(grep -c '^# group' "$tmp/hs.txt")" -eq 4 ] || no "hostfiles: comment lines"
[ "$(grep -c ' slots=1$' "$tmp/hs.txt")" -eq 40 ] || no "hostfiles: 40 nodes"
"$ICNX" --batch arnau-autonet10 -o distribution -f csv >"$tmp/d.csv" || no "distribution"
[ "$(cat "$tmp/d.csv" | cut -d, -f1,2 | tr '\n' ' ')" = "distance,occurrences 1,42 1.25,2 2,22 3,24 " ] ||
	no "distribution: $(cat "$tmp/d.csv" | tr '\n' ' ')"
"$ICNX" --batch arnau-autonet10 -f json >"$tmp/t.json" || no "json"
python3 - "$tmp/t.json" <<'PY' || no "json shape"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["model"] == "irregular" and d["output"] == "distances"
assert [c["name"] for c in d["columns"]][:3] == ["node", "0", "1"]
assert d["rows"][6]["node"] == "6" and abs(d["rows"][6]["9"] - 1.25) < 1e-12
PY
"$ICNX" --batch arnau-autonet10 -o hostfile --select 4 >/dev/null 2>&1 && no "--select 4 accepted"
"$ICNX" --batch arnau-autonet10 -o hops --select 2 >/dev/null 2>&1 && no "hops --select 2 accepted"

# --dump-config round trips: same file, same numbers.
for p in arnau-autonet10 arnau-random16 arnau-random24; do
	"$ICNX" --dump-config "$p" >"$tmp/a.yaml" || no "dump $p"
	"$ICNX" --dump-config "$tmp/a.yaml" >"$tmp/b.yaml" || no "reload $p"
	cmp -s "$tmp/a.yaml" "$tmp/b.yaml" || no "dump of $p does not round-trip"
	grep -q '^  - \[0, [0-9]*\]$' "$tmp/a.yaml" || no "dump of $p: links not as [a, b]"
	"$ICNX" --batch "$p" -f csv >"$tmp/x1" && "$ICNX" --batch "$tmp/a.yaml" -f csv >"$tmp/x2" ||
		no "dumped $p does not compute"
	cmp -s "$tmp/x1" "$tmp/x2" || no "dumped $p computes differently"
done
printf 'model: irregular\ngenerate: {switches: 24, nodes: 4, free_ports: 4, links: 3, seed: 24}\n' \
	>"$tmp/g.yaml"
"$ICNX" --dump-config "$tmp/g.yaml" >"$tmp/g2.yaml" || no "dump generated"
"$ICNX" --dump-config "$tmp/g2.yaml" | cmp -s - "$tmp/g2.yaml" || no "generated dump round trip"
"$ICNX" --batch "$tmp/g2.yaml" -f csv >"$tmp/g.csv" || no "generated distances"
"$ICNX" --batch arnau-random24 -f csv | cmp -s - "$tmp/g.csv" || no "seed 24 differs from arnau-random24"
# --set edits the network: root 3 gives Table 2 too; a duplicate is refused.
"$ICNX" --batch arnau-autonet10 -f csv --set root=3 | cmp -s - "$tmp/t.csv" || no "root 3"
"$ICNX" --check arnau-autonet10 --set links.14.a=0 --set links.14.b=9 >/dev/null 2>&1 &&
	no "duplicate link via --set accepted"
[ $fail -eq 0 ] && echo "irregular: outputs, formats, round trips ok"
exit $fail
