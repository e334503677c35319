/*
 * simstate.h: the explorer's state of its simulated runs (key r), apart
 * from the rest of the explorer's state (struct app holds one, app.sim).
 * Written and read only by the simulated-run code (ui/simrun.c, and the
 * kept points and simulated views it drives: ui/simkeep.c, ui/simview.c;
 * the plot pane reads unsaved[]).  UI thread only: the worker never sees
 * it; results arrive through app.res (engine/worker.h) and are matched to
 * a run by the configuration generations below.  Holds no pointers it
 * owns: the families are static descriptors (family.h).
 */
#ifndef ICNX_UI_SIMSTATE_H
#define ICNX_UI_SIMSTATE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/worker.h"
#include "ui/simeta.h"

struct family;

struct sim_session {
	unsigned long gen;             /* the configuration the simulation (key r)
	                                  was asked for; 0 = none (worker_sim) */
	bool running;                  /* ... and it was not stopped */
	double t0_ms;                  /* ... its start (clock_now_ms) */
	double tlast_ms;               /* ... when its last point arrived */
	double lastpt_ms;              /* ... that point's own wall time */
	size_t nlast;                  /* ... the points arrived so far */
	double shown;                  /* ... the progress shown (0..1, never goes back) */
	struct sim_cal cal;            /* ... its cost, from its first slice (simeta.h) */
	bool announced;                /* ... that cost was said ("about N s; r stops") */
	char start_msg[192];           /* ... the message r gave, replaced by the
	                                  cost while it is still shown */
	/* the last simulation that ran to its end: how long it took (wall
	 * ms), its output, family and points; r quotes it before the next run
	 * of that output ("the last run took ~12 s"); last_ms 0 = none */
	double last_ms;
	int last_out;
	const struct family *last_family;
	int out;                       /* ... its output (index into the family's
	                                  outputs, a LANE_SLOW one) */
	/* per simulated view (its rank: SLOT_SLOW + rank): results arrived
	 * that no export (s of that view or of the points, F of a figure
	 * holding them) has written since; kept points and pins carry their
	 * own (sim_kept.unsaved, the plot's pins) */
	bool unsaved[WORKER_SLOW_MAX];
	/* The simulated view the plot shows and r runs (key v in the plot): an
	 * index into view_family's outputs of a LANE_SLOW output; -1 (or
	 * another family) = the first, the simulated curve.  variant: its
	 * x/y pair (simview.h). */
	int view;
	const struct family *view_family;
	int variant;
	/* per slow slot (worker_slow_rank): the configuration its view was
	 * simulated for, 0 = none or cleared */
	unsigned long view_gen[WORKER_SLOW_MAX];
};

#endif
