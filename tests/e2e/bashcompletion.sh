#!/bin/sh
# bashcompletion.sh: the bash completion (completion/icnx.bash, issue 24) in a
# real bash, its function called as bash calls it (COMP_WORDS split at '='
# and ':' as bash splits them, COMP_CWORD): options, -o outputs of the
# model the line names (the same list as --help's for that model), formats,
# presets where icnx finds them (a user's own included), --set keys with a
# list index kept, an enum's values after '=', file names for --calibrate.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
case "$ICNX" in /*) ;; *) ICNX=$(pwd)/$ICNX ;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if ! command -v bash >/dev/null 2>&1; then
	[ "${CI:-}" = true ] && { echo "FAIL: bash is not installed (CI=true)"; exit 1; }
	echo "SKIP: bash is not installed"; exit 0
fi
mkdir -p "$tmp/xdg/icnx/presets" "$tmp/cal"
cp presets/javadi-n544.yaml "$tmp/xdg/icnx/presets/my-lab-net.yaml"
: >"$tmp/cal/run1.csv"
# the outputs --help lists for the star model, in order
"$ICNX" --help | sed -n '/^  model: star /,/^  model: /s/^    \([a-z0-9-]*\) .*/\1/p' >"$tmp/star.want"
[ -s "$tmp/star.want" ] || { echo "FAIL: no star outputs in --help"; exit 1; }

XDG_CONFIG_HOME=$tmp/xdg bash --norc --noprofile -s "$ICNX" "$tmp" <<'BASH'
set -u
icnx=$1 tmp=$2 fail=0
. completion/icnx.bash || { echo "FAIL: completion/icnx.bash does not load"; exit 1; }
[ "$(complete -p icnx)" = "complete -F _icnx icnx" ] || { echo "FAIL: complete -p icnx: $(complete -p icnx)"; fail=1; }
# c LINE: complete at the end of "icnx LINE" typed as is, split into
# COMP_WORDS as bash splits it (at blanks; '=' and ':' words of their own,
# an empty word after a trailing blank); one candidate a line, sorted
c() {
	local tok piece
	COMP_LINE="$icnx $1"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=()
	set -f
	for tok in $COMP_LINE; do
		while [[ $tok =~ ^([^=:]+|[=:]+)(.*)$ ]]; do
			COMP_WORDS+=("${BASH_REMATCH[1]}"); tok=${BASH_REMATCH[2]}
		done
	done
	set +f
	[[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_icnx icnx "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null
	printf '%s\n' "${COMPREPLY[@]}" | sort
}
# want LINE EXPECTED (one candidate a line)
want() {
	local got; got=$(c "$1")
	[ "$got" = "$2" ] || { printf 'FAIL: icnx %s<Tab>\n  want: %s\n  got:  %s\n' "$1" "$(echo $2)" "$(echo $got)"; fail=1; }
}
want "--out" "--output"
c "-" | grep -qx -- --batch || { echo "FAIL: icnx -<Tab> does not offer --batch"; fail=1; }
c "-" | grep -q -- '--man-' && { echo "FAIL: icnx -<Tab> offers a hidden option"; fail=1; }
want "--no-c" "--no-color
--no-colour"
want "-f c" "csv"
want "--format=t" "table
tsv"
want "javadi-n5" "javadi-n544"
want "kiasari-s5-v" "kiasari-s5-v12
kiasari-s5-v6
kiasari-s5-v9"
want "my-lab" "my-lab-net"
want "-s sim.rou" "sim.routing="
want "-s sim.routing=" "adaptive
deterministic"
want "-s sim.routing=ad" "adaptive"
want "--set=clusters.1.t" "clusters.1.tau="
want "-s traffic.pattern=bit" "bit-reversal"
want "kiasari-s5-v12 -s V2=a" "auto"
want "-s model=st" "star"
want "--calibrate $tmp/cal/r" "$tmp/cal/run1.csv"
# -o: exactly the outputs of the model named on the line (star here), as
# --help lists them, whether the preset comes before or after
got=$(c 'kiasari-s5-v12 -o ')
[ "$got" = "$(sort "$tmp/star.want")" ] || { echo "FAIL: -o for star: $(echo $got)"; fail=1; }
COMP_WORDS=("$icnx" -o "" kiasari-s5-v12); COMP_CWORD=2
COMP_LINE="$icnx -o  kiasari-s5-v12"; COMP_POINT=$((${#icnx} + 4)); COMPREPLY=()
_icnx 2>/dev/null
[ "$(printf '%s\n' "${COMPREPLY[@]}" | sort)" = "$(sort "$tmp/star.want")" ] ||
	{ echo "FAIL: -o before the preset: ${COMPREPLY[*]}"; fail=1; }
# an option after a finished key=value is an option, not more of the value
want "-s sim.routing=adaptive --for" "--format"
want "--points 0:" ""
exit $fail
BASH
