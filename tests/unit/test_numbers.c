/*
 * test_numbers.c: the numbers rule of issue 14 — a model result is a finite
 * non-negative number or saturation, never NaN, blank or negative — on the
 * inputs that broke it: a NaN forgotten by the utilisation tracker and a
 * saturation search capped at 1.6e54 (defect 2), negative Ethernet
 * broadcast times (defect 12), derived quantities that overflow and the
 * star solver accepting non-fixed points with a loose tol (defect 13).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "config/yaml_load.h"
#include "family/multicluster.h"
#include "model/multicluster.h"

static void load_preset(struct config *cfg, const char *name)
{
	char path[256], msg[1024];
	struct diag d;
	snprintf(path, sizeof path, "presets/%s.yaml", name);
	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_file(cfg, path, name, NULL, &d) || config_validate(cfg, &d))
		fail_msg("%s: %s", name, diag_format(&d, msg, sizeof msg));
}

static void set(struct config *cfg, const char *path, const char *value)
{
	struct diag d;
	char msg[1024];
	if (config_set(cfg, path, value, &d))
		fail_msg("%s=%s: %s", path, value, diag_format(&d, msg, sizeof msg));
}

static const char *set_err(struct config *cfg, const char *path, const char *value)
{
	static char msg[1024];
	struct diag d;
	if (config_set(cfg, path, value, &d) == 0)
		fail_msg("%s=%s was accepted", path, value);
	return diag_format(&d, msg, sizeof msg);
}

/* Run an output; returns its rc.  (Through the output's own run, not
 * output_run's gate: these tests check the models themselves.) */
static int run(const struct config *cfg, const char *out, const double *x, size_t nx,
	       double at, struct table *t, struct diag *d)
{
	struct run_req req;
	run_req_init(&req);
	req.x = x;
	req.nx = nx;
	req.at = at;
	table_init(t, "");
	diag_clear(d);
	return family_output(cfg->family, out)->run(cfg, &req, t, d);
}

static double row(const struct table *t, const char *q)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(table_get_text(t, r, 0), q) == 0)
			return table_get(t, r, 1);
	fail_msg("no row %s", q);
	return NAN;
}

/* Every numeric cell of a curve: finite and >= 0, or +inf. */
static void curve_ok(const struct table *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			if (t->cols[c].kind != COL_NUM)
				continue;
			double v = table_get(t, r, c);
			if (!(v >= 0) && !isnan(v))
				fail_msg("row %zu col %s: %g", r, t->cols[c].name, v);
		}
}

static void javadi_case(struct config *cfg, const char *a_n, const char *M, const char *theta)
{
	load_preset(cfg, "javadi-n1120");
	set(cfg, "clusters.2.n", "5");
	set(cfg, "network.icn1.a_n", a_n);
	set(cfg, "traffic.message_length", M);
	set(cfg, "traffic.pattern", "complement");
	set(cfg, "traffic.theta", theta);
	set(cfg, "options.rate_divisor", "exact");
}

/* Defect 2: the saturation is where a utilisation reaches 1 (here ~6e-12),
 * not the bracketing cap 1.6e54; the curve has no blank or -inf. */
static void test_nan_not_forgotten(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	struct table t;
	struct diag d;
	javadi_case(&cfg, "5e8", "400", "0");
	assert_int_equal(run(&cfg, "summary", NULL, 0, NAN, &t, &d), 0);
	double sat = row(&t, "saturation_load");
	assert_true(sat > 0 && sat < 1e-9);
	table_free(&t);
	double x[] = { 0, 0.5 * sat, 0.99 * sat, 1.01 * sat, 1e-6 };
	assert_int_equal(run(&cfg, "curve", x, 5, NAN, &t, &d), 0);
	curve_ok(&t);
	assert_true(isfinite(table_get(&t, 2, 1)));
	assert_true(isinf(table_get(&t, 3, 1)));
	table_free(&t);
	config_free(&cfg);
}

/* Defect 2, second case: latency inf far below the reported saturation,
 * and a point at 1e-6 with util_max 0.079 while blocking is infinite. */
static void test_point_past_saturation(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	struct table t;
	struct diag d;
	javadi_case(&cfg, "918164668.37", "387.47", "0.1677");
	assert_int_equal(run(&cfg, "summary", NULL, 0, NAN, &t, &d), 0);
	double sat = row(&t, "saturation_load");
	table_free(&t);
	assert_true(sat < 1e-6);
	assert_int_equal(run(&cfg, "point", NULL, 0, 1e-6, &t, &d), 0);
	assert_true(row(&t, "util_max") >= 1);
	assert_true(isinf(row(&t, "latency")));
	assert_true(isinf(row(&t, "group0.intra.source_wait")));
	table_free(&t);
	/* Below saturation everything is finite. */
	assert_int_equal(run(&cfg, "point", NULL, 0, 0.9 * sat, &t, &d), 0);
	assert_true(isfinite(row(&t, "latency")));
	assert_true(row(&t, "util_max") < 1);
	table_free(&t);
	config_free(&cfg);
}

/* The utilisation grows with the load, so the saturation search sees one
 * switch from unsaturated to saturated on a grid of loads. */
static void test_saturation_monotone(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	struct mc_params p;
	struct mc_model *mdl = malloc(sizeof *mdl);
	struct mc_point *pt = malloc(sizeof *pt);
	char err[256];
	javadi_case(&cfg, "918164668.37", "387.47", "0.1677");
	mc_config_params(mc_cfg(&cfg), &p);
	assert_int_equal(mc_model_init(mdl, &p, NULL, err, sizeof err), 0);
	double sat = mc_saturation(mdl);
	assert_true(isfinite(sat));
	int prev = 0;
	for (double x = sat * 1e-3; x < sat * 1e3; x *= 1.1) {
		int rc = mc_eval(mdl, x, pt);
		assert_true(rc >= 0);
		assert_true(rc >= prev);
		prev = rc;
		assert_int_equal(rc, x >= sat ? 1 : 0);
	}
	free(pt);
	free(mdl);
	config_free(&cfg);
}

/* Defect 12: Gamma and tau that make a broadcast time negative are refused;
 * a negative correction that keeps it >= 0 still loads (a fit's Gamma). */
static void test_negative_broadcast(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	struct table t;
	struct diag d;
	load_preset(&cfg, "lastovetsky-hcl16");
	assert_non_null(strstr(set_err(&cfg, "broadcast.Gamma", "-1000"), "negative"));
	assert_non_null(strstr(set_err(&cfg, "broadcast.tau", "-1"), "negative"));
	assert_non_null(strstr(set_err(&cfg, "broadcast.tau", "-1e-6"), "negative"));
	set(&cfg, "broadcast.Gamma", "-1e-4");
	double x[] = { 1, 1e3, 1e6, 1e9, 1e12 };
	assert_int_equal(run(&cfg, "curve", x, 5, NAN, &t, &d), 0);
	curve_ok(&t);
	table_free(&t);
	assert_int_equal(run(&cfg, "summary", NULL, 0, 1.0, &t, &d), 0);
	assert_true(row(&t, "bcast_binomial") >= 0);
	assert_true(row(&t, "Gamma") < 0);   /* an input echoed, not a result */
	table_free(&t);
	config_free(&cfg);
}

/* Defect 13: derived flit times obey the bound of given ones; Ethernet
 * rates have a floor that keeps every time finite. */
static void test_derived_overflow(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	load_preset(&cfg, "javadi-n1120");
	assert_non_null(strstr(set_err(&cfg, "network.icn1.bandwidth", "1e-300"), "t_cn"));
	load_preset(&cfg, "lastovetsky-hcl16");
	set_err(&cfg, "link_rate", "1e-300");
	set_err(&cfg, "classes.0.nic_rate", "1e-300");
	struct table t;
	struct diag d;
	set(&cfg, "link_rate", "1");
	set(&cfg, "classes.*.t", "1");
	set(&cfg, "classes.*.C", "1000");
	double x[] = { 1, 1e12 };
	assert_int_equal(run(&cfg, "curve", x, 2, NAN, &t, &d), 0);
	curve_ok(&t);
	for (size_t c = 1; c < t.ncols; c++)
		assert_true(isfinite(table_get(&t, 1, c)));
	table_free(&t);
	config_free(&cfg);
}

/* Defect 13, star: with tol near its maximum the solver must not accept a
 * point that is no fixed point: no finite latency past the saturation the
 * default tol finds (0.0158463 for S5, V = 6). */
static void test_star_loose_tol(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	struct table t;
	struct diag d;
	load_preset(&cfg, "kiasari-s5-v6");
	assert_int_equal(run(&cfg, "summary", NULL, 0, NAN, &t, &d), 0);
	double sat = row(&t, "saturation_load");
	table_free(&t);
	set(&cfg, "options.tol", "0.0099");
	double x[] = { 1.0005 * sat, 1.001 * sat, 1.0005 * sat };
	assert_int_equal(run(&cfg, "curve", x, 3, NAN, &t, &d), 0);
	for (size_t r = 0; r < t.nrows; r++)
		assert_true(isinf(table_get(&t, r, 1)));
	table_free(&t);
	assert_int_equal(run(&cfg, "summary", NULL, 0, NAN, &t, &d), 0);
	assert_true(fabs(row(&t, "saturation_load") - sat) <= 1e-5 * sat);
	table_free(&t);
	config_free(&cfg);
}

/* Found by fuzz_model after the proof: a proved root far above the
 * accepted step (slow steps near saturation, tol 0.0036) gave a latency that
 * fell with the load (138.994 then 136.893); the bracket is now narrowed to
 * tol, so the curve rises within it. */
static void test_star_coarse_tol_monotone(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	struct table t;
	struct diag d;
	load_preset(&cfg, "kiasari-s5-v6");
	set(&cfg, "n", "6");
	set(&cfg, "V", "6");
	set(&cfg, "options.tol", "0.00356321909376261");
	double x[] = { 0.014189801, 0.0141898153, 0.0141898296 };
	assert_int_equal(run(&cfg, "curve", x, 3, NAN, &t, &d), 0);
	for (size_t r = 1; r < t.nrows; r++)
		assert_true(table_get(&t, r, 1) >= table_get(&t, r - 1, 1) * (1 - 0.0036));
	double want[] = { 138.8903659, 138.9457498, 139.060734 };   /* tol 1e-9 */
	for (size_t r = 0; r < t.nrows; r++)
		assert_true(fabs(table_get(&t, r, 1) - want[r]) <= 0.0036 * want[r]);
	table_free(&t);
	config_free(&cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nan_not_forgotten),
		cmocka_unit_test(test_point_past_saturation),
		cmocka_unit_test(test_saturation_monotone),
		cmocka_unit_test(test_negative_broadcast),
		cmocka_unit_test(test_derived_overflow),
		cmocka_unit_test(test_star_loose_tol),
		cmocka_unit_test(test_star_coarse_tol_monotone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
