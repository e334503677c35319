/* frame.c: overlay borders (see frame.h). */
#include "ui/frame.h"

#include <stdio.h>

#include "ui/draw.h"
#include "ui/style.h"

void frame_draw(struct canvas *c, const char *title, bool utf8)
{
	const char *h = utf8 ? "\u2500" : "-", *v = utf8 ? "\u2502" : "|";
	const char *tl = utf8 ? "\u250c" : "+", *tr = utf8 ? "\u2510" : "+";
	const char *bl = utf8 ? "\u2514" : "+", *br = utf8 ? "\u2518" : "+";
	int w = c->width, ht = c->height;
	char t[160];

	canvas_clear(c);
	if (w < 2 || ht < 2)
		return;
	for (int x = 1; x < w - 1; x++) {
		canvas_put(c, NULL, x, 0, h, UI_FRAME);
		canvas_put(c, NULL, x, ht - 1, h, UI_FRAME);
	}
	for (int y = 1; y < ht - 1; y++) {
		canvas_put(c, NULL, 0, y, v, UI_FRAME);
		canvas_put(c, NULL, w - 1, y, v, UI_FRAME);
	}
	canvas_put(c, NULL, 0, 0, tl, UI_FRAME);
	canvas_put(c, NULL, w - 1, 0, tr, UI_FRAME);
	canvas_put(c, NULL, 0, ht - 1, bl, UI_FRAME);
	canvas_put(c, NULL, w - 1, ht - 1, br, UI_FRAME);
	if (title && *title) {
		snprintf(t, sizeof t, " %s ", title);
		draw_text(c, 2, 0, w - 4, t, STY_TITLE);
	}
}
