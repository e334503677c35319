/*
 * layout.h: where each pane goes for a terminal of W x H cells.
 *
 * The screen is a left column of editing panes (organisation, network,
 * traffic, stacked), a one-column separator, and a right column with the
 * plot on top and the breakdown table and heatmap below it; the last two
 * rows are the hint line and the status line.  Smaller terminals degrade
 * pane by pane: the heatmap goes first, then the breakdown shrinks to a few
 * lines, then it goes; a breakdown or heatmap that has no room of its own
 * takes the plot's place while it has the focus (so does either of them,
 * focused, when `expand` is asked for); below 56 columns one pane
 * (the focused one) fills the screen; below LAYOUT_MIN_W x LAYOUT_MIN_H the
 * explorer only says that the terminal is too small.
 *
 * Pure: no curses, no state; any thread may call it.
 */
#ifndef ICNX_UI_LAYOUT_H
#define ICNX_UI_LAYOUT_H

#include <stdbool.h>

#include "render/canvas.h"

enum pane_id {
	P_ORG, P_NET, P_TRAFFIC,   /* the editing panes, left column */
	P_PLOT, P_TABLE, P_HEAT,   /* right column */
	P_NPANES
};

#define LAYOUT_MIN_W 40
#define LAYOUT_MIN_H 10
#define LAYOUT_NARROW_W 56     /* below: one pane at a time */
#define LAYOUT_COMPACT_H 4     /* the breakdown's height under a full plot */

struct layout_in {
	int w, h;                  /* terminal size */
	int focus;                 /* enum pane_id */
	int natural[P_NPANES];     /* rows each editing pane wants (header
	                              included; 1: collapsed, nothing but its
	                              title line, and never given more);
	                              others ignored */
	bool expand;               /* a focused breakdown or heatmap takes the
	                              whole right column */
};

struct layout {
	bool too_small;
	struct canvas_rect pane[P_NPANES]; /* h == 0: not shown */
	struct canvas_rect sep;            /* vertical separator (w 0 if none) */
	struct canvas_rect hint;           /* context line (h 0 if none) */
	struct canvas_rect status;         /* status line */
};

/* Compute the layout for in.  Every shown rectangle lies inside the
 * terminal and no two overlap. */
void layout_compute(const struct layout_in *in, struct layout *out);

#endif
