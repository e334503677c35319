/*
 * test_ui_panes.c: the panes render from the model descriptor and the
 * parameter table alone, without a terminal: an app is set up with a
 * configuration and its results computed by the real worker (testkit.h's
 * fixture: the family's curve, summary and the panes' views), and each pane
 * draws into a canvas whose text is checked (labels with the
 * papers' symbols and units, derived values from the summary, the plot's
 * axes, the breakdown, edits through keys, refused values).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#define TESTKIT_APP
#include "testkit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/yaml_load.h"
#include "family/multicluster.h"
#include "ui/app.h"
#include "ui/form.h"
#include "ui/status.h"

static const char text[] =
	"model: multicluster\n"
	"title: test\n"
	"m: 8\n"
	"clusters:\n"
	"  - {count: 12, n: 1, tau: 0.10}\n"
	"  - {count: 4, n: 3, tau: 0.12}\n"
	"network:\n"
	"  icn1: {a_n: 0.02, a_s: 0.01, bandwidth: 500, flit_bytes: 256}\n"
	"  ecn1: {t_cn: 0.517, t_cs: 0.522}\n"
	"  icn2: {t_cn: 0.517, t_cs: 0.522}\n"
	"traffic:\n"
	"  message_length: 32\n";

/* The worker computes, through the real publish path (testkit.h). */
static void compute(struct app *a)
{
	assert_int_equal(tk_app_settle((struct tk_app *)a), 0);   /* a is its first member */
}

static int setup(void **state)
{
	struct tk_app *t = tk_app_open(text);
	if (!t || tk_app_settle(t))
		return -1;
	*state = t;
	return 0;
}

static int teardown(void **state)
{
	tk_app_close(*state);
	return 0;
}

/* Draw pane p at w x h and return its text (static buffer). */
static const char *draw(struct app *a, int p, int w, int h)
{
	static char out[16384];
	struct canvas c;
	canvas_init(&c, w, h);
	canvas_set_charset(&c, CANVAS_UTF8);
	a->pane[p].focused = a->focus == p;
	a->pane[p].ops->draw(&a->pane[p], &c);
	char *t = canvas_to_text(&c);
	snprintf(out, sizeof out, "%s", t);
	free(t);
	canvas_free(&c);
	return out;
}

#define HAS(s, sub) do { if (!strstr((s), (sub))) fail_msg("missing '%s' in:\n%s", (sub), (s)); } while (0)

static void test_org(void **state)
{
	struct tk_app *f = *state;
	const char *s = draw(&f->a, P_ORG, 40, 8);
	HAS(s, "1 organisation");
	/* symbols as column heads, one blank apart when that shows more of
	 * them whole (here d_avg(I1) too) */
	HAS(s, "# count n_i  \u03c4_i N_i  Q^(i) d_avg(I1)");
	HAS(s, " 0    12   1  0.1   8 0.9885         2");   /* N_i, Q^(i) derived */
	HAS(s, " 1     4   3 0.12 128 0.7908     5.717");
	HAS(s, "C = 16 clusters, N = 608 nodes");
}

static void test_net(void **state)
{
	struct tk_app *f = *state;
	const char *s = draw(&f->a, P_NET, 46, 24);
	HAS(s, "\n m                     8 ports");
	HAS(s, "   bandwidth 1/b_n   500 bytes/time unit");
	HAS(s, "= t_cn 0.522, t_cs 0.522");          /* resolved from the link form */
	HAS(s, "   t_cn            0.517 time units/flit");
	/* The other form's fields are hidden where one form is in use. */
	assert_null(strstr(s, "a_n             -"));
}

static void test_traffic(void **state)
{
	struct tk_app *f = *state;
	const char *s = draw(&f->a, P_TRAFFIC, 46, 23);
	HAS(s, "pattern");
	HAS(s, "uniform");
	HAS(s, "theta \u03b8");
	HAS(s, "auto");
	HAS(s, "to \u03bb_g");
	HAS(s, "rate_divisor");
}

static void test_plot_and_breakdown(void **state)
{
	struct tk_app *f = *state;
	const char *s = draw(&f->a, P_PLOT, 60, 20);
	HAS(s, "4 plot");
	HAS(s, "offered load \u03bb_g [msg/node/time unit]");
	HAS(s, "mean message latency T [time units]");
	HAS(s, "saturation");
	/* The cursor sits in the middle of the curve, and the view follows. */
	assert_false(isnan(f->a.view.at));
	compute(&f->a);   /* the worker follows the view */
	s = draw(&f->a, P_TABLE, 60, 16);
	HAS(s, "5 breakdown at \u03bb_g");
	HAS(s, "source_wait");
	HAS(s, "W_s");
	HAS(s, "Eq. 19");
	assert_null(strstr(s, "updating"));
	s = draw(&f->a, P_HEAT, 50, 14);
	HAS(s, "6 heatmap");
	HAS(s, "hop distance (links)");
}

static void test_edit_keys(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;
	struct pane *org = &a->pane[P_ORG];
	unsigned k;

	a->focus = P_ORG;
	/* Down to group 1, right to tau, step up. */
	org->ops->key(org, ACT_DOWN, 0);
	org->ops->key(org, ACT_RIGHT, 0);
	org->ops->key(org, ACT_RIGHT, 0);
	k = org->ops->key(org, ACT_INC, 0);
	assert_true(k & K_RECOMPUTE);
	assert_string_equal(a->msg, "clusters.1.tau: 0.12 -> 0.13");
	assert_true(app_modified(a));
	compute(a);
	HAS(draw(a, P_ORG, 40, 8), " 1     4   3 0.13 128");
	/* A refused value leaves everything as it was. */
	unsigned long gen = a->gen;
	k = app_set(a, "clusters.1.tau", "1");
	assert_false(k & K_RECOMPUTE);
	assert_true(a->msg_err);
	HAS(a->msg, "refused: clusters.1.tau: 1 is out of range (allowed: a number in [0, 1))");
	assert_int_equal(a->gen, gen);
	/* Add a copy of group 1, then undo twice. */
	k = org->ops->key(org, ACT_ADD, 0);
	assert_true(k & K_RECOMPUTE);
	assert_int_equal(mc_cfg(&a->cfg)->nclusters, 3);
	for (int i = 0; i < P_NPANES; i++)
		if (a->pane[i].ops->update)
			a->pane[i].ops->update(&a->pane[i], U_CONFIG);
	char path[64];
	assert_string_equal(form_selected_path(org, path, sizeof path), "clusters.2.count");
	app_undo(a);
	app_undo(a);
	assert_false(app_modified(a));
}

/* The breakdown cycles to hop-bars (OUT_BARS) and draws bars with the
 * legend; ] steps the group, and a refused group steps back with the
 * output's message (computed by the worker, as in the explorer). */
static void test_bars_view_and_items(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;
	struct pane *tp = &a->pane[P_TABLE];
	int guard = 0;

	a->focus = P_TABLE;
	while (strcmp(a->cfg.family->outputs[a->view.detail_out].name, "hop-bars") != 0 &&
	       guard++ < 20)
		tp->ops->key(tp, ACT_VIEW, 0);
	assert_string_equal(a->cfg.family->outputs[a->view.detail_out].name, "hop-bars");
	compute(a);
	const char *s = draw(a, P_TABLE, 60, 16);
	HAS(s, "hop-bars");
	HAS(s, "\u2588 uniform");          /* one series: uniform traffic */
	HAS(s, "hops");
	/* ] to group 1: fine. */
	tp->ops->key(tp, ACT_ITEM_NEXT, 0);
	assert_int_equal(a->view.select, 1);
	compute(a);
	assert_false(a->select_wait);
	HAS(draw(a, P_TABLE, 60, 16), "#1 hop-bars");
	/* ] to group 2, which does not exist: the worker's empty table with the
	 * message; the view steps back. */
	tp->ops->key(tp, ACT_ITEM_NEXT, 0);
	assert_int_equal(a->view.select, 2);
	compute(a);
	assert_int_equal(a->view.select, 1);
	assert_true(a->msg_err);
	HAS(a->msg, "cluster group 2 does not exist");
	assert_false(a->select_wait);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_org),
		cmocka_unit_test(test_net),
		cmocka_unit_test(test_traffic),
		cmocka_unit_test(test_plot_and_breakdown),
		cmocka_unit_test(test_edit_keys),
		cmocka_unit_test(test_bars_view_and_items),
	};
	return cmocka_run_group_tests_name("ui_panes", tests, setup, teardown);
}
