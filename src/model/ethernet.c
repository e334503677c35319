/*
 * ethernet.c: the switched-Ethernet communication model (see ethernet.h):
 * point-to-point (Eq. 5), one-to-many (Eq. 6), multiple point-to-point
 * (Eq. 7), binomial broadcast (Eq. 8) and the one-to-many broadcast of the
 * paper's Figure 5.  Pure: no I/O, no globals, no threads.
 */
#include "model/ethernet.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

const char *eth_tree_name(enum eth_tree kind)
{
	return kind == ETH_TREE_HIGHBIT ? "highbit" : "lowbit";
}

void eth_model_free(struct eth_model *m)
{
	if (!m)
		return;
	free(m->C);
	free(m->t);
	free(m->inv_beta);
	memset(m, 0, sizeof *m);
}

static bool bad_rate(double b)
{
	return !(b > 0) || isnan(b);
}

int eth_model_init(struct eth_model *m, const struct eth_params *p, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	if (p->n < 1 || p->n > ETH_MAX_NODES)
		return fail(err, errlen, "%d nodes (allowed: 1 to %d)", p->n, ETH_MAX_NODES);
	if (bad_rate(p->beta))
		return fail(err, errlen, "link rate %g bytes/s (allowed: > 0)", p->beta);
	if (!(p->S >= 0))
		return fail(err, errlen, "threshold S = %g bytes (allowed: >= 0)", p->S);
	size_t n = (size_t)p->n;
	for (size_t i = 0; i < n; i++) {
		if (!(p->C[i] >= 0) || !isfinite(p->C[i]))
			return fail(err, errlen, "node %zu: C = %g s (allowed: a delay >= 0)", i,
				    p->C[i]);
		if (!(p->t[i] >= 0) || !isfinite(p->t[i]))
			return fail(err, errlen, "node %zu: t = %g s/byte (allowed: a delay >= 0)",
				    i, p->t[i]);
		if (p->nic && !isnan(p->nic[i]) && bad_rate(p->nic[i]))
			return fail(err, errlen, "node %zu: NIC rate %g bytes/s (allowed: > 0)", i,
				    p->nic[i]);
	}
	for (size_t k = 0; k < p->nlinks; k++) {
		const struct eth_link *l = &p->links[k];
		if (l->i < 0 || l->i >= p->n || l->j < 0 || l->j >= p->n || l->i == l->j)
			return fail(err, errlen, "link %zu: [%d, %d] (allowed: two different nodes "
				    "in 0..%d)", k, l->i, l->j, p->n - 1);
		if (bad_rate(l->beta))
			return fail(err, errlen, "link %zu: rate %g bytes/s (allowed: > 0)", k,
				    l->beta);
	}
	m->C = malloc(n * sizeof *m->C);
	m->t = malloc(n * sizeof *m->t);
	m->inv_beta = malloc(n * n * sizeof *m->inv_beta);
	if (!m->C || !m->t || !m->inv_beta) {
		eth_model_free(m);
		return fail(err, errlen, "out of memory");
	}
	m->n = p->n;
	memcpy(m->C, p->C, n * sizeof *m->C);
	memcpy(m->t, p->t, n * sizeof *m->t);
	for (size_t i = 0; i < n; i++) {
		double bi = p->nic && !isnan(p->nic[i]) ? p->nic[i] : p->beta;
		for (size_t j = 0; j < n; j++) {
			double bj = p->nic && !isnan(p->nic[j]) ? p->nic[j] : p->beta;
			m->inv_beta[i * n + j] = i == j ? 0.0 : 1.0 / (bi < bj ? bi : bj);
		}
	}
	for (size_t k = 0; k < p->nlinks; k++) {
		size_t i = (size_t)p->links[k].i, j = (size_t)p->links[k].j;
		m->inv_beta[i * n + j] = m->inv_beta[j * n + i] = 1.0 / p->links[k].beta;
	}
	m->S = p->S;
	m->Gamma = p->Gamma;
	m->tau = p->tau;
	m->tree = p->tree;
	return 0;
}

double eth_beta(const struct eth_model *m, int i, int j)
{
	double ib = m->inv_beta[(size_t)i * (size_t)m->n + (size_t)j];
	return ib > 0 ? 1.0 / ib : INFINITY;
}

/* The destination-side and network part of one message: C_j + t_j M + M/beta_ij. */
static double recv_part(const struct eth_model *m, int i, int j, double M)
{
	return m->C[j] + m->t[j] * M + M * m->inv_beta[(size_t)i * (size_t)m->n + (size_t)j];
}

double eth_p2p(const struct eth_model *m, int i, int j, double M)
{
	/* Summed pairwise so that T_ij == T_ji exactly when beta is symmetric. */
	return (m->C[i] + m->C[j]) + (m->t[i] + m->t[j]) * M +
	       M * m->inv_beta[(size_t)i * (size_t)m->n + (size_t)j];
}

int eth_one_to_many(const struct eth_model *m, int root, const int *dst, const double *M,
		    size_t nd, double *T, struct eth_o2m_detail *detail, char *err,
		    size_t errlen)
{
	unsigned char seen[ETH_MAX_NODES] = { 0 };
	struct eth_o2m_detail dt = { 0, 0, -1, 0 };

	if (root < 0 || root >= m->n)
		return fail(err, errlen, "root %d is not a node (allowed: 0 to %d)", root, m->n - 1);
	if (nd > (size_t)m->n)
		return fail(err, errlen, "%zu destinations (allowed: at most N = %d)", nd, m->n);
	double total = 0;
	for (size_t k = 0; k < nd; k++) {
		if (dst[k] < 0 || dst[k] >= m->n)
			return fail(err, errlen, "destination %zu: node %d does not exist (allowed: "
				    "0 to %d)", k, dst[k], m->n - 1);
		if (seen[dst[k]])
			return fail(err, errlen, "destination %zu: node %d is given twice (allowed: "
				    "each destination once)", k, dst[k]);
		seen[dst[k]] = 1;
		if (!(M[k] >= 0) || !isfinite(M[k]))
			return fail(err, errlen, "destination %zu: size %g bytes (allowed: >= 0)", k,
				    M[k]);
		total += M[k];
	}
	dt.source = m->C[root] + m->t[root] * total;
	/* The sender loop in list order: a large message (M > S) holds the
	 * sender until it is delivered; a small one (M <= S) releases it at
	 * once.  All large: the end is the sum of Eq. 6's first branch; all
	 * small: the max of its second branch. */
	double start = 0, end = 0;
	for (size_t k = 0; k < nd; k++) {
		double X = recv_part(m, root, dst[k], M[k]);
		double done = start + X;
		if (dt.last < 0 || done > end) {
			end = done;
			dt.last = (int)k;
		}
		if (M[k] > m->S) {
			start += X;
			dt.nlarge++;
		}
	}
	dt.spread = end;
	*T = dt.source + dt.spread;
	if (detail)
		*detail = dt;
	return 0;
}

int eth_pairs_check(int n, const int *pairs, size_t npairs, char *err, size_t errlen)
{
	int owner[ETH_MAX_NODES];
	for (int i = 0; i < ETH_MAX_NODES; i++)
		owner[i] = -1;
	for (size_t k = 0; k < npairs; k++) {
		int a = pairs[2 * k], b = pairs[2 * k + 1];
		for (int e = 0; e < 2; e++) {
			int v = e ? b : a;
			if (v < 0 || v >= n || v >= ETH_MAX_NODES)
				return fail(err, errlen, "pair %zu (%d-%d): node %d does not exist "
					    "(allowed: 0 to %d)", k, a, b, v, n - 1);
		}
		if (a == b)
			return fail(err, errlen, "pair %zu (%d-%d): a node cannot send to itself "
				    "(allowed: two different nodes)", k, a, b);
		for (int e = 0; e < 2; e++) {
			int v = e ? b : a;
			if (owner[v] >= 0) {
				size_t o = (size_t)owner[v];
				return fail(err, errlen, "node %d is in pair %zu (%d-%d) and pair %zu "
					    "(%d-%d) (allowed: disjoint pairs, each node in at most "
					    "one pair)", v, o, pairs[2 * o], pairs[2 * o + 1], k, a, b);
			}
			owner[v] = (int)k;
		}
	}
	return 0;
}

int eth_multi_p2p(const struct eth_model *m, const int *pairs, size_t npairs, double M,
		  double *T, size_t *slowest, char *err, size_t errlen)
{
	if (eth_pairs_check(m->n, pairs, npairs, err, errlen))
		return -1;
	double best = 0;
	size_t arg = 0;
	for (size_t k = 0; k < npairs; k++) {
		double x = eth_p2p(m, pairs[2 * k], pairs[2 * k + 1], M);
		if (k == 0 || x > best) {
			best = x;
			arg = k;
		}
	}
	*T = best;
	if (slowest)
		*slowest = arg;
	return 0;
}

/* ---- binomial trees over relative ranks -------------------------------- */

static int hibit(unsigned r)
{
	int b = -1;
	while (r) {
		b++;
		r >>= 1;
	}
	return b;
}

static int popcount(unsigned r)
{
	int c = 0;
	for (; r; r &= r - 1)
		c++;
	return c;
}

static int rel_parent(int r, enum eth_tree kind)
{
	if (r == 0)
		return -1;
	unsigned u = (unsigned)r;
	if (kind == ETH_TREE_HIGHBIT)
		return (int)(u & ~(1u << hibit(u)));
	return (int)(u & (u - 1));
}

/* Children of relative rank r in sending order; returns the count. */
static int rel_children(int N, int r, enum eth_tree kind, int *out)
{
	int c = 0;
	unsigned u = (unsigned)r;
	if (kind == ETH_TREE_HIGHBIT) {
		/* r | 2^i for 2^i above r's highest bit (r = 0: every i). */
		for (unsigned bit = r ? 2u << hibit(u) : 1u; bit < (unsigned)N; bit <<= 1)
			if (u + bit < (unsigned)N)
				out[c++] = (int)(u + bit);
	} else {
		/* r + 2^k for 2^k below r's lowest bit (r = 0: every k). */
		unsigned low = r ? (u & -u) : 1u << 30;
		for (unsigned bit = 1; bit < low && u + bit < (unsigned)N; bit <<= 1)
			out[c++] = (int)(u + bit);
	}
	return c;
}

static int rel_of(int N, int root, int rank)
{
	return ((rank - root) % N + N) % N;
}

static int abs_of(int N, int root, int r)
{
	return (r + root) % N;
}

int eth_tree_parent(int N, int root, int rank, enum eth_tree kind)
{
	int p = rel_parent(rel_of(N, root, rank), kind);
	return p < 0 ? -1 : abs_of(N, root, p);
}

int eth_tree_depth_of(int N, int root, int rank, enum eth_tree kind)
{
	(void)kind;   /* both trees: depth = number of set bits of r */
	return popcount((unsigned)rel_of(N, root, rank));
}

int eth_tree_children(int N, int root, int rank, enum eth_tree kind, int *out)
{
	int c = rel_children(N, rel_of(N, root, rank), kind, out);
	for (int k = 0; k < c; k++)
		out[k] = abs_of(N, root, out[k]);
	return c;
}

void eth_tree_shape(int N, enum eth_tree kind, int *leaves, int *depth)
{
	int kids[32], l = 0, d = 0;
	for (int r = 0; r < N; r++) {
		if (rel_children(N, r, kind, kids) == 0)
			l++;
		int pc = popcount((unsigned)r);
		if (pc > d)
			d = pc;
	}
	*leaves = l;
	*depth = d;
}

void eth_bcast_arrivals(const struct eth_model *m, int root, double M, double *arrive)
{
	int N = m->n;
	/* Parents have a smaller relative rank in both trees. */
	for (int r = 0; r < N; r++) {
		int v = abs_of(N, root, r);
		int p = rel_parent(r, m->tree);
		if (p < 0) {
			arrive[v] = 0;
		} else {
			int u = abs_of(N, root, p);
			arrive[v] = arrive[u] + eth_p2p(m, u, v, M);
		}
	}
}

double eth_bcast(const struct eth_model *m, int root, double M, struct eth_path *crit)
{
	double arrive[ETH_MAX_NODES];
	int N = m->n, kids[32], best = 0;
	double worst = -INFINITY;

	eth_bcast_arrivals(m, root, M, arrive);
	/* The max over the root-to-leaf paths (Eq. 8); leaves in increasing
	 * relative rank, so a tie keeps the lowest. */
	for (int r = 0; r < N; r++) {
		if (rel_children(N, r, m->tree, kids) != 0)
			continue;
		double a = arrive[abs_of(N, root, r)];
		if (a > worst) {
			worst = a;
			best = r;
		}
	}
	if (crit) {
		int rev[ETH_MAX_DEPTH + 1], len = 0;
		for (int r = best; r >= 0 && len <= ETH_MAX_DEPTH; r = rel_parent(r, m->tree))
			rev[len++] = abs_of(N, root, r);
		crit->len = len;
		for (int k = 0; k < len; k++)
			crit->node[k] = rev[len - 1 - k];
		crit->time = worst;
	}
	return worst + m->Gamma + m->tau * M;
}

double eth_bcast_min(const struct eth_model *m, int root, double lo, double hi, double *at)
{
	/* T(M) = max over leaves of lines with non-negative slopes, plus
	 * Gamma + tau M: convex in M.  With tau >= 0 it is non-decreasing (the
	 * minimum is at lo); otherwise a ternary search brackets the minimum. */
	double a = lo, b = hi;
	if (m->tau < 0) {
		for (int k = 0; k < 200 && b - a > 1e-12 * b; k++) {
			double m1 = a + (b - a) / 3, m2 = b - (b - a) / 3;
			if (eth_bcast(m, root, m1, NULL) <= eth_bcast(m, root, m2, NULL))
				b = m2;
			else
				a = m1;
		}
	}
	double best = lo, tmin = eth_bcast(m, root, lo, NULL);
	double cand[3] = { a, b, hi };
	for (int k = 0; k < 3; k++) {
		double v = eth_bcast(m, root, cand[k], NULL);
		if (v < tmin) {
			tmin = v;
			best = cand[k];
		}
	}
	if (at)
		*at = best;
	return tmin;
}

double eth_bcast_flat(const struct eth_model *m, int root, double M)
{
	int dst[ETH_MAX_NODES];
	double size[ETH_MAX_NODES], T = 0;
	size_t nd = 0;
	dst[nd] = root;
	size[nd++] = M;
	for (int j = 0; j < m->n; j++)
		if (j != root) {
			dst[nd] = j;
			size[nd++] = M;
		}
	eth_one_to_many(m, root, dst, size, nd, &T, NULL, NULL, 0);
	return T;
}
