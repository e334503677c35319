/*
 * simrun.c: the explorer's simulation of the current configuration (key r):
 * start and stop it on the worker's slow lane (worker_sim) and say how far
 * it is.  The points are drawn by the plot pane (pane_plot.c) from
 * SLOT_SLOW.  UI thread only.
 */
#include "ui/app.h"

#include <math.h>
#include <stdio.h>

/* The family's simulated curve (its first LANE_SLOW output), or NULL. */
const struct output_desc *app_sim_output(const struct app *a)
{
	for (const struct output_desc *o = a->cfg.family->outputs; o->name; o++)
		if (o->lane == LANE_SLOW)
			return o;
	return NULL;
}

bool app_sim_state(const struct app *a, size_t *done, size_t *total, bool *running)
{
	const struct slot *s = &a->res.slot[SLOT_SLOW];
	bool mine = a->sim_gen && a->sim_gen == a->gen;
	bool have = mine && s->gen == a->gen;

	*done = have ? s->table.nrows : 0;
	*total = WORKER_SIM_POINTS;
	*running = mine && a->sim_running && !(have && !s->table.partial);
	return mine;
}

unsigned app_simulate(struct app *a)
{
	const struct output_desc *o = app_sim_output(a);
	size_t done, total;
	bool running;

	if (!o) {
		app_msg(a, true, "the %s model has no simulator", a->cfg.family->name);
		return K_HANDLED | K_STATUS;
	}
	if (a->have_draft) {
		app_msg(a, true, "finish or drop (Esc) the incomplete edit before simulating");
		return K_HANDLED | K_STATUS;
	}
	app_sim_state(a, &done, &total, &running);
	app_dirty(a, P_PLOT);
	if (running) {
		worker_sim(a->worker, false, a->gen, 0, NAN);
		a->sim_running = false;
		app_msg(a, false, "simulation stopped: %zu of %zu points (r clears them)", done,
			total);
		return K_HANDLED | K_STATUS;
	}
	struct slot *s = &a->res.slot[SLOT_SLOW];
	bool shown = a->sim_gen == a->gen;
	table_free(&s->table);
	table_init(&s->table, "");
	s->gen = 0;
	s->refusal[0] = '\0';
	if (shown) {
		a->sim_gen = 0;
		app_msg(a, false, "cleared the simulated points (r simulates again)");
		return K_HANDLED | K_STATUS;
	}
	a->sim_gen = a->gen;
	a->sim_running = true;
	worker_sim(a->worker, true, a->gen, WORKER_SIM_POINTS, app_saturation(a));
	app_msg(a, false, "simulating (-o %s) at %d loads, denser near saturation: r stops, an edit "
		"cancels", o->name, WORKER_SIM_POINTS);
	return K_HANDLED | K_STATUS;
}
