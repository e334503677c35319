#!/bin/sh
# limits.sh: the limits that bound time, through the real binary (issue 14):
# a deeply nested file in the user's preset directory is refused at once by
# --list-presets and --check (it used to take 25 s at depth 80,000 and
# freeze the picker); a curve costlier than the multicluster stage budget is
# refused with what to change, in the file and with --load; the costliest
# configurations that pass the checks are those of tests/limits (timed by
# tests/limits.sh in `make ci`).
set -u
ICNX=${ICNX:-./icnx}
case "$ICNX" in /*) ;; *) ICNX=$(pwd)/$ICNX ;; esac
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }

mkdir -p "$tmp/xdg/icnx/presets"
deep="$tmp/xdg/icnx/presets/deep.yaml"
{ printf 'model: star\nV: '; i=0
  while [ $i -lt 2000 ]; do printf '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['; i=$((i + 1)); done
  i=0
  while [ $i -lt 2000 ]; do printf ']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'; i=$((i + 1)); done
  echo; } >"$deep"                                   # depth 80,000
"$ICNX" --check "$deep" >"$tmp/out" 2>&1 && no "--check accepted depth 80000"
grep -q "nested too deeply (allowed: at most 64 levels" "$tmp/out" || no "deep: $(cat "$tmp/out")"
XDG_CONFIG_HOME="$tmp/xdg" "$ICNX" --list-presets >"$tmp/list" 2>&1 || no "--list-presets failed"
grep -q "^deep " "$tmp/list" || no "--list-presets lacks the deep file: $(cat "$tmp/list")"
grep -q "^javadi-n1120 " "$tmp/list" || no "--list-presets lacks javadi-n1120"

# The multicluster stage budget: the file's load.points, then --load.
"$ICNX" --check tests/limits/mc-worst.yaml >/dev/null || no "mc-worst.yaml is not valid"
"$ICNX" --check tests/limits/mc-worst.yaml -s load.points=41 >"$tmp/out" 2>&1 &&
	no "41 points of mc-worst accepted"
grep -q "load.points: a curve of 41 points needs .* stage evaluations .* use at most 40 points" \
	"$tmp/out" || no "budget message: $(cat "$tmp/out")"
"$ICNX" --batch tests/limits/mc-worst.yaml -o curve --load 0:1e-9:1000 >"$tmp/out" 2>&1
[ $? -eq 2 ] || no "--load 1000 points: not a usage error"
grep -q "^icnx: .*--load: a curve of 1000 points" "$tmp/out" || no "--load: $(cat "$tmp/out")"

[ $fail -eq 0 ] && echo "ok: limits"
exit $fail
