/*
 * viewdraw.h: drawing a view output's table into part of a pane, by the
 * output's kind (family/family.h), for the breakdown and heatmap panes:
 *
 *   OUT_BARS  grouped bars (render/bars.h): the categories are the first
 *             column, the series the following numeric columns with the
 *             unit of the second; the other columns are appended to the
 *             category labels as text ("4 (44 nodes)").  Horizontal when
 *             the rows fit (legend kept), else vertical.
 *   OUT_TEXT  the first text column's lines, verbatim, scrolled by the
 *             caller (top line, left column); a line starting with '*' is
 *             emphasised (UI_EMPH, its '*' UI_EMPH_MARK).
 *
 * Also the scroll arithmetic the panes share.  No curses: canvases only.
 * The extraction and arithmetic are pure (any thread); drawing is for the
 * UI thread or tests.
 */
#ifndef ICNX_UI_VIEWDRAW_H
#define ICNX_UI_VIEWDRAW_H

#include <stdbool.h>
#include <stddef.h>

#include "base/table.h"
#include "render/bars.h"
#include "render/canvas.h"

#define VD_LABEL_MAX 40

/* A bar chart taken from an OUT_BARS table. */
struct vd_bars {
	int ncat, nseries;
	char (*labels)[VD_LABEL_MAX];       /* ncat category labels (owned) */
	const char **label_ptrs;            /* ncat pointers into labels (owned) */
	const char *names[BARS_MAX_SERIES]; /* series names: column names (borrowed
	                                       from the table, which must outlive b) */
	double *values;                     /* nseries * ncat, series-major (owned) */
	const char *cat_name;               /* the first column's name (borrowed) */
	const char *unit;                   /* the series' unit; NULL if none (borrowed) */
};

/* Fill *b from t.  Returns 0, or -1 when t has no category column or no
 * numeric series, or out of memory (*b is then empty; vd_bars_free is
 * still safe). */
int vd_bars_from_table(const struct table *t, struct vd_bars *b);

/* Release what vd_bars_from_table allocated (NULL-safe, idempotent). */
void vd_bars_free(struct vd_bars *b);

/* Horizontal when every bar and the legend fit in h rows (blank rows
 * between groups may go), else vertical when w columns allow one column
 * per bar, else horizontal (the last groups are cut).  title: a title row
 * is wanted too. */
enum bars_orient vd_bars_orient(const struct vd_bars *b, int w, int h, bool title);

/* Draw OUT_BARS table t into r of c (title: shown above when not NULL and
 * there is room).  A table that is not bars shows a note instead. */
void vd_draw_bars(struct canvas *c, struct canvas_rect r, const struct table *t,
		  const char *title);

/* Line r of an OUT_TEXT table ("" when missing). */
const char *vd_text_line(const struct table *t, size_t r);

/* Columns of the widest line. */
int vd_text_width(const struct table *t);

/* Draw OUT_TEXT table t into r: lines from `top`, columns from `left`
 * (characters).  '*' lines are emphasised; a line cut at the right edge
 * ends in a truncation mark. */
void vd_draw_text(struct canvas *c, struct canvas_rect r, const struct table *t, long top,
		  int left);

/* A scroll position clamped so that `shown` of `n` lines (or columns) fill
 * the view: [0, max(0, n - shown)]. */
long vd_clamp(long first, long n, long shown);

/* The first position of a view of `shown` items that keeps `cursor`
 * visible, moving from `first` as little as possible; then clamped like
 * vd_clamp for n items. */
long vd_follow(long first, long cursor, long shown, long n);

/*
 * Heatmap zoom steps.  k: elements per shown cell (0 = fit the pane, the
 * renderer's own scale); cw: columns per shown cell.  fit_k / fit_cw are
 * what the fitted map used.  In (dir > 0): from the fitted map to the
 * power of two below fit_k (2 columns per cell), halving down to k = 1,
 * then 3 columns per cell.  Out (dir < 0): back the same way; a step that
 * shows no more than the fitted map is the fitted map (k = 0).  Returns 0,
 * or -1 when there is no step that way (*k, *cw unchanged).  Pure.
 */
int vd_zoom_step(int *k, int *cw, int dir, int fit_k, int fit_cw);

#endif
