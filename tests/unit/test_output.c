/*
 * test_output.c: the multicluster family's outputs through the descriptor
 * (curve columns and saturation, a one-length mix equals the fixed length,
 * hop tables) and the table/CSV/TSV/JSON writers (shapes, inf/NaN, quoting).
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

#include "base/write.h"
#include "config/config.h"
#include "config/yaml_load.h"
#include "family/outkit.h"
#include "family/multicluster.h"

static const char preset[] =
	"model: multicluster\n"
	"m: 4\n"
	"clusters: [{count: 7, n: 3}, {count: 3, n: 4}, {count: 6, n: 5}]\n"
	"network:\n"
	"  icn1: {t_cn: 0.436, t_cs: 0.436}\n"
	"  ecn1: {t_cn: 0.645, t_cs: 0.65}\n"
	"  icn2: {t_cn: 0.645, t_cs: 0.65}\n"
	"traffic: {pattern: transpose, theta: 0.7, message_length: 48}\n";

static void load(struct config *cfg, const char *text)
{
	struct diag d;
	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_text(cfg, text, strlen(text), "t", NULL, &d) || config_validate(cfg, &d))
		fail_msg("load: %s", d.msg);
}

static void run(const struct config *cfg, const char *out, const double *x, size_t nx,
		struct table *t)
{
	struct run_req req;
	struct diag d;
	run_req_init(&req);
	req.x = x;
	req.nx = nx;
	table_init(t, "");
	if (family_output(cfg->family, out)->run(cfg, &req, t, &d))
		fail_msg("%s: %s", out, d.msg);
}

static double summary_value(const struct table *t, const char *q)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(table_get_text(t, r, 0), q) == 0)
			return table_get(t, r, 1);
	fail_msg("no summary row %s", q);
	return NAN;
}

static void test_mix_of_one_equals_fixed(void **state)
{
	(void)state;
	struct config a = CONFIG_EMPTY, b = CONFIG_EMPTY;
	struct table ta, tb;
	load(&a, preset);
	char text[2048];
	snprintf(text, sizeof text, "%.*s%s", (int)(strstr(preset, "message_length") - preset),
		 preset, "mix: [{length: 48, prob: 1}]}\n");
	load(&b, text);
	double x[] = { 0, 1e-4, 3e-4, 5e-4 };
	run(&a, "curve", x, 4, &ta);
	run(&b, "curve", x, 4, &tb);
	assert_int_equal(ta.nrows, 4);
	assert_int_equal(ta.ncols, tb.ncols);
	for (size_t i = 0; i < ta.nrows * ta.ncols; i++)
		assert_true(ta.num[i] == tb.num[i] || (isnan(ta.num[i]) && isnan(tb.num[i])));
	table_free(&ta);
	table_free(&tb);
	config_free(&a);
	config_free(&b);
}

static void test_curve_columns_and_saturation(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table s, t;
	load(&c, preset);
	run(&c, "summary", NULL, 0, &s);
	double sat = summary_value(&s, "saturation_load");
	double zero = summary_value(&s, "zero_load_latency");
	assert_true(sat > 0 && zero > 0);
	double x[] = { 0, 0.5 * sat, 0.999 * sat, 1.001 * sat, 2 * sat };
	run(&c, "curve", x, 5, &t);
	assert_string_equal(t.cols[0].name, "load");
	assert_string_equal(t.cols[1].name, "latency");
	int cT = table_col(&t, "latency"), cW = table_col(&t, "W_s"), cS = table_col(&t, "S"),
	    cR = table_col(&t, "R"), cD = table_col(&t, "W_d");
	assert_true(cW > 0 && cS > 0 && cR > 0 && cD > 0);
	assert_true(fabs(table_get(&t, 0, (size_t)cT) - zero) < 1e-12 * zero);
	for (size_t r = 0; r < 3; r++) {
		double parts = table_get(&t, r, (size_t)cW) + table_get(&t, r, (size_t)cS) +
			       table_get(&t, r, (size_t)cR) + table_get(&t, r, (size_t)cD);
		assert_true(fabs(parts - table_get(&t, r, (size_t)cT)) < 1e-9 * parts);
	}
	assert_true(isinf(table_get(&t, 3, (size_t)cT)));
	assert_true(isinf(table_get(&t, 4, (size_t)cT)));
	assert_true(table_get(&t, 2, (size_t)cT) > table_get(&t, 1, (size_t)cT));
	table_free(&s);
	table_free(&t);
	config_free(&c);
}

static void test_hops_table(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	load(&c, preset);
	run(&c, "hops", NULL, 0, &t);
	/* Group 1 (32 nodes, B = 5) under transpose: exact counts 0 2 4 24 and
	 * 2 fixed points; printed 0 2 1 24 and Count_0 = 4 (sharifi Eqs. 6, 10). */
	double exact[5] = { 2, 0, 2, 4, 24 }, printed[5] = { 4, 0, 2, 1, 24 };
	int found = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		if (table_get(&t, r, 0) != 1 || strcmp(table_get_text(&t, r, 1), "icn1"))
			continue;
		int h = (int)table_get(&t, r, 2);
		assert_true(table_get(&t, r, 4) == exact[h]);
		assert_true(table_get(&t, r, 7) == printed[h]);
		found++;
	}
	assert_int_equal(found, 5);
	table_free(&t);
	config_free(&c);
}

static void test_pattern_distances(void **state)
{
	(void)state;
	/* Group 0: 16-node 4-port 3-trees (B = 4 bits): the transpose swaps
	 * the two 2-bit halves, 4 nodes stay home, the other 12 all cross the
	 * root (6 links), as -o hops counts. */
	struct config c = CONFIG_EMPTY;
	struct table t;
	struct run_req req;
	struct diag d;
	load(&c, preset);
	run_req_init(&req);
	req.select = 0;
	table_init(&t, "");
	assert_int_equal(family_output(c.family, "pattern-distances")->run(&c, &req, &t, &d), 0);
	assert_int_equal(t.nrows, 16);
	int six = 0, zero = 0, cells = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		for (size_t col = 1; col < t.ncols; col++) {
			double v = table_get(&t, r, col);
			if (isnan(v))
				continue;
			cells++;
			six += v == 6;
			zero += v == 0 && col - 1 == r;
		}
	}
	assert_int_equal(cells, 16);   /* one destination per source */
	assert_int_equal(six, 12);
	assert_int_equal(zero, 4);
	/* 0101 -> 0101 is a fixed point; 0001 -> 0100. */
	assert_true(table_get(&t, 5, 6) == 0);
	assert_true(table_get(&t, 1, 5) == 6);
	table_free(&t);
	config_free(&c);
}

static char *write_to_string(const struct table *t, enum out_format f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	struct write_meta m = { "multicluster", "p", "curve" };
	assert_int_equal(write_table(fp, t, f, &m), 0);
	fclose(fp);
	return buf;
}

static void test_writers(void **state)
{
	(void)state;
	struct table t;
	table_init(&t, "demo");
	table_add_col(&t, "load", "u", "load", COL_NUM);
	table_add_col(&t, "note", "", "note", COL_TEXT);
	table_add_col(&t, "latency", "tu", "latency", COL_NUM);
	long r = table_add_row(&t);
	table_set(&t, (size_t)r, 0, 0.25);
	table_set_text(&t, (size_t)r, 1, "a, \"quoted\"");
	table_set(&t, (size_t)r, 2, 12.5);
	r = table_add_row(&t);
	table_set(&t, (size_t)r, 0, 1);
	table_set_text(&t, (size_t)r, 1, "tab\there");
	table_set(&t, (size_t)r, 2, INFINITY);

	char *csv = write_to_string(&t, FMT_CSV);
	assert_string_equal(csv, "load,note,latency\n0.25,\"a, \"\"quoted\"\"\",12.5\n1,tab\there,inf\n");
	char *tsv = write_to_string(&t, FMT_TSV);
	assert_string_equal(tsv, "load\tnote\tlatency\n0.25\ta, \"quoted\"\t12.5\n1\ttab here\tinf\n");
	char *json = write_to_string(&t, FMT_JSON);
	assert_non_null(strstr(json, "\"rows\":[\n  {\"load\":0.25,\"note\":\"a, \\\"quoted\\\"\","
				     "\"latency\":12.5},\n  {\"load\":1,\"note\":\"tab\\u0009here\","
				     "\"latency\":null}]}"));
	assert_non_null(strstr(json, "\"format_version\":1"));
	assert_non_null(strstr(json, "{\"name\":\"latency\",\"unit\":\"tu\""));
	char *tab = write_to_string(&t, FMT_TABLE);
	assert_non_null(strstr(tab, "# demo (p)\n"));
	assert_non_null(strstr(tab, "inf"));
	free(csv);
	free(tsv);
	free(json);
	free(tab);
	table_free(&t);

	/* an empty last (text) column leaves no trailing blanks */
	table_init(&t, "tail");
	table_add_col(&t, "x", "", "x", COL_NUM);
	table_add_col(&t, "why", "", "why", COL_TEXT);
	r = table_add_row(&t);
	table_set(&t, (size_t)r, 0, 1);
	table_set_text(&t, (size_t)r, 1, "a reason");
	r = table_add_row(&t);
	table_set(&t, (size_t)r, 0, 2);
	tab = write_to_string(&t, FMT_TABLE);
	assert_non_null(strstr(tab, "\nx  why\n1  a reason\n2\n"));
	free(tab);
	table_free(&t);
}

/* The numbers gate of output_run (issue 14): a summary row that is NaN or negative fails the run. */
static void test_summary_gate(void **state)
{
	struct table t;
	struct diag d;
	table_init(&t, "");
	assert_int_equal(summary_cols(&t), 0);
	assert_int_equal(summary_row(&t, "a", 1, "", "", ""), 0);
	assert_int_equal(summary_row(&t, "b", INFINITY, "", "", ""), 0);
	assert_int_equal(summary_check(NULL, &t, &d), 0);
	assert_int_equal(summary_row(&t, "c", NAN, "", "", ""), 0);
	assert_int_equal(summary_check(NULL, &t, &d), -1);
	assert_non_null(strstr(d.msg, "c = "));
	table_free(&t);
	table_init(&t, "");
	assert_int_equal(summary_cols(&t), 0);
	assert_int_equal(summary_row(&t, "neg", -1, "", "", ""), 0);
	assert_int_equal(summary_check(NULL, &t, &d), -1);
	table_free(&t);
}

/* Typed rows and layout: a summary says it is one (TL_SUMMARY, columns
 * SUM_*) and which rows are about which group, and a copy keeps both. */
static void test_summary_groups(void **state)
{
	struct table t, c;
	(void)state;
	table_init(&t, "");
	assert_int_equal(summary_cols(&t), 0);
	assert_int_equal(t.layout, TL_SUMMARY);
	assert_int_equal(summary_row(&t, "nodes", 8, "", "N", ""), 0);
	for (int g = 0; g < 40; g++) {         /* past the first row_cap */
		assert_int_equal(summary_group_row(&t, g, "share", 0.5, "", "Q", ""), 0);
		assert_int_equal(summary_group_row(&t, g, "icn1.mean_distance", g, "links", "", ""),
				 0);
	}
	assert_int_equal(summary_row(&t, "after", 1, "", "", ""), 0);
	assert_int_equal(table_group(&t, 0), -1);
	assert_int_equal(table_group(&t, 1), 0);
	assert_int_equal(table_group(&t, 2 * 39 + 2), 39);
	assert_int_equal(table_group(&t, t.nrows - 1), -1);
	/* the printed quantity is unchanged: "group<g>.<what>" */
	assert_string_equal(table_get_text(&t, 2 * 39 + 2, SUM_QUANTITY), "group39.icn1.mean_distance");
	assert_true(table_get(&t, 2 * 39 + 2, SUM_VALUE) == 39);
	assert_int_equal(summary_row_as(&t, ROW_SATURATION, "saturation_load", 0.25, "", "", ""), 0);
	assert_int_equal(table_role_row(&t, ROW_SATURATION), (long)t.nrows - 1);
	assert_int_equal(table_role_row(&t, ROW_MARKER), -1);
	assert_int_equal(table_row_role(&t, 0), ROW_PLAIN);
	assert_int_equal(table_copy(&c, &t), 0);
	assert_int_equal(c.layout, TL_SUMMARY);
	assert_int_equal(table_role_row(&c, ROW_SATURATION), (long)t.nrows - 1);
	for (size_t r = 0; r < t.nrows; r++)
		assert_int_equal(table_group(&c, r), table_group(&t, r));
	table_free(&c);
	table_free(&t);
	/* a table that never tagged a row: every row is about the whole */
	table_init(&t, "");
	assert_int_equal(table_add_col(&t, "x", "", "", COL_NUM), 0);
	assert_true(table_add_row(&t) == 0);
	assert_int_equal(table_group(&t, 0), -1);
	assert_int_equal(t.layout, TL_ANY);
	table_free(&t);
}

/* Writers need no error path (table.h): an output whose table is latched
 * out of memory from the start (its first allocation failed) writes
 * nothing, does not crash, and output_run reports "out of memory".  Every
 * model output of one preset per family. */
static void test_latched_table(void **state)
{
	static const char *const presets[] = { "javadi-n544", "sharifi-n592", "kiasari-s5-v6",
					       "arnau-autonet10", "lastovetsky-hcl16" };
	(void)state;
	for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
		char path[128], msg[1024];
		struct config cfg;
		struct diag d;
		snprintf(path, sizeof path, "presets/%s.yaml", presets[i]);
		memset(&cfg, 0, sizeof cfg);
		if (config_parse_file(&cfg, path, presets[i], NULL, &d) || config_validate(&cfg, &d))
			fail_msg("%s: %s", presets[i], diag_format(&d, msg, sizeof msg));
		for (const struct output_desc *o = cfg.family->outputs; o->name; o++) {
			struct run_req req;
			struct table t;
			if (o->sim != SIM_NONE || o->lane != LANE_FAST)
				continue;
			run_req_init(&req);
			table_init(&t, "");
			t.nomem = true;
			diag_clear(&d);
			int rc = output_run(o, &cfg, &req, &t, &d);
			if (rc != -1 || !strstr(d.msg, "out of memory"))
				fail_msg("%s -o %s: rc %d, '%s'", presets[i], o->name, rc, d.msg);
			assert_int_equal(t.nrows, 0);
			table_free(&t);
		}
		config_free(&cfg);
	}
}

/* Issue 23: a failed point is a ROW_FAILED row (its x, NaN values, the
 * whole reason as its note) that survives a copy and a join with the
 * model's curve (the note deep-copied, freed with its table), beside the
 * rows that ran. */
static void test_failed_rows(void **state)
{
	struct table m, s, shape, c, j;
	char why[400];
	(void)state;
	memset(why, 'w', sizeof why - 1);      /* longer than a title */
	why[sizeof why - 1] = '\0';
	table_init(&m, "model");
	table_add_col(&m, "load", "", "", COL_NUM);
	table_add_col(&m, "latency", "", "", COL_NUM);
	table_init(&s, "sim");
	table_add_col(&s, "load", "", "", COL_NUM);
	table_add_col(&s, "sim_latency", "", "", COL_NUM);
	for (int r = 0; r < 3; r++) {
		table_add_row(&m);
		table_set(&m, (size_t)r, 0, 0.1 * (r + 1));
		table_set(&m, (size_t)r, 1, 10.0 + r);
	}
	assert_int_equal(table_copy_shape(&shape, &s), 0);
	assert_int_equal(shape.ncols, 2);
	assert_int_equal(shape.nrows, 0);
	table_free(&shape);
	table_add_row(&s);
	table_set(&s, 0, 0, 0.1);
	table_set(&s, 0, 1, 11.0);
	assert_int_equal(table_add_failed(&s, 0.2, why), 1);
	table_add_row(&s);
	table_set(&s, 2, 0, 0.3);
	table_set(&s, 2, 1, 13.0);
	assert_int_equal(table_count_role(&s, ROW_FAILED), 1);
	assert_int_equal(table_row_role(&s, 1), ROW_FAILED);
	assert_true(isnan(table_get(&s, 1, 1)));
	assert_string_equal(table_row_note(&s, 1), why);
	assert_null(table_row_note(&s, 0));
	assert_int_equal(table_copy(&c, &s), 0);
	assert_string_equal(table_row_note(&c, 1), why);
	assert_ptr_not_equal(table_row_note(&c, 1), table_row_note(&s, 1));
	assert_int_equal(table_join(&m, &s, &j), 0);
	assert_int_equal(j.ncols, 3);
	assert_int_equal(table_row_role(&j, 1), ROW_FAILED);
	assert_int_equal(table_row_role(&j, 0), ROW_PLAIN);
	assert_string_equal(table_row_note(&j, 1), why);
	assert_true(table_get(&j, 1, 1) == 11.0);    /* the model's row stands */
	assert_true(isnan(table_get(&j, 1, 2)));
	assert_true(table_get(&j, 2, 2) == 13.0);
	table_free(&s);
	assert_string_equal(table_row_note(&j, 1), why);
	table_free(&c);
	table_free(&j);
	table_free(&m);

	/* a refined model's column still says which one it refines (the
	 * hint and --figure read it from the joined table) */
	table_init(&m, "model");
	table_add_col(&m, "load", "", "", COL_NUM);
	table_add_col(&m, "latency", "", "", COL_NUM);
	table_add_col(&m, "latency_refined", "", "", COL_NUM);
	table_set_refines(&m, 2, 1);
	table_init(&s, "sim");
	table_add_col(&s, "load", "", "", COL_NUM);
	table_add_col(&s, "sim_latency", "", "", COL_NUM);
	table_add_row(&m);
	table_add_row(&s);
	assert_int_equal(table_join(&m, &s, &j), 0);
	assert_int_equal(table_refined(&j, 1), 2);
	assert_int_equal(j.cols[3].refines, -1);
	table_free(&s);
	table_free(&j);
	table_free(&m);
}

/* The families' summaries type the rows the explorer reads: the
 * saturation load (multicluster, star) and the threshold S the plot marks
 * (ethernet); irregular's model has neither. */
static void test_summary_roles(void **state)
{
	static const struct { const char *preset, *sat, *marker; } cases[] = {
		{ "javadi-n544", "saturation_load", NULL },
		{ "kiasari-s5-v6", "saturation_load", NULL },
		{ "lastovetsky-hcl16", NULL, "threshold" },
		{ "arnau-autonet10", NULL, NULL },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char path[128], msg[1024];
		struct config cfg;
		struct diag d;
		struct run_req req;
		struct table t;
		snprintf(path, sizeof path, "presets/%s.yaml", cases[i].preset);
		memset(&cfg, 0, sizeof cfg);
		if (config_parse_file(&cfg, path, cases[i].preset, NULL, &d))
			fail_msg("%s: %s", cases[i].preset, diag_format(&d, msg, sizeof msg));
		run_req_init(&req);
		table_init(&t, "");
		assert_int_equal(output_run(family_output(cfg.family, "summary"), &cfg, &req, &t, &d), 0);
		long s = table_role_row(&t, ROW_SATURATION), m = table_role_row(&t, ROW_MARKER);
		if (cases[i].sat)
			assert_string_equal(table_get_text(&t, (size_t)s, SUM_QUANTITY), cases[i].sat);
		else
			assert_int_equal(s, -1);
		if (cases[i].marker)
			assert_string_equal(table_get_text(&t, (size_t)m, SUM_QUANTITY), cases[i].marker);
		else
			assert_int_equal(m, -1);
		/* the overview (shown under the lists) and, multicluster, the rows
		 * derived from a network's section (shown under it) */
		int overview = 0, icn1 = 0;
		for (size_t r = 0; r < t.nrows; r++) {
			overview += table_row_role(&t, r) == ROW_OVERVIEW;
			if (table_about(&t, r) == mc_network_param(MC_ICN1)) {
				assert_true(strncmp(table_get_text(&t, r, SUM_QUANTITY), "icn1.", 5) == 0);
				icn1++;
			}
		}
		assert_true(overview >= (strcmp(cases[i].preset, "kiasari-s5-v6") ? 2 : 0));
		assert_int_equal(icn1, strcmp(cases[i].preset, "javadi-n544") ? 0 : 2);
		table_free(&t);
		config_free(&cfg);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mix_of_one_equals_fixed),
		cmocka_unit_test(test_curve_columns_and_saturation),
		cmocka_unit_test(test_hops_table),
		cmocka_unit_test(test_pattern_distances),
		cmocka_unit_test(test_writers),
		cmocka_unit_test(test_summary_gate),
		cmocka_unit_test(test_summary_groups),
		cmocka_unit_test(test_latched_table),
		cmocka_unit_test(test_summary_roles),
		cmocka_unit_test(test_failed_rows),
	};
	return cmocka_run_group_tests_name("output", tests, NULL, NULL);
}
