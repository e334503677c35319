/*
 * test_worker_slots.c: the worker's result slots and its two lanes.  A
 * copy of the multicluster family gains one LANE_SLOW output, "slow", run
 * by the worker once per load (one row each, several loads at once on the
 * slow lane's pool, the highest load first: family/simpoints.h); below the
 * highest load it waits (polling its cancel flag) until the test releases
 * it, so the highest load's row arrives alone as a partial table; then
 * ROWS rows:
 *   - it runs only on request (worker_sim), never for every configuration;
 *   - its slot (SLOT_SLOW) receives the partial table, then the full one,
 *     the model's curve at each load joined before the simulated columns;
 *   - while it waits, a view change is served by the fast lane (the view
 *     slot arrives) and the worker is not settled;
 *   - a configuration change cancels it (and it stays off), a stop request
 *     cancels it; asked again it runs for the new generation.
 * Polls the worker's pipe (never sleeps blindly); every wait is bounded.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config/config.h"
#include "config/yaml_load.h"
#include "engine/worker.h"
#include "family/multicluster.h"

#define ROWS WORKER_SIM_POINTS

static atomic_int release_slow;    /* the test lets the slow output finish */
static atomic_int slow_runs;       /* how often it was started */
static atomic_int slow_cancelled;  /* how often it saw its cancel flag */

static int slow_run(const struct config *cfg, const struct run_req *req, struct table *t,
		    struct diag *d)
{
	atomic_fetch_add(&slow_runs, 1);
	if (table_add_col(t, "load", "", "offered load", COL_NUM) < 0 ||
	    table_add_col(t, "latency", "", "simulated latency", COL_NUM) < 0 ||
	    table_add_col(t, "lower", "", "95% lower bound", COL_NUM) < 0 ||
	    table_add_col(t, "upper", "", "95% upper bound", COL_NUM) < 0)
		return diag_set(d, "", "out of memory");
	table_set_role(t, 0, COL_X, -1);
	table_set_role(t, 2, COL_LOWER, 1);
	table_set_role(t, 3, COL_UPPER, 1);
	double x = req->x && req->nx ? req->x[0] : 0;
	long r = table_add_row(t);
	if (r < 0)
		return diag_set(d, "", "out of memory");
	double v[4] = { x, 10 + x, 9 + x, 11 + x };
	for (int c = 0; c < 4; c++)
		table_set(t, (size_t)r, (size_t)c, v[c]);
	/* worker_sim(.., top 1.0): the loads are k/7, k = 1..6 (sim.spacing
	 * even, the default); the highest, 6/7 = 0.857, runs first and does
	 * not wait */
	while (x < 0.8 && !atomic_load(&release_slow)) {
		if (req->cancel && atomic_load(req->cancel)) {
			atomic_fetch_add(&slow_cancelled, 1);
			return 1;
		}
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
	}
	t->samples = 30;
	return 0;
}

/* A second LANE_SLOW output, "view" (an OUT_SCATTER): records how it was
 * asked (run once as its default request: no x, no cursor). */
static atomic_int view_runs, view_default_req;

static int view_run(const struct config *cfg, const struct run_req *req, struct table *t,
		    struct diag *d)
{
	(void)cfg;
	atomic_fetch_add(&view_runs, 1);
	if (!req->x && isnan(req->at))
		atomic_fetch_add(&view_default_req, 1);
	if (table_add_col(t, "distance", "", "x", COL_NUM) < 0 ||
	    table_add_col(t, "latency", "cycles", "y", COL_NUM) < 0)
		return diag_set(d, "", "out of memory");
	table_set_role(t, 0, COL_X, -1);
	for (int k = 0; k < 3; k++) {
		long r = table_add_row(t);
		table_set(t, (size_t)r, 0, k);
		table_set(t, (size_t)r, 1, 30 + k);
	}
	return 0;
}

static struct output_desc outs[32];
static struct family fam;

static void make_family(void)
{
	size_t n = 0;
	fam = mc_family;
	while (mc_family.outputs[n].name && n + 3 < sizeof outs / sizeof outs[0]) {
		outs[n] = mc_family.outputs[n];
		outs[n].lane = LANE_FAST;   /* "slow" is the only slow output */
		outs[n].sim = SIM_NONE;     /* ... and the simulated curve */
		n++;
	}
	outs[n] = (struct output_desc){ "slow", "a slow progressive output", OUT_CURVE, slow_run,
					.sim = SIM_CURVE, .lane = LANE_SLOW };
	outs[n + 1] = (struct output_desc){ "view", "a simulated view", OUT_SCATTER, view_run,
					    .at = XQ_LOAD, .sim = SIM_RUN, .lane = LANE_SLOW };
	memset(&outs[n + 2], 0, sizeof outs[n + 2]);
	fam.outputs = outs;
}

static int out_index(const char *name)
{
	for (int i = 0; outs[i].name; i++)
		if (strcmp(outs[i].name, name) == 0)
			return i;
	return -1;
}

/* Take until pred(r) holds; false after 30 s. */
static bool take_until(struct worker *w, struct results *r, bool (*pred)(struct worker *,
								 const struct results *))
{
	time_t end = time(NULL) + 30;
	while (time(NULL) <= end) {
		if (pred(w, r))
			return true;
		struct pollfd p = { worker_fd(w), POLLIN, 0 };
		if (poll(&p, 1, 100) > 0)
			worker_take(w, r);
	}
	return pred(w, r);
}

/* Wait until the slow output has been started n times; false after 30 s. */
static bool wait_runs(int n)
{
	time_t end = time(NULL) + 30;
	while (atomic_load(&slow_runs) < n && time(NULL) <= end) {
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
	}
	return atomic_load(&slow_runs) >= n;
}

static unsigned long want_gen;

static bool slow_partial(struct worker *w, const struct results *r)
{
	const struct slot *s = &r->slot[SLOT_SLOW];
	return s->gen == want_gen && s->table.partial && s->table.nrows == 1;
}

static bool slow_full(struct worker *w, const struct results *r)
{
	const struct slot *s = &r->slot[SLOT_SLOW];
	return s->gen == want_gen && !s->table.partial && s->table.nrows == ROWS;
}

static bool detail_in(struct worker *w, const struct results *r)
{
	return r->slot[SLOT_DETAIL].gen == want_gen && r->slot[SLOT_DETAIL].table.nrows > 0;
}

static bool settled(struct worker *w, const struct results *r)
{
	return worker_settled(w);
}

static void test_slow_lane(void **state)
{
	static const char yaml[] =
		"model: multicluster\nm: 8\nclusters:\n  - {count: 4, n: 1}\n  - {count: 2, n: 2}\n"
		"network:\n  icn1: {t_cn: 0.5, t_cs: 0.5}\n  ecn1: {t_cn: 0.5, t_cs: 0.5}\n"
		"  icn2: {t_cn: 0.5, t_cs: 0.5}\ntraffic: {message_length: 32}\n";
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	struct results r;
	struct view_req v;
	char err[128];

	make_family();
	assert_int_equal(config_parse_text(&cfg, yaml, strlen(yaml), "t.yaml", NULL, &d), 0);
	cfg.family = &fam;
	results_init(&r);
	view_req_init(&v);
	struct worker *w = worker_start(err, sizeof err);
	assert_non_null(w);

	/* Generation 1: nothing on the slow lane until asked. */
	want_gen = 1;
	worker_post(w, &cfg, 1, &v, 1);
	assert_true(take_until(w, &r, settled));
	assert_int_equal(atomic_load(&slow_runs), 0);

	/* Asked: a partial table first. */
	worker_sim(w, true, 1, 0, 1.0);
	assert_true(take_until(w, &r, slow_partial));
	assert_int_equal(r.slot[SLOT_SLOW].output, out_index("slow"));
	/* the model's curve at the same load joined before the simulated
	 * columns (as -o curve --sim): its x, its latency (the source wait
	 * typed CM_SOURCE_WAIT), then the slow output's latency, lower, upper */
	const struct table *st = &r.slot[SLOT_SLOW].table;
	int up = table_role(st, COL_UPPER);
	assert_true(up > 3);
	assert_int_equal(st->cols[up].of, up - 2);
	assert_int_equal(st->cols[up - 1].role, COL_LOWER);
	assert_string_equal(st->cols[1].name, "latency");
	assert_int_equal(st->cols[1].role, COL_VALUE);
	assert_int_equal(st->cols[table_col(st, "W_s")].measure, CM_SOURCE_WAIT);
	assert_true(fabs(table_get(st, 0, up) - (11 + table_get(st, 0, 0))) < 1e-12);

	/* A second load has started (and waits): only then is the cancel
	 * below one the output sees (a configuration posted between two loads
	 * stops the lane before the next one starts, which counts no cancel). */
	assert_true(wait_runs(2));

	/* A view change while the slow output waits: served by the fast lane. */
	v.detail_out = out_index("point");   /* the multicluster breakdown */
	assert_true(v.detail_out >= 0);
	worker_post(w, &cfg, 1, &v, 2);
	assert_true(take_until(w, &r, detail_in));
	assert_false(worker_settled(w));
	assert_true(worker_slow_busy(w, NULL));

	/* A configuration change cancels it, and it is not run again. */
	want_gen = 2;
	worker_post(w, &cfg, 2, &v, 3);
	assert_true(take_until(w, &r, settled));
	assert_true(atomic_load(&slow_cancelled) >= 1);
	int runs = atomic_load(&slow_runs);
	/* the highest load, and the waiting ones beside it (the points run
	 * on up to WORKER_SIM_THREADS threads); none starts after the cancel */
	assert_true(runs <= 1 + WORKER_SIM_THREADS);

	/* Asked for generation 2, then stopped: cancelled, settled. */
	worker_sim(w, true, 2, 0, 1.0);
	assert_true(take_until(w, &r, slow_partial));
	assert_true(atomic_load(&slow_runs) > runs);
	worker_sim(w, false, 2, 0, 1.0);
	assert_true(take_until(w, &r, settled));
	assert_true(slow_partial(w, &r));   /* stopped: no more rows */

	/* Asked again and released: the full table. */
	worker_sim(w, true, 2, 0, 1.0);
	atomic_store(&release_slow, 1);
	assert_true(take_until(w, &r, slow_full));
	assert_int_equal(r.slot[SLOT_SLOW].table.samples, 30);
	assert_true(take_until(w, &r, settled));
	assert_int_equal(r.slot[SLOT_CURVE].gen, 2);
	assert_false(r.slot[SLOT_CURVE].table.partial);

	worker_stop(w);
	results_free(&r);
	config_free(&cfg);
}

static bool view_in(struct worker *w, const struct results *r)
{
	const struct slot *s = &r->slot[SLOT_SLOW + 1];
	(void)w;
	return s->gen == want_gen && s->table.nrows == 3 && !s->table.partial;
}

/* worker_sim_output: another LANE_SLOW output ("view", rank 1) runs once as
 * its default request into SLOT_SLOW + 1, leaving SLOT_SLOW alone; the
 * fast lane never runs it, even as the breakdown's view. */
static void test_slow_view(void **state)
{
	static const char yaml[] =
		"model: multicluster\nm: 8\nclusters:\n  - {count: 4, n: 1}\n"
		"network:\n  icn1: {t_cn: 0.5, t_cs: 0.5}\n  ecn1: {t_cn: 0.5, t_cs: 0.5}\n"
		"  icn2: {t_cn: 0.5, t_cs: 0.5}\ntraffic: {message_length: 32}\n";
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	struct results r;
	struct view_req v;
	char err[128];

	(void)state;
	make_family();
	int iv = out_index("view"), is = out_index("slow");
	assert_int_equal(worker_slow_rank(&fam, is), 0);
	assert_int_equal(worker_slow_rank(&fam, -1), 0);
	assert_int_equal(worker_slow_rank(&fam, iv), 1);
	assert_int_equal(worker_slow_rank(&fam, out_index("point")), -1);
	assert_int_equal(config_parse_text(&cfg, yaml, strlen(yaml), "t.yaml", NULL, &d), 0);
	cfg.family = &fam;
	results_init(&r);
	view_req_init(&v);
	v.at = 0.25;                      /* a cursor: never the view's load */
	v.detail_out = iv;                /* as a breakdown view: not on the fast lane */
	struct worker *w = worker_start(err, sizeof err);
	assert_non_null(w);
	want_gen = 1;
	worker_post(w, &cfg, 1, &v, 1);
	assert_true(take_until(w, &r, settled));
	assert_int_equal(atomic_load(&view_runs), 0);
	assert_int_equal(r.slot[SLOT_DETAIL].table.nrows, 0);

	int slow_before = atomic_load(&slow_runs);
	worker_sim_output(w, true, 1, iv, 0, NAN);
	assert_true(take_until(w, &r, view_in));
	assert_true(take_until(w, &r, settled));
	assert_int_equal(atomic_load(&view_runs), 1);
	assert_int_equal(atomic_load(&view_default_req), 1);
	assert_int_equal(r.slot[SLOT_SLOW + 1].output, iv);
	assert_int_equal(r.slot[SLOT_SLOW].table.nrows, 0);
	assert_int_equal(atomic_load(&slow_runs), slow_before);

	/* A new configuration: the view's result stays for its generation
	 * (the UI knows it is older), nothing runs again unasked. */
	want_gen = 2;
	worker_post(w, &cfg, 2, &v, 2);
	assert_true(take_until(w, &r, settled));
	assert_int_equal(atomic_load(&view_runs), 1);
	assert_int_equal(r.slot[SLOT_SLOW + 1].gen, 1);

	worker_stop(w);
	results_free(&r);
	config_free(&cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slow_lane),
		cmocka_unit_test(test_slow_view),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
