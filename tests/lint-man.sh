#!/bin/sh
# lint-man.sh: mandoc -Tlint the man pages; any warning or error fails.
set -u
command -v mandoc >/dev/null 2>&1 || { echo "mandoc missing (apt-get install mandoc)"; exit 1; }
out=$(mandoc -Tlint -Wwarning "$@" 2>&1)
rc=$?
[ -n "$out" ] && echo "$out"
[ "$rc" -eq 0 ] && [ -z "$out" ] && echo "man pages lint clean: $*"
[ "$rc" -eq 0 ] && [ -z "$out" ]
