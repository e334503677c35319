/*
 * refview.h: the breakdown pane's "printed vs refined" view: at the
 * cursor's point of the curve, each term a refined model beside the
 * printed one changes (every curve column that refines another, typed:
 * column.refines) with the printed value, the refined value and the
 * change in percent, a term the refinement leaves alone marked
 * "unchanged", and the two saturation loads (the summary's
 * ROW_SATURATION and ROW_SATURATION_REFINED rows).  Built from the
 * descriptor's tables alone: any family's refined columns show.
 *
 * UI thread (reads the app's result slots).
 */
#ifndef ICNX_UI_REFVIEW_H
#define ICNX_UI_REFVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"
#include "render/canvas.h"
#include "ui/app.h"

/* Has the current curve a column that refines another? */
bool refview_available(const struct app *a);

/* Draw the view into c (its header as pane `number`, focused or not). */
void refview_draw(const struct app *a, struct canvas *c, int number, bool focused);

/* The hint line of the view. */
void refview_hint(const struct app *a, char *buf, size_t n);

/* The pane's part of b's command (cmdline.h): the curve at the cursor's
 * load (every printed and refined column) and the summary (both
 * saturation loads).  False when there is no cursor point. */
bool refview_cmdline(const struct app *a, struct strbuf *b);

#endif
