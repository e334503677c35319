#!/bin/sh
# version.sh: the build names itself (issue 24).  `icnx --version` prints
# the release (line 1 of VERSION) and the commit: in a git checkout the
# HEAD it was built from, "-dirty" exactly when tracked files differ from
# it; in a tree exported by `git archive` the commit written into VERSION.
# The JSON output's generator is the same string.  In a checkout, a `git
# archive` export names HEAD in its VERSION (.gitattributes export-subst)
# and the Makefile of the export reads it.
set -u
ICNX=${ICNX:-./icnx}
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }

release=$(sed -n 1p VERSION)
echo "$release" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$' || no "VERSION line 1 is not a release number: $release"
if [ -e .git ] && command -v git >/dev/null 2>&1 && git rev-parse HEAD >/dev/null 2>&1; then
	commit=$(git rev-parse --short=12 HEAD)
	git diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
	# an export names the commit, and its Makefile reads it
	git archive HEAD VERSION Makefile | tar -x -C "$tmp" || no "git archive"
	[ "$(sed -n 2p "$tmp/VERSION")" = "$(git rev-parse HEAD)" ] ||
		no "git archive's VERSION line 2 is '$(sed -n 2p "$tmp/VERSION")', not HEAD (export-subst)"
	got=$(make -s -C "$tmp" --no-print-directory --eval 'pv: ; @echo $(VERSION)+$(COMMIT)' pv 2>&1)
	[ "$got" = "$release+$(git rev-parse --short=12 HEAD)" ] || no "the export's Makefile says $got"
else
	commit=$(sed -n '2s/^\([0-9a-f]\{12\}\)[0-9a-f]*\(-dirty\)\{0,1\}$/\1\2/p' VERSION)
	[ -n "$commit" ] || commit=unknown
fi
want="icnx $release+$commit"
got=$("$ICNX" --version | sed -n 1p)
[ "$got" = "$want" ] || no "--version says '$got', want '$want' (rebuild after a commit: make)"
"$ICNX" --version | sed -n 2p | grep -q "^release $release, built from " ||
	no "--version line 2: $("$ICNX" --version | sed -n 2p)"
"$ICNX" --batch javadi-n544 -o summary -f json | head -c 200 |
	grep -qF "{\"format_version\":1,\"generator\":\"$want\"," || no "JSON generator is not '$want'"
exit $fail
