/*
 * test_irregular.c: unit tests for irregular networks (src/topo/irregular*,
 * updown, eqdist, cluster): the Autonet network of arnau et al. Figure 1
 * against Tables 1 and 2, an independent brute-force up*-down* reference with
 * exact rational resistances on small random networks, validation messages,
 * the generator, the BookSim export and the clustering.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "testkit.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/cluster.h"
#include "topo/eqdist.h"
#include "topo/irregular.h"
#include "topo/updown.h"

/* ---- the Autonet network of Figure 1 (root switch 6) ---- */

static const struct irr_link autonet_links[] = {
	{0, 2}, {0, 4}, {0, 9}, {1, 2}, {1, 4}, {1, 9}, {2, 6}, {3, 6},
	{3, 7}, {3, 8}, {4, 6}, {5, 7}, {5, 8}, {5, 9}, {7, 8},
};

/* arnau et al. Table 2, typed in from the paper. */
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

static void build_autonet(struct irr_net *net)
{
	struct irr_spec sp = {
		.switches = 10, .nodes_each = 4, .ports_each = 8,
		.links = autonet_links, .nlinks = 15,
	};
	char msg[256];
	assert_int_equal(irr_net_build(net, &sp, NULL, msg, sizeof msg), 0);
}

static void test_table2(void **state)
{
	(void)state;
	struct irr_net net;
	struct ud_routing ud;
	double T[100];
	build_autonet(&net);
	assert_int_equal(ud_build(&ud, &net, 6), 0);
	assert_int_equal(eq_table(&ud, T, NULL, NULL, NULL), 0);
	for (int a = 0; a < 10; a++)
		for (int b = 0; b < 10; b++)
			if (!tk_close(T[a * 10 + b], table2[a][b], 1e-12))
				fail_msg("T[%d][%d] = %.17g, paper %.17g", a, b,
					 T[a * 10 + b], table2[a][b]);
	assert_true(tk_close(T[6 * 10 + 9], 1.25, 1e-12));
	assert_true(tk_close(eq_pair(&ud, 9, 6), 1.25, 1e-12));

	/* Figure 8's points: 1 occurs 42 times, 1.25 twice */
	struct eq_value v[16];
	int ng = eq_distribution(T, 10, v, 16);
	assert_int_equal(ng, 4);
	assert_true(tk_close(v[0].value, 1, 1e-12));
	assert_int_equal(v[0].count, 42);
	assert_true(tk_close(v[1].value, 1.25, 1e-12));
	assert_int_equal(v[1].count, 2);
	long total = 0;
	for (int i = 0; i < ng; i++)
		total += v[i].count;
	assert_int_equal(total, 90);

	/* levels from root 6: 6 | 2 3 4 | 0 1 7 8 | 5 9 */
	static const int level[10] = {2, 2, 1, 1, 1, 3, 0, 2, 2, 3};
	for (int s = 0; s < 10; s++)
		assert_int_equal(ud.level[s], level[s]);
	/* same level: lower label is up (5-9: 5 up; 7-8: 7 up) */
	assert_int_equal(ud.up_end[13], 5);
	assert_int_equal(ud.up_end[14], 7);
	/* 0-5: topologically 2 hops (0-9-5), legally 5 (0-9-5 goes down, up) */
	assert_int_equal(ud_hops(&ud, 0, 5), 2);
	assert_int_equal(ud_dist(&ud, 0, 5), 5);
	ud_free(&ud);

	/* the paper does not name the root: root 3 gives the same table
	 * (documented in models-irregular), root 0 does not */
	assert_int_equal(ud_build(&ud, &net, 3), 0);
	assert_int_equal(eq_table(&ud, T, NULL, NULL, NULL), 0);
	for (int a = 0; a < 10; a++)
		for (int b = 0; b < 10; b++)
			assert_true(tk_close(T[a * 10 + b], table2[a][b], 1e-12));
	ud_free(&ud);
	assert_int_equal(ud_build(&ud, &net, 0), 0);
	assert_int_equal(eq_table(&ud, T, NULL, NULL, NULL), 0);
	assert_false(tk_close(T[6 * 10 + 9], 1.25, 1e-12)
		     && tk_close(T[0 * 10 + 5], 3, 1e-12));
	ud_free(&ud);
	irr_net_free(&net);
}

/* Collect routes as strings "0-2-1". */
struct routes {
	int n;
	char s[16][64];
};

static int collect(void *ctx, const int *path, int len)
{
	struct routes *r = ctx;
	if (r->n >= 16)
		return 1;
	char *p = r->s[r->n++];
	size_t used = 0;
	for (int i = 0; i <= len; i++)
		used += (size_t)snprintf(p + used, 64 - used, i ? "-%d" : "%d", path[i]);
	return 0;
}

static bool has_route(const struct routes *r, const char *s)
{
	for (int i = 0; i < r->n; i++)
		if (strcmp(r->s[i], s) == 0)
			return true;
	return false;
}

static void test_table1(void **state)
{
	(void)state;
	struct irr_net net;
	struct ud_routing ud;
	build_autonet(&net);
	assert_int_equal(ud_build(&ud, &net, 6), 0);

	struct routes all = {0}, sh = {0};
	assert_int_equal(ud_enum_legal(&ud, 0, 1, collect, &all, 100), 4);
	assert_int_equal(all.n, 4);
	assert_true(has_route(&all, "0-2-6-4-1"));
	assert_true(has_route(&all, "0-2-1"));
	assert_true(has_route(&all, "0-4-6-2-1"));
	assert_true(has_route(&all, "0-4-1"));

	assert_int_equal(ud_enum_shortest(&ud, 0, 1, collect, &sh, 100), 2);
	assert_true(has_route(&sh, "0-2-1"));
	assert_true(has_route(&sh, "0-4-1"));

	/* Figure 4: the four links 0-2 2-1 0-4 4-1 */
	int links[15], sw[10], nsw;
	struct ud_scratch *w = ud_scratch_new(&ud);
	assert_non_null(w);
	int nl = ud_route_links(&ud, 0, 1, w, links, sw, &nsw);
	assert_int_equal(nl, 4);
	assert_int_equal(nsw, 4);
	assert_int_equal(sw[0], 0);
	assert_int_equal(sw[3], 1);
	bool want[15] = {0};
	want[0] = want[1] = want[3] = want[4] = true;   /* 0-2 0-4 1-2 1-4 */
	for (int i = 0; i < nl; i++)
		assert_true(want[links[i]]);
	/* 6-9: root to a level-3 switch, down only: 6 links, 1.25 ohm */
	nl = ud_route_links(&ud, 6, 9, w, links, NULL, NULL);
	assert_int_equal(nl, 8);
	ud_scratch_free(w);

	/* limit respected */
	struct routes one = {0};
	assert_int_equal(ud_enum_legal(&ud, 0, 1, collect, &one, 1), 1);
	ud_free(&ud);
	irr_net_free(&net);
}

/* ---- independent reference: brute-force up*-down* on small networks ---- */

#define RMAX 12

struct ref {
	int S;
	bool adj[RMAX][RMAX];
	int level[RMAX];
	/* per pair: shortest legal length and the links on those routes */
	int len;
	bool on[RMAX][RMAX];
	int path[RMAX + 1];
	bool used[RMAX];
	long nroutes;              /* shortest routes found */
};

static void ref_levels(struct ref *r, int root)
{
	int q[RMAX], h = 0, t = 0;
	for (int i = 0; i < r->S; i++)
		r->level[i] = -1;
	r->level[root] = 0;
	q[t++] = root;
	while (h < t) {
		int u = q[h++];
		for (int v = 0; v < r->S; v++)
			if (r->adj[u][v] && r->level[v] < 0) {
				r->level[v] = r->level[u] + 1;
				q[t++] = v;
			}
	}
}

static bool ref_up(const struct ref *r, int from, int to)
{
	return r->level[to] < r->level[from]
	       || (r->level[to] == r->level[from] && to < from);
}

static void ref_dfs(struct ref *r, int u, bool down, int depth, int b)
{
	r->path[depth] = u;
	if (u == b) {
		if (depth < r->len) {
			r->len = depth;
			memset(r->on, 0, sizeof r->on);
			r->nroutes = 0;
		}
		if (depth == r->len) {
			r->nroutes++;
			for (int i = 0; i < depth; i++)
				r->on[r->path[i]][r->path[i + 1]] =
					r->on[r->path[i + 1]][r->path[i]] = true;
		}
		return;
	}
	r->used[u] = true;
	for (int v = 0; v < r->S; v++) {
		if (!r->adj[u][v] || r->used[v])
			continue;
		bool up = ref_up(r, u, v);
		if (up && down)
			continue;
		ref_dfs(r, v, !up, depth + 1, b);
	}
	r->used[u] = false;
}

static void ref_pair(struct ref *r, int a, int b)
{
	r->len = 1 << 30;
	memset(r->on, 0, sizeof r->on);
	memset(r->used, 0, sizeof r->used);
	r->nroutes = 0;
	ref_dfs(r, a, false, 0, b);
}

/* Exact rationals for Gaussian elimination. */
__extension__ typedef __int128 i128;
struct q {
	i128 n, d;
};

static i128 gcd128(i128 a, i128 b)
{
	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b) {
		i128 t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static struct q qmake(i128 n, i128 d)
{
	if (d < 0) {
		n = -n;
		d = -d;
	}
	i128 g = gcd128(n, d);
	if (g > 1) {
		n /= g;
		d /= g;
	}
	return (struct q){n, d};
}

static struct q qsub(struct q a, struct q b)
{
	return qmake(a.n * b.d - b.n * a.d, a.d * b.d);
}

static struct q qmul(struct q a, struct q b)
{
	i128 g1 = gcd128(a.n, b.d), g2 = gcd128(b.n, a.d);
	if (g1 == 0)
		g1 = 1;
	if (g2 == 0)
		g2 = 1;
	return qmake((a.n / g1) * (b.n / g2), (a.d / g2) * (b.d / g1));
}

static struct q qdiv(struct q a, struct q b)
{
	return qmul(a, qmake(b.d, b.n));
}

/* Effective resistance between a and b of the unit resistors r->on, exactly:
 * ground b, Gaussian elimination of L x = e_a over the switches touched. */
static struct q ref_resistance(const struct ref *r, int a, int b)
{
	int idx[RMAX], m = 0;
	for (int u = 0; u < RMAX; u++)
		idx[u] = -1;
	for (int u = 0; u < r->S; u++) {
		if (u == b)
			continue;
		bool touched = u == a;
		for (int v = 0; v < r->S; v++)
			touched = touched || r->on[u][v];
		if (touched)
			idx[u] = m++;
	}
	struct q A[RMAX][RMAX + 1];
	for (int i = 0; i < m; i++)
		for (int j = 0; j <= m; j++)
			A[i][j] = qmake(0, 1);
	for (int u = 0; u < r->S; u++)
		for (int v = 0; v < r->S; v++) {
			if (!r->on[u][v] || idx[u] < 0)
				continue;
			A[idx[u]][idx[u]].n += 1;
			if (idx[v] >= 0)
				A[idx[u]][idx[v]].n -= 1;
		}
	A[idx[a]][m] = qmake(1, 1);
	for (int c = 0; c < m; c++) {
		int p = c;
		while (p < m && A[p][c].n == 0)
			p++;
		assert_true(p < m);            /* non-singular once grounded */
		for (int j = 0; j <= m; j++) {
			struct q t = A[c][j];
			A[c][j] = A[p][j];
			A[p][j] = t;
		}
		for (int i = 0; i < m; i++) {
			if (i == c || A[i][c].n == 0)
				continue;
			struct q f = qdiv(A[i][c], A[c][c]);
			for (int j = c; j <= m; j++)
				A[i][j] = qsub(A[i][j], qmul(f, A[c][j]));
		}
	}
	return qdiv(A[idx[a]][m], A[idx[a]][idx[a]]);
}

/* small PRNG for the tests (splitmix64) */
static uint64_t sm64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static int below(uint64_t *x, int n)
{
	return (int)(sm64(x) % (uint64_t)n);
}

/* A random connected graph: random tree plus extra links with prob. p/8. */
static int random_links(uint64_t *seed, int S, struct irr_link *lk)
{
	int n = 0;
	bool adj[RMAX][RMAX] = {{0}};
	for (int v = 1; v < S; v++) {
		int u = below(seed, v);
		adj[u][v] = adj[v][u] = true;
		lk[n++] = (struct irr_link){v, u};
	}
	int p = below(seed, 5);
	for (int u = 0; u < S; u++)
		for (int v = u + 1; v < S; v++)
			if (!adj[u][v] && below(seed, 8) < p) {
				adj[u][v] = adj[v][u] = true;
				lk[n++] = (struct irr_link){u, v};
			}
	return n;
}

static void check_against_reference(const struct irr_net *net, int root,
				    double *worst)
{
	struct ud_routing ud;
	int S = net->switches;
	assert_int_equal(ud_build(&ud, net, root), 0);
	double *T = malloc((size_t)S * S * sizeof *T);
	assert_non_null(T);
	assert_int_equal(eq_table(&ud, T, NULL, NULL, NULL), 0);

	struct ref r = {.S = S};
	for (int l = 0; l < net->nlinks; l++)
		r.adj[net->links[l].a][net->links[l].b] =
			r.adj[net->links[l].b][net->links[l].a] = true;
	ref_levels(&r, ud.root);
	for (int s = 0; s < S; s++)
		assert_int_equal(ud.level[s], r.level[s]);

	struct ud_scratch *w = ud_scratch_new(&ud);
	int *links = malloc((size_t)(net->nlinks + 1) * sizeof *links);
	int *back = malloc((size_t)(net->nlinks + 1) * sizeof *back);
	assert_non_null(w);
	assert_non_null(links);
	assert_non_null(back);
	long nonmin = 0;
	for (int a = 0; a < S; a++) {
		assert_true(T[a * S + a] == 0.0);
		for (int b = 0; b < S; b++) {
			if (a == b)
				continue;
			ref_pair(&r, a, b);
			assert_int_equal(ud_dist(&ud, a, b), r.len);
			if (a < b && r.len > ud_hops(&ud, a, b))
				nonmin++;
			/* link sets: fast (a,b), fast (b,a) and the reference agree */
			int nl = ud_route_links(&ud, a, b, w, links, NULL, NULL);
			int nb = ud_route_links(&ud, b, a, w, back, NULL, NULL);
			int nref = 0;
			for (int u = 0; u < S; u++)
				for (int v = u + 1; v < S; v++)
					nref += r.on[u][v];
			assert_int_equal(nl, nref);
			assert_int_equal(nb, nref);
			for (int i = 0; i < nl; i++) {
				const struct irr_link *x = &net->links[links[i]];
				const struct irr_link *y = &net->links[back[i]];
				assert_true(r.on[x->a][x->b]);
				assert_true(r.on[y->a][y->b]);
			}
			assert_int_equal(ud_enum_shortest(&ud, a, b, NULL, NULL, 1L << 30),
					 r.nroutes);
			/* adjacent switches: the link alone, distance 1 */
			if (r.adj[a][b])
				assert_true(T[a * S + b] == 1.0);
			/* symmetry */
			assert_true(T[a * S + b] == T[b * S + a]);
			if (a < b) {
				struct q R = ref_resistance(&r, a, b);
				double exact = (double)R.n / (double)R.d;
				double got = T[a * S + b];
				double err = fabs(got - exact) / exact;
				if (err > *worst)
					*worst = err;
				if (err > 1e-12)
					fail_msg("pair %d-%d: %.17g vs exact %lld/%lld",
						 a, b, got, (long long)R.n, (long long)R.d);
			}
		}
	}
	assert_int_equal(ud.nonminimal, nonmin);
	free(links);
	free(back);
	ud_scratch_free(w);
	free(T);
	ud_free(&ud);
}

static void test_exact_random(void **state)
{
	(void)state;
	double worst = 0;
	uint64_t seed = 20240611;
	int nontrivial = 0;
	for (int iter = 0; iter < 300; iter++) {
		int S = 2 + below(&seed, RMAX - 1);
		struct irr_link lk[RMAX * RMAX];
		int nl = random_links(&seed, S, lk);
		struct irr_spec sp = {
			.switches = S, .nodes_each = 1, .ports_each = 16,
			.links = lk, .nlinks = nl,
		};
		struct irr_net net;
		char msg[256];
		if (irr_net_build(&net, &sp, NULL, msg, sizeof msg))
			fail_msg("%s", msg);
		check_against_reference(&net, below(&seed, S), &worst);
		nontrivial += nl > S;
		irr_net_free(&net);
	}
	/* networks from the generator too (degree 3, paper style) */
	for (int iter = 0; iter < 40; iter++) {
		struct irr_gen_params p = {
			.switches = 4 + iter % 9, .nodes = 4, .free_ports = 4,
			.links = 3 + iter % 2, .seed = 1000 + (uint64_t)iter,
		};
		struct irr_net net;
		char msg[256];
		if (irr_generate(&net, &p, msg, sizeof msg))
			fail_msg("%s", msg);
		check_against_reference(&net, -1, &worst);
		irr_net_free(&net);
	}
	assert_true(nontrivial > 100);
	assert_true(worst <= 1e-12);
}

/* ---- validation ---- */

static void expect_reject(const struct irr_link *lk, int nl, int S, int nodes,
			  int ports, enum irr_status st, int link,
			  const char *needle)
{
	struct irr_spec sp = {
		.switches = S, .nodes_each = nodes, .ports_each = ports,
		.links = lk, .nlinks = nl,
	};
	struct irr_net net;
	struct irr_problem pr;
	char msg[256];
	assert_int_equal(irr_net_build(&net, &sp, &pr, msg, sizeof msg), -1);
	assert_int_equal(pr.status, st);
	assert_int_equal(pr.link, link);
	if (!strstr(msg, needle))
		fail_msg("message \"%s\" lacks \"%s\"", msg, needle);
	assert_null(net.links);
	irr_net_free(&net);
}

static void test_validation(void **state)
{
	(void)state;
	struct irr_link ok[] = {{0, 1}, {1, 2}, {2, 3}};
	struct irr_link range[] = {{0, 1}, {1, 7}, {2, 3}};
	struct irr_link neg[] = {{0, 1}, {-1, 2}, {2, 3}};
	struct irr_link self[] = {{0, 1}, {1, 2}, {2, 2}, {2, 3}};
	struct irr_link dup[] = {{0, 1}, {1, 2}, {2, 3}, {2, 1}};
	struct irr_link many[] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}};
	struct irr_link split[] = {{0, 1}, {2, 3}};

	expect_reject(range, 3, 4, 1, 4, IRR_ERANGE, 1,
		      "link 1 (1-7): switch 7 out of range 0..3");
	expect_reject(neg, 3, 4, 1, 4, IRR_ERANGE, 1, "link 1 (-1-2)");
	expect_reject(self, 4, 4, 1, 4, IRR_ESELF, 2,
		      "link 2 (2-2): self-link at switch 2");
	expect_reject(dup, 4, 4, 1, 4, IRR_EDUP, 3,
		      "link 3 (2-1) duplicates link 1 (1-2)");
	/* 4 ports, 2 nodes: 2 free ports; switch 0 has 3 links */
	expect_reject(many, 4, 4, 2, 4, IRR_EPORTS, 2,
		      "link 2 (0-3): switch 0 has 3 links but 2 free ports");
	expect_reject(split, 2, 4, 1, 4, IRR_EDISCONNECTED, -1,
		      "switch 2 is not reachable from switch 0");
	expect_reject(ok, 3, 4, 5, 4, IRR_EARGS, -1, "switch 0: 5 nodes");
	expect_reject(ok, 3, 0, 1, 4, IRR_EARGS, -1, "0 switches");
	expect_reject(ok, 3, IRR_MAX_SWITCHES + 1, 1, 4, IRR_EARGS, -1,
		      "switches");

	/* per-switch arrays; a single switch without links is fine */
	int nodes[4] = {1, 2, 3, 0}, ports[4] = {2, 4, 5, 1};
	struct irr_spec sp = {
		.switches = 4, .nodes = nodes, .ports = ports,
		.links = ok, .nlinks = 3,
	};
	struct irr_net net;
	char msg[128];
	assert_int_equal(irr_net_build(&net, &sp, NULL, msg, sizeof msg), 0);
	assert_int_equal(net.first_node[3], 6);
	assert_int_equal(net.first_node[4], 6);
	assert_int_equal(irr_find_link(&net, 3, 2), 2);
	assert_int_equal(irr_find_link(&net, 0, 3), -1);
	irr_net_free(&net);
	irr_net_free(&net);
	irr_net_free(NULL);
	struct irr_spec one = {.switches = 1, .nodes_each = 4, .ports_each = 8};
	assert_int_equal(irr_net_build(&net, &one, NULL, NULL, 0), 0);
	struct ud_routing ud;
	double T[1];
	assert_int_equal(ud_build(&ud, &net, -1), 0);
	assert_int_equal(eq_table(&ud, T, NULL, NULL, NULL), 0);
	assert_true(T[0] == 0.0);
	ud_free(&ud);
	assert_int_equal(ud_build(&ud, &net, 1), -1);
	ud_free(&ud);
	irr_net_free(&net);
}

/* ---- generator ---- */

static bool connected(const struct irr_net *net)
{
	int S = net->switches, seen = 1;
	int *q = malloc((size_t)S * sizeof *q);
	bool *mark = calloc((size_t)S, 1);
	int h = 0, t = 0;
	q[t++] = 0;
	mark[0] = true;
	while (h < t) {
		int u = q[h++];
		for (int l = 0; l < net->nlinks; l++) {
			int v = net->links[l].a == u ? net->links[l].b
			      : net->links[l].b == u ? net->links[l].a : -1;
			if (v >= 0 && !mark[v]) {
				mark[v] = true;
				seen++;
				q[t++] = v;
			}
		}
	}
	free(q);
	free(mark);
	return seen == S;
}

static void test_generator(void **state)
{
	(void)state;
	static const int sizes[] = {2, 3, 5, 8, 10, 16, 24, 31, 64, 100};
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		for (uint64_t seed = 1; seed <= 20; seed++) {
			int S = sizes[i];
			int links = 2 + (int)(seed % 3), nodes = (int)(seed % 5);
			struct irr_gen_params p = {
				.switches = S, .nodes = nodes, .free_ports = 4,
				.links = links, .seed = seed * 7919,
			};
			struct irr_net n1, n2;
			char msg[256];
			if (irr_generate(&n1, &p, msg, sizeof msg))
				fail_msg("S=%d: %s", S, msg);
			assert_true(connected(&n1));
			int t = links < S - 1 ? links : S - 1, deficit = 0;
			int *deg = calloc((size_t)S, sizeof *deg);
			for (int l = 0; l < n1.nlinks; l++) {
				assert_true(n1.links[l].a < n1.links[l].b);
				deg[n1.links[l].a]++;
				deg[n1.links[l].b]++;
			}
			for (int s = 0; s < S; s++) {
				assert_true(deg[s] <= t);
				assert_true(deg[s] + n1.nodes[s] <= n1.ports[s]);
				assert_int_equal(n1.ports[s], nodes + 4);
				deficit += t - deg[s];
			}
			free(deg);
			/* every switch uses t links, one short when S*t is odd */
			assert_int_equal(deficit, (S * t) % 2);
			/* reproducible */
			assert_int_equal(irr_generate(&n2, &p, msg, sizeof msg), 0);
			assert_int_equal(n1.nlinks, n2.nlinks);
			assert_memory_equal(n1.links, n2.links,
					    (size_t)n1.nlinks * sizeof *n1.links);
			irr_net_free(&n2);
			/* another seed gives another network (S large enough) */
			if (S >= 8) {
				p.seed++;
				assert_int_equal(irr_generate(&n2, &p, msg, sizeof msg), 0);
				assert_true(n1.nlinks != n2.nlinks
					    || memcmp(n1.links, n2.links,
						      (size_t)n1.nlinks * sizeof *n1.links));
				irr_net_free(&n2);
			}
			irr_net_free(&n1);
		}
	}
	/* bad parameters */
	struct irr_net net;
	char msg[256];
	struct irr_gen_params bad = {.switches = 8, .nodes = 4, .free_ports = 2,
				     .links = 3, .seed = 1};
	assert_int_equal(irr_generate(&net, &bad, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "links per switch"));
	bad.links = 1;
	assert_int_equal(irr_generate(&net, &bad, msg, sizeof msg), -1);
	bad = (struct irr_gen_params){.switches = 0, .links = 3, .free_ports = 4};
	assert_int_equal(irr_generate(&net, &bad, msg, sizeof msg), -1);
	irr_net_free(&net);
}

/* ---- BookSim export ---- */

static int append(void *ctx, const char *text, size_t len)
{
	char *buf = ctx;
	strncat(buf, text, len);
	return 0;
}

static int refuse(void *ctx, const char *text, size_t len)
{
	(void)ctx;
	(void)text;
	(void)len;
	return 1;
}

static void test_anynet(void **state)
{
	(void)state;
	struct irr_link lk[] = {{0, 1}, {2, 1}};
	int nodes[3] = {2, 0, 1};
	struct irr_spec sp = {.switches = 3, .nodes = nodes, .ports_each = 4,
			      .links = lk, .nlinks = 2};
	struct irr_net net;
	assert_int_equal(irr_net_build(&net, &sp, NULL, NULL, 0), 0);
	const char *want = "router 0 node 0 node 1 router 1\n"
			   "router 1 router 0 router 2\n"
			   "router 2 node 2 router 1\n";
	char buf[256];
	assert_int_equal(irr_anynet_format(&net, buf, sizeof buf), (long)strlen(want));
	assert_string_equal(buf, want);
	char small[10];
	assert_int_equal(irr_anynet_format(&net, small, sizeof small), (long)strlen(want));
	assert_string_equal(small, "router 0 ");
	assert_int_equal(irr_anynet_format(&net, NULL, 0), (long)strlen(want));
	char cb[256] = "";
	assert_int_equal(irr_anynet_emit(&net, append, cb), 0);
	assert_string_equal(cb, want);
	assert_int_equal(irr_anynet_emit(&net, refuse, NULL), -1);
	irr_net_free(&net);

	/* Autonet: every link appears on both of its routers' lines */
	build_autonet(&net);
	char big[2048];
	assert_true(irr_anynet_format(&net, big, sizeof big) < (long)sizeof big);
	assert_non_null(strstr(big, "router 6 node 24 node 25 node 26 node 27 "
				    "router 2 router 3 router 4\n"));
	assert_non_null(strstr(big, "router 9 node 36 node 37 node 38 node 39 "
				    "router 0 router 1 router 5\n"));
	irr_net_free(&net);
}

/* ---- table details: cancel, progress, means ---- */

static void progress_cb(void *ctx, double f)
{
	double *last = ctx;
	assert_true(f >= *last && f <= 1.0);
	*last = f;
}

static void test_table_api(void **state)
{
	(void)state;
	struct irr_net net;
	struct ud_routing ud;
	double T[100], mean[10], hops[10];
	build_autonet(&net);
	assert_int_equal(ud_build(&ud, &net, 6), 0);
	atomic_int cancel = 1;
	assert_int_equal(eq_table(&ud, T, &cancel, NULL, NULL), 1);
	atomic_store(&cancel, 0);
	double last = 0;
	assert_int_equal(eq_table(&ud, T, &cancel, progress_cb, &last), 0);
	assert_true(last == 1.0);
	eq_row_means(T, 10, mean);
	/* row 6 of Table 2: 1+1+1+1+1+2+2+2+1.25 = 12.25 */
	assert_true(tk_close(mean[6], 12.25 / 9, 1e-12));
	eq_mean_hops(&ud, hops);
	/* switch 5: 7 8 9 at 1; 0 1 3 at 2; 2 4 6 at 3 -> 18/9 */
	assert_true(tk_close(hops[5], 2.0, 1e-12));
	eq_mean_route_length(&ud, mean);
	/* switch 5, all up then down: 7 8 9 (1), 3 (2: 5-7-3), 6 (3),
	 * 2 4 (4: ...6-2), 0 1 (5: ...6-2-0); 5-9-0 would go up after down */
	assert_true(tk_close(mean[5], (3 + 2 + 3 + 4 + 4 + 5 + 5) / 9.0, 1e-12));
	ud_free(&ud);

	/* the default root is switch 0; a different root changes the table */
	assert_int_equal(ud_build(&ud, &net, -1), 0);
	assert_int_equal(ud.root, 0);
	assert_int_equal(ud.level[0], 0);
	ud_free(&ud);
	irr_net_free(&net);
}

/* ---- a large route subnetwork: the hypercube ---- */

static void test_hypercube(void **state)
{
	(void)state;
	/* Q_7 rooted at 0: levels are bit counts; from 0 to 127 every route
	 * is all-down and every link lies on a shortest one (n = 128).  The
	 * antipodal resistance of Q_n is 2^(1-n) sum_{k=1..n} 2^(k-1)/k, for
	 * n = 7: (1 + 1 + 4/3 + 2 + 16/5 + 32/6 + 64/7) / 64. */
	enum { D = 7, S = 1 << D };
	struct irr_link lk[D * S / 2];
	int n = 0;
	for (int s = 0; s < S; s++)
		for (int i = 0; i < D; i++)
			if (!(s >> i & 1))
				lk[n++] = (struct irr_link){s, s | 1 << i};
	struct irr_spec sp = {.switches = S, .nodes_each = 1, .ports_each = D + 1,
			      .links = lk, .nlinks = n};
	struct irr_net net;
	struct ud_routing ud;
	assert_int_equal(irr_net_build(&net, &sp, NULL, NULL, 0), 0);
	assert_int_equal(ud_build(&ud, &net, 0), 0);
	double want = (1 + 1 + 4.0 / 3 + 2 + 16.0 / 5 + 32.0 / 6 + 64.0 / 7) / 64;
	assert_true(tk_close(eq_pair(&ud, 0, S - 1), want, 1e-12));
	assert_true(tk_close(eq_pair(&ud, S - 1, 0), want, 1e-12));
	/* clearing bits (up) then setting bits (down) is always minimal */
	assert_int_equal(ud.nonminimal, 0);
	assert_int_equal(ud_dist(&ud, 0x55, 0x2a), D);
	ud_free(&ud);
	irr_net_free(&net);
}

/* ---- clustering ---- */

static void test_cluster_halves(void **state)
{
	(void)state;
	/* two octahedra (K6 minus a perfect matching), on the even and the
	 * odd labels, joined by the single link 10-1 */
	struct irr_link lk[32];
	int n = 0;
	for (int h = 0; h < 2; h++)
		for (int i = 0; i < 6; i++)
			for (int j = i + 1; j < 6; j++)
				if (j != i + 3)
					lk[n++] = (struct irr_link){2 * i + h, 2 * j + h};
	lk[n++] = (struct irr_link){10, 1};
	struct irr_spec sp = {.switches = 12, .nodes_each = 2, .ports_each = 8,
			      .links = lk, .nlinks = n};
	struct irr_net net;
	char msg[256];
	if (irr_net_build(&net, &sp, NULL, msg, sizeof msg))
		fail_msg("%s", msg);
	struct ud_routing ud;
	double T[144];
	assert_int_equal(ud_build(&ud, &net, -1), 0);
	assert_int_equal(eq_table(&ud, T, NULL, NULL, NULL), 0);

	struct cl_result res;
	assert_int_equal(cl_pam(T, 12, 2, &res, NULL), 0);
	for (int s = 0; s < 12; s++)
		assert_int_equal(res.group[s], s % 2);
	assert_int_equal(res.size[0], 6);
	assert_int_equal(res.size[1], 6);
	assert_true(res.mean_intra < res.mean_inter);
	assert_int_equal(res.medoid[0] % 2, 0);
	assert_int_equal(res.medoid[1] % 2, 1);

	char buf[512];
	long len = cl_hostfile(&net, &res, 1, buf, sizeof buf);
	assert_int_equal(len, (long)strlen(buf));
	assert_int_equal(len, 12 * (long)strlen("swN-nN slots=1\n") + 1 * 2);
	assert_true(strncmp(buf, "sw1-n0 slots=1\nsw1-n1 slots=1\nsw3-n0 slots=1\n",
			    45) == 0);
	assert_non_null(strstr(buf, "sw11-n1 slots=1\n"));
	assert_null(strstr(buf, "sw0-"));
	assert_int_equal(cl_hostfile(&net, &res, 2, buf, sizeof buf), -1);
	cl_free(&res);

	/* k = 1 and k = S; bad k */
	assert_int_equal(cl_pam(T, 12, 1, &res, NULL), 0);
	assert_true(res.mean_inter == 0.0);
	cl_free(&res);
	assert_int_equal(cl_pam(T, 12, 12, &res, NULL), 0);
	assert_true(res.mean_intra == 0.0 && res.cost == 0.0);
	cl_free(&res);
	assert_int_equal(cl_pam(T, 12, 13, &res, NULL), -1);
	cl_free(&res);
	cl_free(NULL);
	ud_free(&ud);
	irr_net_free(&net);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table2),
		cmocka_unit_test(test_table1),
		cmocka_unit_test(test_exact_random),
		cmocka_unit_test(test_validation),
		cmocka_unit_test(test_generator),
		cmocka_unit_test(test_anynet),
		cmocka_unit_test(test_table_api),
		cmocka_unit_test(test_hypercube),
		cmocka_unit_test(test_cluster_halves),
	};
	return cmocka_run_group_tests_name("irregular", tests, NULL, NULL);
}
