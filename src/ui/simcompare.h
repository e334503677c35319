/*
 * simcompare.h: the model against the simulation, component by component,
 * at one simulated point: the rows the breakdown pane shows in its "model
 * vs simulation" view, from a simulated table as the slow lane publishes it
 * (the model's curve at each simulated load joined before the simulated
 * columns, as `icnx --batch -o curve --sim` prints them).
 *
 * Pairs are found by type: the value (the model's first value column, the
 * simulation's value with a 95% interval), then each part both measure
 * (enum col_measure of base/table.h): the source-queue wait (model W_s,
 * sim_wait) and the rest after it (sim_network; for the model, its value
 * less its source wait, T - W_s), and within it the concentrators' and
 * dispatchers' wait where the simulator has queues (model 2W_d,
 * sim_queue_wait).  The model's other components (S, R, ...) have no
 * simulated counterpart: they are listed as model only.
 *
 * Pure: no curses, no globals.
 */
#ifndef ICNX_UI_SIMCOMPARE_H
#define ICNX_UI_SIMCOMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/table.h"

#define SIMCMP_MAX 4

struct simcmp_row {
	char label[24];        /* "latency", "W_s", "latency-W_s" */
	double model, sim;     /* INFINITY: saturated; NaN: not available */
	double lo, hi;         /* the simulation's 95% interval; NaN = none */
	bool derived;          /* the model's value is derived (T - W_s) */
};

struct simcmp {
	size_t n;
	struct simcmp_row row[SIMCMP_MAX];
	int model_only[16];    /* columns of the model's components not simulated */
	size_t n_model_only;
};

/* The comparison at row r of st.  Returns false (cmp->n = 0) when st has no
 * model columns beside its simulated ones (the irregular family) or r is
 * out of range. */
bool simcmp_build(const struct table *st, size_t r, struct simcmp *cmp);

/* The row of st whose x (column 0) is nearest x (the first if x is NaN);
 * -1 if st has no rows. */
long simcmp_nearest(const struct table *st, double x);

/* (model - sim) / sim in percent; NaN when either is not finite or sim is 0. */
double simcmp_diff(double model, double sim);

#endif
