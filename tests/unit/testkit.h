/*
 * testkit.h: what the unit tests share (include after <cmocka.h>).
 *
 * Tolerances, with the expression and both values in the failure message:
 *   assert_rel(got, want, tol)    |got - want| <= tol |want|  (relative)
 *   assert_close(got, want, tol)  |got - want| <= tol max(1, |want|)
 *                                 (relative above 1, absolute below)
 *   tk_close(got, want, tol)      the same rule as a bool
 *
 * An explorer fixture that goes through the real publish path: the app
 * and its panes set up as ui.c does, results computed by the real worker
 * thread (worker_post, worker_take, the panes' update), waited for with
 * worker_settled() by polling worker_fd, never by sleeping.
 *   struct tk_app *t = tk_app_open(yaml);   NULL if the text is invalid
 *   tk_app_settle(t);                       0, or -1 after 60 s
 *   ... t->a is the app; edit it with app_* and settle again ...
 *   tk_app_close(t);
 * Static functions only, so each test binary has its own copy; a test
 * that does not use the fixture pays nothing (tk_ names are unused-safe).
 */
#ifndef ICNX_TESTKIT_H
#define ICNX_TESTKIT_H

#include <math.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline bool tk_close(double got, double want, double tol)
{
	double scale = fabs(want) > 1.0 ? fabs(want) : 1.0;
	return fabs(got - want) <= tol * scale;
}

static inline void tk_check(double got, double want, double tol, bool floor1, const char *expr,
			    const char *file, int line)
{
	double scale = fabs(want);
	if (floor1 && scale < 1.0)
		scale = 1.0;
	if (!(fabs(got - want) <= tol * scale)) {
		print_error("%s = %.17g, want %.17g (%s tolerance %g)\n", expr, got, want,
			    floor1 ? "max(1,|want|)" : "relative", tol);
		_fail(file, line);
	}
}

#define assert_rel(got, want, tol) \
	tk_check((got), (want), (tol), false, #got, __FILE__, __LINE__)
#define assert_close(got, want, tol) \
	tk_check((got), (want), (tol), true, #got, __FILE__, __LINE__)

#ifdef TESTKIT_APP
#include "config/yaml_load.h"
#include "engine/worker.h"
#include "ui/app.h"

struct tk_app {
	struct app a;
	struct loaded l;
	struct worker *w;
	unsigned long posted_gen, posted_view, updated_gen;
};

static const struct pane_ops *const tk_pane_ops[P_NPANES] = {
	&pane_org_ops, &pane_net_ops, &pane_traffic_ops,
	&pane_plot_ops, &pane_table_ops, &pane_heat_ops,
};

/* The app on the configuration in yaml (validated), panes initialised, as
 * on an 80-column UTF-8 screen with a hint line.  No worker yet. */
static inline struct tk_app *tk_app_open(const char *yaml)
{
	struct tk_app *t = calloc(1, sizeof *t);
	struct diag d;
	if (!t)
		return NULL;
	if (config_parse_text(&t->l.cfg, yaml, strlen(yaml), "t.yaml", NULL, &d) ||
	    config_validate(&t->l.cfg, &d)) {
		print_error("tk_app_open: %s\n", d.msg);
		free(t);
		return NULL;
	}
	struct app *a = &t->a;
	snprintf(t->l.name, sizeof t->l.name, "test");
	snprintf(t->l.path, sizeof t->l.path, "t.yaml");
	a->l = &t->l;
	config_move(&a->cfg, &t->l.cfg);
	if (config_copy(&a->saved, &a->cfg) || config_copy(&a->file_cfg, &a->cfg)) {
		app_free_configs(a);
		free(t);
		return NULL;
	}
	a->have_file_cfg = true;
	a->gen = 1;
	view_req_init(&a->view);
	a->view_gen = 1;
	a->utf8 = true;
	a->lay.hint.h = 1;
	a->lay.hint.w = 80;
	if (undo_init(&a->undo)) {
		free(t);
		return NULL;
	}
	results_init(&a->res);
	for (int i = 0; i < P_NPANES; i++) {
		a->pane[i].ops = tk_pane_ops[i];
		a->pane[i].app = a;
		if (tk_pane_ops[i]->init(&a->pane[i]))
			return NULL;
	}
	return t;
}

static inline void tk_app_update(struct app *a, unsigned u)
{
	for (int i = 0; i < P_NPANES; i++)
		if (a->pane[i].ops->update)
			a->pane[i].ops->update(&a->pane[i], u);
}

/* Post what changed, take what the worker publishes and hand it to the
 * panes (as ui.c's loop does) until the worker is settled and neither the
 * configuration nor the view moved.  0, or -1 on a 60 s timeout. */
static inline int tk_app_settle(struct tk_app *t)
{
	struct app *a = &t->a;
	char err[256];
	time_t deadline = time(NULL) + 60;

	if (!t->w && !(t->w = worker_start(err, sizeof err))) {
		print_error("worker_start: %s\n", err);
		return -1;
	}
	if (t->updated_gen != a->gen) {
		tk_app_update(a, U_CONFIG);   /* the loop's K_RECOMPUTE */
		t->updated_gen = a->gen;
	}
	while (time(NULL) <= deadline) {
		if (a->gen != t->posted_gen || a->view_gen != t->posted_view) {
			worker_post(t->w, &a->cfg, a->gen, &a->view, a->view_gen);
			t->posted_gen = a->gen;
			t->posted_view = a->view_gen;
		}
		bool calm = worker_settled(t->w);
		struct pollfd fd = { worker_fd(t->w), POLLIN, 0 };
		int rc = poll(&fd, 1, calm ? 0 : 100);
		unsigned bits = rc > 0 ? worker_take(t->w, &a->res) : 0;
		unsigned u = bits & RES_SLOTS;
		if (u)
			tk_app_update(a, u);
		if (calm && !u && a->gen == t->posted_gen && a->view_gen == t->posted_view)
			return 0;
	}
	print_error("tk_app_settle: the worker did not settle in 60 s\n");
	return -1;
}

static inline void tk_app_close(struct tk_app *t)
{
	if (!t)
		return;
	worker_stop(t->w);
	for (int i = 0; i < P_NPANES; i++)
		if (t->a.pane[i].ops && t->a.pane[i].ops->free)
			t->a.pane[i].ops->free(&t->a.pane[i]);
	results_free(&t->a.res);
	undo_free(&t->a.undo);
	app_free_configs(&t->a);
	free(t);
}
#endif /* TESTKIT_APP */

#endif
