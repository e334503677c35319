/* blit.c: canvas to WINDOW, and screen read-back (see blit.h). */
#include "ui/blit.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "base/strbuf.h"

unsigned blit_decode(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	if (!u[0])
		return 0;
	if (u[0] < 0x80)
		return u[0];
	int n = u[0] >= 0xf0 ? 3 : u[0] >= 0xe0 ? 2 : u[0] >= 0xc0 ? 1 : -1;
	if (n < 0)
		return 0xfffd;
	unsigned cp = u[0] & (0x3f >> n);
	for (int i = 1; i <= n; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0xfffd;
		cp = (cp << 6) | (u[i] & 0x3f);
	}
	return cp;
}

int blit_encode(unsigned cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

void blit(WINDOW *w, const struct canvas *c, const struct palette *pal, bool utf8_locale)
{
	int wh, ww;
	getmaxyx(w, wh, ww);
	for (int y = 0; y < c->height && y < wh; y++) {
		for (int x = 0; x < c->width && x < ww; x++) {
			const struct canvas_cell *cell = &c->cells[(size_t)y * (size_t)c->width +
								  (size_t)x];
			unsigned cp = blit_decode(cell->glyph);
			if (cp < 32 || cp == 127 || (!utf8_locale && cp > 127))
				cp = cp == 0 ? ' ' : '?';
			wchar_t wstr[2] = { (wchar_t)cp, 0 };
			attr_t attr;
			short pair;
			cchar_t cc;
			palette_get(pal, cell->style, &attr, &pair);
			setcchar(&cc, wstr, attr, pair, NULL);
			mvwadd_wch(w, y, x, &cc);
		}
	}
}

char *blit_screen_text(void)
{
	struct strbuf b;
	int h, w;
	char u[8];

	strbuf_init(&b);
	getmaxyx(curscr, h, w);
	for (int y = 0; y < h; y++) {
		size_t line_start = b.len, last = b.len;
		for (int x = 0; x < w; x++) {
			cchar_t cc;
			wchar_t wstr[CCHARW_MAX + 1];
			attr_t attr;
			short pair;
			wstr[0] = L' ';
			if (mvwin_wch(curscr, y, x, &cc) == OK)
				getcchar(&cc, wstr, &attr, &pair, NULL);
			unsigned cp = wstr[0] ? (unsigned)wstr[0] : ' ';
			int n = blit_encode(cp, u);
			strbuf_add(&b, u, (size_t)n);
			if (cp != ' ')
				last = b.len;
		}
		/* Trim trailing blanks. */
		if (b.s) {
			b.len = last > line_start ? last : line_start;
			b.s[b.len] = '\0';
		}
		strbuf_puts(&b, "\n");
	}
	if (b.failed) {
		strbuf_free(&b);
		return NULL;
	}
	return strbuf_take(&b);
}
