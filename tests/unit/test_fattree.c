/*
 * test_fattree.c: unit tests for src/topo/fattree.c.
 *
 * The oracles here are independent of the code under test: sizes and
 * Eq. (9)/(12) are written out by hand, hop counts come from BFS and
 * up-link walks on the built graph, permutations from bit-string
 * definitions, and the transpose tables were produced by a separate
 * enumeration and are hard-coded.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "testkit.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "topo/fattree.h"

static int64_t tpow(int64_t k, int e)
{
	int64_t r = 1;
	while (e-- > 0)
		r *= k;
	return r;
}

static int tlog2(int64_t x)
{
	int e = 0;
	while (((int64_t)1 << e) < x)
		e++;
	return e;
}

/* ---- sizes ------------------------------------------------------------ */

static void test_sizes(void **state)
{
	(void)state;
	/* m, n, N = 2(m/2)^n, switches = (2n-1)(m/2)^(n-1), all by hand */
	static const struct { int m, n; int64_t N, S; } t[] = {
		{4, 1, 4, 1}, {4, 2, 8, 6}, {4, 3, 16, 20}, {4, 5, 64, 144},
		{6, 1, 6, 1}, {6, 2, 18, 9}, {6, 3, 54, 45},
		{8, 1, 8, 1}, {8, 2, 32, 12}, {8, 3, 128, 80}, {8, 4, 512, 448},
		{16, 2, 128, 24}, {16, 3, 1024, 320},
		{24, 3, 3456, 720}, {2, 3, 2, 5},
		{64, 12, (int64_t)1 << 61, 23 * ((int64_t)1 << 55)},
		{4, 55, (int64_t)1 << 56, 109 * ((int64_t)1 << 54)},
		{4, 61, (int64_t)1 << 62, -1},              /* 121 * 2^60 overflows */
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		assert_int_equal(ft_nodes(t[i].m, t[i].n), t[i].N);
		assert_int_equal(ft_switches(t[i].m, t[i].n), t[i].S);
	}
	assert_int_equal(ft_nodes(64, 13), -1);     /* 2^66 */
	assert_int_equal(ft_nodes(4, 62), -1);      /* 2^63 */
	assert_int_equal(ft_nodes(3, 2), -1);
	assert_int_equal(ft_nodes(0, 2), -1);
	assert_int_equal(ft_nodes(1, 2), -1);
	assert_int_equal(ft_nodes(8, 0), -1);
	assert_int_equal(ft_switches(8, 0), -1);
	assert_int_equal(ft_switches(5, 2), -1);
	assert_int_equal(ft_switches(4, 62), -1);   /* 123 * 2^61 */

	assert_int_equal(ft_levels_for(8, 1), 1);
	assert_int_equal(ft_levels_for(8, 8), 1);
	assert_int_equal(ft_levels_for(8, 9), 2);
	assert_int_equal(ft_levels_for(8, 32), 2);
	assert_int_equal(ft_levels_for(8, 33), 3);
	assert_int_equal(ft_levels_for(4, 16), 3);
	assert_int_equal(ft_levels_for(4, 17), 4);
	assert_int_equal(ft_levels_for(6, 19), 3);
	assert_int_equal(ft_levels_for(4, 4096), 11);
	assert_int_equal(ft_levels_for(2, 3), -1);
	assert_int_equal(ft_levels_for(4, (int64_t)1 << 30), -1);  /* needs n = 29 */
	assert_int_equal(ft_levels_for(7, 3), -1);
}

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(ft_pattern_name(FT_UNIFORM), "uniform");
	assert_string_equal(ft_pattern_name(FT_TRANSPOSE), "transpose");
	assert_string_equal(ft_pattern_name(FT_BITREV), "bit-reversal");
	assert_string_equal(ft_pattern_name(FT_SHUFFLE), "perfect-shuffle");
	assert_string_equal(ft_pattern_name(FT_BUTTERFLY), "butterfly");
	assert_string_equal(ft_pattern_name(FT_COMPLEMENT), "complement");
	assert_null(ft_pattern_name(FT_NPATTERNS));
	assert_null(ft_pattern_name((enum ft_pattern)-1));
}

/* ---- graph structure -------------------------------------------------- */

/* Every structural property of Lin's m-port n-tree we can state by hand. */
static void check_structure(const struct ft_graph *g, int m, int n)
{
	int64_t k = m / 2, N = 2 * tpow(k, n), S = (2 * n - 1) * tpow(k, n - 1);
	int64_t V = N + S, degsum = 0, per_level[FT_MAX_N] = {0};

	assert_int_equal(g->m, m);
	assert_int_equal(g->n, n);
	assert_int_equal(g->nodes, N);
	assert_int_equal(g->switches, S);
	for (int64_t v = 0; v < V; v++) {
		const int64_t *a = g->adj + v * m;
		int lv = g->level[v];
		degsum += g->deg[v];
		if (v < N) {
			assert_int_equal(lv, -1);
			assert_int_equal(g->deg[v], 1);
			assert_int_equal(g->ndown[v], 0);
			assert_true(a[0] >= N && a[0] < V);
			assert_int_equal(g->level[a[0]], 0);
		} else {
			assert_true(lv >= 0 && lv < n);
			per_level[lv]++;
			assert_int_equal(g->deg[v], m);
			/* roots: m down; others: m/2 down and m/2 up */
			assert_int_equal(g->ndown[v], lv == n - 1 ? m : k);
			for (int i = 0; i < g->deg[v]; i++) {
				int64_t u = a[i];
				int want = i < g->ndown[v] ? lv - 1 : lv + 1;
				assert_true(u >= 0 && u < V);
				assert_int_equal(g->level[u], want);
				for (int j = 0; j < i; j++)
					assert_true(a[j] != u);          /* no multi-links */
				/* the link is listed at the other end, in the other role */
				const int64_t *b = g->adj + u * m;
				int seen = 0;
				for (int j = 0; j < g->deg[u]; j++) {
					if (b[j] == v) {
						seen++;
						if (i < g->ndown[v])
							assert_true(j >= g->ndown[u]);
						else
							assert_true(j < g->ndown[u]);
					}
				}
				assert_int_equal(seen, 1);
			}
		}
		for (int i = g->deg[v]; i < m; i++)
			assert_int_equal(a[i], -1);
	}
	/* nN links, 2nN one-way channels */
	assert_int_equal(degsum, 2 * n * N);
	for (int L = 0; L < n; L++)
		assert_int_equal(per_level[L], L == n - 1 ? tpow(k, n - 1) : 2 * tpow(k, n - 1));
}

static const struct { int m, n; } graph_configs[] = {
	{2, 1}, {2, 3}, {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6}, {4, 8},
	{6, 1}, {6, 2}, {6, 3}, {6, 4}, {8, 1}, {8, 2}, {8, 3}, {8, 4},
	{10, 3}, {12, 2}, {16, 1}, {16, 2}, {16, 3}, {32, 2},
};

static void test_graph_structure(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof graph_configs / sizeof graph_configs[0]; c++) {
		struct ft_graph g;
		assert_int_equal(ft_graph_build(&g, graph_configs[c].m, graph_configs[c].n), 0);
		check_structure(&g, graph_configs[c].m, graph_configs[c].n);
		/* documented: node q hangs from leaf nodes + q/(m/2) (n >= 2) */
		if (g.n >= 2)
			for (int64_t q = 0; q < g.nodes; q++)
				assert_int_equal(g.adj[q * g.m], g.nodes + q / (g.m / 2));
		ft_graph_free(&g);
		assert_null(g.adj);
		ft_graph_free(&g);                       /* freeing twice is harmless */
	}
	ft_graph_free(NULL);
}

static void test_graph_refuses(void **state)
{
	struct ft_graph g;
	(void)state;
	assert_int_equal(ft_graph_build(&g, 3, 2), -1);
	assert_null(g.adj);
	assert_int_equal(ft_graph_build(&g, 8, 0), -1);
	assert_int_equal(ft_graph_build(&g, 4, FT_MAX_N + 1), -1);
	assert_int_equal(ft_graph_build(&g, 64, 6), -1);         /* 2^31 nodes */
	assert_null(g.level);
	assert_int_equal(g.nodes, 0);
	assert_int_equal(ft_graph_build(NULL, 4, 2), -1);
}

/* ---- graph oracles ---------------------------------------------------- */

static void bfs(const struct ft_graph *g, int64_t src, int *dist, int64_t *queue)
{
	int64_t V = g->nodes + g->switches, head = 0, tail = 0;

	for (int64_t i = 0; i < V; i++)
		dist[i] = -1;
	dist[src] = 0;
	queue[tail++] = src;
	while (head < tail) {
		int64_t v = queue[head++];
		const int64_t *a = g->adj + v * g->m;
		for (int i = 0; i < g->deg[v]; i++)
			if (dist[a[i]] < 0) {
				dist[a[i]] = dist[v] + 1;
				queue[tail++] = a[i];
			}
	}
}

/* The up-neighbour with the smallest vertex number, or -1 at a root. */
static int64_t lowest_parent(const struct ft_graph *g, int64_t v)
{
	const int64_t *a = g->adj + v * g->m;
	int64_t best = -1;

	for (int i = g->ndown[v]; i < g->deg[v]; i++)
		if (best < 0 || a[i] < best)
			best = a[i];
	return best;
}

/* Climb from both nodes by lowest-numbered parents until the walks meet:
 * the meeting switch is a common ancestor, so this bounds h from above;
 * test_hops_bfs shows it is exact on this graph. */
static int chain_hops(const struct ft_graph *g, int64_t a, int64_t b)
{
	int64_t x, y;
	int h = 1;

	if (a == b)
		return 0;
	x = g->adj[a * g->m];
	y = g->adj[b * g->m];
	while (x != y) {
		x = lowest_parent(g, x);
		y = lowest_parent(g, y);
		if (x < 0 || y < 0)
			return -1;
		h++;
	}
	return h;
}

/*
 * All pairs: BFS from every leaf switch gives dist(a, b) = 1 + dist(leaf(a), b)
 * for the nodes a below it (a node has one link).  Shortest paths cross 2h
 * links.  Also checks the uniform counts against Eq. (9) written by hand.
 */
static void check_all_pairs_bfs(int m, int n)
{
	struct ft_graph g;
	int64_t k = m / 2, N, V, cnt[FT_MAX_N + 1] = {0};
	int *dist;
	int64_t *queue;

	assert_int_equal(ft_graph_build(&g, m, n), 0);
	N = g.nodes;
	V = N + g.switches;
	dist = malloc((size_t)V * sizeof *dist);
	queue = malloc((size_t)V * sizeof *queue);
	assert_non_null(dist);
	assert_non_null(queue);
	for (int64_t s = N; s < V; s++) {
		if (g.level[s] != 0)
			continue;
		bfs(&g, s, dist, queue);
		for (int i = 0; i < g.ndown[s]; i++) {
			int64_t a = g.adj[s * m + i];
			for (int64_t b = 0; b < N; b++) {
				int h = 0;
				if (b != a) {
					assert_int_equal((1 + dist[b]) % 2, 0);
					h = (1 + dist[b]) / 2;
					assert_true(h >= 1 && h <= n);
				}
				if (ft_hops(m, n, a, b) != h)
					fail_msg("m=%d n=%d a=%lld b=%lld: ft_hops %d, BFS %d", m, n,
						 (long long)a, (long long)b, ft_hops(m, n, a, b), h);
				if (N <= 1024 && chain_hops(&g, a, b) != h)
					fail_msg("m=%d n=%d a=%lld b=%lld: up-walk %d, BFS %d", m, n,
						 (long long)a, (long long)b, chain_hops(&g, a, b), h);
				cnt[h]++;
			}
		}
	}
	/* javadi Eq. (9) times N(N-1): (m/2-1)(m/2)^(h-1) per source for h < n,
	 * (m-1)(m/2)^(n-1) for h = n */
	for (int h = 1; h <= n; h++) {
		int64_t per = h < n ? (k - 1) * tpow(k, h - 1) : (m - 1) * tpow(k, n - 1);
		assert_int_equal(cnt[h], N * per);
	}
	assert_int_equal(cnt[0], N);
	free(dist);
	free(queue);
	ft_graph_free(&g);
}

static void test_hops_bfs(void **state)
{
	(void)state;
	static const struct { int m, nmax; } t[] = {
		{2, 3}, {4, 11}, {6, 6}, {8, 5}, {10, 3}, {12, 3}, {16, 3}, {32, 2}, {64, 2},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		for (int n = 1; n <= t[i].nmax; n++)
			check_all_pairs_bfs(t[i].m, n);
}

/* Bigger trees: BFS from a spread of leaves, all destinations. */
static void test_hops_bfs_sampled(void **state)
{
	(void)state;
	static const struct { int m, n; } t[] = { {8, 6}, {16, 4}, {6, 7}, {4, 13}, {24, 3} };
	for (size_t c = 0; c < sizeof t / sizeof t[0]; c++) {
		struct ft_graph g;
		int m = t[c].m, n = t[c].n;
		assert_int_equal(ft_graph_build(&g, m, n), 0);
		int64_t N = g.nodes, V = N + g.switches, leaves = 2 * tpow(m / 2, n - 1);
		int *dist = malloc((size_t)V * sizeof *dist);
		int64_t *queue = malloc((size_t)V * sizeof *queue);
		assert_non_null(dist);
		assert_non_null(queue);
		for (int64_t i = 0; i < 24; i++) {
			int64_t s = N + (i * 7919) % leaves;
			bfs(&g, s, dist, queue);
			for (int p = 0; p < g.ndown[s]; p++) {
				int64_t a = g.adj[s * m + p];
				for (int64_t b = 0; b < N; b++) {
					int h = b == a ? 0 : (1 + dist[b]) / 2;
					assert_int_equal(ft_hops(m, n, a, b), h);
				}
			}
		}
		free(dist);
		free(queue);
		ft_graph_free(&g);
	}
}

/* Walking up-links without relying on link order: h(a, b) is one more than
 * the lowest level holding a switch reachable upwards from both. */
static void test_hops_up_closure(void **state)
{
	(void)state;
	static const struct { int m, n; } t[] = {
		{4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6}, {6, 2}, {6, 3},
		{8, 2}, {8, 3}, {16, 2}, {2, 3},
	};
	for (size_t c = 0; c < sizeof t / sizeof t[0]; c++) {
		struct ft_graph g;
		int m = t[c].m, n = t[c].n;
		assert_int_equal(ft_graph_build(&g, m, n), 0);
		int64_t N = g.nodes, S = g.switches;
		unsigned char *up = calloc((size_t)(N * S), 1);
		int64_t *stack = malloc((size_t)S * sizeof *stack);
		assert_non_null(up);
		assert_non_null(stack);
		for (int64_t a = 0; a < N; a++) {
			unsigned char *mine = up + a * S;
			int64_t sp = 0;
			stack[sp++] = g.adj[a * m];
			mine[g.adj[a * m] - N] = 1;
			while (sp > 0) {
				int64_t v = stack[--sp];
				for (int i = g.ndown[v]; i < g.deg[v]; i++) {
					int64_t u = g.adj[v * m + i];
					if (!mine[u - N]) {
						mine[u - N] = 1;
						stack[sp++] = u;
					}
				}
			}
		}
		for (int64_t a = 0; a < N; a++)
			for (int64_t b = 0; b < N; b++) {
				int h = a == b ? 0 : -1;
				for (int64_t s = 0; s < S && a != b; s++)
					if (up[a * S + s] && up[b * S + s] &&
					    (h < 0 || g.level[N + s] + 1 < h))
						h = g.level[N + s] + 1;
				assert_int_equal(ft_hops(m, n, a, b), h);
			}
		free(up);
		free(stack);
		ft_graph_free(&g);
	}
}

static void test_hops_args(void **state)
{
	(void)state;
	assert_int_equal(ft_hops(8, 3, 5, 5), 0);
	assert_int_equal(ft_hops(8, 3, 0, 1), 1);
	assert_int_equal(ft_hops(8, 3, 0, 4), 2);
	assert_int_equal(ft_hops(8, 3, 0, 16), 3);
	assert_int_equal(ft_hops(8, 3, 0, 127), 3);
	assert_int_equal(ft_hops(8, 3, 0, 128), -1);
	assert_int_equal(ft_hops(8, 3, -1, 0), -1);
	assert_int_equal(ft_hops(7, 3, 0, 1), -1);
	assert_int_equal(ft_hops(4, FT_MAX_N + 1, 0, 1), -1);
	/* m = 6: digits (A0 in 0..5, A1, A2 in 0..2); 9*A0 + 3*A1 + A2 */
	assert_int_equal(ft_hops(6, 3, 9 * 5 + 3 * 2 + 2, 9 * 5 + 3 * 2 + 0), 1);
	assert_int_equal(ft_hops(6, 3, 9 * 5 + 3 * 2 + 2, 9 * 5 + 0 + 2), 2);
	assert_int_equal(ft_hops(6, 3, 9 * 5, 9 * 4 + 8), 3);
	/* m = 64, n = 12, N = 2^61: A0 is Q >> 55, A1 is (Q >> 50) & 31 */
	assert_int_equal(ft_hops(64, 12, 0, (int64_t)1 << 60), 12);
	assert_int_equal(ft_hops(64, 12, 0, (int64_t)1 << 55), 12);
	assert_int_equal(ft_hops(64, 12, 0, (int64_t)1 << 54), 11);
	assert_int_equal(ft_hops(64, 12, ((int64_t)1 << 61) - 1, ((int64_t)1 << 61) - 32), 1);
	assert_int_equal(ft_hops(64, 12, ((int64_t)1 << 61) - 1, ((int64_t)1 << 61) - 33), 2);
	assert_int_equal(ft_hops(4, FT_MAX_N, 0, 1), 1);
}

/* ---- uniform traffic -------------------------------------------------- */

static void test_uniform_enumeration(void **state)
{
	(void)state;
	static const int ms[] = {4, 6, 8, 16};
	for (size_t i = 0; i < 4; i++)
		for (int n = 1; n <= 5; n++) {
			int m = ms[i];
			double k = m / 2, N = 2 * pow(k, n), counts[FT_MAX_N + 1], pairs = -1,
			       fixed = -1, P[FT_MAX_N + 1], P9[FT_MAX_N + 1] = {0};
			assert_int_equal(ft_hop_distribution(m, n, (int64_t)N, FT_UNIFORM, counts,
							     &pairs, &fixed, NULL), 0);
			assert_true(pairs == N * (N - 1));
			assert_true(fixed == 0);
			assert_true(counts[0] == 0);
			ft_uniform_closed_form(m, n, P);
			/* javadi Eq. (9) by hand */
			for (int h = 1; h < n; h++)
				P9[h] = (k - 1) * pow(k, h - 1) / (N - 1);
			P9[n] = (m - 1) * pow(k, n - 1) / (N - 1);
			double sum = 0;
			for (int h = 0; h <= FT_MAX_N; h++) {
				assert_close(P[h], P9[h], 1e-13);
				assert_close(counts[h] / pairs, P9[h], 1e-13);
				sum += P[h];
			}
			assert_close(sum, 1, 1e-13);
			/* exact integers: N (m/2-1)(m/2)^(h-1), ... */
			for (int h = 1; h < n; h++)
				assert_true(counts[h] == N * (k - 1) * pow(k, h - 1));
			assert_true(counts[n] == N * (m - 1) * pow(k, n - 1));
		}
	double P[FT_MAX_N + 1];
	P[3] = 7;
	ft_uniform_closed_form(5, 3, P);                /* bad m: all zero */
	assert_true(P[3] == 0);
}

/* javadi Eq. (12), with the denominator read as ((m/2)^n - 1/2)(m/2 - 1). */
static double eq12_corrected(int m, int n)
{
	double k = m / 2.0, kn = pow(k, n);
	return ((m * n - 2 * n - 1) * kn + 1) / ((kn - 0.5) * (k - 1));
}

/* Eq. (12) with the denominator as printed: (m/2)^n - (1/2)(m/2 - 1). */
static double eq12_printed(int m, int n)
{
	double k = m / 2.0, kn = pow(k, n);
	return ((m * n - 2 * n - 1) * kn + 1) / (kn - 0.5 * (k - 1));
}

static void test_mean_distance_eq12(void **state)
{
	(void)state;
	static const int ms[] = {4, 6, 8, 16, 24, 32};
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++)
		for (int n = 1; n <= 6; n++) {
			int m = ms[i];
			double counts[FT_MAX_N + 1], pairs, fixed, d = 0;
			int64_t N = 2 * tpow(m / 2, n);
			assert_int_equal(ft_hop_distribution(m, n, N, FT_UNIFORM, counts, &pairs,
							     &fixed, NULL), 0);
			for (int h = 1; h <= n; h++)
				d += 2.0 * h * counts[h] / pairs;
			assert_close(d, eq12_corrected(m, n), 1e-12);
			/* as printed it agrees only when m/2 - 1 = 1 */
			if (m == 4)
				assert_close(eq12_printed(m, n), d, 1e-12);
			else
				assert_true(fabs(eq12_printed(m, n) - d) > 1e-3 * d);
		}
}

/* Partial occupancy (ICN2 with C < N clusters), against brute force. */
static void test_uniform_partial(void **state)
{
	(void)state;
	static const struct { int m, n; int64_t occ[8]; } t[] = {
		{4, 3, {0, 1, 2, 3, 5, 9, 15, 16}},
		{6, 3, {2, 3, 4, 7, 20, 27, 28, 53}},
		{8, 2, {2, 4, 5, 16, 17, 31, 32, 9}},
		{8, 3, {32, 33, 100, 127, 64, 65, 96, 12}},
		{16, 3, {1000, 513, 512, 8, 9, 65, 700, 1023}},
		{4, 11, {2000, 1024, 1025, 1500, 7, 100, 1999, 333}},
	};
	for (size_t c = 0; c < sizeof t / sizeof t[0]; c++) {
		int m = t[c].m, n = t[c].n;
		struct ft_graph g;
		bool use_graph = ft_nodes(m, n) <= 1024;
		if (use_graph)
			assert_int_equal(ft_graph_build(&g, m, n), 0);
		for (int i = 0; i < 8; i++) {
			int64_t occ = t[c].occ[i], want[FT_MAX_N + 1] = {0};
			double counts[FT_MAX_N + 1], pairs, fixed;
			for (int64_t a = 0; a < occ; a++)
				for (int64_t b = 0; b < occ; b++)
					if (a != b) {
						int h = ft_hops(m, n, a, b);
						if (use_graph)
							assert_int_equal(chain_hops(&g, a, b), h);
						want[h]++;
					}
			assert_int_equal(ft_hop_distribution(m, n, occ, FT_UNIFORM, counts, &pairs,
							     &fixed, NULL), 0);
			assert_true(pairs == (double)occ * (double)(occ - 1));
			assert_true(fixed == 0);
			for (int h = 0; h <= FT_MAX_N; h++)
				if (counts[h] != (double)want[h])
					fail_msg("m=%d n=%d occ=%lld h=%d: %g, brute force %lld", m, n,
						 (long long)occ, h, counts[h], (long long)want[h]);
		}
		if (use_graph)
			ft_graph_free(&g);
	}
	double counts[FT_MAX_N + 1], pairs, fixed;
	assert_int_equal(ft_hop_distribution(8, 2, 33, FT_UNIFORM, counts, &pairs, &fixed,
					     NULL), -1);
	assert_int_equal(ft_hop_distribution(8, 2, -1, FT_UNIFORM, counts, &pairs, &fixed,
					     NULL), -1);
	/* a huge tree is counted in closed blocks, exactly: m = 64, n = 5, 2^26 nodes */
	int64_t N = (int64_t)1 << 26;
	assert_int_equal(ft_hop_distribution(64, 5, N, FT_UNIFORM, counts, &pairs, NULL, NULL),
			 0);
	assert_true(pairs == (double)N * (double)(N - 1));
	assert_true(counts[1] == (double)N * 31);
	assert_true(counts[5] == (double)N * 63 * 32 * 32 * 32 * 32);
}

/* ---- permutations ----------------------------------------------------- */

/* Reference permutations on the bit string b[0..B-1], b[0] the MSB. */
static int64_t ref_perm(enum ft_pattern p, int B, int64_t s, bool ceil_transpose)
{
	int b[64], d[64];
	int64_t r = 0;

	for (int i = 0; i < B; i++)
		b[i] = (int)((s >> (B - 1 - i)) & 1);
	switch (p) {
	case FT_TRANSPOSE: {
		/* sharifi Eq. (5) with b0 restored: b_k .. b_{B-1} b_0 .. b_{k-1} */
		int k = ceil_transpose ? (B + 1) / 2 : B / 2;
		for (int i = 0; i < B; i++)
			d[i] = b[(i + k) % B];
		break;
	}
	case FT_BITREV:
		for (int i = 0; i < B; i++)
			d[i] = b[B - 1 - i];
		break;
	case FT_SHUFFLE:
		for (int i = 0; i < B; i++)
			d[i] = b[(i + 1) % B];
		break;
	case FT_BUTTERFLY:
		for (int i = 0; i < B; i++)
			d[i] = b[i];
		d[0] = b[B - 1];
		d[B - 1] = b[0];
		break;
	case FT_COMPLEMENT:
		for (int i = 0; i < B; i++)
			d[i] = !b[i];
		break;
	default:
		return -2;
	}
	for (int i = 0; i < B; i++)
		r = r << 1 | d[i];
	return r;
}

static void test_perm_apply(void **state)
{
	(void)state;
	/* hand examples, b0 = MSB */
	assert_int_equal(ft_perm_apply(FT_TRANSPOSE, 5, 0x10), 0x02);   /* 10000 -> 00010 */
	assert_int_equal(ft_perm_apply(FT_TRANSPOSE, 4, 0x1), 0x4);     /* 0001 -> 0100 */
	assert_int_equal(ft_perm_apply(FT_TRANSPOSE, 6, 0x38), 0x07);   /* 111000 -> 000111 */
	assert_int_equal(ft_perm_apply(FT_BITREV, 4, 0x1), 0x8);
	assert_int_equal(ft_perm_apply(FT_BITREV, 5, 0x6), 0xc);        /* 00110 -> 01100 */
	assert_int_equal(ft_perm_apply(FT_SHUFFLE, 3, 0x4), 0x1);       /* 100 -> 001 */
	assert_int_equal(ft_perm_apply(FT_SHUFFLE, 3, 0x3), 0x6);
	assert_int_equal(ft_perm_apply(FT_BUTTERFLY, 4, 0x8), 0x1);
	assert_int_equal(ft_perm_apply(FT_BUTTERFLY, 4, 0x9), 0x9);
	assert_int_equal(ft_perm_apply(FT_BUTTERFLY, 4, 0x6), 0x6);
	assert_int_equal(ft_perm_apply(FT_COMPLEMENT, 3, 5), 2);
	assert_int_equal(ft_perm_apply(FT_TRANSPOSE, 1, 1), 1);
	assert_int_equal(ft_perm_apply(FT_BUTTERFLY, 1, 1), 1);
	/* refusals */
	assert_int_equal(ft_perm_apply(FT_UNIFORM, 4, 3), -1);
	assert_int_equal(ft_perm_apply(FT_NPATTERNS, 4, 3), -1);
	assert_int_equal(ft_perm_apply(FT_BITREV, 0, 0), -1);
	assert_int_equal(ft_perm_apply(FT_BITREV, 63, 0), -1);
	assert_int_equal(ft_perm_apply(FT_BITREV, 4, 16), -1);
	assert_int_equal(ft_perm_apply(FT_BITREV, 4, -1), -1);
	/* every address of every width up to 16 against the string definition */
	for (int p = FT_TRANSPOSE; p < FT_NPATTERNS; p++)
		for (int B = 1; B <= 16; B++)
			for (int64_t s = 0; s < ((int64_t)1 << B); s++)
				assert_int_equal(ft_perm_apply((enum ft_pattern)p, B, s),
						 ref_perm((enum ft_pattern)p, B, s, false));
	assert_int_equal(ft_perm_apply(FT_COMPLEMENT, 62, 0), ((int64_t)1 << 62) - 1);
	assert_int_equal(ft_perm_apply(FT_SHUFFLE, 62, (int64_t)1 << 61), 1);
}

/*
 * For every permutation, m in {4, 8, 16}, n in 1..5: a bijection, counts
 * sum to N minus the fixed points, counts match the up-walk on the graph,
 * plus hand-derived facts per pattern.
 */
static void test_perm_distributions(void **state)
{
	(void)state;
	static const int ms[] = {4, 8, 16};
	for (size_t i = 0; i < 3; i++)
		for (int n = 1; n <= 5; n++) {
			int m = ms[i], B;
			struct ft_graph g;
			int64_t N = 2 * tpow(m / 2, n);
			unsigned char *seen = malloc((size_t)N);
			assert_non_null(seen);
			B = tlog2(N);
			assert_int_equal((int64_t)1 << B, N);
			assert_int_equal(ft_graph_build(&g, m, n), 0);
			for (int p = FT_TRANSPOSE; p < FT_NPATTERNS; p++) {
				int64_t want[FT_MAX_N + 1] = {0}, wfixed = 0;
				double counts[FT_MAX_N + 1], pairs, fixed, sum = 0;
				memset(seen, 0, (size_t)N);
				for (int64_t s = 0; s < N; s++) {
					int64_t d = ft_perm_apply((enum ft_pattern)p, B, s);
					assert_true(d >= 0 && d < N);
					assert_false(seen[d]);
					seen[d] = 1;
					if (d == s)
						wfixed++;
					else
						want[chain_hops(&g, s, d)]++;
				}
				assert_int_equal(ft_hop_distribution(m, n, N, (enum ft_pattern)p, counts,
								     &pairs, &fixed, NULL), 0);
				assert_true(fixed == (double)wfixed);
				for (int h = 0; h <= FT_MAX_N; h++) {
					if (counts[h] != (double)want[h])
						fail_msg("%s m=%d n=%d h=%d: %g, graph %lld",
							 ft_pattern_name((enum ft_pattern)p), m, n, h,
							 counts[h], (long long)want[h]);
					sum += counts[h];
				}
				assert_true(sum == pairs);
				assert_true(pairs == (double)(N - wfixed));
				/* hand facts */
				switch (p) {
				case FT_TRANSPOSE:
					/* rotation by floor(B/2): gcd 1 for odd B, so only 0..0
					 * and 1..1 are fixed; for even B the halves agree */
					assert_true(fixed == (B % 2 ? 2.0 : ldexp(1.0, B / 2)));
					break;
				case FT_COMPLEMENT:
					/* A0 always changes */
					assert_true(fixed == 0 && counts[n] == (double)N);
					break;
				case FT_BUTTERFLY:
					/* fixed iff MSB == LSB; otherwise A0 changes */
					assert_true(fixed == (double)(N / 2));
					assert_true(counts[n] == (double)(N / 2));
					break;
				case FT_SHUFFLE:
					/* a rotation by one: only all-zeros and all-ones fixed */
					assert_true(fixed == 2);
					break;
				default:
					/* bit reversal fixes the palindromes */
					assert_true(fixed == ldexp(1.0, (B + 1) / 2));
				}
			}
			/* transpose: rotating by ceil(B/2) gives the same hop counts */
			{
				int64_t want[FT_MAX_N + 1] = {0}, wfixed = 0;
				double counts[FT_MAX_N + 1], pairs, fixed;
				for (int64_t s = 0; s < N; s++) {
					int64_t d = ref_perm(FT_TRANSPOSE, B, s, true);
					if (d == s)
						wfixed++;
					else
						want[ft_hops(m, n, s, d)]++;
				}
				assert_int_equal(ft_hop_distribution(m, n, N, FT_TRANSPOSE, counts, &pairs,
								     &fixed, NULL), 0);
				assert_true(fixed == (double)wfixed);
				for (int h = 0; h <= n; h++)
					assert_true(counts[h] == (double)want[h]);
			}
			ft_graph_free(&g);
			free(seen);
		}
}

static void test_perm_refuses(void **state)
{
	double counts[FT_MAX_N + 1], pairs, fixed;
	(void)state;
	for (int p = FT_TRANSPOSE; p < FT_NPATTERNS; p++) {
		enum ft_pattern pp = (enum ft_pattern)p;
		/* N = 2 * 3^n, 2 * 6^n, 2 * 5^n: not powers of two */
		assert_int_equal(ft_hop_distribution(6, 2, 18, pp, counts, &pairs, &fixed, NULL), -1);
		assert_int_equal(ft_hop_distribution(12, 3, 432, pp, counts, &pairs, &fixed, NULL),
				 -1);
		assert_int_equal(ft_hop_distribution(10, 1, 10, pp, counts, &pairs, &fixed, NULL),
				 -1);
		/* partial occupancy is for uniform traffic only */
		assert_int_equal(ft_hop_distribution(8, 2, 31, pp, counts, &pairs, &fixed, NULL), -1);
		assert_int_equal(ft_hop_distribution(8, 2, 16, pp, counts, &pairs, &fixed, NULL), -1);
	}
	assert_int_equal(ft_hop_distribution(4, 0, 2, FT_UNIFORM, counts, &pairs, &fixed, NULL),
			 -1);
	assert_int_equal(ft_hop_distribution(4, FT_MAX_N + 1, 2, FT_UNIFORM, counts, &pairs,
					     &fixed, NULL), -1);
	assert_int_equal(ft_hop_distribution(7, 2, 2, FT_UNIFORM, counts, &pairs, &fixed, NULL),
			 -1);
	assert_int_equal(ft_hop_distribution(8, 2, 32, FT_NPATTERNS, counts, &pairs, &fixed,
					     NULL), -1);
	assert_int_equal(ft_hop_distribution(8, 2, 32, FT_UNIFORM, NULL, &pairs, &fixed, NULL),
			 -1);
	/* a refused call leaves no stale numbers behind */
	counts[1] = 5;
	pairs = fixed = 5;
	assert_int_equal(ft_hop_distribution(6, 2, 18, FT_BITREV, counts, &pairs, &fixed, NULL),
			 -1);
	assert_true(counts[1] == 0 && pairs == 0 && fixed == 0);
}

static void test_cancel(void **state)
{
	double counts[FT_MAX_N + 1], pairs, fixed;
	atomic_int stop = 1, go = 0;
	(void)state;
	for (int p = FT_UNIFORM; p < FT_NPATTERNS; p++) {
		enum ft_pattern pp = (enum ft_pattern)p;
		assert_int_equal(ft_hop_distribution(8, 3, 128, pp, counts, &pairs, &fixed, &stop), 1);
		assert_int_equal(ft_hop_distribution(8, 3, 128, pp, counts, &pairs, &fixed, &go), 0);
	}
	assert_int_equal(ft_hop_distribution(8, 3, 100, FT_UNIFORM, counts, &pairs, &fixed,
					     &stop), 1);
	/* bad arguments are reported before cancellation */
	assert_int_equal(ft_hop_distribution(6, 3, 54, FT_BITREV, counts, &pairs, &fixed, &stop),
			 -1);
}

struct cancel_job {
	atomic_int started, stop;
	int rc;
};

static void *cancel_worker(void *arg)
{
	struct cancel_job *job = arg;
	double counts[FT_MAX_N + 1], pairs, fixed;

	atomic_store(&job->started, 1);
	/* 2^25 sources: far longer than the main thread waits */
	job->rc = ft_hop_distribution(4, 24, (int64_t)1 << 25, FT_BITREV, counts, &pairs,
				      &fixed, &job->stop);
	return NULL;
}

/* A flag raised while the enumeration runs stops it (the result is 1 even if
 * the flag lands before the first poll, so this cannot fail spuriously). */
static void test_cancel_midway(void **state)
{
	struct cancel_job job = {.rc = -2};
	pthread_t t;
	struct timespec ms = {0, 2000000};
	(void)state;
	atomic_init(&job.started, 0);
	atomic_init(&job.stop, 0);
	assert_int_equal(pthread_create(&t, NULL, cancel_worker, &job), 0);
	while (!atomic_load(&job.started))
		nanosleep(&ms, NULL);
	nanosleep(&ms, NULL);
	atomic_store(&job.stop, 1);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(job.rc, 1);
}

/* A few million nodes, the largest size the models ask for. */
static void test_large(void **state)
{
	double counts[FT_MAX_N + 1], pairs, fixed;
	int64_t N = (int64_t)1 << 22;                /* m = 4, n = 21 */
	(void)state;
	assert_int_equal(ft_hop_distribution(4, 21, N, FT_TRANSPOSE, counts, &pairs, &fixed,
					     NULL), 0);
	assert_true(fixed == 2048);                  /* B = 22: 2^11 */
	assert_true(pairs == (double)(N - 2048));
	assert_int_equal(ft_hop_distribution(4, 21, N, FT_COMPLEMENT, counts, &pairs, &fixed,
					     NULL), 0);
	assert_true(counts[21] == (double)N && fixed == 0);
	N = (int64_t)1 << 21;                        /* m = 8, n = 10 */
	assert_int_equal(ft_hop_distribution(8, 10, N, FT_SHUFFLE, counts, &pairs, &fixed,
					     NULL), 0);
	assert_true(fixed == 2 && pairs == (double)(N - 2));
}

/* ---- sharifi's printed transpose counts -------------------------------- */

/* Independent exact enumeration (rotation by floor(B/2)) and the printed
 * Eqs. (6)-(8), (10), evaluated by hand, for m = 4, 8, 16 and n = 1..5:
 * counts j = 1..n, then Count_0. */
static const double exact_tab[3][5][7] = {
	{ {2, 2}, {0, 6, 2}, {0, 0, 12, 4}, {0, 2, 4, 24, 2}, {0, 0, 0, 8, 48, 8} },
	{ {6, 2}, {2, 28, 2}, {2, 12, 112, 2}, {2, 12, 48, 448, 2},
	  {2, 12, 48, 192, 1792, 2} },
	{ {12, 4}, {6, 120, 2}, {0, 32, 960, 32}, {6, 56, 448, 7680, 2},
	  {0, 0, 256, 3584, 61440, 256} },
};
static const double printed_tab[3][5][7] = {
	{ {3, 2}, {0, 6, 2}, {0, 0, 12, 4}, {0, 2, 1, 24, 4}, {0, 0, 0, 8, 48, 8} },
	{ {7, 2}, {2, 28, 4}, {2, 12, 112, 8}, {2, 12, 3, 448, 16},
	  {2, 12, 48, 192, 1792, 32} },
	{ {15, 4}, {6, 120, 8}, {0, 32, 960, 32}, {6, 56, 7, 7680, 64},
	  {0, 0, 256, 3584, 61440, 256} },
};

static void test_transpose_printed(void **state)
{
	(void)state;
	static const int ms[] = {4, 8, 16};
	/* (m, n, j) where print and truth differ; j = 0 is Count_0 (Eq. 10) */
	static const int differ[][3] = {
		{4, 1, 1}, {4, 4, 0}, {4, 4, 3},
		{8, 1, 1}, {8, 2, 0}, {8, 3, 0}, {8, 4, 0}, {8, 4, 3}, {8, 5, 0},
		{16, 1, 1}, {16, 2, 0}, {16, 4, 0}, {16, 4, 3},
	};
	/* (m, n) whose printed probabilities (Eq. 9) do not sum to 1 */
	static const int badsum[][2] = {
		{4, 1}, {4, 4}, {8, 1}, {8, 2}, {8, 3}, {8, 4}, {8, 5},
		{16, 1}, {16, 2}, {16, 4},
	};
	int found[32][3], nfound = 0, sums[16][2], nsums = 0;

	for (int i = 0; i < 3; i++)
		for (int n = 1; n <= 5; n++) {
			int m = ms[i];
			double ex[FT_MAX_N + 1], pr[FT_MAX_N + 1], pairs, fixed, c0, psum = 0;
			double N = (double)ft_nodes(m, n);
			assert_int_equal(ft_hop_distribution(m, n, (int64_t)N, FT_TRANSPOSE, ex, &pairs,
							     &fixed, NULL), 0);
			assert_int_equal(ft_transpose_printed(m, n, pr, &c0), 0);
			/* both sides against the hand-made tables */
			for (int j = 1; j <= n; j++) {
				assert_close(ex[j], exact_tab[i][n - 1][j - 1], 0);
				assert_close(pr[j], printed_tab[i][n - 1][j - 1], 1e-15);
			}
			assert_close(fixed, exact_tab[i][n - 1][n], 0);
			assert_close(c0, printed_tab[i][n - 1][n], 0);
			assert_true(pr[0] == 0 && pr[n + 1] == 0);
			if (fabs(c0 - fixed) > 1e-9) {
				found[nfound][0] = m, found[nfound][1] = n, found[nfound][2] = 0;
				nfound++;
			}
			for (int j = 1; j <= n; j++) {
				if (fabs(pr[j] - ex[j]) > 1e-9) {
					found[nfound][0] = m, found[nfound][1] = n, found[nfound][2] = j;
					nfound++;
				}
				psum += pr[j] / (N - c0);            /* Eq. (9) */
			}
			if (fabs(psum - 1) > 1e-12) {
				sums[nsums][0] = m, sums[nsums][1] = n;
				nsums++;
			}
			/* Eq. (10) is right except for odd B >= 5, where 2 points are fixed */
			int B = tlog2((int64_t)N);
			if (B % 2 == 1 && B >= 5)
				assert_true(fixed == 2 && c0 != 2);
			else
				assert_true(fixed == c0);
		}
	assert_int_equal(nfound, (int)(sizeof differ / sizeof differ[0]));
	for (int i = 0; i < nfound; i++) {
		assert_int_equal(found[i][0], differ[i][0]);
		assert_int_equal(found[i][1], differ[i][1]);
		assert_int_equal(found[i][2], differ[i][2]);
	}
	assert_int_equal(nsums, (int)(sizeof badsum / sizeof badsum[0]));
	for (int i = 0; i < nsums; i++) {
		assert_int_equal(sums[i][0], badsum[i][0]);
		assert_int_equal(sums[i][1], badsum[i][1]);
	}

	double pr[FT_MAX_N + 1], c0;
	assert_int_equal(ft_transpose_printed(6, 3, pr, &c0), -1);
	assert_int_equal(ft_transpose_printed(12, 2, pr, &c0), -1);
	assert_int_equal(ft_transpose_printed(7, 2, pr, &c0), -1);
	assert_int_equal(ft_transpose_printed(8, 0, pr, &c0), -1);
	/* n = 6 (Eq. 6, m = 8): rows 1, 2..3, 4 with exponent n-j-1, 5..5, 6 */
	assert_int_equal(ft_transpose_printed(8, 6, pr, &c0), 0);
	assert_close(pr[1], 2, 0);
	assert_close(pr[2], 3 * 4, 0);
	assert_close(pr[3], 3 * 16, 0);
	assert_close(pr[4], 3 * 4, 0);
	assert_close(pr[5], 3 * 256, 0);
	assert_close(pr[6], 7 * 1024, 0);
	assert_close(c0, 64, 0);                           /* B = 13 */
	/* n = 7, m = 16 (Eq. 8, z = 4): 0 for j < 4, (8 - 4) 8^3, 7 * 8^4, 7 * 8^5, 15 * 8^6 */
	assert_int_equal(ft_transpose_printed(16, 7, pr, &c0), 0);
	assert_true(pr[1] == 0 && pr[2] == 0 && pr[3] == 0);
	assert_close(pr[4], 4 * 512, 0);
	assert_close(pr[5], 7 * 4096, 0);
	assert_close(pr[6], 7 * 32768, 0);
	assert_close(pr[7], 15 * 262144.0, 0);
	assert_close(c0, 2048, 0);                         /* B = 22 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_graph_structure),
		cmocka_unit_test(test_graph_refuses),
		cmocka_unit_test(test_hops_bfs),
		cmocka_unit_test(test_hops_bfs_sampled),
		cmocka_unit_test(test_hops_up_closure),
		cmocka_unit_test(test_hops_args),
		cmocka_unit_test(test_uniform_enumeration),
		cmocka_unit_test(test_mean_distance_eq12),
		cmocka_unit_test(test_uniform_partial),
		cmocka_unit_test(test_perm_apply),
		cmocka_unit_test(test_perm_distributions),
		cmocka_unit_test(test_perm_refuses),
		cmocka_unit_test(test_cancel),
		cmocka_unit_test(test_cancel_midway),
		cmocka_unit_test(test_large),
		cmocka_unit_test(test_transpose_printed),
	};
	return cmocka_run_group_tests_name("fattree", tests, NULL, NULL);
}
