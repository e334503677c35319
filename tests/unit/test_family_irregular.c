/*
 * test_family_irregular.c: the `irregular` family through its descriptor and
 * the loader, as the batch mode and the explorer use it: the arnau-autonet10
 * preset reproduces the paper's Table 2 (all 100 entries) and Figure 8's
 * points, the routes of Table 1, symmetric tables; links written as tuples
 * and as mappings load alike; --dump-config round-trips (tuples dumped as
 * [a, b]); generate: gives a connected network reproducible from its seed
 * (and still reproduces the stored random presets); bad networks are refused
 * with the exact message at the line and column of the offending link; the
 * other outputs (summary, clusters, hostfiles, anynet, hops), cancellation
 * and progress.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "config/yaml_dump.h"
#include "config/yaml_load.h"
#include "family/irregular.h"

#define AUTONET "presets/arnau-autonet10.yaml"

/* arnau et al. Table 2, typed in from the paper (as in test_irregular.c). */
static const double table2[10][10] = {
	{0, 1, 1, 2, 1, 3, 1, 3, 3, 1},
	{1, 0, 1, 2, 1, 3, 1, 3, 3, 1},
	{1, 1, 0, 2, 2, 3, 1, 3, 3, 1},
	{2, 2, 2, 0, 2, 1, 1, 1, 1, 2},
	{1, 1, 2, 2, 0, 3, 1, 3, 3, 1},
	{3, 3, 3, 1, 3, 0, 2, 1, 1, 1},
	{1, 1, 1, 1, 1, 2, 0, 2, 2, 1.25},
	{3, 3, 3, 1, 3, 1, 2, 0, 1, 2},
	{3, 3, 3, 1, 3, 1, 2, 1, 0, 2},
	{1, 1, 1, 2, 1, 1, 1.25, 2, 2, 0},
};

/* The Autonet network written three ways: tuples, mappings, mixed. */
#define HEAD "model: irregular\nswitches: 10\nports: 8\nnodes: 4\nroot: 6\n"
static const char autonet_tuples[] = HEAD
	"links: [[0, 2], [0, 4], [0, 9], [1, 2], [1, 4], [1, 9], [2, 6], [3, 6],\n"
	"        [3, 7], [3, 8], [4, 6], [5, 7], [5, 8], [5, 9], [7, 8]]\n";
static const char autonet_maps[] = HEAD
	"links:\n"
	"  - {a: 0, b: 2}\n  - {a: 0, b: 4}\n  - {a: 0, b: 9}\n  - {a: 1, b: 2}\n"
	"  - {a: 1, b: 4}\n  - {a: 1, b: 9}\n  - {a: 2, b: 6}\n  - {a: 3, b: 6}\n"
	"  - {a: 3, b: 7}\n  - {a: 3, b: 8}\n  - {a: 4, b: 6}\n  - {a: 5, b: 7}\n"
	"  - {a: 5, b: 8}\n  - {a: 5, b: 9}\n"
	"  - a: 7\n    b: 8\n";
static const char autonet_mixed[] = HEAD
	"links:\n"
	"  - [0, 2]\n  - {a: 0, b: 4}\n  - [0, 9]\n  - {b: 2, a: 1}\n  - [1, 4]\n"
	"  - [1, 9]\n  - [2, 6]\n  - [3, 6]\n  - [3, 7]\n  - [3, 8]\n  - [4, 6]\n"
	"  - [5, 7]\n  - [5, 8]\n  - [5, 9]\n  - [7, 8]\n";

static void load_text(struct config *cfg, const char *text)
{
	struct diag d;
	char msg[1024];
	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_text(cfg, text, strlen(text), "t.yaml", NULL, &d) ||
	    config_validate(cfg, &d))
		fail_msg("load: %s", diag_format(&d, msg, sizeof msg));
}

static void load_file(struct config *cfg, const char *path)
{
	struct diag d;
	char msg[1024];
	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_file(cfg, path, NULL, NULL, &d) || config_validate(cfg, &d))
		fail_msg("load %s: %s", path, diag_format(&d, msg, sizeof msg));
}

/* Load text, expect a failure, return "t.yaml:L:C: path: message". */
static const char *load_err(const char *text)
{
	static char msg[1024];
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	struct srcmap *map = NULL;
	if (config_parse_text(&cfg, text, strlen(text), "t.yaml", &map, &d) == 0) {
		if (config_validate(&cfg, &d) == 0) {
			srcmap_free(map);
			fail_msg("expected an error for:\n%s", text);
		}
		srcmap_locate(map, &d);
	}
	config_free(&cfg);
	srcmap_free(map);
	return diag_format(&d, msg, sizeof msg);
}

static int run_req_rc(const struct config *cfg, const char *out, const struct run_req *req,
		      struct table *t, struct diag *d)
{
	const struct output_desc *o = family_output(cfg->family, out);
	assert_non_null(o);
	table_init(t, "");
	diag_clear(d);
	return o->run(cfg, req, t, d);
}

static void run_sel(const struct config *cfg, const char *out, int select, struct table *t)
{
	struct run_req req;
	struct diag d;
	run_req_init(&req);
	req.select = select;
	if (run_req_rc(cfg, out, &req, t, &d))
		fail_msg("%s: %s", out, d.msg);
}

static void run(const struct config *cfg, const char *out, struct table *t)
{
	run_sel(cfg, out, -1, t);
}

static double summary_value(const struct table *t, const char *q)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(table_get_text(t, r, 0), q) == 0)
			return table_get(t, r, 1);
	fail_msg("no summary row %s", q);
	return NAN;
}

static const char *summary_note(const struct table *t, const char *q)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(table_get_text(t, r, 0), q) == 0)
			return table_get_text(t, r, 4);
	fail_msg("no summary row %s", q);
	return NULL;
}

/* ---- Table 2, Figure 8, Table 1 ---- */

static void test_autonet_table2(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	load_file(&c, AUTONET);
	assert_string_equal(c.family->schema.name, "irregular");
	assert_int_equal(irr_cfg(&c)->root, 6);
	assert_int_equal(irr_cfg(&c)->nlinks, 15);
	/* the default output is the table */
	assert_string_equal(c.family->outputs[0].name, "distances");
	assert_int_equal(c.family->outputs[0].kind, OUT_MATRIX);
	run(&c, "distances", &t);
	assert_int_equal(t.ncols, 11);
	assert_int_equal(t.nrows, 10);
	assert_string_equal(t.cols[0].name, "node");
	for (int j = 0; j < 10; j++) {
		char name[8];
		snprintf(name, sizeof name, "%d", j);
		assert_string_equal(t.cols[j + 1].name, name);
		assert_string_equal(table_get_text(&t, (size_t)j, 0), name);
	}
	for (int a = 0; a < 10; a++)
		for (int b = 0; b < 10; b++) {
			double v = table_get(&t, (size_t)a, (size_t)b + 1);
			if (fabs(v - table2[a][b]) > 1e-12)
				fail_msg("T[%d][%d] = %.17g, paper %.17g", a, b, v, table2[a][b]);
			/* symmetric by construction: exactly equal */
			assert_true(v == table_get(&t, (size_t)b, (size_t)a + 1));
		}
	assert_true(fabs(table_get(&t, 6, 10) - 1.25) < 1e-12);
	assert_true(fabs(table_get(&t, 9, 7) - 1.25) < 1e-12);
	table_free(&t);
	config_free(&c);
}

static void test_autonet_distribution(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	struct run_req req;
	struct diag d;
	load_file(&c, AUTONET);
	assert_string_equal(c.family->x.name, "distance");
	assert_string_equal(c.family->x.label, "equivalent distance");
	run(&c, "distribution", &t);
	assert_string_equal(t.cols[0].name, "distance");
	assert_string_equal(t.cols[1].name, "occurrences");
	/* Figure 8's points: 1 (42 times), 1.25 (2), 2 (22), 3 (24) */
	static const double x[4] = { 1, 1.25, 2, 3 }, n[4] = { 42, 2, 22, 24 };
	assert_int_equal(t.nrows, 4);
	for (size_t r = 0; r < 4; r++) {
		assert_true(fabs(table_get(&t, r, 0) - x[r]) < 1e-12);
		assert_true(table_get(&t, r, 1) == n[r]);
		assert_true(fabs(table_get(&t, r, 2) - n[r] / 90) < 1e-15);
	}
	table_free(&t);

	/* given x values: occurrences at those values, 0 elsewhere */
	double xs[3] = { 1, 1.5, 1.25 };
	run_req_init(&req);
	req.x = xs;
	req.nx = 3;
	assert_int_equal(run_req_rc(&c, "distribution", &req, &t, &d), 0);
	assert_int_equal(t.nrows, 3);
	assert_true(table_get(&t, 0, 1) == 42);
	assert_true(table_get(&t, 1, 1) == 0);
	assert_true(table_get(&t, 2, 1) == 2);
	table_free(&t);

	/* the sweep covers the values */
	double from, to;
	size_t np;
	struct run_req rq;
	run_req_init(&rq);
	assert_int_equal(c.family->sweep(&c, &rq, &from, &to, &np, &d), 0);
	assert_true(from == 1 && to == 3);
	assert_int_equal(np, 4);
	config_free(&c);
}

static const char *route_of(const struct table *t, int a, int b, double *count)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (table_get(t, r, 0) == a && table_get(t, r, 1) == b) {
			*count = table_get(t, r, (size_t)table_col(t, "count"));
			return table_get_text(t, r, (size_t)table_col(t, "routes"));
		}
	fail_msg("no routes row %d-%d", a, b);
	return NULL;
}

static void test_autonet_routes(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	double n;
	load_file(&c, AUTONET);

	/* Table 1: the shortest legal routes 0 -> 1 are 0-2-1 and 0-4-1 */
	run_sel(&c, "routes", 0, &t);
	assert_int_equal(t.nrows, 9);
	for (size_t r = 0; r < t.nrows; r++)
		assert_true(table_get(&t, r, 0) == 0);
	assert_string_equal(route_of(&t, 0, 1, &n), "0-2-1 0-4-1");
	assert_true(n == 2);
	/* 0-5: 2 hops topologically, 5 links legally (0-9 down, 9-5 up) */
	const char *r05 = route_of(&t, 0, 5, &n);
	assert_true(n == 4);
	assert_non_null(strstr(r05, "0-2-6-3-7-5"));
	for (size_t r = 0; r < t.nrows; r++)
		if (table_get(&t, r, 1) == 5) {
			assert_true(table_get(&t, r, (size_t)table_col(&t, "length")) == 5);
			assert_true(table_get(&t, r, (size_t)table_col(&t, "hops")) == 2);
			assert_true(table_get(&t, r, (size_t)table_col(&t, "detour")) == 3);
			assert_true(fabs(table_get(&t, r, (size_t)table_col(&t, "distance")) - 3) <
				    1e-12);
		}
	table_free(&t);

	/* all ordered pairs; counts equal both ways (mirror symmetry) and the
	 * number of routes listed (all listed here); 8 pairs have a detour */
	run(&c, "routes", &t);
	assert_int_equal(t.nrows, 90);
	int detours = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		int a = (int)table_get(&t, r, 0), b = (int)table_get(&t, r, 1);
		double back;
		route_of(&t, b, a, &back);
		double cnt = table_get(&t, r, (size_t)table_col(&t, "count"));
		assert_true(cnt == back);
		const char *s = table_get_text(&t, r, (size_t)table_col(&t, "routes"));
		int words = 1;
		for (const char *p = s; *p; p++)
			words += *p == ' ';
		assert_int_equal(words, (int)cnt);
		detours += table_get(&t, r, (size_t)table_col(&t, "detour")) > 0;
	}
	assert_int_equal(detours, 16);
	table_free(&t);

	struct run_req req;
	struct diag d;
	run_req_init(&req);
	req.select = 10;
	assert_int_equal(run_req_rc(&c, "routes", &req, &t, &d), -1);
	assert_string_equal(d.msg, "--select 10: switch 10 does not exist (allowed: 0 to 9)");
	table_free(&t);
	config_free(&c);
}

/* ---- loading and dumping ---- */

static void test_tuples_and_mappings(void **state)
{
	(void)state;
	struct config a = CONFIG_EMPTY, b = CONFIG_EMPTY, m = CONFIG_EMPTY, f = CONFIG_EMPTY;
	struct table ta, tb;
	load_text(&a, autonet_tuples);
	load_text(&b, autonet_maps);
	load_text(&m, autonet_mixed);
	load_file(&f, AUTONET);
	assert_int_equal(irr_cfg(&a)->nlinks, 15);
	assert_int_equal(irr_cfg(&a)->links[14].a, 7);
	assert_int_equal(irr_cfg(&a)->links[14].b, 8);
	assert_true(param_equal(irr_family.schema.params, irr_cfg(&a), irr_cfg(&b)));
	assert_true(param_equal(irr_family.schema.params, irr_cfg(&a), irr_cfg(&m)));
	assert_true(param_equal(irr_family.schema.params, irr_cfg(&a), irr_cfg(&f)));
	run(&a, "distances", &ta);
	run(&b, "distances", &tb);
	assert_memory_equal(ta.num, tb.num, ta.nrows * ta.ncols * sizeof *ta.num);
	table_free(&ta);
	table_free(&tb);
	config_free(&a);
	config_free(&b);
	config_free(&m);
	config_free(&f);
}

/* Dump cfg, check the dump reloads to the same body and dumps identically. */
static char *dump_round_trip(const struct config *cfg)
{
	struct config back = CONFIG_EMPTY;
	char *text = config_dump(cfg);
	assert_non_null(text);
	load_text(&back, text);
	assert_true(param_equal(irr_family.schema.params, irr_cfg(&back), irr_cfg(cfg)));
	char *again = config_dump(&back);
	assert_string_equal(text, again);
	free(again);
	config_free(&back);
	return text;
}

static void test_dump_round_trip(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	load_file(&c, AUTONET);
	char *text = dump_round_trip(&c);
	/* tuples are dumped as [a, b], one per line, in the given order */
	assert_non_null(strstr(text, "\n  - [0, 2]\n  - [0, 4]\n"));
	assert_non_null(strstr(text, "\n  - [7, 8]\n"));
	assert_non_null(strstr(text, "\nroot: 6"));
	/* an unused generate: section is left out (it would not load alone) */
	assert_null(strstr(text, "generate:"));
	assert_null(strstr(text, "switch_nodes:"));
	free(text);

	/* per-switch nodes, dumped as tuples too */
	load_text(&c, HEAD "switch_nodes: [[3, 2], {switch: 5, nodes: 0}]\n"
		  "links: [[0, 2], [0, 4], [0, 9], [1, 2], [1, 4], [1, 9], [2, 6], [3, 6],\n"
		  "        [3, 7], [3, 8], [4, 6], [5, 7], [5, 8], [5, 9], [7, 8]]\n");
	text = dump_round_trip(&c);
	assert_non_null(strstr(text, "\n  - [3, 2]\n  - [5, 0]\n"));
	free(text);

	/* a generated network: only the given generator fields */
	load_text(&c, "model: irregular\ngenerate: {switches: 24, seed: 24}\nclusters: 3\n");
	text = dump_round_trip(&c);
	assert_non_null(strstr(text, "generate:"));
	assert_non_null(strstr(text, "  switches: 24"));
	assert_non_null(strstr(text, "  seed: 24"));
	assert_null(strstr(text, "free_ports"));
	assert_null(strstr(text, "links:"));
	free(text);
	config_free(&c);
}

/* ---- generate ---- */

static bool connected(const struct irr_net *net)
{
	int S = net->switches, head = 0, tail = 0;
	int *q = malloc((size_t)S * sizeof *q);
	char *seen = calloc((size_t)S, 1);
	assert_non_null(q);
	assert_non_null(seen);
	q[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		int u = q[head++];
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++)
			if (!seen[net->adj[e]]) {
				seen[net->adj[e]] = 1;
				q[tail++] = net->adj[e];
			}
	}
	free(q);
	free(seen);
	return tail == S;
}

static void net_of(const struct config *c, struct irr_net *net)
{
	struct diag d;
	if (irr_config_net(irr_cfg(c), net, &d))
		fail_msg("net: %s: %s", d.path, d.msg);
}

static bool same_links(const struct irr_net *x, const struct irr_net *y)
{
	return x->nlinks == y->nlinks &&
	       memcmp(x->links, y->links, (size_t)x->nlinks * sizeof *x->links) == 0;
}

static void test_generate(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY, c2 = CONFIG_EMPTY;
	struct irr_net n1, n2, n3;
	struct table t1, t2;

	load_text(&c, "model: irregular\ngenerate:\n  switches: 40\n  nodes: 4\n"
		  "  free_ports: 4\n  links: 3\n  seed: 5\n");
	assert_true(irr_config_generated(irr_cfg(&c)));
	assert_int_equal(irr_config_switches(irr_cfg(&c)), 40);
	net_of(&c, &n1);
	net_of(&c, &n2);
	assert_int_equal(n1.switches, 40);
	assert_true(connected(&n1));
	assert_int_equal(n1.nlinks, 60);          /* 40 switches, 3 links each */
	for (int s = 0; s < 40; s++) {
		assert_int_equal(irr_degree(&n1, s), 3);
		assert_int_equal(n1.nodes[s], 4);
		assert_int_equal(n1.ports[s], 8);
	}
	assert_true(same_links(&n1, &n2));        /* reproducible from the seed */
	/* another seed, another network */
	load_text(&c2, "model: irregular\ngenerate: {switches: 40, seed: 6}\n");
	net_of(&c2, &n3);
	assert_true(connected(&n3));
	assert_false(same_links(&n1, &n3));
	irr_net_free(&n3);
	/* defaults: nodes and free ports from the top level, 3 links, seed 1 */
	load_text(&c2, "model: irregular\nports: 10\nnodes: 5\ngenerate: {switches: 30}\n");
	struct irr_gen_params p;
	irr_config_gen(irr_cfg(&c2), &p);
	assert_int_equal(p.nodes, 5);
	assert_int_equal(p.free_ports, 5);
	assert_int_equal(p.links, 3);
	assert_true(p.seed == 1);
	net_of(&c2, &n3);
	assert_int_equal(n3.ports[0], 10);
	assert_true(connected(&n3));
	irr_net_free(&n3);

	/* the outputs agree between two loads of the same generated network */
	run(&c, "distances", &t1);
	load_text(&c2, "model: irregular\ngenerate: {switches: 40, seed: 5}\n");
	run(&c2, "distances", &t2);
	assert_int_equal(t1.nrows, 40);
	assert_memory_equal(t1.num, t2.num, t1.nrows * t1.ncols * sizeof *t1.num);
	table_free(&t1);
	table_free(&t2);
	irr_net_free(&n1);
	irr_net_free(&n2);
	config_free(&c);
	config_free(&c2);
}

/* The stored random presets are what the generator made with their seeds.
 * (Welcome while it holds; the presets stay as they are if it stops.) */
static void test_generator_reproduces_presets(void **state)
{
	(void)state;
	static const int sizes[2] = { 16, 24 };
	for (int i = 0; i < 2; i++) {
		struct config stored = CONFIG_EMPTY, gen = CONFIG_EMPTY;
		struct irr_net a, b;
		char path[64], text[256];
		snprintf(path, sizeof path, "presets/arnau-random%d.yaml", sizes[i]);
		load_file(&stored, path);
		snprintf(text, sizeof text, "model: irregular\ngenerate: {switches: %d, nodes: 4, "
			 "free_ports: 4, links: 3, seed: %d}\n", sizes[i], sizes[i]);
		load_text(&gen, text);
		net_of(&stored, &a);
		net_of(&gen, &b);
		assert_int_equal(a.switches, sizes[i]);
		assert_int_equal(a.nlinks, sizes[i] * 3 / 2);
		if (!same_links(&a, &b))
			fail_msg("irr_generate no longer makes %s from seed %d", path, sizes[i]);
		irr_net_free(&a);
		irr_net_free(&b);
		config_free(&stored);
		config_free(&gen);
	}
}

/* ---- bad networks: exact messages at the offending link ---- */

static void test_bad_networks(void **state)
{
	(void)state;
	static const struct { const char *yaml, *want; } cases[] = {
		{ "model: irregular\nswitches: 3\nlinks:\n  - [0, 1]\n  - [1, 2]\n  - [2, 1]\n",
		  "t.yaml:6:5: links.2: link 2 (2-1) duplicates link 1 (1-2)" },
		{ "model: irregular\nswitches: 3\nlinks:\n  - [0, 1]\n  - {a: 2, b: 2}\n",
		  "t.yaml:5:5: links.1: link 1 (2-2) joins switch 2 to itself "
		  "(allowed: two different switches)" },
		{ "model: irregular\nswitches: 3\nlinks:\n  - [0, 1]\n  - [1, 3]\n",
		  "t.yaml:5:9: links.1.b: link 1 (1-3): switch 3 does not exist "
		  "(allowed: switch labels 0 to 2)" },
		{ "model: irregular\nswitches: 3\nlinks:\n  - [0, 1]\n  - {b: 1, a: 7}\n",
		  "t.yaml:5:12: links.1.a: link 1 (7-1): switch 7 does not exist "
		  "(allowed: switch labels 0 to 2)" },
		{ "model: irregular\nswitches: 4\nlinks:\n  - [0, 1]\n  - [2, 3]\n",
		  "t.yaml:3:1: links: switch 2 is not reachable from switch 0: the network "
		  "is disconnected, 2 of 4 switches reachable (allowed: a connected network)" },
		{ "model: irregular\nswitches: 2\n",
		  "t.yaml:2:1: switches: switch 1 is not reachable from switch 0: the network "
		  "is disconnected, 1 of 2 switches reachable (allowed: a connected network)" },
		{ "model: irregular\nswitches: 4\nports: 5\nnodes: 3\nlinks:\n  - [0, 1]\n"
		  "  - [0, 2]\n  - [0, 3]\n",
		  "t.yaml:8:5: links.2: link 2 (0-3): switch 0 has 3 links but 2 free ports "
		  "(allowed: at most ports - nodes = 5 - 3 = 2 links at switch 0)" },
		{ "model: irregular\nswitches: 3\nlinks:\n  - [0, 1]\n  - [1, 2, 0]\n",
		  "t.yaml:5:5: links.1: expected 2 values [a, b], found 3" },
		{ "model: irregular\nswitches: 3\nlinks:\n  - [0, 1]\n  - [1, -2]\n",
		  "t.yaml:5:9: links.1.b: -2 is out of range (allowed: an integer in [0, 1023])" },
		{ "model: irregular\nswitches: 3\nlinks:\n  - [0, 1]\n  - 2\n",
		  "t.yaml:5:5: links.1: expected a mapping {a, b}, found a single value" },
		{ "model: irregular\nswitches: 3\nlinks: [[0, 1], [1, 2]]\ngenerate: {switches: 8}\n",
		  "t.yaml:4:1: generate: network given twice: give either switches and links, "
		  "or generate, not both" },
		{ "model: irregular\nswitches: 3\ngenerate: {seed: 3}\n",
		  "t.yaml:3:1: generate: network given twice: give either switches and links, "
		  "or generate, not both" },
		{ "model: irregular\ngenerate: {seed: 3}\n",
		  "t.yaml:2:1: generate.switches: missing required field (allowed: an integer "
		  "in [1, 1024])" },
		{ "model: irregular\ngenerate: {switches: 10, links: 5}\n",
		  "t.yaml:2:26: generate.links: 5 links per switch (allowed: 2 to 4, at most "
		  "the 4 free ports)" },
		{ "model: irregular\ngenerate: {switches: 10, free_ports: 1}\n",
		  "t.yaml:2:26: generate.free_ports: 1 free port leaves no room for the links "
		  "(allowed: at least 2 free ports with 10 switches)" },
		{ "model: irregular\nlinks: [[0, 1]]\n",
		  "t.yaml:1:1: switches: missing required field (allowed: an integer in "
		  "[1, 1024] with links, or a generate section)" },
		{ "model: irregular\nswitches: 2\nroot: 2\nlinks: [[0, 1]]\n",
		  "t.yaml:3:1: root: switch 2 does not exist (allowed: a switch label 0 to 1)" },
		{ "model: irregular\nswitches: 2\nnodes: 9\nlinks: [[0, 1]]\n",
		  "t.yaml:3:1: nodes: 9 nodes per switch but 8 ports (allowed: 0 to 8, the "
		  "ports)" },
		{ "model: irregular\nswitches: 2\nswitch_nodes: [[1, 2], [2, 3]]\n"
		  "links: [[0, 1]]\n",
		  "t.yaml:3:25: switch_nodes.1.switch: switch 2 does not exist (allowed: 0 to 1)" },
		{ "model: irregular\nswitches: 2\nswitch_nodes: [[1, 2], [1, 3]]\n"
		  "links: [[0, 1]]\n",
		  "t.yaml:3:25: switch_nodes.1.switch: switch 1 given twice (first as "
		  "switch_nodes.0; allowed: each switch once)" },
		{ "model: irregular\nswitches: 2\nports: 6\nswitch_nodes:\n  - {switch: 1, nodes: 7}\n"
		  "links: [[0, 1]]\n",
		  "t.yaml:5:17: switch_nodes.0.nodes: 7 nodes at switch 1 but 6 ports (allowed: 0 "
		  "to 6, the ports)" },
		{ "model: irregular\ngenerate: {switches: 4}\nswitch_nodes: [[1, 2]]\n",
		  "t.yaml:3:1: switch_nodes: per-switch nodes need an edge list (allowed: with "
		  "switches and links; generate gives every switch generate.nodes nodes)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *got = load_err(cases[i].yaml);
		if (strcmp(got, cases[i].want) != 0)
			fail_msg("case %zu:\n  got:  %s\n  want: %s", i, got, cases[i].want);
	}
}

/* The shipped bad file names the duplicate link and its line and column. */
static void test_bad_files_point_at_links(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct diag d;
	struct srcmap *map = NULL;
	char msg[1024];
	assert_int_equal(config_parse_file(&c, "tests/bad/irr-duplicate-link.yaml", NULL, &map,
					   &d), 0);
	assert_int_equal(config_validate(&c, &d), -1);
	srcmap_locate(map, &d);
	assert_string_equal(diag_format(&d, msg, sizeof msg),
			    "tests/bad/irr-duplicate-link.yaml:12:5: links.7: link 7 (2-1) "
			    "duplicates link 1 (1-2)");
	srcmap_free(map);
	config_free(&c);
}

/* ---- the other outputs ---- */

static void test_summary_and_clusters(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	load_file(&c, AUTONET);
	run(&c, "summary", &t);
	assert_true(summary_value(&t, "switches") == 10);
	assert_true(summary_value(&t, "links") == 15);
	assert_true(summary_value(&t, "nodes") == 40);
	assert_true(summary_value(&t, "root") == 6);
	assert_true(summary_value(&t, "nonminimal_pairs") == 8);
	assert_true(summary_value(&t, "distinct_distances") == 4);
	/* mean of Table 2 over the 90 ordered pairs */
	double s = 0;
	for (int a = 0; a < 10; a++)
		for (int b = 0; b < 10; b++)
			s += table2[a][b];
	assert_true(fabs(summary_value(&t, "mean_distance") - s / 90) < 1e-12);
	assert_true(fabs(summary_value(&t, "switch6.mean_distance") - 12.25 / 9) < 1e-12);
	assert_true(summary_value(&t, "clusters") == 4);
	assert_non_null(strstr(summary_note(&t, "clusters"), "PAM"));
	int members = 0;
	for (int g = 0; g < 4; g++) {
		char q[32];
		snprintf(q, sizeof q, "group%d.switches", g);
		members += (int)summary_value(&t, q);
	}
	assert_int_equal(members, 10);
	table_free(&t);

	/* clusters: every switch once, one medoid per group */
	run(&c, "clusters", &t);
	assert_int_equal(t.nrows, 10);
	int seen[10] = {0}, medoids = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		seen[(int)table_get(&t, r, 1)]++;
		medoids += table_get(&t, r, 3) == 1;
		assert_true(table_get(&t, r, 2) == 4);
	}
	for (int i = 0; i < 10; i++)
		assert_int_equal(seen[i], 1);
	assert_int_equal(medoids, 4);
	table_free(&t);

	/* k is clamped to the switches */
	load_text(&c, "model: irregular\nswitches: 3\nlinks: [[0, 1], [1, 2]]\n");
	assert_int_equal(irr_config_k(irr_cfg(&c)), 3);
	run(&c, "summary", &t);
	assert_true(summary_value(&t, "clusters") == 3);
	assert_non_null(strstr(summary_note(&t, "clusters"), "4 asked, only 3 switches"));
	table_free(&t);
	config_free(&c);
}

static void test_text_outputs(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	struct run_req req;
	struct diag d;
	load_file(&c, AUTONET);

	run(&c, "anynet", &t);
	assert_int_equal(family_output(c.family, "anynet")->kind, OUT_TEXT);
	assert_int_equal(t.ncols, 1);
	assert_int_equal(t.nrows, 10);
	assert_string_equal(table_get_text(&t, 0, 0),
			    "router 0 node 0 node 1 node 2 node 3 router 2 router 4 router 9");
	assert_string_equal(table_get_text(&t, 6, 0),
			    "router 6 node 24 node 25 node 26 node 27 router 2 router 3 router 4");
	table_free(&t);

	/* the hostfile of group 1 and of every group */
	struct table cl;
	run(&c, "clusters", &cl);
	int g1 = 0;
	for (size_t r = 0; r < cl.nrows; r++)
		g1 += table_get(&cl, r, 0) == 1;
	run_sel(&c, "hostfile", 1, &t);
	assert_int_equal(t.nrows, 4 * g1);
	for (size_t r = 0; r < t.nrows; r++)
		assert_non_null(strstr(table_get_text(&t, r, 0), " slots=1"));
	table_free(&t);
	run(&c, "hostfile", &t);                  /* default: group 0 */
	assert_true(t.nrows > 0);
	assert_string_equal(table_get_text(&t, 0, 0), "sw0-n0 slots=1");
	table_free(&t);
	run(&c, "hostfiles", &t);
	assert_int_equal(t.nrows, 40 + 4);
	int comments = 0;
	for (size_t r = 0; r < t.nrows; r++)
		comments += table_get_text(&t, r, 0)[0] == '#';
	assert_int_equal(comments, 4);
	assert_non_null(strstr(table_get_text(&t, 0, 0), "# group 0: switches 0"));
	table_free(&t);
	table_free(&cl);

	run_req_init(&req);
	req.select = 4;
	assert_int_equal(run_req_rc(&c, "hostfile", &req, &t, &d), -1);
	assert_string_equal(d.msg, "--select 4: group 4 does not exist (allowed: 0 to 3, the "
			    "4 groups of clusters)");
	table_free(&t);
	config_free(&c);
}

static void test_hops(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	struct run_req req;
	struct diag d;
	load_file(&c, AUTONET);
	run(&c, "hops", &t);                      /* shortest legal route lengths */
	assert_true(table_get(&t, 0, 6) == 5);
	assert_true(table_get(&t, 5, 1) == 5);
	assert_true(table_get(&t, 0, 2) == 2);
	table_free(&t);
	run_sel(&c, "hops", 1, &t);               /* topological distances */
	assert_true(table_get(&t, 0, 6) == 2);
	for (int a = 0; a < 10; a++)
		for (int b = 0; b < 10; b++)
			assert_true(table_get(&t, (size_t)a, (size_t)b + 1) ==
				    table_get(&t, (size_t)b, (size_t)a + 1));
	table_free(&t);
	run_req_init(&req);
	req.select = 2;
	assert_int_equal(run_req_rc(&c, "hops", &req, &t, &d), -1);
	table_free(&t);
	config_free(&c);
}

struct prog {
	int calls;
	double last;
};

static void on_progress(void *ctx, double f)
{
	struct prog *p = ctx;
	assert_true(f >= p->last && f <= 1.0);
	p->calls++;
	p->last = f;
}

static void test_cancel_and_progress(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	struct run_req req;
	struct diag d;
	atomic_int cancel = 1;
	load_text(&c, "model: irregular\ngenerate: {switches: 64, seed: 3}\n");
	static const char *const outs[] = { "distances", "summary", "distribution", "routes",
					    "clusters", "hostfiles" };
	for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
		run_req_init(&req);
		req.cancel = &cancel;
		assert_int_equal(run_req_rc(&c, outs[i], &req, &t, &d), 1);
		table_free(&t);
	}
	double from, to;
	size_t n;
	struct run_req rq;
	run_req_init(&rq);
	rq.cancel = &cancel;
	assert_int_equal(c.family->sweep(&c, &rq, &from, &to, &n, &d), 1);

	struct prog p = { 0, 0 };
	atomic_store(&cancel, 0);
	run_req_init(&req);
	req.cancel = &cancel;
	req.progress = on_progress;
	req.progress_ctx = &p;
	assert_int_equal(run_req_rc(&c, "distances", &req, &t, &d), 0);
	assert_true(p.calls > 1);
	assert_true(p.last == 1.0);
	/* symmetric, zero diagonal, adjacent switches at distance 1 */
	struct irr_net net;
	net_of(&c, &net);
	for (int a = 0; a < 64; a++) {
		assert_true(table_get(&t, (size_t)a, (size_t)a + 1) == 0);
		for (int b = 0; b < 64; b++)
			assert_true(table_get(&t, (size_t)a, (size_t)b + 1) ==
				    table_get(&t, (size_t)b, (size_t)a + 1));
	}
	for (int l = 0; l < net.nlinks; l++)
		assert_true(table_get(&t, (size_t)net.links[l].a, (size_t)net.links[l].b + 1) == 1);
	irr_net_free(&net);
	table_free(&t);
	config_free(&c);
}

static void test_set_paths(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct diag d;
	char msg[1024];
	load_file(&c, AUTONET);
	/* --set a link end, append a link, change the root */
	assert_int_equal(config_set(&c, "root", "3", &d), 0);
	assert_int_equal(config_set(&c, "links.15.a", "2", &d), -1);  /* b missing */
	assert_int_equal(config_set(&c, "links.14.b", "9", &d), 0);   /* 7-9 */
	assert_int_equal(irr_cfg(&c)->links[14].b, 9);
	/* an edit that makes a duplicate is refused and leaves cfg unchanged */
	diag_clear(&d);
	assert_int_equal(config_set(&c, "links.14.a", "0", &d), -1);
	diag_format(&d, msg, sizeof msg);
	assert_string_equal(msg, "links.14: link 14 (0-9) duplicates link 2 (0-9)");
	assert_int_equal(irr_cfg(&c)->links[14].a, 7);
	config_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_autonet_table2),
		cmocka_unit_test(test_autonet_distribution),
		cmocka_unit_test(test_autonet_routes),
		cmocka_unit_test(test_tuples_and_mappings),
		cmocka_unit_test(test_dump_round_trip),
		cmocka_unit_test(test_generate),
		cmocka_unit_test(test_generator_reproduces_presets),
		cmocka_unit_test(test_bad_networks),
		cmocka_unit_test(test_bad_files_point_at_links),
		cmocka_unit_test(test_summary_and_clusters),
		cmocka_unit_test(test_text_outputs),
		cmocka_unit_test(test_hops),
		cmocka_unit_test(test_cancel_and_progress),
		cmocka_unit_test(test_set_paths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
