/* draw.c: text helpers for panes drawing into a canvas (see draw.h). */
#include "ui/draw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/style.h"

int draw_width(const char *s)
{
	return canvas_text_width(s);
}

/* Byte length of the first `cols` characters of s. */
static size_t prefix_bytes(const char *s, int cols)
{
	size_t i = 0;
	int n = 0;
	while (s[i] && n < cols) {
		i++;
		while ((s[i] & 0xc0) == 0x80)
			i++;
		n++;
	}
	return i;
}

int draw_text(struct canvas *c, int x, int y, int maxw, const char *s, int style)
{
	char buf[1024];
	int w = draw_width(s);

	if (maxw <= 0 || !s)
		return 0;
	if (w <= maxw) {
		canvas_puts(c, NULL, x, y, s, style);
		return w;
	}
	size_t b = prefix_bytes(s, maxw - 1);
	if (b >= sizeof buf - 4)
		b = sizeof buf - 4;
	memcpy(buf, s, b);
	buf[b] = '\0';
	canvas_puts(c, NULL, x, y, buf, style);
	canvas_put(c, NULL, x + maxw - 1, y, c->charset == CANVAS_UTF8 ? "\u2026" : "~", style);
	return maxw;
}

int draw_text_right(struct canvas *c, int x, int y, int w, const char *s, int style)
{
	int sw = draw_width(s);
	if (sw >= w)
		return draw_text(c, x, y, w, s, style);
	return draw_text(c, x + w - sw, y, sw, s, style);
}

void draw_fill(struct canvas *c, int x, int y, int style)
{
	canvas_fill(c, (struct canvas_rect){ x, y, c->width - x, 1 }, " ", style);
}

void draw_header(struct canvas *c, int number, const char *title, const char *right,
		 bool focused)
{
	char left[160];
	int sty = focused ? UI_HEADER_FOCUS : UI_HEADER;

	if (c->height < 1)
		return;
	draw_fill(c, 0, 0, sty);
	if (number > 0)
		snprintf(left, sizeof left, "%d %s", number, title);
	else
		snprintf(left, sizeof left, "%s", title);
	/* The right part (what is shown, where) keeps up to half the row. */
	int rw = right && *right ? draw_width(right) : 0;
	int rkeep = rw < (c->width - 1) / 2 ? rw : (c->width - 1) / 2;
	int lw = draw_text(c, 1, 0, c->width - 1 - (rkeep > 3 ? rkeep + 2 : 0), left, sty);
	if (right && *right) {
		int room = c->width - lw - 3;
		if (room > 3)
			draw_text_right(c, c->width - 1 - (rw < room ? rw : room), 0,
					rw < room ? rw : room, right, sty);
	}
}

char *draw_num(double v, int sig, char *buf, size_t n)
{
	if (sig <= 0)
		sig = 4;
	if (isnan(v))
		snprintf(buf, n, "-");
	else if (isinf(v))
		snprintf(buf, n, "%s", v > 0 ? "inf" : "-inf");
	else if (v == floor(v) && fabs(v) < 1e9)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.*g", sig, v);
	return buf;
}

char *draw_unit_short(const char *unit, char *buf, size_t n)
{
	static const struct { const char *from, *to; } sub[] = {
		{ "time units", "tu" }, { "time unit", "tu" }, { "messages", "msg" },
	};
	size_t len = 0;

	buf[0] = '\0';
	while (unit && *unit && len + 1 < n) {
		bool done = false;
		for (size_t i = 0; i < sizeof sub / sizeof sub[0]; i++) {
			size_t fl = strlen(sub[i].from);
			if (strncmp(unit, sub[i].from, fl) == 0) {
				len += (size_t)snprintf(buf + len, n - len, "%s", sub[i].to);
				unit += fl;
				done = true;
				break;
			}
		}
		if (!done) {
			buf[len++] = *unit++;
			buf[len] = '\0';
		}
	}
	if (len >= n)
		buf[n - 1] = '\0';
	return buf;
}

char *draw_exact(double v, char *buf, size_t n)
{
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, n, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}
