/*
 * simrun.c: the explorer's simulation of the current configuration (key r):
 * start and stop it on the worker's slow lane (worker_sim) and say how far
 * it is.  The points are drawn by the plot pane (pane_plot.c) from
 * SLOT_SLOW; key s exports what the plot shows (app_export_table).  UI
 * thread only.
 */
#include "base/vsim.h"
#include "ui/app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "ui/pane.h"
#include "ui/simeta.h"

int app_sim_index(const struct app *a)
{
	const struct output_desc *o = a->cfg.family->outputs;
	if (a->sim.view >= 0 && a->sim.view_family == a->cfg.family &&
	    o[a->sim.view].lane == LANE_SLOW)
		return a->sim.view;
	if (family_sim_curve(a->cfg.family))
		return (int)(family_sim_curve(a->cfg.family) - o);
	for (int i = 0; o[i].name; i++)
		if (o[i].lane == LANE_SLOW)
			return i;
	return -1;
}

const struct output_desc *app_sim_output(const struct app *a)
{
	int i = app_sim_index(a);
	return i >= 0 ? &a->cfg.family->outputs[i] : NULL;
}

bool app_sim_is_curve(const struct app *a)
{
	/* a family without a simulator has only its model's curve */
	return worker_slow_rank(a->cfg.family, app_sim_index(a)) <= 0;
}

int app_sim_slot(const struct app *a)
{
	int rank = worker_slow_rank(a->cfg.family, app_sim_index(a));
	return SLOT_SLOW + (rank > 0 ? rank : 0);
}

/* Can the plot draw output o as a simulated view?  The simulated curve
 * (role SIM_CURVE, rank 0) and the measured points (OUT_SCATTER). */
static bool plottable(const struct family *f, int i)
{
	int rank = worker_slow_rank(f, i);
	return rank == 0 || (rank > 0 && f->outputs[i].kind == OUT_SCATTER);
}

unsigned app_sim_next_view(struct app *a)
{
	const struct family *f = a->cfg.family;
	int cur = app_sim_index(a), n = 0, k = 0, pos = 0;

	if (cur < 0) {
		app_msg(a, true, "the %s model has no simulator", f->schema.name);
		return K_HANDLED | K_STATUS;
	}
	while (f->outputs[n].name)
		n++;
	for (int i = 0; i < n; i++)
		if (plottable(f, i))
			k++;
	int i = cur;
	do
		i = (i + 1) % n;
	while (!plottable(f, i));
	for (int j = 0; j <= i; j++)
		if (plottable(f, j))
			pos++;
	a->sim.view = i;
	a->sim.view_family = f;
	a->sim.variant = 0;
	app_dirty(a, P_PLOT);
	if (k < 2) {
		/* The family's first OUT_CURVE is its model curve unless it is this
		 * slow output itself (irregular: simulated only); with a model the
		 * view is what -o curve --sim prints, as b says. */
		const char *curve = app_curve_output(a);
		if (curve && curve != f->outputs[i].name)
			app_msg(a, false, "the %s model has one simulated view: -o %s --sim", f->schema.name,
				curve);
		else
			app_msg(a, false, "the %s model has one simulated view: -o %s", f->schema.name,
				f->outputs[i].name);
	}
	else
		app_msg(a, false, "simulated view %d/%d: -o %s, %s (r simulates it)", pos, k,
			f->outputs[i].name, f->outputs[i].help);
	return K_HANDLED | K_REDRAW | K_STATUS;
}

int app_sim_points(const struct app *a)
{
	bool dense;
	return worker_sim_plan(&a->cfg, &dense);
}

int app_sim_value_col(const struct table *st)
{
	int v = vsim_value(st);
	return v >= 0 ? v : table_role(st, COL_VALUE);
}

/* x in the fewest significant digits that read back as x. */
static void shortest(double x, char *buf, size_t n)
{
	for (int p = 1; p <= 17; p++) {
		snprintf(buf, n, "%.*g", p, x);
		if (strtod(buf, NULL) == x)
			return;
	}
}

bool app_sim_cmdline(const struct app *a, struct strbuf *b)
{
	const struct family *f = a->cfg.family;
	const struct slot *s = &a->res.slot[SLOT_SLOW];
	const struct table *st = &s->table;
	const struct output_desc *sc = family_sim_curve(f);
	int i = sc ? (int)(sc - f->outputs) : -1;
	char num[40];

	if (i < 0 || s->gen != a->gen || s->output != i || st->nrows == 0 ||
	    !a->sim.view_gen[0] || a->sim.view_gen[0] != a->gen)
		return false;
	const char *curve = app_curve_output(a);
	struct strbuf one;
	strbuf_init(&one);
	if (vsim_model(st) > 0 && curve)
		strbuf_printf(&one, "-o %s --sim --load ", curve);
	else
		strbuf_printf(&one, "-o %s --load ", f->outputs[i].name);
	for (size_t r = 0; r < st->nrows; r++) {
		shortest(table_get(st, r, 0), num, sizeof num);
		strbuf_printf(&one, "%s%s", r ? "," : "", num);
	}
	if (st->nrows == 1)          /* one point: X:X:1, point 0 as in a list */
		strbuf_printf(&one, ":%s:1", num);
	size_t n = st->nrows, per = worker_sim_run_points();
	if (n <= per) {
		strbuf_puts(b, one.s ? one.s : "");
	} else {
		/* batch simulates at most worker_sim_run_points() a run: the
		 * --points pieces of the same sweep (each point keeps its
		 * index, hence its stream), whose CSV rows concatenate into
		 * the whole */
		strbuf_printf(b, "# %zu points, at most %zu a run: the pieces' CSV, "
			      "concatenated in order, is the whole sweep", n, per);
		for (size_t k = 0; k < n; k += per)
			strbuf_printf(b, "\n%s -f csv --points %zu:%zu", one.s ? one.s : "", k,
				      k + per < n ? k + per - 1 : n - 1);
	}
	strbuf_free(&one);
	return true;
}

bool app_sim_state(const struct app *a, size_t *done, size_t *total, bool *running)
{
	int i = app_sim_index(a), rank = worker_slow_rank(a->cfg.family, i);
	const struct slot *s = &a->res.slot[app_sim_slot(a)];
	bool mine = rank >= 0 && a->sim.view_gen[rank] && a->sim.view_gen[rank] == a->gen;
	bool have = mine && s->gen == a->gen && s->output == i;

	*done = have ? s->table.nrows : 0;
	/* the curve: its points; another view: its rows when complete */
	*total = rank == 0 ? (size_t)app_sim_points(a) : have && !s->table.partial ? *done : 0;
	*running = mine && a->sim.running && a->sim.gen == a->gen && a->sim.out == i &&
		   !(have && !s->table.partial);
	return mine;
}

unsigned app_simulate(struct app *a)
{
	const struct output_desc *o = app_sim_output(a);
	size_t done, total;
	bool running;

	if (!o) {
		app_msg(a, true, "the %s model has no simulator", a->cfg.family->schema.name);
		return K_HANDLED | K_STATUS;
	}
	if (a->have_draft) {
		app_msg(a, true, "finish or drop (Esc) the incomplete edit before simulating");
		return K_HANDLED | K_STATUS;
	}
	int idx = app_sim_index(a), rank = worker_slow_rank(a->cfg.family, idx);
	bool curve = rank == 0;
	if (rank < 0) {
		app_msg(a, true, "-o %s: too many simulated outputs for the explorer", o->name);
		return K_HANDLED | K_STATUS;
	}
	bool shown = app_sim_state(a, &done, &total, &running);
	app_dirty(a, P_PLOT);
	app_dirty(a, P_TABLE);     /* its model vs sim view */
	if (running) {
		worker_sim_output(a->worker, false, a->gen, idx, 0, NAN);
		a->sim.running = false;
		if (curve)
			app_msg(a, false, "simulation stopped: %zu of %zu points (r clears them)",
				done, total);
		else
			app_msg(a, false, "simulation of -o %s stopped: %zu rows (r clears them)",
				o->name, done);
		return K_HANDLED | K_STATUS;
	}
	struct slot *s = &a->res.slot[SLOT_SLOW + rank];
	if (rank == 0)
		app_sim_forget(a, false);     /* cleared or simulated anew */
	table_free(&s->table);
	table_init(&s->table, "");
	s->gen = 0;
	s->refusal[0] = '\0';
	s->refusal_path[0] = '\0';
	if (shown) {
		a->sim.view_gen[rank] = 0;
		if (a->sim.out == idx)
			a->sim.gen = 0;
		app_msg(a, false, "cleared the simulated %s (r simulates again)",
			curve ? "points" : "view");
		return K_HANDLED | K_STATUS;
	}
	if (a->sim.running && a->sim.gen == a->gen && a->sim.out != idx)
		/* the slow lane runs one simulation: the other view's stops */
		a->sim.running = false;
	a->sim.gen = a->gen;
	a->sim.out = idx;
	a->sim.view_gen[rank] = a->gen;
	a->sim.running = true;
	a->sim.t0_ms = a->sim.tlast_ms = clock_now_ms();
	a->sim.lastpt_ms = NAN;
	a->sim.nlast = 0;
	a->sim.shown = 0;
	worker_sim_output(a->worker, true, a->gen, idx, app_sim_points(a), app_saturation(a));
	bool dense;
	int npts = worker_sim_plan(&a->cfg, &dense);
	/* before the run: what the last run of this output took (an edit may
	 * make this one cheaper or dearer; the time left follows once it runs) */
	char last[64] = "";
	if (a->sim.last_ms > 0 && a->sim.last_family == a->cfg.family && a->sim.last_out == idx) {
		char e[48];
		sim_eta_text(clock_shown_ms(a->sim.last_ms), e, sizeof e);
		if (strstr(e, " left"))
			*strstr(e, " left") = '\0';
		snprintf(last, sizeof last, " (the last run took %s)", e);
	}
	if (curve)
		snprintf(a->sim.start_msg, sizeof a->sim.start_msg,
			 "simulating (-o %s) at %d loads, %s%s: r stops, an edit cancels",
			 o->name, npts, dense ? "denser near saturation" : "evenly spaced", last);
	else
		snprintf(a->sim.start_msg, sizeof a->sim.start_msg,
			 "simulating -o %s%s%s: r stops, an edit cancels", o->name,
			 o->at ? " at sim.load" : "", last);
	app_msg(a, false, "%s", a->sim.start_msg);
	sim_cal_start(&a->sim.cal, a->sim.t0_ms);
	a->sim.announced = false;
	return K_HANDLED | K_STATUS;
}

/* The run's cost from its first slice (simeta.h: sim_cal): fed the slow
 * lane's fraction at every take while this configuration's run goes on;
 * a long run (first of its output, or much dearer or cheaper than the
 * last) says "about N s; r stops" in place of r's message while that is
 * still shown. */
static void sim_calibrate(struct app *a)
{
	double f;

	if (!a->sim.running || a->sim.gen != a->gen || !a->worker ||
	    !worker_slow_busy(a->worker, &f))
		return;
	if (!sim_cal_feed(&a->sim.cal, clock_now_ms(), f))
		return;
	bool same = a->sim.last_family == a->cfg.family && a->sim.last_out == a->sim.out;
	if (!sim_cal_announce(a->sim.cal.est_ms, same ? a->sim.last_ms : NAN))
		return;
	a->sim.announced = true;
	if (strcmp(a->msg, a->sim.start_msg) != 0)
		return;        /* another message since: the status line's piece says it */
	const struct output_desc *o = &a->cfg.family->outputs[a->sim.out];
	char about[48];
	sim_eta_about(clock_shown_ms(a->sim.cal.est_ms), about, sizeof about);
	bool dense;
	if (worker_slow_rank(a->cfg.family, a->sim.out) == 0)
		app_msg(a, false, "simulating (-o %s) at %d loads: %s; r stops, an edit cancels",
			o->name, worker_sim_plan(&a->cfg, &dense), about);
	else
		app_msg(a, false, "simulating -o %s: %s; r stops, an edit cancels", o->name, about);
}

bool app_sim_unsaved(const struct app *a)
{
	/* results cleared by r (every view's) are not lost by quitting;
	 * points an edit kept (app.kept) and a pin's copy are: each set
	 * with its own flag */
	for (int k = 0; k < WORKER_SLOW_MAX; k++)
		if (a->sim.unsaved[k] && a->res.slot[SLOT_SLOW + k].table.nrows > 0)
			return true;
	for (int k = 0; k < a->nkept; k++)   /* kept by an edit (simkeep.c) */
		if (a->kept[k].unsaved && a->kept[k].t.nrows > 0)
			return true;
	return plot_pane_pinned_sim(&a->pane[P_PLOT]);
}

void app_sim_saved(struct app *a)
{
	a->sim.unsaved[app_sim_slot(a) - SLOT_SLOW] = false;
}

const char *app_sim_refusal(const struct app *a, const char **path)
{
	size_t done, total;
	bool running;

	if (!app_sim_state(a, &done, &total, &running) || running)
		return NULL;
	const struct slot *s = &a->res.slot[app_sim_slot(a)];
	if (s->gen != a->gen || s->output != app_sim_index(a) || !s->refusal[0])
		return NULL;
	if (path)
		*path = s->refusal_path;
	return s->refusal;
}

const char *app_sim_dropped(const struct app *a)
{
	size_t done, total;
	bool running, any = false;

	for (int k = 0; k < WORKER_SLOW_MAX; k++)
		any |= a->sim.view_gen[k] && a->sim.view_gen[k] == a->gen;
	if (!any)
		return NULL;
	/* the simulated curve's points stay with their configuration
	 * (app_sim_keep): a run's finished ones too */
	const struct slot *s = &a->res.slot[SLOT_SLOW];
	const struct output_desc *sc = family_sim_curve(a->cfg.family);
	bool keeps = sc && s->output == (int)(sc - a->cfg.family->outputs) && s->gen == a->gen &&
		     a->sim.view_gen[0] == a->gen && s->table.nrows > 0;
	if (a->sim.running && a->sim.gen == a->gen)
		return keeps ? "simulation cancelled, its finished points kept (u: back, P clears)"
			: "simulation cancelled";
	if (keeps)
		return "simulated points kept (u: back, P clears)";
	if (app_sim_state(a, &done, &total, &running) && !done && app_sim_refusal(a, NULL))
		return NULL;       /* nothing was simulated */
	return app_sim_is_curve(a) ? "simulated points cleared" : "simulated view cleared";
}

/* The simulation of this configuration has just ended (all its points,
 * or refused): say so once, with what the keys do now. */
static void sim_ended(struct app *a)
{
	int rank = worker_slow_rank(a->cfg.family, a->sim.out);
	if (!a->sim.running || a->sim.gen != a->gen || rank < 0)
		return;
	const struct slot *s = &a->res.slot[SLOT_SLOW + rank];
	if (s->gen != a->gen || s->output != a->sim.out || s->table.partial)
		return;
	a->sim.running = false;
	if (s->table.nrows > 0)      /* also a view not shown (app_sim_took) */
		a->sim.unsaved[rank] = true;
	const char *name = a->cfg.family->outputs[a->sim.out].name;
	if (!s->refusal[0]) {
		a->sim.last_ms = clock_now_ms() - a->sim.t0_ms;
		a->sim.last_out = a->sim.out;
		a->sim.last_family = a->cfg.family;
	}
	if (a->prompt != PR_NONE) {
		/* the hint line is the prompt's: the status line says it */
		a->dirty_all = true;
		return;
	}
	if (s->refusal[0]) {
		app_msg(a, true, "simulation refused: %s", s->refusal);
		a->dirty_all = true;     /* the form marks the field it names */
	}
	else if (rank == 0) {
		bool dense;
		size_t nfail = table_count_role(&s->table, ROW_FAILED);
		char nf[48] = "";
		if (nfail)
			snprintf(nf, sizeof nf, ", %zu failed (i: why)", nfail);
		worker_sim_plan(&a->cfg, &dense);
		if (a->focus == P_PLOT && plot_pane_at_sim_point(&a->pane[P_PLOT])) {
			/* the hint line keeps the cursor's point (model, sim,
			 * difference, "b: command"): the news goes on the status
			 * line, short */
			app_msg(a, false, "simulated %zu loads%s", s->table.nrows, nf);
			a->msg_narrow = true;
		} else
			app_msg(a, false, "simulated %zu loads%s, %s: r clears, b command, s export",
				s->table.nrows, nf, dense ? "denser near saturation" : "evenly spaced");
	}
	else
		app_msg(a, false, "simulated -o %s: r clears it, b command, s export", name);
}

void app_sim_took(struct app *a)
{
	size_t done, total;
	bool running;

	app_sim_restore(a);   /* after a late result of a cancelled run */
	sim_ended(a);
	sim_calibrate(a);
	if (!app_sim_state(a, &done, &total, &running) || done == a->sim.nlast)
		return;
	if (done > a->sim.nlast) {
		double now = clock_now_ms();
		a->sim.unsaved[app_sim_slot(a) - SLOT_SLOW] = true;
		/* several points in one take: their mean */
		a->sim.lastpt_ms = (now - a->sim.tlast_ms) / (double)(done - a->sim.nlast);
		a->sim.tlast_ms = now;
	}
	a->sim.nlast = done;
}

/* "about N s" while the run in progress was announced as long (sim_calibrate),
 * else "". */
static void sim_about(const struct app *a, char *buf, size_t len)
{
	buf[0] = '\0';
	if (a->sim.announced)
		sim_eta_about(clock_shown_ms(a->sim.cal.est_ms), buf, len);
}

void app_sim_status(struct app *a, char *buf, size_t len, bool brief)
{
	size_t done, total;
	bool running;
	double f = 0;
	char nf[32] = "";

	if (!len)
		return;
	buf[0] = '\0';
	/* the simulation running is another view's than the one shown */
	if (a->sim.running && a->sim.gen == a->gen && a->sim.out != app_sim_index(a) &&
	    a->sim.out >= 0 && a->worker && worker_slow_busy(a->worker, NULL)) {
		snprintf(buf, len, "sim %s running (v: its view)",
			 a->cfg.family->outputs[a->sim.out].name);
		return;
	}
	if (!app_sim_state(a, &done, &total, &running))
		return;
	if (!app_sim_is_curve(a)) {      /* another view: one run, its own progress */
		const char *name = app_sim_output(a)->name;
		if (running && a->worker && worker_slow_busy(a->worker, &f)) {
			/* one piece of work: the time left from its fraction */
			char e[48];
			double eta = sim_eta_fraction_ms(clock_now_ms() - a->sim.t0_ms, f);
			sim_eta_text(isnan(eta) ? eta : clock_shown_ms(eta), e, sizeof e);
			if (brief && strstr(e, " left"))
				*strstr(e, " left") = '\0';
			if (!e[0])      /* no time left yet: the run's cost, if long */
				sim_about(a, e, sizeof e);
			snprintf(buf, len, "sim %s %.0f%%%s%s", name, floor(100 * fmin(f, 0.999)),
				 e[0] ? " " : "", e);
		} else
			snprintf(buf, len, "sim %s%s", name, running ? "" : total ? " done"
				 : app_sim_refusal(a, NULL) ? " failed" : " stopped");
		return;
	}
	const struct table *t = &a->res.slot[app_sim_slot(a)].table;
	size_t nfail = done ? table_count_role(t, ROW_FAILED) : 0;
	if (nfail)
		snprintf(nf, sizeof nf, ", %zu failed", nfail);
	if (!running) {
		if (app_sim_refusal(a, NULL))
			snprintf(buf, len, "sim failed");
		else
			snprintf(buf, len, "sim %zu/%zu%s%s", done, total, nf,
				 done < total ? " stopped" : "");
		return;
	}
	if (!(a->worker && worker_slow_busy(a->worker, &f)))
		f = 0;
	/* the lane's fraction is the whole run's (its points run side by
	 * side, family/simpoints.h): never behind the points arrived, never
	 * back */
	double p = fmax((double)done / (double)total, fmin(fmax(f, 0.0), 0.999));
	if (p < a->sim.shown)
		p = a->sim.shown;
	a->sim.shown = p;
	/* floor: a running simulation never reads 100% */
	int n = brief ? snprintf(buf, len, "sim %zu/%zu%s", done, total, nf)
		: snprintf(buf, len, "sim %zu/%zu %.0f%%%s", done, total, floor(100 * p), nf);
	if (n < 0 || (size_t)n >= len)
		return;
	if (done == 0) {    /* no time left before a point is done: the cost */
		char e[48];
		sim_about(a, e, sizeof e);
		if (e[0])
			snprintf(buf + n, len - (size_t)n, " %s", e);
		return;
	}
	/* the completed points' simulated work (the CM_WORK column, flit-hops;
	 * a failed point's is NaN: it did none that counts) */
	int wc = table_measure(t, CM_WORK, -1);
	double *work = wc >= 0 ? malloc(done * sizeof *work) : NULL;
	if (!work)
		return;
	for (size_t k = 0; k < done; k++)
		work[k] = table_get(t, k, (size_t)wc);
	double fk = (double)total * p - (double)done;    /* the running point's share */
	struct sim_eta_in in = { work, done, total, a->sim.tlast_ms - a->sim.t0_ms,
				 a->sim.lastpt_ms, clock_now_ms() - a->sim.tlast_ms, fk };
	double eta = sim_eta_ms(&in);
	free(work);
	char e[48];
	sim_eta_text(isnan(eta) ? eta : clock_shown_ms(eta), e, sizeof e);
	if (brief) {        /* "~12 s left" -> "~12 s" */
		char *l = strstr(e, " left");
		if (l)
			*l = '\0';
	}
	if (e[0])
		snprintf(buf + n, len - (size_t)n, " %s", e);
}

int app_export_table(const struct app *a, struct app_export *e, char *why, size_t n)
{
	const struct family *f = a->cfg.family;
	size_t done, total;
	bool running;

	memset(e, 0, sizeof *e);
	if (app_sim_output(a) && !app_sim_is_curve(a)) {
		/* the plot shows this view alone: its table or nothing */
		const char *name = app_sim_output(a)->name;
		const struct slot *s = &a->res.slot[app_sim_slot(a)];
		bool mine = app_sim_state(a, &done, &total, &running);
		if (!mine) {
			snprintf(why, n, "-o %s not simulated yet: r simulates it, v the next view",
				 name);
			return -1;
		}
		if (running) {
			snprintf(why, n, "-o %s still simulating: s exports it once done (r stops)",
				 name);
			return -1;
		}
		if (s->table.partial) {     /* stopped: its rows so far are no -o NAME */
			snprintf(why, n, "-o %s stopped early: nothing to export (r clears it)",
				 name);
			return -1;
		}
		if (s->refusal[0] || s->table.ncols == 0) {
			snprintf(why, n, "-o %s failed: nothing to export", name);
			return -1;
		}
		e->t = &s->table;
		e->output = name;
		e->sim = true;
		snprintf(e->what, sizeof e->what, "the simulated view -o %s", name);
		snprintf(e->suffix, sizeof e->suffix, "-%s.csv", name);
		return 0;
	}
	const struct slot *ss = &a->res.slot[SLOT_SLOW];
	struct strbuf b;
	strbuf_init(&b);
	bool points = app_sim_cmdline(a, &b);   /* what b prints for them */
	strbuf_free(&b);
	if (points) {
		app_sim_state(a, &done, &total, &running);
		if (running) {
			snprintf(why, n, "simulating (%zu/%zu): s exports the points once done "
				 "or stopped (r)", done, total);
			return -1;
		}
		/* the command app_sim_cmdline printed (its loads aside) */
		bool joined = vsim_model(&ss->table) > 0 && app_curve_output(a);
		e->t = &ss->table;
		e->output = joined ? app_curve_output(a) : f->outputs[ss->output].name;
		e->sim = true;
		snprintf(e->what, sizeof e->what, "the simulated points%s",
			 joined ? " and model" : "");
		snprintf(e->suffix, sizeof e->suffix, "-sim-%s.csv", e->output);
		return 0;
	}
	const struct slot *c = &a->res.slot[SLOT_CURVE];
	if (c->table.ncols == 0 || a->res.gen != a->gen || c->table.partial) {
		snprintf(why, n, "the curve is still being computed; try again in a moment");
		return -1;
	}
	e->t = &c->table;
	e->output = app_curve_output(a);
	snprintf(e->what, sizeof e->what, "the curve");
	snprintf(e->suffix, sizeof e->suffix, "-curve.csv");
	return 0;
}
