/*
 * pane.h: the pane interface.  Each pane is one file exporting one
 * `const struct pane_ops` (tmux window modes, tig views); everything else in
 * the file is static, and its private state hangs on pane->data.
 *
 * Panes never call curses: draw() renders the whole pane (header line
 * included) into a canvas of the pane's size, which the UI copies to the
 * pane's WINDOW (blit.h).  Key handlers never draw: they change state and
 * return K_* flags saying what must happen next.
 *
 * Thread contract: every slot is called by the UI thread only.
 */
#ifndef ICNX_UI_PANE_H
#define ICNX_UI_PANE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"
#include "engine/worker.h"
#include "render/canvas.h"
#include "ui/keys.h"

struct app;
struct pane;

/* What a key handler (or an event) asks the main loop to do. */
enum {
	K_HANDLED = 1u << 0,    /* the key was used */
	K_REDRAW = 1u << 1,     /* redraw this pane */
	K_REDRAW_ALL = 1u << 2, /* redraw every pane and the status line */
	K_RELAYOUT = 1u << 3,   /* pane sizes may change */
	K_RECOMPUTE = 1u << 4,  /* the configuration changed: post it */
	K_VIEW = 1u << 5,       /* cursor / selection / view changed: post it */
	K_STATUS = 1u << 6,     /* redraw the status and hint lines */
	K_QUIT = 1u << 7,
};

/* What update() is told has changed: U_CONFIG, U_FILE, or the bits of the
 * result slots a take brought (RES_SLOT(s), engine/worker.h). */
enum {
	U_CONFIG = 1u << 0,     /* the configuration (edit, undo, open) */
	U_FILE = 1u << 5,       /* another file was opened */
	U_CURVE = RES_CURVE,
	U_SUMMARY = RES_SUMMARY,
	U_DETAIL = RES_DETAIL,
	U_MATRIX = RES_MATRIX,
	U_CELL = RES_CELL,      /* the heatmap cell's detail */
};

struct pane_ops {
	const char *name;       /* "plot": for messages and tests */
	const char *title;      /* header text */
	unsigned ctx;           /* its key contexts (besides CTX_GLOBAL, CTX_MOVE) */
	unsigned listens;       /* the results it shows: RES_SLOT(s) of the result
	                           slots (engine/worker.h) and RES_ERROR; the loop
	                           marks it dirty when a take brings one */
	/* Allocate pane->data.  Returns 0 or -1. */
	int (*init)(struct pane *p);
	/* Free pane->data (NULL-safe). */
	void (*free)(struct pane *p);
	/* Render the pane into c (c's size is the pane's size). */
	void (*draw)(struct pane *p, struct canvas *c);
	/* Handle an action from the key table; arg is the ACT_PANE number or the
	 * character for text input.  Returns K_* flags (0 = not handled). */
	unsigned (*key)(struct pane *p, enum action a, int arg);
	/* Optional: something the pane shows has changed (U_* bits). */
	void (*update)(struct pane *p, unsigned what);
	/* Optional: rows the pane would like, header included (for layout). */
	int (*natural_height)(struct pane *p);
	/* Optional: the text of the hint line when the pane has the focus. */
	void (*hint)(struct pane *p, char *buf, size_t n);
	/* Optional: a mouse click at (x, y) inside the pane.  Returns K_*. */
	unsigned (*click)(struct pane *p, int x, int y);
	/* Optional: append the --batch options that print this pane's numbers
	 * ("-o point --at 0.0002"); return false if the pane shows none.
	 * Several commands (the --points pieces of a sweep) are lines
	 * separated by '\n', each the options of one whole command; a line
	 * starting with '#' is a shell comment shown as it is. */
	bool (*cmdline)(struct pane *p, struct strbuf *b);
};

struct pane {
	const struct pane_ops *ops;
	struct app *app;          /* borrowed; the app outlives its panes */
	void *data;               /* private, owned by the pane */
	struct canvas_rect rect;  /* where it is on screen (h == 0: hidden) */
	bool focused;
};

/* The panes, in enum pane_id order (layout.h). */
extern const struct pane_ops pane_org_ops, pane_net_ops, pane_traffic_ops,
	pane_plot_ops, pane_table_ops, pane_heat_ops;

struct strbuf;
/* Key F: the plot pane p as last drawn (its curves, pins, simulated points
 * with their intervals, axes and legend) as a gnuplot script
 * (base/figure.h) appended to out, with the batch command of its numbers
 * as a comment.  Returns 0, or -1 with the reason in why (nothing plotted,
 * an incomplete edit, a simulated view other than the curve).  UI thread. */
int plot_pane_figure(const struct pane *p, struct strbuf *out, char *why, size_t n);
/* Whether the figure plot_pane_figure writes holds simulated points (the
 * plotted column may be one the simulation has no points for). */
bool plot_pane_figure_has_points(const struct pane *p);
/* The figure of plot_pane_figure has been written: the simulated points
 * it holds (this configuration's, kept ones, pins') are saved; the others
 * stay unsaved. */
void plot_pane_figure_written(struct pane *p);

/* The top of the plot pane p's y axis as last drawn when it drew the
 * simulated points over the model's value (a point above it is shown
 * off-scale on the top row); NaN when it did not (nothing drawn yet,
 * not on screen now, another column, every column at once).  UI thread. */
double plot_pane_points_top(const struct pane *p);

/* Does the plot pane p show the refined model's curves (key M has not
 * hidden them)?  UI thread. */
bool plot_pane_refined_shown(const struct pane *p);

/* Is the plot pane p's cursor on a simulated point, its hint that
 * point's model, simulation and difference?  UI thread. */
bool plot_pane_at_sim_point(const struct pane *p);

/* Does a pin of the plot pane p hold simulated points no export has
 * written (a copy made when it was pinned of points not exported then,
 * which only F writes to a file)?  UI thread. */
bool plot_pane_pinned_sim(const struct pane *p);

#endif
