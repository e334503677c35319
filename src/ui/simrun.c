/*
 * simrun.c: the explorer's simulation of the current configuration (key r):
 * start and stop it on the worker's slow lane (worker_sim) and say how far
 * it is.  The points are drawn by the plot pane (pane_plot.c) from
 * SLOT_SLOW.  UI thread only.
 */
#include "ui/app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/clock.h"
#include "ui/simeta.h"

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
	a->sim_t0_ms = a->sim_tlast_ms = clock_now_ms();
	a->sim_lastpt_ms = NAN;
	a->sim_nlast = 0;
	a->sim_shown = 0;
	worker_sim(a->worker, true, a->gen, WORKER_SIM_POINTS, app_saturation(a));
	app_msg(a, false, "simulating (-o %s) at %d loads, denser near saturation: r stops, an edit "
		"cancels", o->name, WORKER_SIM_POINTS);
	return K_HANDLED | K_STATUS;
}

void app_sim_took(struct app *a)
{
	size_t done, total;
	bool running;

	if (!app_sim_state(a, &done, &total, &running) || done == a->sim_nlast)
		return;
	if (done > a->sim_nlast) {
		double now = clock_now_ms();
		/* several points in one take: their mean */
		a->sim_lastpt_ms = (now - a->sim_tlast_ms) / (double)(done - a->sim_nlast);
		a->sim_tlast_ms = now;
	}
	a->sim_nlast = done;
}

void app_sim_status(struct app *a, char *buf, size_t len)
{
	size_t done, total;
	bool running;
	double f = 0;

	if (!len)
		return;
	buf[0] = '\0';
	if (!app_sim_state(a, &done, &total, &running))
		return;
	if (!running) {
		snprintf(buf, len, "sim %zu/%zu%s", done, total, done < total ? " stopped" : "");
		return;
	}
	if (!(a->worker && worker_slow_busy(a->worker, &f)))
		f = 0;
	/* the lane's fraction is the running point's (each point is its own
	 * run); just after a point ends it may still read 1: never past the
	 * next point, never back */
	double p = ((double)done + fmin(fmax(f, 0.0), 0.999)) / (double)total;
	if (p < a->sim_shown)
		p = a->sim_shown;
	a->sim_shown = p;
	/* floor: a running simulation never reads 100% */
	int n = snprintf(buf, len, "sim %zu/%zu %.0f%%", done, total, floor(100 * p));
	if (n < 0 || (size_t)n >= len || done == 0)
		return;
	/* the completed points' simulated work: their sim_flit_hops */
	const struct table *t = &a->res.slot[SLOT_SLOW].table;
	int wc = table_col(t, "sim_flit_hops");
	double *work = wc >= 0 ? malloc(done * sizeof *work) : NULL;
	if (!work)
		return;
	for (size_t k = 0; k < done; k++)
		work[k] = table_get(t, k, (size_t)wc);
	double fk = (double)total * p - (double)done;    /* the running point's share */
	struct sim_eta_in in = { work, done, total, a->sim_tlast_ms - a->sim_t0_ms,
				 a->sim_lastpt_ms, clock_now_ms() - a->sim_tlast_ms, fk };
	double eta = sim_eta_ms(&in);
	free(work);
	char e[48];
	sim_eta_text(isnan(eta) ? eta : clock_shown_ms(eta), e, sizeof e);
	if (e[0])
		snprintf(buf + n, len - (size_t)n, " %s", e);
}
