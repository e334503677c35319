#!/bin/sh
# deps.sh: make sure the Debian packages icnx needs are installed.
# Usage: scripts/deps.sh build|test|fuzz|deb|ci|validate
#   build: compiler, pkg-config, ncursesw, libyaml (enough for `make run`)
#   test:  build + cmocka, tmux, mandoc, python3 (JSON checks), locales (a
#          decimal-comma locale, compiled by the test with localedef), zsh (its
#          completion is tested), gnuplot-nox (the figures of key F and
#          --figure are rendered) (enough for `make test`)
#   fuzz:  build + clang and its libFuzzer/sanitizer runtimes
#          (libclang-rt-14-dev, which clang only recommends) for `make fuzz`
#   deb:   build + dpkg-dev, debhelper (`make deb`, debian/) and lintian
#   ci:    test + fuzz + deb + what `make ci` needs beyond that (Open MPI for
#          calibration, debootstrap for
#          the clean root tests/deb.sh installs the package in)
#   validate: build + what `make validate` needs to build BookSim 2 from
#          ../shared/tools (g++, bison, flex) and python3 for the report
# Installs missing packages with apt-get (as root, or through sudo without a
# password); otherwise prints the exact command to run and exits 1.
set -eu
level=${1:-build}
pkgs="gcc make pkg-config libncurses-dev libyaml-dev"
case "$level" in
  build) ;;
  test) pkgs="$pkgs libcmocka-dev tmux mandoc python3 locales zsh gnuplot-nox" ;;
  fuzz) pkgs="$pkgs clang libclang-rt-14-dev" ;;
  deb) pkgs="$pkgs dpkg-dev debhelper lintian" ;;
  ci) pkgs="$pkgs libcmocka-dev tmux mandoc python3 locales zsh time clang libclang-rt-14-dev gnuplot-nox openmpi-bin libopenmpi-dev dpkg-dev debhelper lintian debootstrap" ;;
  validate) pkgs="$pkgs g++ bison flex python3" ;;
  *) echo "deps.sh: unknown level '$level' (allowed: build, test, fuzz, deb, ci, validate)" >&2; exit 2 ;;
esac
missing=""
for p in $pkgs; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0
echo "icnx: installing missing Debian packages:$missing" >&2
if [ "$(id -u)" = 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo"
else
  echo "icnx: cannot install packages (not root, no password-less sudo). Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq $missing >&2
