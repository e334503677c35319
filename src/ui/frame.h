/*
 * frame.h: a box around a whole canvas, with a title in the top edge, for
 * the overlays (help, preset picker, questions).  Box-drawing characters
 * on a UTF-8 terminal, + - | otherwise.  Pure (canvas only).
 */
#ifndef ICNX_UI_FRAME_H
#define ICNX_UI_FRAME_H

#include <stdbool.h>

#include "render/canvas.h"

/* Clear c, draw its border and the title. */
void frame_draw(struct canvas *c, const char *title, bool utf8);

#endif
