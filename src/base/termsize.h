/*
 * termsize.h: the one syntax of a terminal size, "WxH" (columns x lines,
 * each 1..10000), as --headless and a key script's `resize` line take it.
 * Pure; any thread.
 */
#ifndef ICNX_BASE_TERMSIZE_H
#define ICNX_BASE_TERMSIZE_H

/* Parse the whole of s as "WxH"; 0 with *w, *h set, or -1 (unchanged). */
int termsize_parse(const char *s, int *w, int *h);

#endif
