/*
 * vsim.h: a model against its simulation, row by row, over a table that
 * holds both (a model's curve with a simulated curve joined after it at
 * the same loads, as `icnx --batch -o curve --sim` prints it and the
 * explorer's key r keeps it).  Every column is found by its type (table.h
 * roles and measures), never by its name: the simulated value is the
 * column the 95% lower bound belongs to, the model's value the first
 * numeric COL_VALUE column before it, a refined model's the column that
 * refines it (column.refines), a class of messages (intra-, inter-cluster,
 * a cluster group's) the pair of columns with the same measure and group.
 *
 * The difference is the model's from the simulation, in percent of the
 * simulation: 100 (model - sim) / sim.  Flags say what a simulated point
 * is besides its number (saturated, did not settle, failed).
 *
 * Pure: no I/O, no globals.
 */
#ifndef ICNX_BASE_VSIM_H
#define ICNX_BASE_VSIM_H

#include <stdbool.h>
#include <stddef.h>

#include "base/table.h"

/* The simulator's own measures, an extension of enum col_measure
 * (base/table.h) that no model has (CM_QUEUE_WAIT, which pairs a model
 * with a simulation, stays there). */
#define CM_WORK ((enum col_measure)(CM_EXTENSION + 0)) /* the simulated work
                              of a row's run, in flit-hops (sim_flit_hops):
                              what the explorer's time-left estimate scales
                              by; of = -1 */

enum vsim_flag {
	VSIM_SATURATED = 1u << 0,  /* the simulated point saturated (inf) */
	VSIM_UNSETTLED = 1u << 1,  /* its run did not settle (COL_SETTLED 0):
	                              no interval */
	VSIM_FAILED = 1u << 2,     /* a ROW_FAILED row: no simulated value */
};

/* The simulated value column (the COL_LOWER column's `of`), or -1. */
int vsim_value(const struct table *t);
/* The model's value column (the first numeric COL_VALUE before the
 * simulated value), or -1 (a simulation with no model beside it). */
int vsim_model(const struct table *t);
/* The 95% bounds of the simulated value (COL_LOWER, COL_UPPER), or -1. */
int vsim_lower(const struct table *t);
int vsim_upper(const struct table *t);
/* 100 (model - sim) / sim; NaN when either is not finite or sim is 0. */
double vsim_delta(double model, double sim);
/* The flags of row r (enum vsim_flag). */
unsigned vsim_flags(const struct table *t, size_t r);
/* The flags as words ("saturated", "unsettled", "failed") joined by '+',
 * "" for none, into buf (n bytes); returns buf. */
const char *vsim_flags_text(unsigned flags, char *buf, size_t n);

/* One class of messages both the model and the simulation measure. */
struct vsim_class {
	enum col_measure measure;  /* CM_INTRA, CM_INTER, CM_GROUP */
	int group;                 /* CM_GROUP: the group; else -1 */
	int model, sim;            /* their columns */
	int refined;               /* the refined model's column, or -1 */
};

/* The classes of t (model and simulated columns paired by measure and
 * group), intra first, then inter, then the groups in order; at most max.
 * Returns how many. */
size_t vsim_classes(const struct table *t, struct vsim_class *out, size_t max);

/*
 * Append the comparison columns to t, a table of both (no-op, 0, when t
 * has no model beside its simulation): sim_delta (COL_DELTA of the
 * model's value), sim_delta_refined (of the refined model's value, when
 * t has one) and sim_flags (COL_FLAGS of the simulated value), every row
 * filled.  The other cells are not touched.  Returns 0, or -1 (out of
 * memory, latched in t->nomem).
 */
int vsim_add_cols(struct table *t);

#endif
