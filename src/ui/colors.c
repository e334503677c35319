/*
 * colors.c: the three palettes (256, 8, mono) mapping style roles to
 * curses attributes and colour pairs (see colors.h).  Pair numbers are
 * assigned per role; -1 is the terminal's default colour when
 * use_default_colors() succeeds.
 */
#include "ui/colors.h"

#include <string.h>

#include "render/canvas.h"
#include "ui/style.h"

struct look {
	int role;
	short fg8, bg8;       /* 8-colour palette (-1 = default) */
	short fg256, bg256;   /* 256-colour palette */
	attr_t attr;          /* attributes with colour */
	attr_t mono;          /* attributes without colour */
};

#define D (-1)

static const struct look looks[] = {
	{ STY_AXIS, D, D, 244, D, 0, 0 },
	{ STY_LABEL, D, D, 250, D, 0, 0 },
	{ STY_TITLE, D, D, D, D, A_BOLD, A_BOLD },
	{ STY_DIM, D, D, 244, D, A_DIM, A_DIM },
	{ STY_BOLD, D, D, D, D, A_BOLD, A_BOLD },
	{ STY_REVERSE, D, D, D, D, A_REVERSE, A_REVERSE },
	{ STY_CURSOR, COLOR_YELLOW, D, 226, D, A_BOLD, A_BOLD | A_REVERSE },
	{ STY_SATURATION, COLOR_RED, D, 203, D, A_BOLD, A_BOLD },
	{ STY_SERIES0, COLOR_GREEN, D, 118, D, A_BOLD, A_BOLD },
	{ STY_SERIES1, COLOR_CYAN, D, 51, D, 0, 0 },
	{ STY_SERIES2, COLOR_MAGENTA, D, 213, D, 0, 0 },
	{ STY_SERIES3, COLOR_YELLOW, D, 214, D, 0, 0 },
	{ STY_SERIES4, COLOR_BLUE, D, 75, D, A_BOLD, 0 },
	{ STY_SERIES5, COLOR_RED, D, 196, D, 0, 0 },
	{ STY_SERIES6, COLOR_WHITE, D, 252, D, 0, 0 },
	{ STY_SERIES7, COLOR_GREEN, D, 34, D, 0, 0 },
	/* Heat ramp: dark to light, blue -> cyan -> green -> yellow (no
	 * red/green-only distinction; the glyph ramp works without colour). */
	{ STY_HEAT0, COLOR_BLUE, D, 54, D, 0, 0 },
	{ STY_HEAT1, COLOR_BLUE, D, 55, D, A_BOLD, 0 },
	{ STY_HEAT2, COLOR_MAGENTA, D, 61, D, 0, 0 },
	{ STY_HEAT3, COLOR_CYAN, D, 67, D, 0, 0 },
	{ STY_HEAT4, COLOR_CYAN, D, 73, D, A_BOLD, 0 },
	{ STY_HEAT5, COLOR_GREEN, D, 72, D, 0, 0 },
	{ STY_HEAT6, COLOR_GREEN, D, 107, D, A_BOLD, 0 },
	{ STY_HEAT7, COLOR_YELLOW, D, 149, D, 0, 0 },
	{ STY_HEAT8, COLOR_YELLOW, D, 185, D, A_BOLD, A_BOLD },
	{ STY_HEAT9, COLOR_WHITE, D, 226, D, A_BOLD, A_BOLD },
	{ UI_HEADER, COLOR_WHITE, COLOR_BLUE, 255, 24, 0, A_BOLD | A_UNDERLINE },
	{ UI_HEADER_FOCUS, COLOR_BLACK, COLOR_CYAN, 16, 39, A_BOLD, A_REVERSE | A_BOLD },
	{ UI_SELECT, COLOR_BLACK, COLOR_CYAN, 16, 117, 0, A_REVERSE },
	{ UI_SELECT_DIM, COLOR_BLACK, COLOR_WHITE, 255, 238, 0, A_UNDERLINE },
	{ UI_CHANGED, COLOR_YELLOW, D, 214, D, A_BOLD, A_BOLD },
	{ UI_DERIVED, COLOR_CYAN, D, 109, D, 0, A_DIM },
	{ UI_ERROR, COLOR_WHITE, COLOR_RED, 231, 160, A_BOLD, A_BOLD },
	{ UI_STATUS, COLOR_BLACK, COLOR_WHITE, 16, 250, 0, A_REVERSE },
	{ UI_HINT, D, D, 250, D, 0, 0 },
	{ UI_KEY, COLOR_CYAN, D, 81, D, A_BOLD, A_BOLD },
	{ UI_FRAME, COLOR_CYAN, D, 67, D, 0, 0 },
	{ UI_EMPH, COLOR_YELLOW, D, 214, D, A_BOLD, A_BOLD },
	{ UI_EMPH_MARK, COLOR_YELLOW, D, 214, D, A_BOLD, A_BOLD | A_REVERSE },
};

void palette_init(struct palette *pal, int want)
{
	memset(pal, 0, sizeof *pal);
	pal->level = 0;
	if (want != 0 && has_colors() && start_color() == OK) {
		pal->level = COLORS >= 256 ? 256 : COLORS >= 8 ? 8 : 0;
	}
	bool defaults = pal->level && use_default_colors() == OK;
	short next = 1;
	for (size_t i = 0; i < sizeof looks / sizeof looks[0]; i++) {
		const struct look *l = &looks[i];
		if (l->role < 0 || l->role >= PALETTE_ROLES)
			continue;
		if (pal->level == 0) {
			pal->attr[l->role] = l->mono;
			continue;
		}
		short fg = pal->level == 256 ? l->fg256 : l->fg8;
		short bg = pal->level == 256 ? l->bg256 : l->bg8;
		if (!defaults) {
			if (fg < 0)
				fg = COLOR_WHITE;
			if (bg < 0)
				bg = COLOR_BLACK;
		}
		pal->attr[l->role] = l->attr;
		if ((fg >= 0 || bg >= 0) && next < COLOR_PAIRS) {
			init_pair(next, fg, bg);
			pal->pair[l->role] = next++;
		}
	}
}

void palette_get(const struct palette *pal, int s, attr_t *attr, short *pair)
{
	if (s < 0 || s >= PALETTE_ROLES) {
		*attr = 0;
		*pair = 0;
		return;
	}
	*attr = pal->attr[s];
	*pair = pal->pair[s];
}
