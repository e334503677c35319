/*
 * simtable.h: the breakdown pane's "model vs sim, all points" view: every
 * simulated point of the current run in one table, one row a point: its
 * load (as the screen shows it), the model's latency, the refined model's
 * (while the plot shows it: options.model = refined, not hidden by M),
 * the simulated latency with its 95% interval (as a half-width), the
 * model's difference in percent of the simulation (and the refined
 * model's), and flags: S saturated, U did not settle, F failed, T above
 * the plot's top (off-scale).  Under it, for a system whose model and
 * simulation both measure classes of messages (multi-cluster: intra- and
 * inter-cluster, per cluster group), the classes at the point of the
 * plot's cursor.  The row of the simulated point nearest the plot's
 * cursor is highlighted and kept in sight.
 *
 * Every number comes from the simulated table as the slow lane published
 * it (SLOT_SLOW), found by column type (base/vsim.h), so the table is
 * exactly what b's command prints (-o curve --sim --load ...: its
 * sim_delta, sim_delta_refined and sim_flags columns).
 *
 * UI thread (reads the app's result slots and the plot pane's last draw).
 */
#ifndef ICNX_UI_SIMTABLE_H
#define ICNX_UI_SIMTABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"
#include "base/table.h"
#include "render/canvas.h"
#include "ui/app.h"

/* The view's scroll state (kept by the pane). */
struct simtable_state {
	long top;          /* first point row shown */
	int left;          /* first scrolled column (after # and the load) */
	long cur;          /* the highlighted row at the last draw (-1 none) */
	int ncols, shown;  /* scrolled columns, and how many the last draw showed */
};

/* Can st (the simulated points with the model joined) be shown? */
bool simtable_available(const struct table *st);

/* Draw the view of st into c (its header as pane `number`). */
void simtable_draw(struct simtable_state *s, const struct app *a, const struct table *st,
		   struct canvas *c, int number, bool focused);

/* The view's hint line. */
void simtable_hint(const struct app *a, char *buf, size_t n);

#endif
