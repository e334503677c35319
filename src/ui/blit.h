/*
 * blit.h: copying a canvas (render/canvas.h) to a curses WINDOW, and the
 * visible screen back to text.
 *
 * UI thread only (calls curses).
 */
#ifndef ICNX_UI_BLIT_H
#define ICNX_UI_BLIT_H

#include <curses.h>
#include <stdbool.h>

#include "render/canvas.h"
#include "ui/colors.h"

/* Copy every cell of c to w at (0, 0), clipped to w, with the palette's
 * look of each cell's role.  When the locale cannot show Unicode
 * (utf8_locale false), non-ASCII glyphs become '?'. */
void blit(WINDOW *w, const struct canvas *c, const struct palette *pal, bool utf8_locale);

/* The physical screen as text (read back from curscr): one line per row,
 * trailing blanks removed, UTF-8.  Returns a malloc'd string (caller
 * frees) or NULL. */
char *blit_screen_text(void);

/* Decode the first UTF-8 character of s; returns its code point (0xfffd
 * for invalid input, 0 for ""). */
unsigned blit_decode(const char *s);

/* Encode code point cp as UTF-8 into out (at least 5 bytes); returns the
 * number of bytes. */
int blit_encode(unsigned cp, char *out);

#endif
