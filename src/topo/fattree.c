/*
 * fattree.c: the m-port n-tree (see fattree.h): sizes, hop counts, exact hop
 * distributions by enumeration, sharifi's printed transpose counts, and the
 * explicit switch graph built from Lin's wiring rule.
 *
 * Throughout, k = m/2.  Node Q has the digits A0 = Q / k^(n-1) (0..m-1) and
 * A_i = (Q / k^(n-1-i)) mod k; two nodes whose first differing digit is A_i
 * meet at h = n - i hops up, i.e. h is the smallest t >= 1 with
 * Q_a / k^t == Q_b / k^t, or n.
 */
#include "topo/fattree.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char *const pattern_names[FT_NPATTERNS] = {
	[FT_UNIFORM] = "uniform",
	[FT_TRANSPOSE] = "transpose",
	[FT_BITREV] = "bit-reversal",
	[FT_SHUFFLE] = "perfect-shuffle",
	[FT_BUTTERFLY] = "butterfly",
	[FT_COMPLEMENT] = "complement",
};

/* Iterations between two polls of a cancel flag. */
enum { POLL_MASK = 4095 };

const char *ft_pattern_name(enum ft_pattern p)
{
	if ((int)p < 0 || p >= FT_NPATTERNS)
		return NULL;
	return pattern_names[p];
}

static bool valid_m(int m)
{
	return m >= 2 && m % 2 == 0;
}

/* log2 x if x is a power of two (x >= 1), else -1. */
static int log2_exact(int64_t x)
{
	int e = 0;

	if (x < 1 || (x & (x - 1)) != 0)
		return -1;
	while (x > 1) {
		x >>= 1;
		e++;
	}
	return e;
}

/* k^e, or -1 on overflow of int64; k >= 1, e >= 0. */
static int64_t ipow(int64_t k, int e)
{
	int64_t r = 1;

	if (k == 1)
		return 1;
	for (int i = 0; i < e; i++) {
		if (r > INT64_MAX / k)
			return -1;
		r *= k;
	}
	return r;
}

int64_t ft_nodes(int m, int n)
{
	int64_t p;

	if (!valid_m(m) || n < 1)
		return -1;
	p = ipow(m / 2, n);
	if (p < 0 || p > INT64_MAX / 2)
		return -1;
	return 2 * p;
}

int64_t ft_switches(int m, int n)
{
	int64_t p;

	if (!valid_m(m) || n < 1)
		return -1;
	p = ipow(m / 2, n - 1);
	if (p < 0 || p > INT64_MAX / (2 * (int64_t)n - 1))
		return -1;
	return (2 * (int64_t)n - 1) * p;
}

int ft_levels_for(int m, int64_t count)
{
	if (!valid_m(m))
		return -1;
	for (int n = 1; n <= FT_MAX_N; n++) {
		int64_t N = ft_nodes(m, n);
		if (N < 0)
			break;
		if (N >= count)
			return n;
	}
	return -1;
}

/*
 * Hop count between distinct addresses a != b of an n-tree with k = m/2.
 * sh = log2 k when k is a power of two (then digit boundaries are bit
 * boundaries: A0 is the top sh+1 bits), -1 otherwise.  No validation.
 */
static int hops_raw(int64_t k, int sh, int n, int64_t a, int64_t b)
{
	if (sh > 0) {
		uint64_t x = (uint64_t)(a ^ b);
		int h = n;
		/* the highest differing bit lies in digit A_{n-h} */
		while (h > 1 && (x >> (sh * (h - 1))) == 0)
			h--;
		return h;
	}
	if (k == 1)
		return n;
	for (int t = 1; t < n; t++) {
		a /= k;
		b /= k;
		if (a == b)
			return t;
	}
	return n;
}

int ft_hops(int m, int n, int64_t a, int64_t b)
{
	int64_t N;

	if (n > FT_MAX_N)
		return -1;
	N = ft_nodes(m, n);
	if (N < 0 || a < 0 || b < 0 || a >= N || b >= N)
		return -1;
	if (a == b)
		return 0;
	return hops_raw(m / 2, log2_exact(m / 2), n, a, b);
}

static int64_t rotl_bits(int64_t s, int bits, int r)
{
	uint64_t mask = ((uint64_t)1 << bits) - 1, u = (uint64_t)s;

	r %= bits;
	if (r == 0)
		return s;
	return (int64_t)(((u << r) | (u >> (bits - r))) & mask);
}

int64_t ft_perm_apply(enum ft_pattern p, int bits, int64_t s)
{
	int64_t mask, r = 0;

	if (bits < 1 || bits > 62 || s < 0 || s >> bits != 0)
		return -1;
	mask = ((int64_t)1 << bits) - 1;
	switch (p) {
	case FT_TRANSPOSE:
		/* b0 is the MSB, so rotating the string b0..b_{B-1} left by r
		 * is an integer rotate-left by r. */
		return rotl_bits(s, bits, bits / 2);
	case FT_BITREV:
		for (int i = 0; i < bits; i++)
			r |= ((s >> i) & 1) << (bits - 1 - i);
		return r;
	case FT_SHUFFLE:
		return rotl_bits(s, bits, 1);
	case FT_BUTTERFLY: {
		int64_t hi = (s >> (bits - 1)) & 1, lo = s & 1;
		r = s & ~(((int64_t)1 << (bits - 1)) | 1);
		return r | (lo << (bits - 1)) | hi;
	}
	case FT_COMPLEMENT:
		return s ^ mask;
	default:
		return -1;
	}
}

static bool cancelled(const atomic_int *cancel)
{
	return cancel != NULL && atomic_load(cancel) != 0;
}

/*
 * Ordered pairs of distinct addresses among 0..occ-1 that fall in the same
 * aligned block of K consecutive addresses (0 <= occ, K >= 1).  Exact while
 * occ^2 fits in int64 (occ up to 3.03e9); beyond, rounded in double.
 */
static double same_block_pairs(int64_t occ, int64_t K)
{
	int64_t full = occ / K, r = occ % K;

	if (occ <= 3037000499)
		return (double)(full * K * (K - 1) + r * (r - 1));
	return (double)full * (double)K * (double)(K - 1) + (double)r * (double)(r - 1);
}

/*
 * Uniform traffic among nodes 0..occ-1: a pair meets within h hops exactly
 * when both lie in one aligned block of k^h addresses (h < n), and always at
 * h = n, so counts[h] = pairs(<= h) - pairs(<= h-1), each counted exactly
 * over the real address blocks in O(n).
 */
static void uniform_counts(int m, int n, int64_t N, int64_t occ, double *counts,
			   double *pairs)
{
	double below = 0;

	for (int h = 1; h <= n; h++) {
		int64_t K = h < n ? ipow(m / 2, h) : N;
		double le = same_block_pairs(occ, K);
		counts[h] = le - below;
		below = le;
	}
	*pairs = below;
}

int ft_hop_distribution(int m, int n, int64_t occupied, enum ft_pattern p,
			double counts[FT_MAX_N + 1], double *pairs, double *fixed,
			const atomic_int *cancel)
{
	int64_t N, cnt[FT_MAX_N + 1] = {0}, nfixed = 0;
	int bits = 0, sh;
	double npairs = 0;

	if (counts == NULL)
		return -1;
	for (int h = 0; h <= FT_MAX_N; h++)
		counts[h] = 0;
	if (pairs)
		*pairs = 0;
	if (fixed)
		*fixed = 0;
	if (n < 1 || n > FT_MAX_N || (int)p < 0 || p >= FT_NPATTERNS)
		return -1;
	N = ft_nodes(m, n);
	if (N < 0 || occupied < 0 || occupied > N)
		return -1;
	if (p != FT_UNIFORM && (occupied != N || (bits = log2_exact(N)) < 0 || bits > 62))
		return -1;
	if (cancelled(cancel))
		return 1;

	if (p == FT_UNIFORM) {
		uniform_counts(m, n, N, occupied, counts, &npairs);
		if (pairs)
			*pairs = npairs;
		return 0;
	}

	sh = log2_exact(m / 2);
	for (int64_t s = 0; s < N; s++) {
		int64_t d;
		if ((s & POLL_MASK) == 0 && cancelled(cancel))
			return 1;
		d = ft_perm_apply(p, bits, s);
		if (d == s)
			nfixed++;
		else
			cnt[hops_raw(m / 2, sh, n, s, d)]++;
	}
	for (int h = 1; h <= n; h++) {
		counts[h] = (double)cnt[h];
		npairs += counts[h];
	}
	if (pairs)
		*pairs = npairs;
	if (fixed)
		*fixed = (double)nfixed;
	return 0;
}

void ft_uniform_closed_form(int m, int n, double P[FT_MAX_N + 1])
{
	double k = m / 2, N;

	if (P == NULL)
		return;
	for (int h = 0; h <= FT_MAX_N; h++)
		P[h] = 0;
	if (!valid_m(m) || n < 1 || n > FT_MAX_N)
		return;
	N = 2 * pow(k, n);
	for (int h = 1; h < n; h++)
		P[h] = (k - 1) * pow(k, h - 1) / (N - 1);          /* Eq. (9), h < n */
	P[n] = (m - 1) * pow(k, n - 1) / (N - 1);                   /* Eq. (9), h = n */
}

/* counts[j] = coef * k^(js*j + c) for j = lo..hi (nothing when lo > hi). */
static void rows(double *counts, int lo, int hi, double coef, double k, int js, int c)
{
	for (int j = lo; j <= hi; j++)
		counts[j] = coef * pow(k, js * j + c);
}

/*
 * Rows are applied in printed order, each over its printed range of j read
 * literally (an empty range does nothing); a later row overwrites an earlier
 * one.  Ranges overlap only at n = 1 (Eqs. 7, 8) and n = 2 (Eq. 6), and the
 * overlap always involves the last row (j = n), which therefore wins.
 */
int ft_transpose_printed(int m, int n, double counts[FT_MAX_N + 1], double *count0)
{
	int lk, z, B;
	double k;

	if (counts == NULL || count0 == NULL)
		return -1;
	for (int j = 0; j <= FT_MAX_N; j++)
		counts[j] = 0;
	*count0 = 0;
	if (!valid_m(m) || n < 1 || n > FT_MAX_N || (lk = log2_exact(m / 2)) < 0)
		return -1;
	k = m / 2;
	z = lk + 1;                       /* z = log2 m */
	B = 1 + n * lk;                   /* log2 N */

	if (n % 2 == 0) {                                          /* Eq. (6) */
		rows(counts, 1, 1, 1, k, 1, 0);
		counts[1] -= 2;                                    /* k^j - 2 */
		rows(counts, 2, (n + 2) / 2 - 1, k - 1, k, 1, -1);
		rows(counts, (n + 2) / 2, (n + 2) / 2, k - 1, k, -1, n - 1);
		rows(counts, (n + 4) / 2, n - 1, k - 1, k, 1, -1);
		rows(counts, n, n, m - 1, k, 1, -1);
	} else if (z % 2 == 1) {                                   /* Eq. (7) */
		rows(counts, 1, 1, 1, k, 1, 0);
		counts[1] -= 2;
		rows(counts, 2, (n + 1) / 2 - 1, k - 1, k, 1, -1);
		rows(counts, (n + 1) / 2, (n + 1) / 2, k - 1, k, -1, n);
		rows(counts, (n + 3) / 2, n - 1, k - 1, k, 1, -1);
		rows(counts, n, n, m - 1, k, 1, -1);
	} else {                                                   /* Eq. (8) */
		rows(counts, 1, (n + 1) / 2 - 1, 0, k, 1, 0);
		rows(counts, (n + 1) / 2, (n + 1) / 2, k - ldexp(1.0, z / 2), k, 1, -1);
		rows(counts, (n + 3) / 2, n - 1, k - 1, k, 1, -1);
		rows(counts, n, n, m - 1, k, 1, -1);
	}
	*count0 = ldexp(1.0, B / 2);                               /* Eq. (10) */
	return 0;
}

void ft_graph_free(struct ft_graph *g)
{
	if (g == NULL)
		return;
	free(g->level);
	free(g->deg);
	free(g->adj);
	free(g->ndown);
	memset(g, 0, sizeof *g);
}

/*
 * Lin's rule, with Lin's level l = n-1-L (l = 0 at the roots): switch
 * <w, l> and <w', l+1> are joined when w and w' agree except at position l.
 * Word w = (w0..w_{n-2}) has index w0 k^(n-2) + ... + w_{n-2} (w0 < k at the
 * roots, < m below).  See fattree.h for the vertex numbering and link order.
 */
int ft_graph_build(struct ft_graph *g, int m, int n)
{
	int64_t N, S, V, k = m / 2, per_level, pw[FT_MAX_N];

	if (g == NULL)
		return -1;
	memset(g, 0, sizeof *g);
	if (n < 1 || n > FT_MAX_N)
		return -1;
	N = ft_nodes(m, n);
	S = ft_switches(m, n);
	if (N < 0 || S < 0 || N > INT64_MAX - S)
		return -1;
	V = N + S;
	if (V > FT_GRAPH_MAX_SLOTS / m)
		return -1;
	per_level = 2 * ipow(k, n - 1);
	for (int i = 0; i + 1 < n; i++)
		pw[i] = ipow(k, n - 2 - i);

	g->m = m;
	g->n = n;
	g->nodes = N;
	g->switches = S;
	g->level = malloc((size_t)V * sizeof *g->level);
	g->deg = malloc((size_t)V * sizeof *g->deg);
	g->ndown = malloc((size_t)V * sizeof *g->ndown);
	g->adj = malloc((size_t)V * (size_t)m * sizeof *g->adj);
	if (!g->level || !g->deg || !g->ndown || !g->adj) {
		ft_graph_free(g);
		return -1;
	}
	for (int64_t i = 0; i < V * m; i++)
		g->adj[i] = -1;

	for (int64_t q = 0; q < N; q++) {
		g->level[q] = -1;
		g->deg[q] = 1;
		g->ndown[q] = 0;
		g->adj[q * m] = N + (n == 1 ? 0 : q / k);
	}
	for (int L = 0; L < n; L++) {
		int l = n - 1 - L;
		int64_t base = N + L * per_level;
		int64_t count = L == n - 1 ? per_level / 2 : per_level;
		for (int64_t w = 0; w < count; w++) {
			int64_t v = base + w, *a = g->adj + v * m;
			int deg = 0, ndown;
			if (L == 0) {
				int64_t ports = n == 1 ? m : k;
				for (int64_t d = 0; d < ports; d++)
					a[deg++] = w * k + d;
			} else {
				int64_t wl = (w / pw[l]) % (l == 0 ? m : k);
				int64_t range = l == 0 ? m : k;
				for (int64_t d = 0; d < range; d++)
					a[deg++] = base - per_level + w + (d - wl) * pw[l];
			}
			ndown = deg;
			if (L < n - 1) {
				/* the parent level varies position l-1 (l >= 1 here) */
				int64_t wu = l - 1 == 0 ? w / pw[0] : (w / pw[l - 1]) % k;
				for (int64_t d = 0; d < k; d++)
					a[deg++] = base + per_level + w + (d - wu) * pw[l - 1];
			}
			g->level[v] = L;
			g->deg[v] = deg;
			g->ndown[v] = ndown;
		}
	}
	return 0;
}
