/*
 * test_star.c: the star graph (src/topo/star.c) against an explicit graph
 * and breadth-first search for n <= 7, and the star model
 * (src/model/star.c) against closed forms written out by hand.
 *
 * The explicit graph, its BFS, the cycle types, the path enumeration and
 * the node-level routing probabilities below are independent of the class
 * arithmetic in the code under test; only class identities are looked up
 * with star_class_of, which test_classes checks first.
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

#include "model/star.h"
#include "topo/star.h"

#define ENUM_MAX_N 7

/* --- explicit S_n: nodes are permutations, edges swap positions 0 and i -- */

struct graph {
	int n, N;
	int *perm;      /* N * n */
	int *adj;       /* N * (n - 1): neighbour along dimension i = 2..n */
	int *code2idx;  /* 8^n */
};

static int code_of(const int *p, int n)
{
	int c = 0;

	for (int i = n - 1; i >= 0; i--)
		c = c * 8 + p[i];
	return c;
}

static int next_perm(int *p, int n)
{
	int i = n - 2, j = n - 1;

	while (i >= 0 && p[i] >= p[i + 1])
		i--;
	if (i < 0)
		return 0;
	while (p[j] <= p[i])
		j--;
	int t = p[i]; p[i] = p[j]; p[j] = t;
	for (int a = i + 1, b = n - 1; a < b; a++, b--) {
		t = p[a]; p[a] = p[b]; p[b] = t;
	}
	return 1;
}

static void graph_build(struct graph *g, int n)
{
	int p[ENUM_MAX_N], N = 1, k = 0, size8 = 1;

	for (int i = 2; i <= n; i++)
		N *= i;
	for (int i = 0; i < n; i++)
		size8 *= 8;
	g->n = n;
	g->N = N;
	g->perm = malloc((size_t)N * (size_t)n * sizeof *g->perm);
	g->adj = malloc((size_t)N * (size_t)(n - 1) * sizeof *g->adj);
	g->code2idx = malloc((size_t)size8 * sizeof *g->code2idx);
	assert_non_null(g->perm);
	assert_non_null(g->adj);
	assert_non_null(g->code2idx);
	for (int i = 0; i < n; i++)
		p[i] = i;
	do {
		memcpy(g->perm + (size_t)k * (size_t)n, p, (size_t)n * sizeof *p);
		g->code2idx[code_of(p, n)] = k;
		k++;
	} while (next_perm(p, n));
	assert_int_equal(k, N);
	for (int u = 0; u < N; u++)
		for (int i = 1; i < n; i++) {
			memcpy(p, g->perm + (size_t)u * (size_t)n, (size_t)n * sizeof *p);
			int t = p[0]; p[0] = p[i]; p[i] = t;
			g->adj[(size_t)u * (size_t)(n - 1) + (size_t)(i - 1)] = g->code2idx[code_of(p, n)];
		}
}

static void graph_free(struct graph *g)
{
	free(g->perm);
	free(g->adj);
	free(g->code2idx);
}

static void bfs(const struct graph *g, int src, int *dist)
{
	int *q = malloc((size_t)g->N * sizeof *q), head = 0, tail = 0;

	assert_non_null(q);
	for (int i = 0; i < g->N; i++)
		dist[i] = -1;
	dist[src] = 0;
	q[tail++] = src;
	while (head < tail) {
		int u = q[head++];

		for (int i = 0; i < g->n - 1; i++) {
			int v = g->adj[(size_t)u * (size_t)(g->n - 1) + (size_t)i];

			if (dist[v] < 0) {
				dist[v] = dist[u] + 1;
				q[tail++] = v;
			}
		}
	}
	free(q);
}

/* Own cycle type: l1 and sorted (non-increasing) parts >= 2. */
static int cycle_type(const int *p, int n, int *l1, int *parts)
{
	int seen[ENUM_MAX_N] = { 0 }, np = 0;

	for (int i = 0; i < n; i++) {
		int len = 0;

		if (seen[i])
			continue;
		for (int j = i; !seen[j]; j = p[j]) {
			seen[j] = 1;
			len++;
		}
		if (i == 0)
			*l1 = len;
		else if (len >= 2)
			parts[np++] = len;
	}
	for (int i = 0; i < np; i++)
		for (int j = i + 1; j < np; j++)
			if (parts[j] > parts[i]) {
				int t = parts[i]; parts[i] = parts[j]; parts[j] = t;
			}
	return np;
}

static int inversions_parity(const int *p, int n)
{
	int inv = 0;

	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			inv += p[i] > p[j];
	return inv & 1;
}

static double harmonic(int n)
{
	double h = 0.0;

	for (int i = 1; i <= n; i++)
		h += 1.0 / i;
	return h;
}

/* --- topology ------------------------------------------------------------- */

static void test_distance_bfs(void **state)
{
	(void)state;
	for (int n = 3; n <= ENUM_MAX_N; n++) {
		struct graph g;
		struct star_topo t;
		int *dist, maxd = 0;
		double sum = 0.0, closed;

		graph_build(&g, n);
		dist = malloc((size_t)g.N * sizeof *dist);
		assert_non_null(dist);
		bfs(&g, 0, dist);            /* index 0 is the identity */
		for (int u = 0; u < g.N; u++) {
			sum += dist[u];
			if (dist[u] > maxd)
				maxd = dist[u];
		}
		assert_int_equal(star_topo_init(&t, n), 0);
		/* DESIGN 4: [n + 2/n - 4 + H_n] n!/(n!-1) */
		closed = (n + 2.0 / n - 4.0 + harmonic(n)) * g.N / (g.N - 1.0);
		assert_close(sum / (g.N - 1), closed, 1e-12);
		assert_close(t.mean_dist, sum / (g.N - 1), 1e-12);
		assert_int_equal(maxd, 3 * (n - 1) / 2);
		assert_int_equal(t.diameter, maxd);
		assert_int_equal(star_diameter(n), maxd);
		for (int d = 0; d <= maxd; d++) {
			int cnt = 0;

			for (int u = 0; u < g.N; u++)
				cnt += dist[u] == d;
			assert_close(t.dist_count[d], cnt, 0);
		}
		star_topo_free(&t);
		free(dist);
		graph_free(&g);
	}
}

/* Every node: its class (by its own cycle type), distance, profitable
 * channel count, colour; class sizes by counting. */
static void test_classes(void **state)
{
	(void)state;
	for (int n = 3; n <= ENUM_MAX_N; n++) {
		struct graph g;
		struct star_topo t;
		int *dist;
		double *count;

		graph_build(&g, n);
		dist = malloc((size_t)g.N * sizeof *dist);
		assert_non_null(dist);
		bfs(&g, 0, dist);
		assert_int_equal(star_topo_init(&t, n), 0);
		count = calloc((size_t)t.nclass, sizeof *count);
		assert_non_null(count);
		for (int u = 0; u < g.N; u++) {
			const int *p = g.perm + (size_t)u * (size_t)n;
			int l1 = 0, parts[ENUM_MAX_N], np, c, closer = 0;
			const struct star_class *k;

			np = cycle_type(p, n, &l1, parts);
			c = star_class_of(&t, p);
			assert_true(c >= 0 && c < t.nclass);
			k = &t.cls[c];
			assert_int_equal(k->l1, l1);
			assert_int_equal(k->nparts, np);
			for (int i = 0; i < np; i++)
				assert_int_equal(k->parts[i], parts[i]);
			count[c] += 1.0;
			assert_int_equal(k->dist, dist[u]);
			assert_int_equal(star_perm_distance(p, n), dist[u]);
			for (int i = 0; i < n - 1; i++)
				closer += dist[g.adj[(size_t)u * (size_t)(n - 1) + (size_t)i]] == dist[u] - 1;
			assert_int_equal(k->f, closer);
			assert_int_equal(star_perm_profitable(p, n), closer);
			assert_int_equal(k->parity, inversions_parity(p, n));
			assert_int_equal(star_perm_parity(p, n), inversions_parity(p, n));
			assert_int_equal(dist[u] & 1, inversions_parity(p, n)); /* bipartite */
			assert_int_equal(star_rank(p, n), u);  /* both lexicographic */
		}
		for (int c = 0; c < t.nclass; c++)
			assert_close(t.cls[c].size, count[c], 0);
		free(count);
		star_topo_free(&t);
		free(dist);
		graph_free(&g);
	}
}

static void test_class_sizes_large(void **state)
{
	(void)state;
	for (int n = STAR_MIN_N; n <= STAR_MAX_N; n++) {
		struct star_topo t;
		double sum = 0.0, nf = 1.0;

		assert_int_equal(star_topo_init(&t, n), 0);
		for (int i = 2; i <= n; i++)
			nf *= i;
		for (int c = 0; c < t.nclass; c++)
			sum += t.cls[c].size;
		assert_close(sum, nf, 0);
		assert_int_equal(t.diameter, 3 * (n - 1) / 2);
		assert_close(t.mean_dist, (n + 2.0 / n - 4.0 + harmonic(n)) * nf / (nf - 1.0), 1e-12);
		star_topo_free(&t);
	}
	assert_int_equal(star_topo_init(&(struct star_topo){ 0 }, 1), -1);
	assert_int_equal(star_topo_init(&(struct star_topo){ 0 }, STAR_MAX_N + 1), -1);
}

/*
 * Each class sequence from a class to the destination is realised by the
 * same number of minimal paths, prod over the other cycles' lengths L of
 * L^{m_L} m_L! (a cycle is entered at any of its L symbols, equal cycles in
 * any order; the hops that send the first symbol home have one channel).
 * So the literal Eq. 7 (each path set alike) equals "each minimal path
 * alike", although star_profile computes them by different recurrences.
 */
static void test_sets_equal_minimal(void **state)
{
	(void)state;
	for (int n = 3; n <= 12; n++) {
		struct star_topo t;
		double *a, *b;

		assert_int_equal(star_topo_init(&t, n), 0);
		a = malloc(star_profile_len(&t) * sizeof *a);
		b = malloc(star_profile_len(&t) * sizeof *b);
		assert_non_null(a);
		assert_non_null(b);
		star_profile(&t, STAR_PATHS_MINIMAL, a);
		star_profile(&t, STAR_PATHS_SETS, b);
		for (size_t i = 0; i < star_profile_len(&t); i++)
			assert_close(a[i], b[i], 1e-12);
		for (int c = 0; c < t.nclass; c++) {
			const struct star_class *k = &t.cls[c];
			double per = 1.0;
			int m[STAR_MAX_N + 1] = { 0 };

			for (int i = 0; i < k->nparts; i++) {
				m[k->parts[i]]++;
				per *= k->parts[i] * m[k->parts[i]];
			}
			assert_close(k->paths, per * k->path_sets, 0);
		}
		free(a);
		free(b);
		star_topo_free(&t);
	}
}

static void test_rank_roundtrip(void **state)
{
	int p[6];

	(void)state;
	for (int64_t r = 0; r < 720; r++) {
		star_unrank(r, 6, p);
		assert_int_equal(star_rank(p, 6), r);
	}
	star_unrank(0, 6, p);
	for (int i = 0; i < 6; i++)
		assert_int_equal(p[i], i);
}

/* --- minimal paths and profitable-channel profiles -------------------------- */

#define MAXSETS 4096

struct penum {
	const struct graph *g;
	const struct star_topo *t;
	const int *distT;
	const int *tinv;        /* inverse of the destination */
	int seq[STAR_MAX_DIAM + 1], fseq[STAR_MAX_DIAM + 1];
	int sets[MAXSETS][STAR_MAX_DIAM + 1];
	int setf[MAXSETS][STAR_MAX_DIAM + 1];
	int nsets;
	long npaths;
};

/* Depth-first over every minimal path from u (k-th hop next) to the
 * destination, recording the class (relative to the destination) and the
 * number of closer neighbours at each hop. */
static void enum_paths(struct penum *e, int u, int k)
{
	const struct graph *g = e->g;
	int n = g->n, rel[ENUM_MAX_N] = { 0 }, f = 0;

	if (e->distT[u] == 0) {
		int h = k - 1, s;

		e->npaths++;
		for (s = 0; s < e->nsets; s++)
			if (memcmp(e->sets[s], e->seq + 1, (size_t)h * sizeof(int)) == 0)
				break;
		if (s == e->nsets) {
			assert_true(e->nsets < MAXSETS);
			memcpy(e->sets[s], e->seq + 1, (size_t)h * sizeof(int));
			memcpy(e->setf[s], e->fseq + 1, (size_t)h * sizeof(int));
			e->nsets++;
		} else {
			/* a path set sees one profile */
			assert_memory_equal(e->setf[s], e->fseq + 1, (size_t)h * sizeof(int));
		}
		return;
	}
	for (int i = 0; i < n; i++)
		rel[i] = e->tinv[g->perm[(size_t)u * (size_t)n + (size_t)i]];
	e->seq[k] = star_class_of(e->t, rel);
	for (int i = 0; i < n - 1; i++)
		f += e->distT[g->adj[(size_t)u * (size_t)(n - 1) + (size_t)i]] == e->distT[u] - 1;
	e->fseq[k] = f;
	for (int i = 0; i < n - 1; i++) {
		int v = g->adj[(size_t)u * (size_t)(n - 1) + (size_t)i];

		if (e->distT[v] == e->distT[u] - 1)
			enum_paths(e, v, k + 1);
	}
}

static void check_destination(const struct graph *g, const struct star_topo *t,
			      const double *prof[STAR_PATHS_COUNT], int dst,
			      struct penum *e)
{
	int n = g->n, N = g->N, H = t->diameter, c, h;
	int *distT = malloc((size_t)N * sizeof *distT), tinv[ENUM_MAX_N];
	double *npath = calloc((size_t)N, sizeof *npath);
	double *pa = calloc((size_t)N, sizeof *pa), *pm = calloc((size_t)N, sizeof *pm);
	double got[STAR_PATHS_COUNT][STAR_MAX_DIAM + 1][ENUM_MAX_N];
	const int *tp = g->perm + (size_t)dst * (size_t)n;

	assert_non_null(distT);
	assert_non_null(npath);
	assert_non_null(pa);
	assert_non_null(pm);
	memset(got, 0, sizeof got);
	bfs(g, dst, distT);
	c = star_class_of(t, tp);
	h = distT[0];
	assert_int_equal(t->cls[c].dist, h);

	/* paths from each node to dst, nearest first */
	for (int d = 0; d <= h; d++)
		for (int u = 0; u < N; u++) {
			if (distT[u] != d)
				continue;
			if (d == 0) {
				npath[u] = 1.0;
				continue;
			}
			for (int i = 0; i < n - 1; i++) {
				int v = g->adj[(size_t)u * (size_t)(n - 1) + (size_t)i];

				if (distT[v] == d - 1)
					npath[u] += npath[v];
			}
		}
	assert_close(t->cls[c].paths, npath[0], 0);

	/* forward from the source (node 0): adaptive (each closer neighbour
	 * alike) and uniform over minimal paths */
	pa[0] = pm[0] = 1.0;
	for (int d = h; d >= 1; d--)
		for (int u = 0; u < N; u++) {
			int f = 0;

			if (distT[u] != d || (pa[u] == 0.0 && pm[u] == 0.0))
				continue;
			for (int i = 0; i < n - 1; i++)
				f += distT[g->adj[(size_t)u * (size_t)(n - 1) + (size_t)i]] == d - 1;
			got[STAR_PATHS_ADAPTIVE][d][f] += pa[u];
			got[STAR_PATHS_MINIMAL][d][f] += pm[u];
			for (int i = 0; i < n - 1; i++) {
				int v = g->adj[(size_t)u * (size_t)(n - 1) + (size_t)i];

				if (distT[v] != d - 1)
					continue;
				pa[v] += pa[u] / f;
				pm[v] += pm[u] * npath[v] / npath[u];
			}
		}

	/* every minimal path, grouped by class sequence */
	for (int i = 0; i < n; i++)
		tinv[tp[i]] = i;
	e->g = g;
	e->t = t;
	e->distT = distT;
	e->tinv = tinv;
	e->nsets = 0;
	e->npaths = 0;
	enum_paths(e, 0, 1);
	assert_close((double)e->npaths, npath[0], 0);
	assert_close(t->cls[c].path_sets, e->nsets, 0);
	for (int s = 0; s < e->nsets; s++)
		for (int k = 1; k <= h; k++)
			got[STAR_PATHS_SETS][h - k + 1][e->setf[s][k - 1]] += 1.0 / e->nsets;

	for (int w = 0; w < STAR_PATHS_COUNT; w++)
		for (int d = 0; d <= H; d++)
			for (int f = 0; f < n; f++) {
				double want = d <= h ? got[w][d][f] : 0.0;

				assert_close(prof[w][((size_t)c * (size_t)(H + 1) + (size_t)d) * (size_t)n + (size_t)f],
					     want, 1e-12);
			}
	free(distT);
	free(npath);
	free(pa);
	free(pm);
}

/* Path counts and the profiles of all three weightings, against explicit
 * enumeration: every destination for n <= 5, up to three per class
 * (first, middle, last in node order) for n = 6, 7. */
static void test_paths_profiles(void **state)
{
	struct penum *e = malloc(sizeof *e);

	(void)state;
	assert_non_null(e);
	for (int n = 3; n <= ENUM_MAX_N; n++) {
		struct graph g;
		struct star_topo t;
		double *prof[STAR_PATHS_COUNT];
		int *first, *last, *mid, *seen;

		graph_build(&g, n);
		assert_int_equal(star_topo_init(&t, n), 0);
		for (int w = 0; w < STAR_PATHS_COUNT; w++) {
			prof[w] = malloc(star_profile_len(&t) * sizeof(double));
			assert_non_null(prof[w]);
			assert_int_equal(star_profile(&t, (enum star_paths)w, prof[w]), 0);
		}
		first = malloc((size_t)t.nclass * sizeof *first);
		last = malloc((size_t)t.nclass * sizeof *last);
		mid = malloc((size_t)t.nclass * sizeof *mid);
		seen = calloc((size_t)t.nclass, sizeof *seen);
		assert_non_null(first);
		assert_non_null(last);
		assert_non_null(mid);
		assert_non_null(seen);
		for (int u = 1; u < g.N; u++) {
			int c = star_class_of(&t, g.perm + (size_t)u * (size_t)n);

			if (n <= 5) {
				check_destination(&g, &t, (const double **)prof, u, e);
				continue;
			}
			if (seen[c]++ == 0)
				first[c] = u;
			last[c] = u;
		}
		if (n > 5) {
			memset(seen, 0, (size_t)t.nclass * sizeof *seen);
			for (int u = 1; u < g.N; u++) {
				int c = star_class_of(&t, g.perm + (size_t)u * (size_t)n);

				if (++seen[c] == ((int)t.cls[c].size + 1) / 2)
					mid[c] = u;
			}
			for (int c = 0; c < t.nclass; c++) {
				if (c == t.identity)
					continue;
				check_destination(&g, &t, (const double **)prof, first[c], e);
				check_destination(&g, &t, (const double **)prof, mid[c], e);
				check_destination(&g, &t, (const double **)prof, last[c], e);
			}
		}
		free(first);
		free(last);
		free(mid);
		free(seen);
		for (int w = 0; w < STAR_PATHS_COUNT; w++)
			free(prof[w]);
		star_topo_free(&t);
		graph_free(&g);
	}
	free(e);
}

/* --- the model ------------------------------------------------------------- */

static void model_for(struct star_model *m, int n, int V, int M)
{
	struct star_params p;
	char msg[256];

	star_params_default(&p);
	p.n = n;
	p.V = V;
	p.M = M;
	if (star_model_init(m, &p, msg, sizeof msg) != 0) {
		print_error("%s\n", msg);
		fail();
	}
}

/* At zero load every blocking term vanishes and V-bar = 1, so Eq. 1 gives
 * M + d-bar: for S5, d-bar = (5 + 2/5 - 4 + 137/60) 120/119 = 26/7. */
static void test_zero_load(void **state)
{
	struct star_model m;
	struct star_point pt;
	double H7 = 1 + 1 / 2.0 + 1 / 3.0 + 1 / 4.0 + 1 / 5.0 + 1 / 6.0 + 1 / 7.0;

	(void)state;
	model_for(&m, 5, 6, 32);
	assert_int_equal(star_eval(&m, 0.0, &pt, NULL), STAR_OK);
	assert_close(pt.latency, 32.0 + 26.0 / 7.0, 1e-12);
	assert_close(pt.S, 32.0 + 26.0 / 7.0, 1e-12);
	assert_close(pt.Ws, 0.0, 1e-15);
	assert_close(pt.w, 0.0, 1e-15);
	assert_close(pt.Vbar, 1.0, 1e-15);
	for (int k = 1; k <= 6; k++)
		assert_close(pt.pblock_hop[k], 0.0, 1e-15);
	/* a tiny load barely moves it */
	assert_int_equal(star_eval(&m, 1e-9, &pt, NULL), STAR_OK);
	assert_close(pt.latency, 32.0 + 26.0 / 7.0, 1e-6);
	star_model_free(&m);

	model_for(&m, 7, 6, 64);
	assert_int_equal(star_eval(&m, 0.0, &pt, NULL), STAR_OK);
	assert_close(pt.latency, 64.0 + (7 + 2.0 / 7 - 4 + H7) * 5040.0 / 5039.0, 1e-12);
	star_model_free(&m);
}

static void test_latency_rises(void **state)
{
	struct star_model m;
	struct star_point pt;
	double sat, prevL = 0.0, prevS = 0.0;

	(void)state;
	model_for(&m, 5, 9, 64);
	assert_int_equal(star_saturation(&m, 1e-7, &sat, NULL), STAR_OK);
	for (int i = 0; i <= 50; i++) {
		double l = 0.99 * sat * i / 50.0;

		assert_int_equal(star_eval(&m, l, &pt, NULL), STAR_OK);
		if (i > 0) {
			assert_true(pt.latency > prevL);
			assert_true(pt.S >= prevS);
		}
		prevL = pt.latency;
		prevS = pt.S;
	}
	star_model_free(&m);
}

/* Below saturation the returned point is a fixed point: w is Eq. 15 at
 * S-bar, S-bar is Eq. 5's mean of Eq. 4 over the classes, W_s is Eq. 16
 * with the rate lambda_g/V, V-bar is Eq. 19 over Eq. 18. */
static void test_fixed_point(void **state)
{
	struct star_model m;
	struct star_point pt;
	double sat;

	(void)state;
	for (int V = 6; V <= 12; V += 3) {
		model_for(&m, 5, V, 32);
		assert_int_equal(star_saturation(&m, 1e-7, &sat, NULL), STAR_OK);
		for (double frac = 0.3; frac < 1.0; frac += 0.3) {
			double l = frac * sat, lc, S, t, w, Ws, sum = 0.0, num = 0.0, den = 0.0;
			double rho, P;

			assert_int_equal(star_eval(&m, l, &pt, NULL), STAR_OK);
			assert_true(pt.iterations < STAR_DEFAULT_MAX_ITER);
			lc = l * (5 + 2.0 / 5 - 4 + harmonic(5)) * 120.0 / 119.0 / 4.0;
			assert_close(pt.lambda_c, lc, 1e-12);
			S = pt.S;
			t = 1.0 - 32.0 / S;
			w = lc * S * S * (1 + t * t) / (2 * (1 - lc * S));
			assert_close(pt.w, w, 1e-7);
			for (int c = 0; c < m.topo.nclass; c++)   /* i = 1..n!-1 */
				if (c != m.topo.identity)
					sum += m.topo.cls[c].size * star_class_latency(&m, &pt, c);
			assert_close(S, sum / 119.0, 1e-7);
			Ws = (l / V) * S * S * (1 + t * t) / (2 * (1 - l / V * S));
			assert_close(pt.Ws, Ws, 1e-12);
			rho = lc * S;
			for (int v = 1; v <= V; v++) {
				P = v < V ? (1 - rho) * pow(rho, v) : pow(rho, V);
				num += v * v * P;
				den += v * P;
			}
			assert_close(pt.Vbar, num / den, 1e-12);
			assert_close(pt.latency, (pt.S + pt.Ws) * pt.Vbar, 1e-12);
		}
		star_model_free(&m);
	}
}

static void test_saturation(void **state)
{
	struct star_model m;
	struct star_point pt;
	double sat;

	(void)state;
	model_for(&m, 5, 6, 32);
	assert_int_equal(star_saturation(&m, 1e-8, &sat, NULL), STAR_OK);
	assert_true(sat > 0.0);
	/* the bound the bisection starts from: lambda_c (M + d-bar) = 1 */
	assert_true(sat < 4.0 / ((26.0 / 7.0) * (32 + 26.0 / 7.0)));
	assert_int_equal(star_eval(&m, sat * (1 - 1e-6), &pt, NULL), STAR_OK);
	assert_true(pt.rho < 1.0);
	assert_true(isfinite(pt.latency));
	assert_int_equal(star_eval(&m, sat * (1 + 1e-6), &pt, NULL), STAR_SATURATED);
	assert_true(isinf(pt.latency));
	assert_int_equal(star_eval(&m, 2 * sat, &pt, NULL), STAR_SATURATED);
	assert_int_equal(star_eval(&m, 1.0, &pt, NULL), STAR_SATURATED);
	star_model_free(&m);
}

/*
 * How V acts under our reading (S5, M = 32, V = 6, 9, 12):
 *  - at a given utilisation rho, V-bar (Eq. 19) grows with V (the
 *    truncated geometric P_v of Eq. 18 has more high states);
 *  - at a given load, more channels mean less blocking (smaller S-bar) and
 *    a smaller source wait (Eq. 16's rate is lambda_g/V), which outweigh the
 *    slightly larger V-bar: latency falls with V at every load;
 *  - the saturation load rises with V.
 */
static void test_v_trend(void **state)
{
	struct star_model m[3];
	struct star_point pt[3];
	double sat[3];
	int Vs[3] = { 6, 9, 12 };

	(void)state;
	for (int i = 0; i < 3; i++) {
		model_for(&m[i], 5, Vs[i], 32);
		assert_int_equal(star_saturation(&m[i], 1e-7, &sat[i], NULL), STAR_OK);
	}
	assert_true(sat[0] < sat[1] && sat[1] < sat[2]);
	for (double rho = 0.1; rho < 0.95; rho += 0.2) {
		assert_true(star_vbar(6, rho) < star_vbar(9, rho));
		assert_true(star_vbar(9, rho) < star_vbar(12, rho));
	}
	for (double frac = 0.2; frac < 1.0; frac += 0.2) {
		for (int i = 0; i < 3; i++)
			assert_int_equal(star_eval(&m[i], frac * sat[0], &pt[i], NULL), STAR_OK);
		for (int i = 0; i < 2; i++) {
			assert_true(pt[i].latency > pt[i + 1].latency);
			assert_true(pt[i].S > pt[i + 1].S);
			assert_true(pt[i].Ws > pt[i + 1].Ws);
			assert_true(pt[i].pblock_mean > pt[i + 1].pblock_mean);
		}
	}
	for (int i = 0; i < 3; i++)
		star_model_free(&m[i]);
}

static void test_validate(void **state)
{
	struct star_params p;
	char msg[512];

	(void)state;
	star_params_default(&p);
	assert_int_equal(star_validate(&p, msg, sizeof msg), 0);
	assert_int_equal(star_min_v(5), 4);             /* ceil(6/2) + 1 */
	assert_int_equal(star_min_v(12), 9);            /* ceil(16/2) + 1 */
	p.V = 3;
	assert_int_equal(star_validate(&p, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "V >= 4"));
	p.V = 4;
	assert_int_equal(star_validate(&p, msg, sizeof msg), 0);
	p.n = 12;
	p.V = 8;
	assert_int_equal(star_validate(&p, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "V >= 9"));
	p.n = 5;
	p.V = 6;
	p.V2 = 2;                                       /* < ceil(H/2) = 3 */
	assert_int_equal(star_validate(&p, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "V2 >= 3"));
	p.V2 = 6;                                       /* V1 = 0 */
	assert_int_equal(star_validate(&p, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "V1 = V - V2 >= 1"));
	{       /* the same refusal, typed: the field apart from the message */
		enum star_field f = STAR_FIELD_NONE;
		char why[256];
		assert_int_equal(star_check(&p, &f, why, sizeof why), -1);
		assert_int_equal(f, STAR_FIELD_V2);
		assert_string_equal(star_field_name(f), "V2");
		assert_true(strncmp(msg, "V2: ", 4) == 0);
		assert_string_equal(msg + 4, why);
		p.V2 = 5;
		assert_int_equal(star_check(&p, &f, why, sizeof why), 0);
		assert_int_equal(f, STAR_FIELD_NONE);
		p.V2 = 6;
	}
	p.V2 = 5;
	assert_int_equal(star_validate(&p, msg, sizeof msg), 0);
	p.V2 = 0;
	p.M = 0;
	assert_int_equal(star_validate(&p, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "M:"));
	p.M = 32;
	p.n = 1;
	assert_int_equal(star_validate(&p, msg, sizeof msg), -1);
	p.n = STAR_MAX_N + 1;
	assert_int_equal(star_validate(&p, NULL, 0), -1);
	p.n = 5;
	p.V = STAR_MAX_V + 1;
	assert_int_equal(star_validate(&p, msg, sizeof msg), -1);
	{
		struct star_model m;

		p.V = 3;
		assert_int_equal(star_model_init(&m, &p, msg, sizeof msg), -1);
		star_model_free(&m);
		star_model_free(&m);
		star_model_free(NULL);
	}
}

/*
 * Eqs. 8-11 and 18-19 by hand, S3 (H = 3), V = 3, V1 = 1, V2 = 2, rho = 1/2:
 * P_1 = 1/4, P_2 = 1/8, P_3 = 1/8.  Two given channels among v busy:
 * Pall(2) = P_2/3 + P_3 = 1/6, Pall(3) = P_3 = 1/8.
 * d = 1: D = 1, K = 2: [1 Pall3 + (1/2) Pall2 + (1/2)(Pall3 + Pall2)] / 2.5
 * d = 3: D = 2, K = 1: [1 Pall2 + (1/2) Pall2] / 1.5 = 1/6; printed Eq. 9
 *        puts P_3 C(1,0)/C(3,3) = 1/8 in group A's place: (1/8 + 1/12) / 1.5.
 * V-bar = (1 P_1 + 4 P_2 + 9 P_3) / (P_1 + 2 P_2 + 3 P_3) = 15/7.
 */
static void test_blocking_by_hand(void **state)
{
	struct star_params p;
	struct star_model m;
	char msg[256];

	(void)state;
	star_params_default(&p);
	p.n = 3;
	p.V = 3;
	assert_int_equal(star_model_init(&m, &p, msg, sizeof msg), 0);
	assert_int_equal(m.V1, 1);
	assert_int_equal(m.V2, 2);
	assert_close(star_pchan(&m, 0.5, 1), (0.125 + 0.5 / 6 + 0.5 * (0.125 + 1.0 / 6)) / 2.5, 1e-14);
	assert_close(star_pchan(&m, 0.5, 3), 1.0 / 6, 1e-14);
	assert_close(star_pchan(&m, 0.0, 1), 0.0, 0);
	assert_close(star_vbar(3, 0.5), 15.0 / 7.0, 1e-14);
	star_model_free(&m);
	p.eq9 = STAR_EQ9_PRINTED;
	assert_int_equal(star_model_init(&m, &p, msg, sizeof msg), 0);
	assert_close(star_pchan(&m, 0.5, 3), (0.125 + 0.5 / 6) / 1.5, 1e-14);
	star_model_free(&m);
}

static void test_options(void **state)
{
	struct star_params p;
	struct star_model m;
	struct star_point a, b;
	char msg[256];
	double l = 0.01;

	(void)state;
	star_params_default(&p);
	for (int w = 0; w < STAR_PATHS_COUNT; w++) {
		p.paths = (enum star_paths)w;
		assert_int_equal(star_model_init(&m, &p, msg, sizeof msg), 0);
		assert_int_equal(star_eval(&m, 0.0, &a, NULL), STAR_OK);
		assert_close(a.latency, 32 + 26.0 / 7.0, 1e-12);
		assert_int_equal(star_eval(&m, l, &a, NULL), STAR_OK);
		star_model_free(&m);
		assert_int_equal(star_paths_parse(star_paths_name((enum star_paths)w)), w);
	}
	star_params_default(&p);
	assert_int_equal(star_model_init(&m, &p, msg, sizeof msg), 0);
	assert_int_equal(star_eval(&m, l, &a, NULL), STAR_OK);
	star_model_free(&m);
	p.ws = STAR_WS_PRINTED;          /* numerator lambda_g: V times the text's */
	assert_int_equal(star_model_init(&m, &p, msg, sizeof msg), 0);
	assert_int_equal(star_eval(&m, l, &b, NULL), STAR_OK);
	assert_close(b.Ws, 6 * a.Ws, 1e-12);
	assert_close(b.S, a.S, 1e-12);
	star_model_free(&m);
	p.ws = STAR_WS_TEXT;
	p.dbar = STAR_DBAR_PRINTED;      /* 5 - 4 + 2/5 + H_4 120/119 */
	assert_int_equal(star_model_init(&m, &p, msg, sizeof msg), 0);
	assert_int_equal(star_eval(&m, l, &b, NULL), STAR_OK);
	assert_close(b.lambda_c, l * (1.4 + (25.0 / 12.0) * 120.0 / 119.0) / 4.0, 1e-12);
	star_model_free(&m);
	assert_int_equal(star_ws_parse("node"), STAR_WS_NODE);
	assert_int_equal(star_eq9_parse("printed"), STAR_EQ9_PRINTED);
	assert_int_equal(star_dbar_parse("exact"), STAR_DBAR_EXACT);
	assert_int_equal(star_dbar_parse("nope"), -1);
	assert_null(star_ws_name(STAR_WS_COUNT));
}

static void test_cancel_and_large(void **state)
{
	struct star_model m;
	struct star_point pt[4];
	atomic_int stop;
	double sat, l[4];

	(void)state;
	atomic_init(&stop, 1);
	model_for(&m, 12, 10, 32);
	assert_int_equal(m.topo.nclass, 195);
	assert_int_equal(m.H, 16);
	assert_int_equal(star_eval(&m, 1e-4, &pt[0], &stop), STAR_CANCELLED);
	assert_int_equal(star_saturation(&m, 0, &sat, &stop), STAR_CANCELLED);
	atomic_store(&stop, 0);
	assert_int_equal(star_saturation(&m, 0, &sat, &stop), STAR_OK);
	for (int i = 0; i < 4; i++)
		l[i] = sat * (i + 1) / 4.0 * (i == 3 ? 1.1 : 1.0);
	assert_int_equal(star_curve(&m, l, 4, pt, &stop), STAR_OK);
	assert_int_equal(pt[0].status, STAR_OK);
	assert_int_equal(pt[2].status, STAR_OK);
	assert_int_equal(pt[3].status, STAR_SATURATED);
	assert_true(pt[1].latency > pt[0].latency);
	star_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance_bfs),
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_class_sizes_large),
		cmocka_unit_test(test_rank_roundtrip),
		cmocka_unit_test(test_sets_equal_minimal),
		cmocka_unit_test(test_paths_profiles),
		cmocka_unit_test(test_zero_load),
		cmocka_unit_test(test_latency_rises),
		cmocka_unit_test(test_fixed_point),
		cmocka_unit_test(test_saturation),
		cmocka_unit_test(test_v_trend),
		cmocka_unit_test(test_validate),
		cmocka_unit_test(test_blocking_by_hand),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_cancel_and_large),
	};

	return cmocka_run_group_tests_name("star", tests, NULL, NULL);
}
