/*
 * test_anynet.c: unit tests for the BookSim anynet writers (src/topo/anynet):
 * small networks written out by hand (a 4-port 1-tree and 2-tree, S3, a
 * two-cluster external network), and, on larger ones, properties read back
 * from the text with an independent parser: link counts (nN links in an
 * m-port n-tree), symmetry, node numbering 0..N-1 each on one router, hop
 * distances between nodes (2h links for h of Lin's closed form, ft_hops)
 * and the star graph's distance distribution typed in from known values.
 * Also: refusals, the buffer sink, the family outputs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/table.h"
#include "config/config.h"
#include "config/yaml_load.h"
#include "family/family.h"
#include "topo/anynet.h"
#include "topo/fattree.h"

static char *text_of(int (*fill)(struct anynet_buf *b, const void *arg), const void *arg)
{
	struct anynet_buf b = { NULL, 0, 0 };
	assert_int_equal(fill(&b, arg), 0);
	char *s = malloc(b.len + 1);
	assert_non_null(s);
	struct anynet_buf c = { s, b.len + 1, 0 };
	assert_int_equal(fill(&c, arg), 0);
	assert_int_equal(c.len, b.len);
	return s;
}

struct mn { int m, n; };
static int fill_tree(struct anynet_buf *b, const void *arg)
{
	const struct mn *p = arg;
	return anynet_fattree(p->m, p->n, anynet_buf_write, b);
}
static int fill_star(struct anynet_buf *b, const void *arg)
{
	return anynet_star(*(const int *)arg, anynet_buf_write, b);
}
struct ext { int m, C; const int *levels; };
static int fill_ext(struct anynet_buf *b, const void *arg)
{
	const struct ext *p = arg;
	return anynet_mc_external(p->m, p->C, p->levels, anynet_buf_write, b);
}

/* ---- an independent reader: adjacency of routers, router of each node ---- */

#define MAXV 4096
struct graph {
	int routers, nodes;
	int node_router[MAXV];
	int deg[MAXV];
	int adj[MAXV][20];
	int declared[MAXV];      /* lines per router */
};

static void parse(const char *text, struct graph *g)
{
	memset(g, 0, sizeof *g);
	for (int i = 0; i < MAXV; i++)
		g->node_router[i] = -1;
	const char *p = text;
	while (*p) {
		char kind[16];
		int id, used, head = -1;
		const char *eol = strchr(p, '\n');
		assert_non_null(eol);           /* every line ends with '\n' */
		while (p < eol && sscanf(p, "%15s %d%n", kind, &id, &used) == 2) {
			assert_true(id >= 0 && id < MAXV);
			if (head < 0) {
				assert_string_equal(kind, "router");
				head = id;
				g->declared[id]++;
				if (id + 1 > g->routers)
					g->routers = id + 1;
			} else if (!strcmp(kind, "node")) {
				assert_int_equal(g->node_router[id], -1);
				g->node_router[id] = head;
				if (id + 1 > g->nodes)
					g->nodes = id + 1;
			} else {
				assert_string_equal(kind, "router");
				assert_true(g->deg[head] < 20);
				g->adj[head][g->deg[head]++] = id;
			}
			p += used;
			if (*p == ' ')
				p++;
		}
		assert_true(p == eol);          /* single spaces, nothing else */
		p = eol + 1;
	}
	for (int r = 0; r < g->routers; r++)
		assert_int_equal(g->declared[r], 1);
	for (int q = 0; q < g->nodes; q++)
		assert_true(g->node_router[q] >= 0);
	/* every link is listed on both of its routers' lines, once */
	for (int r = 0; r < g->routers; r++)
		for (int i = 0; i < g->deg[r]; i++) {
			int s = g->adj[r][i], back = 0;
			assert_true(s != r);
			for (int j = 0; j < g->deg[s]; j++)
				back += g->adj[s][j] == r;
			assert_int_equal(back, 1);
		}
}

/* router hops by BFS from router a to all; returns dist array in out */
static void bfs(const struct graph *g, int a, int *dist)
{
	int queue[MAXV], head = 0, tail = 0;
	for (int i = 0; i < g->routers; i++)
		dist[i] = -1;
	dist[a] = 0;
	queue[tail++] = a;
	while (head < tail) {
		int u = queue[head++];
		for (int i = 0; i < g->deg[u]; i++)
			if (dist[g->adj[u][i]] < 0) {
				dist[g->adj[u][i]] = dist[u] + 1;
				queue[tail++] = g->adj[u][i];
			}
	}
}

static int links(const struct graph *g)
{
	int twice = 0;
	for (int r = 0; r < g->routers; r++)
		twice += g->deg[r];
	return twice / 2 + g->nodes;
}

/* ---- tests ---- */

static void test_tree_by_hand(void **state)
{
	(void)state;
	struct mn one = { 4, 1 }, two = { 4, 2 };
	char *s = text_of(fill_tree, &one);
	assert_string_equal(s, "router 0 node 0 node 1 node 2 node 3\n");
	free(s);
	/* 4-port 2-tree: four leaves of two nodes, each linked to both roots */
	s = text_of(fill_tree, &two);
	assert_string_equal(s, "router 0 node 0 node 1 router 4 router 5\n"
			       "router 1 node 2 node 3 router 4 router 5\n"
			       "router 2 node 4 node 5 router 4 router 5\n"
			       "router 3 node 6 node 7 router 4 router 5\n"
			       "router 4 router 0 router 1 router 2 router 3\n"
			       "router 5 router 0 router 1 router 2 router 3\n");
	free(s);
}

static void test_tree_properties(void **state)
{
	(void)state;
	static struct graph g;
	int dist[MAXV];
	const struct mn cases[] = { {4, 3}, {6, 3}, {8, 2}, {4, 5} };
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		int m = cases[c].m, n = cases[c].n;
		char *s = text_of(fill_tree, &cases[c]);
		parse(s, &g);
		free(s);
		assert_int_equal(g.nodes, ft_nodes(m, n));
		assert_int_equal(g.routers, ft_switches(m, n));
		assert_int_equal(links(&g), n * g.nodes);    /* nN links */
		for (int r = 0; r < g.routers; r++) {
			int attached = 0;
			for (int q = 0; q < g.nodes; q++)
				attached += g.node_router[q] == r;
			assert_true(g.deg[r] + attached <= m);   /* m ports */
		}
		/* between nodes: 2 node links + (router hops) switch links = 2h */
		for (int a = 0; a < g.nodes; a += 3) {
			bfs(&g, g.node_router[a], dist);
			for (int b = 0; b < g.nodes; b++)
				if (b != a)
					assert_int_equal(2 + dist[g.node_router[b]],
							 2 * ft_hops(m, n, a, b));
		}
	}
}

static void test_star_by_hand(void **state)
{
	(void)state;
	int n = 3;
	/* ranks: 0 012, 1 021, 2 102, 3 120, 4 201, 5 210; dimension 2 swaps
	 * positions 0 and 1, dimension 3 positions 0 and 2 */
	char *s = text_of(fill_star, &n);
	assert_string_equal(s, "router 0 node 0 router 2 router 5\n"
			       "router 1 node 1 router 4 router 3\n"
			       "router 2 node 2 router 0 router 4\n"
			       "router 3 node 3 router 5 router 1\n"
			       "router 4 node 4 router 1 router 2\n"
			       "router 5 node 5 router 3 router 0\n");
	free(s);
}

static void test_star_properties(void **state)
{
	(void)state;
	static struct graph g;
	int dist[MAXV];
	int n = 5;
	char *s = text_of(fill_star, &n);
	parse(s, &g);
	free(s);
	assert_int_equal(g.routers, 120);
	assert_int_equal(g.nodes, 120);
	/* S5 from any node: 4, 12, 30, 44, 26, 3 nodes at distance 1..6 */
	const int want[7] = { 1, 4, 12, 30, 44, 26, 3 };
	for (int a = 0; a < 120; a += 7) {
		int count[8] = { 0 };
		assert_int_equal(g.node_router[a], a);
		assert_int_equal(g.deg[a], 4);
		bfs(&g, a, dist);
		for (int b = 0; b < 120; b++) {
			assert_true(dist[b] >= 0 && dist[b] <= 6);
			count[dist[b]]++;
		}
		for (int h = 0; h <= 6; h++)
			assert_int_equal(count[h], want[h]);
	}
}

static void test_external_by_hand(void **state)
{
	(void)state;
	const int levels[2] = { 1, 1 };
	struct ext e = { 4, 2, levels };
	char *s = text_of(fill_ext, &e);
	assert_string_equal(s, "router 0 node 0 node 1 node 2 node 3 router 2\n"
			       "router 1 node 4 node 5 node 6 node 7 router 3\n"
			       "router 2 router 0 router 4\n"
			       "router 3 router 1 router 4\n"
			       "router 4 router 2 router 3\n");
	free(s);
}

static void test_external_properties(void **state)
{
	(void)state;
	static struct graph g;
	int dist[MAXV];
	/* 5 clusters of 4-port trees: 8, 16, 8, 32, 8 nodes; ICN2 a 4-port
	 * 2-tree (8 ports, 5 used), 6 switches */
	const int levels[5] = { 2, 3, 2, 4, 2 };
	struct ext e = { 4, 5, levels };
	char *s = text_of(fill_ext, &e);
	parse(s, &g);
	free(s);
	int S = 0, N = 0;
	for (int c = 0; c < 5; c++) {
		S += (int)ft_switches(4, levels[c]);
		N += (int)ft_nodes(4, levels[c]);
	}
	assert_int_equal(g.nodes, N);
	assert_int_equal(g.routers, S + 5 + 6);
	/* links: every cluster's tree, each concentrator to its roots
	 * ((m/2)^(n-1) of them) and to the ICN2, the ICN2's switch links */
	int want = 0;
	for (int c = 0; c < 5; c++)
		want += levels[c] * (int)ft_nodes(4, levels[c]) + (1 << (levels[c] - 1)) + 1;
	want += 2 * 8 - 8;     /* a 4-port 2-tree has 2N = 16 links, 8 of them node links */
	assert_int_equal(links(&g), want);
	/* concentrator c (router S + c) has no node */
	for (int q = 0; q < N; q++)
		assert_true(g.node_router[q] < S);
	/* inside a cluster, distances are the tree's; between clusters, a node
	 * of cluster 0 reaches a node of cluster 3 through its leaf, up to a
	 * root (n-1 links), the concentrator, the ICN2 (leaf to leaf 0 or 2
	 * switch links: ports 0 and 3 are under different leaves, 2), the
	 * dispatcher, a root and down (n-1) */
	bfs(&g, g.node_router[0], dist);
	for (int q = 1; q < 8; q++)
		assert_int_equal(2 + dist[g.node_router[q]], 2 * ft_hops(4, 2, 0, q));
	int first3 = 8 + 16 + 8;
	for (int q = first3; q < first3 + 32; q++)
		assert_int_equal(dist[g.node_router[q]], (2 - 1) + 1 + (1 + 2 + 1) + 1 + (4 - 1));
}

static void test_refusals(void **state)
{
	(void)state;
	struct anynet_buf b = { NULL, 0, 0 };
	assert_int_equal(anynet_fattree(5, 2, anynet_buf_write, &b), -1);
	assert_int_equal(anynet_fattree(4, 0, anynet_buf_write, &b), -1);
	assert_int_equal(anynet_fattree(4, 19, anynet_buf_write, &b), -1);   /* too large */
	assert_int_equal(anynet_fattree(4, 2, NULL, &b), -1);
	assert_int_equal(anynet_star(1, anynet_buf_write, &b), -1);
	assert_int_equal(anynet_star(ANYNET_STAR_MAX_N + 1, anynet_buf_write, &b), -1);
	const int one[1] = { 2 }, bad[2] = { 2, 0 };
	assert_int_equal(anynet_mc_external(4, 1, one, anynet_buf_write, &b), -1);
	assert_int_equal(anynet_mc_external(4, 2, bad, anynet_buf_write, &b), -1);
	assert_int_equal(b.len, 0);       /* nothing written by a refusal */
}

static void test_buffer_sink(void **state)
{
	(void)state;
	char small[12];
	struct anynet_buf b = { small, sizeof small, 0 };
	assert_int_equal(anynet_fattree(4, 1, anynet_buf_write, &b), 0);
	assert_int_equal(b.len, strlen("router 0 node 0 node 1 node 2 node 3\n"));
	assert_string_equal(small, "router 0 no");
}

/* javadi-n544's clusters and a star graph, without the other fields */
static const char mc_yaml[] =
	"model: multicluster\n"
	"m: 4\n"
	"clusters:\n"
	"  - {count: 8, n: 3, tau: 0.10}\n"
	"  - {count: 3, n: 4, tau: 0.15}\n"
	"  - {count: 5, n: 5, tau: 0.12}\n"
	"network:\n"
	"  icn1: {t_cn: 1, t_cs: 1}\n"
	"  ecn1: {t_cn: 1, t_cs: 1}\n"
	"  icn2: {t_cn: 1, t_cs: 1}\n"
	"traffic: {pattern: uniform, theta: auto, message_length: 32}\n";
static const char star_yaml[] = "model: star\nn: 5\nV: 6\nM: 32\n";

static void run_output(const char *yaml, const char *out, int select, struct table *t,
		       int want_rc)
{
	struct config cfg;
	struct diag d;
	char msg[1024];
	if (config_parse_text(&cfg, yaml, strlen(yaml), "t.yaml", NULL, &d) ||
	    config_validate(&cfg, &d))
		fail_msg("load: %s", diag_format(&d, msg, sizeof msg));
	const struct output_desc *o = family_output(cfg.family, out);
	assert_non_null(o);
	assert_int_equal(o->kind, OUT_TEXT);
	struct run_req req;
	run_req_init(&req);
	req.select = select;
	table_init(t, "");
	assert_int_equal(o->run(&cfg, &req, t, &d), want_rc);
	config_free(&cfg);
}

static void test_family_outputs(void **state)
{
	(void)state;
	struct table t;
	/* javadi-n544 group 0: 4-port 3-trees, 20 switches */
	run_output(mc_yaml, "anynet", 0, &t, 0);
	assert_int_equal(t.nrows, 20);
	assert_string_equal(table_get_text(&t, 0, 0), "router 0 node 0 node 1 router 8 router 9");
	table_free(&t);
	run_output(mc_yaml, "anynet", 7, &t, -1);
	table_free(&t);
	/* 16 clusters: 8 x 20 + 3 x 56 + 5 x 144 switches, 16 concentrators,
	 * an ICN2 of 4-port 3-trees (20 switches) */
	run_output(mc_yaml, "anynet-external", -1, &t, 0);
	assert_int_equal(t.nrows, 8 * 20 + 3 * 56 + 5 * 144 + 16 + 20);
	table_free(&t);
	run_output(star_yaml, "anynet", -1, &t, 0);
	assert_int_equal(t.nrows, 120);
	table_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_by_hand),
		cmocka_unit_test(test_tree_properties),
		cmocka_unit_test(test_star_by_hand),
		cmocka_unit_test(test_star_properties),
		cmocka_unit_test(test_external_by_hand),
		cmocka_unit_test(test_external_properties),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_buffer_sink),
		cmocka_unit_test(test_family_outputs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
