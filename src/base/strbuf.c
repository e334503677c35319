/* strbuf.c: growable strings (see strbuf.h). */
#include "base/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strbuf_init(struct strbuf *b)
{
	memset(b, 0, sizeof *b);
}

void strbuf_free(struct strbuf *b)
{
	if (b == NULL)
		return;
	free(b->s);
	strbuf_init(b);
}

static bool grow(struct strbuf *b, size_t extra)
{
	if (b->failed)
		return false;
	if (b->len + extra + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + extra + 1)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->failed = true;
		return false;
	}
	b->s = s;
	b->cap = cap;
	return true;
}

void strbuf_add(struct strbuf *b, const char *s, size_t n)
{
	if (!grow(b, n))
		return;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void strbuf_puts(struct strbuf *b, const char *s)
{
	strbuf_add(b, s, strlen(s));
}

void strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !grow(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

char *strbuf_take(struct strbuf *b)
{
	char *s = b->failed ? NULL : b->s;
	if (b->failed)
		free(b->s);
	if (!s)
		s = b->failed ? NULL : calloc(1, 1);
	strbuf_init(b);
	return s;
}
