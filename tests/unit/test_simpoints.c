/*
 * test_simpoints.c: unit tests for family/simpoints (the one path of
 * simulated points): the order the executor's tasks map to points (a
 * permutation, the highest x first); the rows, outcome and message of a
 * run are the same whatever order the points run and end in (executors
 * that run the tasks forward, backward and shuffled, on one thread, so
 * nothing races), with a failed point kept (the explorer, batch) and with
 * a refusal that fails the run (keep_failed false: the lowest point's
 * message); the rows published while the run goes are every finished
 * point, in x order, so the highest load is drawn first.  kiasari-s5-v6
 * at a small budget; its load 0.0015 fails (its messages take longer to
 * generate than sim.budget = 1000 cycles, as tests/e2e/simbatchfail.sh).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config/config.h"
#include "config/yaml_load.h"
#include "family/simpoints.h"

static void test_order_is_highest_first(void **state)
{
	(void)state;
	for (size_t n = 1; n <= 12; n++) {
		char seen[12] = { 0 };
		for (size_t k = 0; k < n; k++) {
			size_t i = sim_points_order(n, k);
			assert_true(i < n);
			assert_false(seen[i]);
			seen[i] = 1;
			if (k > 0)      /* strictly decreasing: the highest x first */
				assert_true(i < sim_points_order(n, k - 1));
		}
		assert_int_equal(sim_points_order(n, 0), n - 1);
		assert_int_equal(sim_points_order(n, n - 1), 0);
	}
}

/* An executor on the calling thread that starts the tasks in the order of
 * perm (not index order: the results must not depend on it), each task's
 * done right after it; it says 2 threads so that the retry rule runs. */
static const size_t *exec_perm;

static void perm_run(const struct executor *ex, size_t n, void (*task)(void *ctx, size_t i),
		     void (*done)(void *ctx, size_t i), void *ctx)
{
	(void)ex;
	for (size_t j = 0; j < n; j++) {
		task(ctx, exec_perm[j]);
		if (done)
			done(ctx, exec_perm[j]);
	}
}

/* The published tables: their x columns, one string per call. */
static char published[16][256];
static int npublished;

static void on_rows(void *ctx, const struct table *t)
{
	char *s = published[npublished < 16 ? npublished++ : 15];
	(void)ctx;
	assert_true(t->partial);
	s[0] = 0;
	for (size_t r = 0; r < t->nrows; r++)
		snprintf(s + strlen(s), 256 - strlen(s), "%s%g", r ? "," : "", table_get(t, r, 0));
}

/* The whole table as text (every cell, the failed rows' notes). */
static void table_text(const struct table *t, char *out, size_t n)
{
	out[0] = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			size_t l = strlen(out);
			if (t->cols[c].kind == COL_NUM)
				snprintf(out + l, n - l, "%.17g|", table_get(t, r, c));
			else
				snprintf(out + l, n - l, "%s|", table_get_text(t, r, c));
		}
		size_t l = strlen(out);
		const char *note = table_row_note(t, r);
		snprintf(out + l, n - l, "%d:%s\n", (int)table_row_role(t, r), note ? note : "");
	}
}

static void load(struct config *cfg)
{
	struct diag d;
	memset(cfg, 0, sizeof *cfg);
	if (config_parse_file(cfg, "presets/kiasari-s5-v6.yaml", "kiasari-s5-v6", NULL, &d) ||
	    config_set(cfg, "sim.measured", "200", &d) || config_set(cfg, "sim.warmup", "200", &d) ||
	    config_set(cfg, "sim.budget", "1000", &d) || config_validate(cfg, &d))
		fail_msg("kiasari-s5-v6: %s", d.msg);
}

/* Run the loads x[0..n-1] through an executor of order perm; the table
 * as text into out, the rc returned, the message into msg. */
static int run_order(const struct config *cfg, const double *x, size_t n, const size_t *perm,
		     bool keep, bool rows, char *out, size_t nout, char *msg, size_t nmsg)
{
	struct executor ex = { .run = perm_run, .threads = 2 };
	const struct output_desc *sim = family_sim_curve(cfg->family);
	struct sim_points sp = { .sim = sim, .keep_failed = keep, .ex = &ex,
				 .rows = rows ? on_rows : NULL };
	struct run_req req;
	struct table t;
	struct diag d;

	assert_non_null(sim);
	exec_perm = perm;
	npublished = 0;
	run_req_init(&req);
	req.x = x;
	req.nx = n;
	table_init(&t, "");
	diag_clear(&d);
	int rc = sim_points_run(&sp, cfg, &req, &t, &d);
	table_text(&t, out, nout);
	diag_format(&d, msg, nmsg);
	if (rc && !msg[0])
		fail_msg("rc %d without a message", rc);
	table_free(&t);
	return rc;
}

static const size_t forward[] = { 0, 1, 2, 3 }, backward[] = { 3, 2, 1, 0 },
		    shuffled[] = { 2, 0, 3, 1 };
static const size_t *const perms[] = { forward, backward, shuffled };

static void test_same_rows_in_any_order(void **state)
{
	static char want[8192], got[8192];
	char wmsg[512], msg[512];
	struct config cfg;
	/* a failed point (0.0015), settled ones, one above saturation */
	const double x[] = { 0.0015, 0.005, 0.01, 0.03 };

	(void)state;
	load(&cfg);
	assert_int_equal(run_order(&cfg, x, 4, forward, true, false, want, sizeof want, wmsg,
				   sizeof wmsg), 0);
	assert_non_null(strstr(want, "sim.budget"));      /* the failed row's note */
	for (size_t p = 1; p < 3; p++) {
		assert_int_equal(run_order(&cfg, x, 4, perms[p], true, false, got, sizeof got, msg,
					   sizeof msg), 0);
		assert_string_equal(got, want);
	}
	config_free(&cfg);
}

/* keep_failed false: the run fails with the lowest failing point's
 * message whatever ran first (points 0 and 3 fail; run backward, 3 is
 * refused first and the points below it must still run). */
static void test_refusal_message_in_any_order(void **state)
{
	char out[8192], want[512], msg[512];
	struct config cfg;
	const double x[] = { 0.0015, 0.005, 0.01, 0.001 };
	const double x3[] = { 0.001 };

	(void)state;
	load(&cfg);
	assert_int_equal(run_order(&cfg, x, 1, forward, false, false, out, sizeof out, want,
				   sizeof want), -1);
	/* the last point's own message differs (its load), so the test can
	 * tell whose message it got */
	assert_int_equal(run_order(&cfg, x3, 1, forward, false, false, out, sizeof out, msg,
				   sizeof msg), -1);
	for (size_t p = 0; p < 3; p++) {
		assert_int_equal(run_order(&cfg, x, 4, perms[p], false, false, out, sizeof out, msg,
					   sizeof msg), -1);
		assert_string_equal(msg, want);
		assert_string_equal(out, "");
	}
	config_free(&cfg);
}

/* Published while running: every finished point in x order, gaps for the
 * others; with the real order (backward from the highest), the highest
 * load alone first. */
static void test_published_rows_are_the_finished_points(void **state)
{
	char out[8192], msg[512];
	struct config cfg;
	const double x[] = { 0.0015, 0.005, 0.01, 0.03 };
	static const size_t real[] = { 0, 1, 2, 3 };   /* task k = point 3 - k */

	(void)state;
	load(&cfg);
	assert_int_equal(run_order(&cfg, x, 4, real, true, true, out, sizeof out, msg, sizeof msg), 0);
	/* after each of the first three points (not the last: the result) */
	assert_int_equal(npublished, 3);
	assert_string_equal(published[0], "0.03");
	assert_string_equal(published[1], "0.01,0.03");
	assert_string_equal(published[2], "0.005,0.01,0.03");
	/* shuffled tasks 2, 0, 3, 1 = points 1, 3, 0, 2: the failed point
	 * 0.0015 has its row as soon as it ended */
	assert_int_equal(run_order(&cfg, x, 4, shuffled, true, true, out, sizeof out, msg,
				   sizeof msg), 0);
	assert_int_equal(npublished, 3);
	assert_string_equal(published[0], "0.005");
	assert_string_equal(published[1], "0.005,0.03");
	assert_string_equal(published[2], "0.0015,0.005,0.03");
	config_free(&cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_is_highest_first),
		cmocka_unit_test(test_same_rows_in_any_order),
		cmocka_unit_test(test_refusal_message_in_any_order),
		cmocka_unit_test(test_published_rows_are_the_finished_points),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
