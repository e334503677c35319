/* textcheck.c: the text-field rule (see textcheck.h). */
#include "base/textcheck.h"

#include <string.h>

/* Decode one UTF-8 sequence at s (n bytes left): its code point in *cp and
 * its length, or 0 when it is malformed. */
static size_t decode(const unsigned char *s, size_t n, unsigned long *cp)
{
	unsigned char c = s[0];
	size_t len;
	unsigned long v, min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF)
		len = 2, v = c & 0x1F, min = 0x80;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, v = c & 0x0F, min = 0x800;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, v = c & 0x07, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

static int forbidden(unsigned long cp)
{
	return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 ||
	       cp == 0x2029 || cp == 0xFEFF;
}

char *text_sanitize(char *s)
{
	unsigned char *u = (unsigned char *)s;
	size_t n = strlen(s), i = 0, o = 0;
	while (i < n) {
		unsigned long cp;
		size_t k = decode(u + i, n - i, &cp);
		if (k == 0 || forbidden(cp)) {
			u[o++] = '?';
			i += k ? k : 1;
		} else {
			memmove(u + o, u + i, k);
			o += k;
			i += k;
		}
	}
	u[o] = '\0';
	return s;
}

const char *text_problem(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		unsigned long cp;
		size_t k = decode(u + i, len - i, &cp);
		if (k == 0)
			return "invalid UTF-8";
		if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F))
			return "a control character";
		if (cp == 0x2028 || cp == 0x2029)
			return "a line or paragraph separator";
		if (cp == 0xFEFF)
			return "a byte-order mark";
		i += k;
	}
	return NULL;
}

size_t text_cut(const char *s, size_t max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s);

	if (n <= max)
		return n;
	/* Step back over continuation bytes to the start of the cut sequence. */
	size_t i = max;
	while (i > 0 && (u[i] & 0xC0) == 0x80)
		i--;
	return i;
}
