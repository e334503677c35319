/*
 * test_family_ethernet.c: the `ethernet` family through its descriptor:
 * loading a preset, the curve's columns and hand-checked values, the
 * log-spaced default sweep, the T_ij matrix (symmetric), the summary and
 * the tree text, the cross-field rules (node ranges, disjoint pairs,
 * duplicate links), and the --dump-config round trip (config_dump then
 * config_parse_text gives the same text and the same numbers).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "testkit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "family/ethernet.h"
#include "config/yaml_dump.h"
#include "config/yaml_load.h"

/* The 4-node example of test_ethernet.c, as a preset. */
static const char preset[] =
	"model: ethernet\n"
	"title: four nodes\n"
	"classes:\n"
	"  - {name: a, count: 1, C: 10e-6, t: 1e-9}\n"
	"  - {name: b, count: 1, C: 20e-6, t: 2e-9}\n"
	"  - {name: c, count: 1, C: 30e-6, t: 3e-9}\n"
	"  - {name: d, count: 1, C: 40e-6, t: 4e-9, nic_rate: 5e7}\n"
	"link_rate: 1e8\n"
	"links: [[1, 0, 2e8]]\n"
	"threshold: 1000\n"
	"broadcast: {Gamma: 100e-6, tau: 1e-9}\n"
	"operation: {src: 0, dst: 3, root: 0, pairs: [[0, 1], [2, 3]]}\n";

static void load(struct config *cfg, const char *text)
{
	struct diag d;
	char msg[1024];
	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_text(cfg, text, strlen(text), "t.yaml", NULL, &d) ||
	    config_validate(cfg, &d))
		fail_msg("load: %s", diag_format(&d, msg, sizeof msg));
}

static const char *load_err(const char *text)
{
	static char msg[1024];
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	struct srcmap *map = NULL;
	if (config_parse_text(&cfg, text, strlen(text), "t.yaml", &map, &d) == 0) {
		if (config_validate(&cfg, &d) == 0)
			fail_msg("expected an error for:\n%s", text);
		srcmap_locate(map, &d);
	}
	config_free(&cfg);
	srcmap_free(map);
	return diag_format(&d, msg, sizeof msg);
}

static void run(const struct config *cfg, const char *out, const double *x, size_t nx,
		double at, struct table *t)
{
	struct run_req req;
	struct diag d;
	run_req_init(&req);
	req.x = x;
	req.nx = nx;
	req.at = at;
	table_init(t, "");
	const struct output_desc *o = family_output(cfg->family, out);
	assert_non_null(o);
	if (o->run(cfg, &req, t, &d))
		fail_msg("%s: %s", out, d.msg);
}

static void test_curve(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	load(&c, preset);
	assert_string_equal(c.family->schema.name, "ethernet");
	assert_true(c.family->x.log);
	double x[] = { 1000, 1001 };
	run(&c, "curve", x, 2, NAN, &t);
	const char *names[] = { "size_bytes", "p2p", "one_to_many", "multi_p2p",
				"bcast_binomial", "bcast_flat" };
	assert_int_equal(t.ncols, 6);
	for (size_t k = 0; k < 6; k++)
		assert_string_equal(t.cols[k].name, names[k]);
	/* At M = S = 1000 (test_ethernet.c has the arithmetic): T03 = 75 us,
	 * one-to-many from 0 = 77 us, pairs 0-1 and 2-3: max(38, 97) = 97 us,
	 * binomial 151 + 101 = 252 us, Figure 5's flat broadcast 78 us. */
	double want[] = { 1000, 75e-6, 77e-6, 97e-6, 252e-6, 78e-6 };
	for (size_t k = 0; k < 6; k++)
		assert_rel(table_get(&t, 0, k), want[k], 1e-12);
	/* One byte above S the one-to-many is serialised: 147.047 us. */
	assert_rel(table_get(&t, 1, 2), 147.047e-6, 1e-12);
	table_free(&t);

	/* The default sweep: 61 log-spaced sizes, 1 B .. 1 MiB, ends exact,
	 * the middle one 2^10 = 1024; whole bytes (x_axis.whole), distinct
	 * (1, 2, 3 ... where log spacing would repeat), log-spaced from there
	 * on to within rounding. */
	run(&c, "curve", NULL, 0, NAN, &t);
	assert_int_equal(t.nrows, 61);
	assert_true(table_get(&t, 0, 0) == 1);
	assert_true(table_get(&t, 60, 0) == 1048576);
	assert_rel(table_get(&t, 30, 0), 1024, 1e-12);
	for (size_t r = 0; r < t.nrows; r++) {
		double m = table_get(&t, r, 0);
		assert_true(m == floor(m));
		if (r > 0)
			assert_true(m > table_get(&t, r - 1, 0));
	}
	assert_true(table_get(&t, 1, 0) == 2);
	assert_rel(table_get(&t, 31, 0) / table_get(&t, 30, 0), cbrt(2), 1e-3);
	table_free(&t);

	/* plot: broadcasts shows Figure 5's two curves only. */
	struct diag d;
	assert_int_equal(config_set(&c, "operation.plot", "broadcasts", &d), 0);
	run(&c, "curve", x, 1, NAN, &t);
	assert_int_equal(t.ncols, 3);
	assert_string_equal(t.cols[1].name, "bcast_binomial");
	assert_string_equal(t.cols[2].name, "bcast_flat");
	table_free(&t);
	config_free(&c);
}

static void test_matrix_symmetric(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	load(&c, preset);
	run(&c, "matrix", NULL, 0, NAN, &t);   /* default: M = S = 1000 */
	assert_int_equal(t.nrows, 4);
	assert_int_equal(t.ncols, 5);
	assert_string_equal(t.cols[0].name, "node");
	assert_string_equal(t.cols[4].name, "3");
	assert_rel(table_get(&t, 0, 2), 38e-6, 1e-12);   /* T01 */
	assert_rel(table_get(&t, 2, 4), 97e-6, 1e-12);   /* T23 */
	for (size_t i = 0; i < 4; i++)
		for (size_t j = 0; j < 4; j++)
			assert_true(table_get(&t, i, j + 1) == table_get(&t, j, i + 1));
	table_free(&t);
	/* --at: T03 at 0 bytes = C0 + C3 = 50 us. */
	run(&c, "matrix", NULL, 0, 0, &t);
	assert_rel(table_get(&t, 0, 4), 50e-6, 1e-12);
	table_free(&t);
	config_free(&c);
}

static double srow(const struct table *t, const char *q, const char **note)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(table_get_text(t, r, 0), q) == 0) {
			if (note)
				*note = table_get_text(t, r, 4);
			return table_get(t, r, 1);
		}
	fail_msg("no summary row %s", q);
	return NAN;
}

static void test_summary_and_tree(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	const char *note;
	load(&c, preset);
	run(&c, "summary", NULL, 0, NAN, &t);
	assert_true(srow(&t, "nodes", NULL) == 4);
	assert_true(srow(&t, "tree.depth", NULL) == 2);
	assert_true(srow(&t, "tree.leaves", NULL) == 2);
	assert_rel(srow(&t, "critical_path", &note), 151e-6, 1e-12);
	assert_string_equal(note, "0 -> 2 -> 3");
	assert_rel(srow(&t, "bcast_binomial", NULL), 252e-6, 1e-12);
	assert_rel(srow(&t, "class3.nic_rate", NULL), 5e7, 1e-15);
	assert_rel(srow(&t, "class0.nic_rate", NULL), 1e8, 1e-15);
	table_free(&t);

	run(&c, "tree", NULL, 0, NAN, &t);
	assert_int_equal(family_output(c.family, "tree")->kind, OUT_TEXT);
	assert_int_equal(t.ncols, 1);
	/* The critical path 0 -> 2 -> 3 is starred, node 1 is not. */
	int starred = 0, seen1 = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		const char *l = table_get_text(&t, r, 0);
		if (l[0] == '*')
			starred++;
		if (strstr(l, "-- 1 [b]")) {
			seen1 = 1;
			assert_true(l[0] == ' ');
		}
	}
	assert_int_equal(starred, 3);
	assert_true(seen1);
	assert_non_null(strstr(table_get_text(&t, t.nrows - 1, 0), "critical path 0 -> 2 -> 3"));
	table_free(&t);
	config_free(&c);
}

static void test_validation(void **state)
{
	(void)state;
	char text[2048];
	/* Pairs not disjoint. */
	snprintf(text, sizeof text, "%.*s%s", (int)(strstr(preset, "operation:") - preset), preset,
		 "operation: {pairs: [[0, 1], [1, 2]]}\n");
	const char *e = load_err(text);
	if (!strstr(e, "operation.pairs.1: node 1 is in two pairs, 0-1 (operation.pairs.0) and 1-2"))
		fail_msg("%s", e);
	/* Node out of range: the classes have 4 nodes. */
	snprintf(text, sizeof text, "%.*s%s", (int)(strstr(preset, "operation:") - preset), preset,
		 "operation: {src: 9}\n");
	e = load_err(text);
	if (!strstr(e, "operation.src: node 9 does not exist (allowed: 0 to 3"))
		fail_msg("%s", e);
	/* The same pair overridden twice (in either order). */
	snprintf(text, sizeof text, "%.*s%s%s", (int)(strstr(preset, "links:") - preset), preset,
		 "links: [[1, 0, 2e8], [0, 1, 3e8]]\n", strstr(preset, "threshold:"));
	e = load_err(text);
	if (!strstr(e, "links.1: the pair 0-1 is given twice"))
		fail_msg("%s", e);
	/* Negative delay: the table's range. */
	e = load_err("model: ethernet\nclasses: [{count: 2, C: -1e-6, t: 1e-9}]\n");
	if (!strstr(e, "classes.0.C: -1e-6 is out of range (allowed: a number in [0, 1000])"))
		fail_msg("%s", e);
	/* One node in all. */
	e = load_err("model: ethernet\nclasses: [{count: 1, C: 1e-6, t: 1e-9}]\n");
	if (!strstr(e, "classes: 1 node in all (allowed: 2 to 256 nodes"))
		fail_msg("%s", e);
	/* src == dst. */
	e = load_err("model: ethernet\nclasses: [{count: 3, C: 1e-6, t: 1e-9}]\n"
		     "operation: {src: 2, dst: 2}\n");
	if (!strstr(e, "operation.dst: 2 is also operation.src"))
		fail_msg("%s", e);
	/* Classes expand in order: node 3 belongs to the second class. */
	struct config c = CONFIG_EMPTY;
	load(&c, "model: ethernet\nclasses: [{count: 3, C: 1e-6, t: 1e-9}, {C: 2e-6, t: 2e-9}]\n");
	assert_int_equal(eth_config_nodes(eth_cfg(&c)), 4);
	assert_int_equal(eth_config_class_of(eth_cfg(&c), 2), 0);
	assert_int_equal(eth_config_class_of(eth_cfg(&c), 3), 1);
	int flat[8];
	assert_int_equal(eth_config_pairs(eth_cfg(&c), flat), 2);   /* default 0-1, 2-3 */
	assert_int_equal(flat[3], 3);
	config_free(&c);
}

static void test_dump_round_trip(void **state)
{
	(void)state;
	struct config a = CONFIG_EMPTY, b = CONFIG_EMPTY;
	struct table ta, tb;
	load(&a, preset);
	char *t1 = config_dump(&a);
	assert_non_null(t1);
	assert_non_null(strstr(t1, "model: ethernet\n"));
	assert_non_null(strstr(t1, "  - [1, 0, 2e+08]"));   /* PF_TUPLE link */
	load(&b, t1);
	char *t2 = config_dump(&b);
	assert_string_equal(t1, t2);
	double x[] = { 1, 1000, 1001, 65536, 1048576 };
	run(&a, "curve", x, 5, NAN, &ta);
	run(&b, "curve", x, 5, NAN, &tb);
	assert_int_equal(ta.nrows * ta.ncols, tb.nrows * tb.ncols);
	for (size_t i = 0; i < ta.nrows * ta.ncols; i++)
		assert_true(ta.num[i] == tb.num[i]);
	table_free(&ta);
	table_free(&tb);
	free(t1);
	free(t2);
	config_free(&a);
	config_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_curve),
		cmocka_unit_test(test_matrix_symmetric),
		cmocka_unit_test(test_summary_and_tree),
		cmocka_unit_test(test_validation),
		cmocka_unit_test(test_dump_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
