/*
 * strbuf.h: a growable NUL-terminated string.  The buffer owns its memory;
 * strbuf_free() releases it (no-op on an empty buffer).  On allocation
 * failure the buffer sets `failed` and ignores further appends, so callers
 * check once at the end.
 */
#ifndef ICNX_STRBUF_H
#define ICNX_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf {
	char *s;
	size_t len, cap;
	bool failed;
};

void strbuf_init(struct strbuf *b);
void strbuf_free(struct strbuf *b);
void strbuf_add(struct strbuf *b, const char *s, size_t n);
void strbuf_puts(struct strbuf *b, const char *s);
void strbuf_printf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Hand over the string (caller frees); the buffer becomes empty. */
char *strbuf_take(struct strbuf *b);

#endif
