/* lineedit.c: the one-line editor (see lineedit.h). */
#include "ui/lineedit.h"

#include <stdio.h>
#include <string.h>

static bool is_cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

void le_set(struct lineedit *le, const char *text)
{
	snprintf(le->buf, sizeof le->buf, "%s", text ? text : "");
	le->len = strlen(le->buf);
	/* Never cut a character in two. */
	while (le->len > 0 && is_cont((unsigned char)le->buf[le->len - 1]) &&
	       le->len == sizeof le->buf - 1)
		le->buf[--le->len] = '\0';
	le->cur = le->len;
	le->fresh = le->len > 0;
}

bool le_insert(struct lineedit *le, unsigned cp)
{
	char u[4];
	size_t n;

	if (cp < 32 || cp == 127 || cp > 0x10ffff)
		return false;
	if (le->fresh) {
		le->buf[0] = '\0';
		le->len = le->cur = 0;
		le->fresh = false;
	}
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	if (le->len + n >= sizeof le->buf)
		return false;
	memmove(le->buf + le->cur + n, le->buf + le->cur, le->len - le->cur + 1);
	memcpy(le->buf + le->cur, u, n);
	le->len += n;
	le->cur += n;
	return true;
}

static size_t prev_char(const struct lineedit *le, size_t at)
{
	if (at == 0)
		return 0;
	at--;
	while (at > 0 && is_cont((unsigned char)le->buf[at]))
		at--;
	return at;
}

static size_t next_char(const struct lineedit *le, size_t at)
{
	if (at >= le->len)
		return le->len;
	at++;
	while (at < le->len && is_cont((unsigned char)le->buf[at]))
		at++;
	return at;
}

static void cut(struct lineedit *le, size_t from, size_t to)
{
	memmove(le->buf + from, le->buf + to, le->len - to + 1);
	le->len -= to - from;
	le->cur = from;
}

enum le_result le_action(struct lineedit *le, enum action a)
{
	if (a != ACT_NONE)
		le->fresh = false;
	switch (a) {
	case ACT_LEFT: le->cur = prev_char(le, le->cur); break;
	case ACT_RIGHT: le->cur = next_char(le, le->cur); break;
	case ACT_HOME: le->cur = 0; break;
	case ACT_END: le->cur = le->len; break;
	case ACT_BACKSPACE:
		if (le->cur > 0)
			cut(le, prev_char(le, le->cur), le->cur);
		break;
	case ACT_DELCHAR:
		if (le->cur < le->len)
			cut(le, le->cur, next_char(le, le->cur));
		break;
	case ACT_KILL: cut(le, 0, le->len); break;
	case ACT_ACCEPT: return LE_ACCEPT;
	case ACT_CANCEL: return LE_CANCEL;
	default: break;
	}
	return LE_CONTINUE;
}

/* Characters (columns) between byte offsets a and b. */
static int columns(const struct lineedit *le, size_t a, size_t b)
{
	int n = 0;
	for (size_t i = a; i < b; i++)
		if (!is_cont((unsigned char)le->buf[i]))
			n++;
	return n;
}

void le_view(const struct lineedit *le, int width, size_t *start, int *col)
{
	size_t s = 0;

	if (width < 2)
		width = 2;
	/* Keep the cursor inside the field, one column from the right edge. */
	while (columns(le, s, le->cur) > width - 1)
		s = next_char(le, s);
	*start = s;
	*col = columns(le, s, le->cur);
}
