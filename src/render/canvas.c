/*
 * canvas.c: the off-screen cell grid (see canvas.h), UTF-8 aware text
 * output, braille dots and the text dump used by golden tests.
 */
#include "render/canvas.h"

#include <stdlib.h>
#include <string.h>

static void
cell_set(struct canvas_cell *cell, const char *g, size_t len, int style)
{
	memcpy(cell->glyph, g, len);
	cell->glyph[len] = '\0';
	cell->style = (unsigned char)style;
}

int
canvas_init(struct canvas *c, int w, int h)
{
	c->width = 0;
	c->height = 0;
	c->charset = CANVAS_ASCII;
	c->cells = NULL;
	return canvas_resize(c, w, h);
}

int
canvas_resize(struct canvas *c, int w, int h)
{
	struct canvas_cell *cells = NULL;

	if (w < 0)
		w = 0;
	if (h < 0)
		h = 0;
	if (w > 0 && h > 0) {
		cells = malloc((size_t)w * (size_t)h * sizeof *cells);
		if (cells == NULL)
			return -1;
	} else {
		w = h = 0;
	}
	free(c->cells);
	c->cells = cells;
	c->width = w;
	c->height = h;
	canvas_clear(c);
	return 0;
}

void
canvas_free(struct canvas *c)
{
	if (c == NULL)
		return;
	free(c->cells);
	c->cells = NULL;
	c->width = c->height = 0;
}

void
canvas_set_charset(struct canvas *c, enum canvas_charset cs)
{
	c->charset = cs;
}

void
canvas_clear(struct canvas *c)
{
	struct canvas_rect all = { 0, 0, c->width, c->height };

	canvas_fill(c, all, " ", STY_NORMAL);
}

struct canvas_rect
canvas_rect_clip(struct canvas_rect a, struct canvas_rect b)
{
	struct canvas_rect r;
	int x1 = a.x + a.w < b.x + b.w ? a.x + a.w : b.x + b.w;
	int y1 = a.y + a.h < b.y + b.h ? a.y + a.h : b.y + b.h;

	r.x = a.x > b.x ? a.x : b.x;
	r.y = a.y > b.y ? a.y : b.y;
	r.w = x1 > r.x ? x1 - r.x : 0;
	r.h = y1 > r.y ? y1 - r.y : 0;
	return r;
}

/*
 * Length in bytes of the UTF-8 character at s (1..4), or 0 if s does not
 * start a valid, complete, printable character.
 */
static size_t
utf8_char_len(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n, i;

	if (u[0] < 0x20 || u[0] == 0x7f)
		return 0;
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		n = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		n = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((u[i] & 0xc0) != 0x80)
			return 0;
	/* Overlong 3- and 4-byte forms and surrogates. */
	if (n == 3 && u[0] == 0xe0 && u[1] < 0xa0)
		return 0;
	if (n == 3 && u[0] == 0xed && u[1] >= 0xa0)
		return 0;
	if (n == 4 && u[0] == 0xf0 && u[1] < 0x90)
		return 0;
	if (n == 4 && u[0] == 0xf4 && u[1] >= 0x90)
		return 0;
	return n;
}

/* Bytes to skip after an invalid byte: continuation bytes that follow it. */
static size_t
utf8_skip_invalid(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 1;

	while (i < 4 && (u[i] & 0xc0) == 0x80)
		i++;
	return i;
}

static bool
inside(const struct canvas *c, const struct canvas_rect *clip, int x, int y)
{
	if (x < 0 || y < 0 || x >= c->width || y >= c->height)
		return false;
	if (clip != NULL && (x < clip->x || y < clip->y ||
	    x >= clip->x + clip->w || y >= clip->y + clip->h))
		return false;
	return true;
}

void
canvas_fill(struct canvas *c, struct canvas_rect r, const char *glyph,
	    int style)
{
	struct canvas_rect all = { 0, 0, c->width, c->height };
	size_t len;
	int x, y;

	if (glyph == NULL || (len = utf8_char_len(glyph)) == 0) {
		glyph = " ";
		len = 1;
	}
	r = canvas_rect_clip(r, all);
	for (y = r.y; y < r.y + r.h; y++)
		for (x = r.x; x < r.x + r.w; x++)
			cell_set(&c->cells[(size_t)y * (size_t)c->width + (size_t)x],
				 glyph, len, style);
}

const struct canvas_cell *
canvas_at(const struct canvas *c, int x, int y)
{
	if (!inside(c, NULL, x, y))
		return NULL;
	return &c->cells[(size_t)y * (size_t)c->width + (size_t)x];
}

int
canvas_put(struct canvas *c, const struct canvas_rect *clip, int x, int y,
	   const char *glyph, int style)
{
	size_t len;

	if (!inside(c, clip, x, y))
		return 0;
	if (glyph == NULL || (len = utf8_char_len(glyph)) == 0) {
		glyph = (glyph == NULL || *glyph == '\0') ? " " : "?";
		len = 1;
	}
	cell_set(&c->cells[(size_t)y * (size_t)c->width + (size_t)x], glyph,
		 len, style);
	return 1;
}

int
canvas_puts(struct canvas *c, const struct canvas_rect *clip, int x, int y,
	    const char *s, int style)
{
	int cols = 0;
	size_t len;

	if (s == NULL)
		return 0;
	while (*s != '\0') {
		len = utf8_char_len(s);
		if (inside(c, clip, x + cols, y)) {
			if (len > 0)
				cell_set(&c->cells[(size_t)y * (size_t)c->width +
					 (size_t)(x + cols)], s, len, style);
			else
				cell_set(&c->cells[(size_t)y * (size_t)c->width +
					 (size_t)(x + cols)], "?", 1, style);
		}
		s += len > 0 ? len : utf8_skip_invalid(s);
		cols++;
	}
	return cols;
}

int
canvas_text_width(const char *s)
{
	int cols = 0;
	size_t len;

	if (s == NULL)
		return 0;
	while (*s != '\0') {
		len = utf8_char_len(s);
		s += len > 0 ? len : utf8_skip_invalid(s);
		cols++;
	}
	return cols;
}

/*
 * Braille: U+2800 + bits, where the dot at column i (0..1), row j (0..3) of
 * the cell is bit 0,1,2,6 (left column) or 3,4,5,7 (right column).  UTF-8:
 * E2, A0 | bits >> 6, 80 | (bits & 0x3f).
 */
static const unsigned char braille_bit[2][4] = {
	{ 0x01, 0x02, 0x04, 0x40 },
	{ 0x08, 0x10, 0x20, 0x80 },
};

int
canvas_dot(struct canvas *c, const struct canvas_rect *clip, int dx, int dy,
	   int style)
{
	struct canvas_cell *cell;
	unsigned bits = 0;
	unsigned char *g;
	int x, y;

	if (dx < 0 || dy < 0)
		return 0;
	x = dx / 2;
	y = dy / 4;
	if (!inside(c, clip, x, y))
		return 0;
	cell = &c->cells[(size_t)y * (size_t)c->width + (size_t)x];
	g = (unsigned char *)cell->glyph;
	if (g[0] == 0xe2 && (g[1] & 0xfc) == 0xa0 && (g[2] & 0xc0) == 0x80 &&
	    g[3] == 0)
		bits = ((unsigned)(g[1] & 0x03) << 6) | (g[2] & 0x3f);
	bits |= braille_bit[dx % 2][dy % 4];
	g[0] = 0xe2;
	g[1] = (unsigned char)(0xa0 | (bits >> 6));
	g[2] = (unsigned char)(0x80 | (bits & 0x3f));
	g[3] = 0;
	cell->style = (unsigned char)style;
	return 1;
}

char *
canvas_to_text(const struct canvas *c)
{
	size_t cap = 1, n = 0, len, end;
	char *out;
	int x, y;

	for (y = 0; y < c->height; y++)
		for (x = 0; x < c->width; x++)
			cap += strlen(c->cells[(size_t)y * (size_t)c->width +
				      (size_t)x].glyph);
	cap += (size_t)c->height;
	out = malloc(cap);
	if (out == NULL)
		return NULL;
	for (y = 0; y < c->height; y++) {
		if (y > 0)
			out[n++] = '\n';
		end = n;
		for (x = 0; x < c->width; x++) {
			const char *g = c->cells[(size_t)y * (size_t)c->width +
						 (size_t)x].glyph;

			len = strlen(g);
			memcpy(out + n, g, len);
			n += len;
			if (strcmp(g, " ") != 0)
				end = n;
		}
		n = end;
	}
	out[n] = '\0';
	return out;
}
