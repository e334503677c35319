/*
 * test_calibrate.c: regression tests for `--calibrate` of issue 14: the
 * printed preset always loads back (node names cut inside a UTF-8
 * character, with control characters, NEL, or a CR that ended the comment
 * and made the next text a key: defect 7), fitted values outside the
 * fields' ranges are refused (defect 8), and the distinct-size count is not
 * quadratic in the rows (defect 4: 400,000 rows took about 50 s of CPU
 * before, under a second now; a CPU-time limit of 30 s, not a clock, ends
 * the quadratic run with SIGXCPU, so a busy machine cannot fail the test).
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
#include <sys/resource.h>

#include "base/strbuf.h"
#include "base/textcheck.h"
#include "family/ethernet_calib.h"
#include "config/config.h"
#include "config/yaml_load.h"

/* Three nodes, three pairs, four sizes: seconds = scale * (C_i + C_j +
 * (t_i + t_j + 1/beta) M). */
static void rows(struct strbuf *b, double scale)
{
	const int pr[3][2] = { { 0, 1 }, { 1, 2 }, { 0, 2 } };
	const double C[3] = { 20e-6, 25e-6, 30e-6 }, t[3] = { 2e-9, 3e-9, 4e-9 };
	strbuf_puts(b, "kind,src,dst,bytes,seconds\n");
	for (int k = 0; k < 3; k++)
		for (double M = 0; M <= 1e6; M = M ? M * 10 : 1000) {
			int i = pr[k][0], j = pr[k][1];
			strbuf_printf(b, "oneway,%d,%d,%.0f,%.12g\n", i, j, M,
				      scale * (C[i] + C[j] + (t[i] + t[j] + 1 / 1.25e8) * M));
		}
}

/* Calibrate text; returns the rc and the output (caller frees) or msg. */
static int calibrate(const char *csv, char **out, char *msg, size_t n)
{
	struct strbuf o;
	struct diag d;
	strbuf_init(&o);
	diag_clear(&d);
	int rc = calibrate_text(csv, strlen(csv), "m.csv", NULL, 0, &o, &d);
	if (rc)
		diag_format(&d, msg, n);
	*out = rc ? NULL : strbuf_take(&o);
	if (rc)
		strbuf_free(&o);
	return rc;
}

static void loads_back(const char *yaml, struct config *cfg)
{
	struct diag d;
	char msg[1024];
	if (config_parse_text(cfg, yaml, strlen(yaml), "out.yaml", NULL, &d) ||
	    config_validate(cfg, &d))
		fail_msg("the calibrated preset does not load: %s\n%s",
			 diag_format(&d, msg, sizeof msg), yaml);
}

/* Defect 7: node names become comments and class names that load back. */
static void test_node_names_load_back(void **state)
{
	struct strbuf b;
	struct config cfg = CONFIG_EMPTY;
	char msg[1024], *out;
	char longname[200];
	/* 39 ASCII then a 2-byte character: cut inside it before. */
	memset(longname, 'x', sizeof longname);
	size_t k = ETH_NAME_MAX - 1 - strlen("rank0 ") - 1;
	longname[k] = '\xc3';
	longname[k + 1] = '\xa9';
	strcpy(longname + k + 2, "yyyyyyyyyyyyyyyyyyyy");
	strbuf_init(&b);
	strbuf_printf(&b, "# node 0 %s\n", longname);
	strbuf_puts(&b, "# node 1 ctl\x01here\x7f\n");
	strbuf_puts(&b, "# node 2 nel\xc2\x85title: hacked\rtitle: hacked\n");
	rows(&b, 1.0);
	assert_int_equal(calibrate(b.s, &out, msg, sizeof msg), 0);
	loads_back(out, &cfg);
	assert_non_null(strstr(cfg.title, "calibrated from"));
	for (size_t i = 0; i < eth_cfg(&cfg)->nclasses; i++) {
		const char *nm = eth_cfg(&cfg)->classes[i].name;
		assert_null(text_problem(nm, strlen(nm)));
	}
	/* Every comment line stays one line for YAML (no CR, NEL, LS, PS). */
	assert_null(strchr(out, '\r'));
	assert_null(strstr(out, "\xc2\x85"));
	free(out);
	strbuf_free(&b);
	config_free(&cfg);
}

/* Defect 8: times in nanoseconds give C far above 1000 s: refused. */
static void test_fit_out_of_range(void **state)
{
	struct strbuf b;
	char msg[1024], *out;
	strbuf_init(&b);
	rows(&b, 1e9);
	assert_int_equal(calibrate(b.s, &out, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "no preset may hold"));
	strbuf_free(&b);
	/* In seconds the same rows fit and load. */
	struct config cfg = CONFIG_EMPTY;
	strbuf_init(&b);
	rows(&b, 1.0);
	assert_int_equal(calibrate(b.s, &out, msg, sizeof msg), 0);
	loads_back(out, &cfg);
	assert_true(fabs(eth_cfg(&cfg)->classes[0].C - 20e-6) < 1e-9);
	free(out);
	strbuf_free(&b);
	config_free(&cfg);
}

/* Defect 4: many rows (distinct sizes) are counted in O(n log n). */
static void test_many_rows(void **state)
{
	struct strbuf b;
	char msg[1024], *out;
	const int pr[3][2] = { { 0, 1 }, { 1, 2 }, { 0, 2 } };
	struct rusage ru;
	struct rlimit rl;
	getrusage(RUSAGE_SELF, &ru);
	assert_int_equal(getrlimit(RLIMIT_CPU, &rl), 0);
	rlim_t old = rl.rlim_cur;
	rl.rlim_cur = (rlim_t)ru.ru_utime.tv_sec + (rlim_t)ru.ru_stime.tv_sec + 30;
	setrlimit(RLIMIT_CPU, &rl);
	strbuf_init(&b);
	strbuf_puts(&b, "kind,src,dst,bytes,seconds\n");
	for (long r = 0; r < 400000; r++) {
		int i = pr[r % 3][0], j = pr[r % 3][1];
		double M = (double)r;
		strbuf_printf(&b, "oneway,%d,%d,%.0f,%.9g\n", i, j, M,
			      4e-5 + (i + j + 1) * 1e-6 + (1e-8 + 1e-9 * (i + j)) * M);
	}
	assert_int_equal(calibrate(b.s, &out, msg, sizeof msg), 0);
	assert_non_null(strstr(out, "over 400000 sizes"));
	rl.rlim_cur = old;
	setrlimit(RLIMIT_CPU, &rl);
	free(out);
	strbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_node_names_load_back),
		cmocka_unit_test(test_fit_out_of_range),
		cmocka_unit_test(test_many_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
