/*
 * simview.h: the plot pane's simulated views other than the simulated curve
 * (key v in the plot; irregular: arnau Figures 6-10), drawn alone on their
 * own axes from the view's slow-lane slot (app_sim_slot): an OUT_SCATTER
 * table whose column roles say what to draw (family.h, base/table.h):
 *   - x: one of its COL_X columns (those a line is fitted on first, in the
 *     order of their COL_FIT columns, then the others in table order), y:
 *     one of its COL_VALUE columns with the unit of the first (a "variant";
 *     c / C step through them, every y of the first x, then of the next x);
 *   - the points of each series (one per distinct text of a COL_LABEL text
 *     column, else one), with COL_LOWER/COL_UPPER bars of that y;
 *   - the COL_FIT column fitted against that x (`of`), drawn as its line
 *     from the smallest to the largest x, named by its label (which
 *     carries r and the line); a row whose fit is NaN is outside the fit
 *     and is not drawn (-o pairs: a switch with itself).
 * Before the view is simulated it says what r will run.  Renders and
 * formats only: every number comes from the table.  UI thread only.
 */
#ifndef ICNX_UI_SIMVIEW_H
#define ICNX_UI_SIMVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"
#include "ui/app.h"

/* Draw the selected simulated view into r of c (the plot pane's area under
 * its header). */
void simview_draw(struct app *a, struct canvas *c, struct canvas_rect r);

/* The hint line for the view: its variant and fit, the keys. */
void simview_hint(const struct app *a, char *buf, size_t n);

/* c / C: the next (dir 1) or previous (-1) x/y variant.  K_* flags. */
unsigned simview_step(struct app *a, int dir);

/* b: the options that print the view's numbers ("-o pairs ..."). */
void simview_cmdline(const struct app *a, struct strbuf *b);

#endif
