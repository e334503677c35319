#!/bin/sh
# deb.sh: the Debian package end to end (issue 24), a step of `make ci`.
#   1. `make deb` builds build/deb/icnx_VERSION_ARCH.deb (debian/), whose
#      version is the release of VERSION (debian/changelog agrees);
#   2. lintian reports no error (warnings and notes are printed);
#   3. a clean Debian 12 minimal root, made as ../shared/tools/fresh-debian-test
#      makes one (its cached base ${TMPDIR:-/tmp}/fresh-debian/bookworm-minbase.tgz,
#      made with the same debootstrap command when absent), gets man-db (for
#      `man -w`) and its file list is taken; then `apt-get install ./icnx.deb`
#      (its Depends come from the mirror), and inside the root: icnx
#      --version, `icnx --batch` on an installed preset named from /, `man -w`
#      of the four pages, the installed bash completion completing a preset
#      name and a --set value; then `apt-get purge icnx` and `apt-get
#      autoremove --purge` (what it pulled in), and the file list must be the
#      one before (caches, logs and apt's lists aside), dpkg's package list too.
# Needs root (chroot, mount) and the Debian mirror apt uses.  Under CI=true a
# missing tool or privilege is a failure, never a skip.  About 2 minutes with
# the cached base.
set -u
cd "$(dirname "$0")/.." || exit 2
skip() {
	if [ "${CI:-}" = true ]; then echo "FAIL: $* (CI=true: a missing tool is a failure)"; exit 1; fi
	echo "SKIP: $*"; exit 0
}
[ "$(id -u)" = 0 ] || skip "not root (chroot and mount need it)"
for t in dpkg-buildpackage dh lintian chroot; do
	command -v "$t" >/dev/null 2>&1 || skip "$t is not installed (scripts/deps.sh ci)"
done
start=$(date +%s)
fail=0
no() { echo "FAIL: $*"; fail=1; }
say() { echo "deb.sh: $* ($(($(date +%s) - start)) s)"; }

# 1. the package
release=$(sed -n 1p VERSION)
[ "$(dpkg-parsechangelog -S Version)" = "$release" ] ||
	no "debian/changelog's version $(dpkg-parsechangelog -S Version) is not VERSION's $release"
mkdir -p build
make -s deb >build/deb.log 2>&1 || { tail -30 build/deb.log; echo "FAIL: make deb (build/deb.log)"; exit 1; }
deb=$(ls build/deb/icnx_"$release"_*.deb 2>/dev/null | head -n 1)
[ -f "$deb" ] || { echo "FAIL: make deb made no build/deb/icnx_${release}_*.deb"; exit 1; }
say "built $deb, $(stat -c %s "$deb") bytes"

# 2. lintian: errors fail, the rest is shown
lintian --tag-display-limit 0 -I build/deb/icnx_"$release"_*.changes >build/deb/lintian.txt 2>&1 ||
	no "lintian exited $? (1: errors, 2: it could not check)"
grep -v 'running with root privileges' build/deb/lintian.txt | sed 's/^/lintian: /'
grep -q '^E: ' build/deb/lintian.txt && no "lintian reports errors"
say "lintian done"

# 3. a clean root: fresh-debian-test's cached base, or the same debootstrap
cache="${TMPDIR:-/tmp}/fresh-debian"
base="$cache/bookworm-minbase.tgz"
if [ ! -f "$base" ]; then
	command -v debootstrap >/dev/null 2>&1 || skip "debootstrap is not installed (scripts/deps.sh ci)"
	mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null)
	[ -n "$mirror" ] || mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null)
	[ -n "$mirror" ] || { echo "FAIL: no Debian mirror configured for apt"; exit 1; }
	mkdir -p "$cache"
	b=$(mktemp -d)
	debootstrap --variant=minbase --include=make,gcc,libc6-dev,git,ca-certificates,sudo \
		bookworm "$b" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
		{ rm -rf "$b"; echo "FAIL: debootstrap (see $cache/debootstrap.log)"; exit 1; }
	tar -C "$b" -czf "$base.$$" . && mv "$base.$$" "$base"
	rm -rf "$b"
	say "made the base root $base"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/icnx-deb.XXXXXX")
root=$work/root
mkdir "$root"
cleanup() {
	umount "$root/dev/pts" "$root/dev" "$root/proc" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
tar -C "$root" -xzf "$base" || { echo "FAIL: unpacking $base"; exit 1; }
chmod 755 "$root"    # the base's "." is a mktemp directory's 0700: _apt, man
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc" && mount --bind /dev "$root/dev" ||
	{ echo "FAIL: mounting /proc and /dev in the root"; exit 1; }
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts" 2>/dev/null ||
	mount --bind /dev/pts "$root/dev/pts"
mkdir -p "$root/pkg"
cp "$deb" "$root/pkg/"
debname=$(basename "$deb")
say "unpacked a clean root"
# inroot CMD: run CMD in the root as a fresh login would
inroot() {
	chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive sh -c "cd / && $1" </dev/null
}
# apt CMD: inroot, its chatter in $work/apt.log, shown when it fails
apt() {
	inroot "$1" >"$work/apt.log" 2>&1 && return 0
	sed 's/^/  apt: /' "$work/apt.log" | tail -20
	return 1
}
# what is installed: every file and directory (caches, logs and apt's
# state aside), and the packages
snapshot() {
	inroot 'find / -xdev \( -path /proc -o -path /dev -o -path /sys -o -path /tmp -o -path /run \
		-o -path /pkg -o -path /var/cache -o -path /var/log -o -path /var/lib/apt \
		-o -path "/var/lib/dpkg/*-old" -o -path /var/lib/dpkg/triggers \
		-o -path /var/lib/dpkg/lock\* \) -prune -o -print | sort' >"$1.files" &&
	inroot "dpkg-query -W -f '\${Package} \${Version} \${Status}\n' | sort" >"$1.pkgs"
}
apt 'apt-get update -qq && apt-get install -y -qq --no-install-recommends man-db' ||
	{ echo "FAIL: apt-get install man-db in the root (network? mirror?)"; exit 1; }
snapshot "$work/before" || { echo "FAIL: listing the root"; exit 1; }
say "man-db installed, file list taken"
apt "apt-get install -y -qq --no-install-recommends /pkg/$debname" ||
	{ echo "FAIL: apt-get install ./$debname"; exit 1; }
# the lists see what a package installs (so that equal lists below mean
# something)
snapshot "$work/during" && grep -qx /usr/bin/icnx "$work/during.files" &&
	grep -qx /var/lib/dpkg/info/icnx.list "$work/during.files" &&
	grep -q '^icnx ' "$work/during.pkgs" || no "the file list does not see the installed package"
say "installed $debname"

# the installed program, as a user runs it
v=$(inroot 'icnx --version | head -n 1')
case "$v" in "icnx $release+"*) ;; *) no "icnx --version in the root: $v" ;; esac
inroot 'icnx --batch javadi-n544 -o summary -f csv' >"$work/summary.csv" ||
	no "icnx --batch javadi-n544 (an installed preset) in the root"
grep -q '^saturation_load,0\.000931' "$work/summary.csv" ||
	no "icnx --batch javadi-n544 -o summary: $(cat "$work/summary.csv")"
inroot 'icnx --list-presets' | grep -q '^kiasari-s5-v12 *star *installed' ||
	no "icnx --list-presets does not list the installed presets"
for page in icnx icnx.yaml icnx-models icnx-labs; do
	p=$(inroot "man -w $page") || p=
	case "$p" in /usr/share/man/man[157]/"$page".[157].gz) ;; *) no "man -w $page: '$p'" ;; esac
done
# the completion as bash-completion loads it (the package is not needed)
got=$(inroot 'bash -c ". /usr/share/bash-completion/completions/icnx
	COMP_LINE=\"icnx kiasari-s5-v1\"; COMP_POINT=\${#COMP_LINE}
	COMP_WORDS=(icnx kiasari-s5-v1); COMP_CWORD=1; _icnx 2>/dev/null; echo \${COMPREPLY[*]}
	COMP_LINE=\"icnx -s sim.routing=d\"; COMP_POINT=\${#COMP_LINE}
	COMP_WORDS=(icnx -s sim.routing = d); COMP_CWORD=4; _icnx 2>/dev/null; echo \${COMPREPLY[*]}"')
[ "$got" = "kiasari-s5-v12
deterministic" ] || no "installed bash completion: $(echo $got)"
inroot 'test -f /usr/share/zsh/vendor-completions/_icnx' || no "no zsh completion installed"
say "ran icnx, man -w and the completion in the root"

apt 'apt-get purge -y -qq icnx && apt-get autoremove --purge -y -qq' ||
	no "apt-get purge icnx"
after="$root/../icnx-deb-after.$$"
before="$work/before"
snapshot "$after" || no "listing the root after the purge"
if ! cmp -s "$before.files" "$after.files"; then
	no "files left behind or removed by install and purge:"
	diff "$before.files" "$after.files" | sed -n 's/^[<>] /  /p' | head -40
fi
if ! cmp -s "$before.pkgs" "$after.pkgs"; then
	no "packages differ after the purge:"
	diff "$before.pkgs" "$after.pkgs" | sed -n 's/^[<>] /  /p' | head -20
fi
say "purged; the root is as before"
[ "$fail" -eq 0 ] && echo "deb.sh: ok in $(($(date +%s) - start)) s"
exit $fail
