#!/bin/sh
# build.sh: build the MPI measurement program tools/mpi/icnx-mpi-probe.c
# with the MPI compiler wrapper (not part of `make`: icnx itself needs no
# MPI).  Usage: sh tools/mpi/build.sh [OUTDIR]   (default build/mpi)
# Prints the path of the program.  MPICC overrides the wrapper (default mpicc).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-build/mpi}
MPICC=${MPICC:-mpicc}
if ! command -v "$MPICC" >/dev/null 2>&1; then
	echo "build.sh: $MPICC not found (Debian: apt-get install openmpi-bin libopenmpi-dev)" >&2
	exit 1
fi
mkdir -p "$out"
"$MPICC" -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L \
	-o "$out/icnx-mpi-probe" "$here/icnx-mpi-probe.c" -lm
echo "$out/icnx-mpi-probe"
