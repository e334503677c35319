/*
 * colors.h: how each style role looks on this terminal.
 *
 * Three palettes: 256 colours (COLORS >= 256), 8 colours, and monochrome
 * (no colour support, --no-color, or a non-empty NO_COLOR), where roles are
 * told apart by attributes only (bold, reverse, underline, dim) and the
 * renderers' glyphs (markers, dashes, shade ramps) carry the rest.
 *
 * UI thread only (calls curses).
 */
#ifndef ICNX_UI_COLORS_H
#define ICNX_UI_COLORS_H

#include <curses.h>

#define PALETTE_ROLES 128

struct palette {
	int level;                       /* 0 mono, 8, 256 */
	attr_t attr[PALETTE_ROLES];      /* by style role */
	short pair[PALETTE_ROLES];
};

/* Pick the palette for `want` (0 = mono, else the best the terminal has)
 * and set up its colour pairs.  Call after initscr/newterm. */
void palette_init(struct palette *pal, int want);

/* The attribute and pair of style role s (unknown roles: normal). */
void palette_get(const struct palette *pal, int s, attr_t *attr, short *pair);

#endif
