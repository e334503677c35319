#!/bin/sh
# check-purity.sh: the pure cores (src/model, src/topo, src/sim, src/render)
# must not include curses or pthread headers, do I/O through stdio streams,
# or keep mutable globals; the shared layers (src/base, src/config,
# src/family) must not include curses or pthread headers either.  Exit 1
# and name the offending lines.
set -u
cd "$(dirname "$0")/.." || exit 2
bad=0
pure="src/model src/topo src/sim src/render"
hits=$(grep -nE '#[[:space:]]*include[[:space:]]*<(n?curses[w]?\.h|ncursesw/[a-z]*\.h|panel\.h|pthread\.h|threads\.h)>' \
	$pure src/base src/config src/family 2>/dev/null)
if [ -n "$hits" ]; then echo "curses/thread headers in pure code:"; echo "$hits"; bad=1; fi
hits=$(grep -nE '\b(printf|fprintf|puts|fputs|fopen|fwrite|fread|getchar|perror)[[:space:]]*\(' \
	$(find $pure -name '*.c' 2>/dev/null) 2>/dev/null | grep -v 'snprintf\|vsnprintf')
if [ -n "$hits" ]; then echo "I/O in pure code:"; echo "$hits"; bad=1; fi
# A file-scope definition that is neither const nor a function: a mutable global.
for f in $(find $pure -name '*.c' 2>/dev/null); do
	g=$(grep -nE '^(static[[:space:]]+)?(unsigned[[:space:]]+|signed[[:space:]]+)?(int|long|double|float|char|size_t|bool|struct[[:space:]]+[a-z_]+)[[:space:]]+\**[a-z_][a-z_0-9]*(\[[^]]*\])*[[:space:]]*(=|;)' "$f")
	if [ -n "$g" ]; then echo "mutable global in $f:"; echo "$g"; bad=1; fi
done
[ "$bad" -eq 0 ] && echo "pure cores: no curses, threads, stdio or mutable globals"
exit "$bad"
