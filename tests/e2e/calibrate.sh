#!/bin/sh
# calibrate.sh: `icnx --calibrate` end to end without MPI (tests/mpi.sh does
# it with real MPI in `make ci`): a synthetic CSV of known parameters fits
# back to them and loads as a preset; bad CSVs exit 2 with FILE:LINE: and
# the exact message; data that cannot determine the parameters is refused.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }

# Nodes 0-3: C = 10, 20, 30, 40 us; t = 1, 2, 3, 4 ns/byte; beta 1.25e8.
awk 'BEGIN {
	split("10e-6 20e-6 30e-6 40e-6", C, " "); split("1e-9 2e-9 3e-9 4e-9", t, " ")
	print "# node 0 alpha"; print "kind,src,dst,bytes,seconds"
	n = split("1 1024 65536 1048576", M, " ")
	for (i = 0; i < 4; i++) for (j = i + 1; j < 4; j++) for (k = 1; k <= n; k++)
		printf "roundtrip,%d,%d,%d,%.17g\n", i, j, M[k],
		       2 * (C[i+1] + C[j+1] + (t[i+1] + t[j+1]) * M[k] + M[k] / 1.25e8)
}' >"$tmp/good.csv"
"$ICNX" --calibrate "$tmp/good.csv" >"$tmp/good.yaml" 2>"$tmp/err" || no "calibrate good: $(cat "$tmp/err")"
"$ICNX" --check "$tmp/good.yaml" >/dev/null || no "fitted preset does not load"
grep -q '^  - name: rank0 alpha' "$tmp/good.yaml" || no "node name from '# node' comment"
c2=$(awk '/^  - name: rank2/ { f = 1 } f && /^    C:/ { print $2; exit }' "$tmp/good.yaml")
awk -v c="$c2" 'BEGIN { exit !(c > 29.999e-6 && c < 30.001e-6) }' || no "C_2 = $c2, want 3e-05"
"$ICNX" --batch "$tmp/good.yaml" -o curve -f csv >/dev/null || no "curve of the fitted preset"
# --set applies to the preset; beta too low for the data is refused.
"$ICNX" --calibrate "$tmp/good.csv" --set threshold=4096 | grep -q '^threshold: 4096' ||
	no "--set threshold"
"$ICNX" --calibrate "$tmp/good.csv" --set link_rate=5e7 >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q "good.csv: the fit gives t_0 = .*, below 0 (allowed: delays >= 0)" "$tmp/err" ||
	no "a link rate too low for the data: exit $rc, $(cat "$tmp/err")"

check() { # label, csv text, expected stderr line (FILE stands for the file)
	printf '%s\n' "$2" >"$tmp/$1.csv"
	want=$(printf '%s' "$3" | sed "s|FILE|$tmp/$1.csv|")
	got=$("$ICNX" --calibrate "$tmp/$1.csv" 2>&1 >/dev/null | head -n 1); rc=0
	"$ICNX" --calibrate "$tmp/$1.csv" >/dev/null 2>&1 || rc=$?
	[ "$rc" -eq 2 ] || no "$1: exit $rc, want 2"
	[ "$got" = "$want" ] || { no "$1:"; echo "  got:  $got"; echo "  want: $want"; }
}
check kind 'kind,src,dst,bytes,seconds
roundtrip,0,1,1,1e-5
pingpong,0,2,1,1e-5' "icnx: FILE:3: kind: unknown 'pingpong' (allowed: oneway, roundtrip, bcast)"
check header 'kind,src,bytes,seconds' "icnx: FILE:1: the header lacks column 'dst' (expected: kind,src,dst,bytes,seconds[,beta])"
check column 'kind,src,dst,bytes,seconds,latency' "icnx: FILE:1: unknown column 'latency' (allowed: kind, src, dst, bytes, seconds, and optionally beta)"
check fields '# a comment
kind,src,dst,bytes,seconds
oneway,0,1,1' "icnx: FILE:3: 4 fields, the header has 5"
check seconds 'kind,src,dst,bytes,seconds
oneway,0,1,8,-2e-6' "icnx: FILE:2: seconds: '-2e-6' (allowed: a time in seconds > 0)"
check self 'kind,src,dst,bytes,seconds
oneway,3,3,8,2e-6' "icnx: FILE:2: dst: 3 is also src (allowed: two different nodes)"
check beta 'kind,src,dst,bytes,seconds,beta
oneway,0,1,8,2e-6,1e8
oneway,1,0,64,3e-6,2e8' "icnx: FILE:3: beta: 2e+08 bytes/s for the pair 1-0, but line 2 gave 1e+08 (allowed: one rate per pair)"
check twonodes 'kind,src,dst,bytes,seconds
roundtrip,0,1,1,1e-5
roundtrip,0,1,1000,2e-5' "icnx: FILE: only 2 nodes: pairs give only sums C_i + C_j and t_i + t_j (allowed: three or more nodes, with pairs i-j, j-k, i-k)"
check square 'kind,src,dst,bytes,seconds
oneway,0,1,1,1e-5
oneway,1,2,1,1e-5
oneway,2,3,1,1e-5
oneway,3,0,1,1e-5
oneway,0,1,1000,2e-5' "icnx: FILE: the pairs among nodes {0, 2} and {1, 3} have no odd cycle (each joins one set to the other), so C_i + d on one side and C_j - d on the other fit as well (allowed: pairs that close an odd cycle, such as i-j, j-k, i-k)"
check bcastsize "$(cat "$tmp/good.csv")
bcast,0,,64,1e-4
bcast,0,*,64,1.1e-4" "icnx: FILE:27: every bcast row has the same size 64 bytes, so Gamma cannot be told from tau M (allowed: two or more distinct sizes, or no bcast rows)"
got=$("$ICNX" --calibrate /nonexistent/m.csv 2>&1); rc=$?
[ "$rc" -eq 2 ] && [ "$got" = "icnx: /nonexistent/m.csv: cannot open: No such file or directory" ] ||
	no "missing file: $rc $got"
[ $fail -eq 0 ] && echo "calibrate: fit, preset and refusals ok"
exit $fail
