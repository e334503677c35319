/*
 * star.c: cycle-type classes of the star graph S_n, their sizes, distances,
 * minimal path counts and profitable-channel profiles (see star.h).
 * Nothing here enumerates the n! nodes.
 */
#include "topo/star.h"

#include <stdlib.h>
#include <string.h>

int star_diameter(int n)
{
	return n < 1 ? 0 : 3 * (n - 1) / 2;
}

int star_neg_levels(int n)
{
	return (star_diameter(n) + 1) / 2;
}

int64_t star_factorial(int n)
{
	int64_t r = 1;

	if (n < 0 || n > 20)
		return -1;
	for (int i = 2; i <= n; i++)
		r *= i;
	return r;
}

/* Distance of class (l1, sum of parts, number of parts): Akers' formula. */
static int class_dist(int l1, int psum, int nparts)
{
	if (l1 == 1)
		return nparts + psum;
	return (nparts + 1) + (psum + l1) - 2;
}

static int class_f(int l1, int psum)
{
	return psum + (l1 >= 2 ? 1 : 0);
}

/* Cycle structure of a permutation: l1 and the other cycle lengths >= 2,
 * sorted non-increasing.  Returns the number of parts, or -1 if perm is not
 * a permutation of 0..n-1. */
static int perm_cycles(const int *perm, int n, int *l1, int parts[STAR_MAX_N])
{
	unsigned char seen[STAR_MAX_N] = { 0 };
	int np = 0;

	if (n < 1 || n > STAR_MAX_N)
		return -1;
	for (int i = 0; i < n; i++) {
		if (perm[i] < 0 || perm[i] >= n || seen[perm[i]])
			return -1;
		seen[perm[i]] = 1;
	}
	memset(seen, 0, sizeof seen);
	*l1 = 1;
	for (int i = 0; i < n; i++) {
		int len = 0;

		if (seen[i])
			continue;
		for (int j = i; !seen[j]; j = perm[j]) {
			seen[j] = 1;
			len++;
		}
		if (i == 0)
			*l1 = len;
		else if (len >= 2)
			parts[np++] = len;
	}
	/* insertion sort, non-increasing */
	for (int i = 1; i < np; i++) {
		int v = parts[i], j = i;

		while (j > 0 && parts[j - 1] < v) {
			parts[j] = parts[j - 1];
			j--;
		}
		parts[j] = v;
	}
	return np;
}

/* The cycle structure class of perm: l1 and the other cycles' number np
 * and total length psum; returns np, or -1 (not a permutation). */
static int perm_class(const int *perm, int n, int *l1, int *psum)
{
	int parts[STAR_MAX_N], np = perm_cycles(perm, n, l1, parts);

	*psum = 0;
	for (int i = 0; i < np; i++)
		*psum += parts[i];
	return np;
}

int star_perm_distance(const int *perm, int n)
{
	int l1, psum, np = perm_class(perm, n, &l1, &psum);

	return np < 0 ? -1 : class_dist(l1, psum, np);
}

int star_perm_parity(const int *perm, int n)
{
	int l1, parts[STAR_MAX_N], np, tr;

	np = perm_cycles(perm, n, &l1, parts);
	if (np < 0)
		return -1;
	tr = l1 - 1;              /* a cycle of length L is L-1 transpositions */
	for (int i = 0; i < np; i++)
		tr += parts[i] - 1;
	return tr & 1;
}

int star_perm_profitable(const int *perm, int n)
{
	int l1, psum;

	return perm_class(perm, n, &l1, &psum) < 0 ? -1 : class_f(l1, psum);
}

int64_t star_rank(const int *perm, int n)
{
	int64_t r = 0;

	for (int i = 0; i < n; i++) {
		int smaller = 0;

		for (int j = i + 1; j < n; j++)
			smaller += perm[j] < perm[i];
		r = r * (n - i) + smaller;
	}
	return r;
}

void star_unrank(int64_t r, int n, int *perm)
{
	int digit[20];
	unsigned char used[20] = { 0 };

	for (int i = n - 1; i >= 0; i--) {
		digit[i] = (int)(r % (n - i));
		r /= (n - i);
	}
	for (int i = 0; i < n; i++) {
		int k = digit[i];

		for (int s = 0; s < n; s++) {
			if (used[s])
				continue;
			if (k-- == 0) {
				perm[i] = s;
				used[s] = 1;
				break;
			}
		}
	}
}

/* --- class generation --------------------------------------------------- */

struct gen {
	struct star_class *out;  /* NULL: count only */
	int count;
	int n, l1;
};

/* Emit every multiset of parts >= 2, non-increasing, at most `max` each,
 * with sum <= room; parts[0..np-1] is the prefix chosen so far. */
static void gen_parts(struct gen *g, int *parts, int np, int room, int max)
{
	if (g->out) {
		struct star_class *c = &g->out[g->count];

		memset(c, 0, sizeof *c);
		c->l1 = g->l1;
		c->nparts = np;
		memcpy(c->parts, parts, (size_t)np * sizeof *parts);
	}
	g->count++;
	for (int p = max < room ? max : room; p >= 2; p--) {
		parts[np] = p;
		gen_parts(g, parts, np + 1, room - p, p);
	}
}

static int class_cmp(const void *a, const void *b)
{
	const struct star_class *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	if (x->l1 != y->l1)
		return x->l1 < y->l1 ? -1 : 1;
	for (int i = 0; i < x->nparts && i < y->nparts; i++)
		if (x->parts[i] != y->parts[i])
			return x->parts[i] > y->parts[i] ? -1 : 1;
	return (x->nparts > y->nparts) - (x->nparts < y->nparts);
}

static int find_class(const struct star_topo *t, int l1, const int *parts, int np)
{
	for (int c = 0; c < t->nclass; c++) {
		const struct star_class *k = &t->cls[c];

		if (k->l1 == l1 && k->nparts == np &&
		    memcmp(k->parts, parts, (size_t)np * sizeof *parts) == 0)
			return c;
	}
	return -1;
}

int star_class_of(const struct star_topo *t, const int *perm)
{
	int l1, parts[STAR_MAX_N], np;

	np = perm_cycles(perm, t->n, &l1, parts);
	if (np < 0)
		return -1;
	return find_class(t, l1, parts, np);
}

/*
 * Size of class (l1, parts): choose the l1 - 1 companions of symbol 1 and
 * arrange them in a cycle, C(n-1, l1-1) (l1-1)!, times the permutations of
 * the other r = n - l1 symbols with cycle type parts + fixed points,
 * r! / prod_j (j^{m_j} m_j!).  Exact in uint64 for n <= 20.
 */
static double class_size(int n, int l1, const int *parts, int np)
{
	uint64_t s = 1, denom = 1;
	int r = n - l1, psum = 0, mult[STAR_MAX_N + 1] = { 0 };

	for (int i = 0; i < l1 - 1; i++)
		s *= (uint64_t)(n - 1 - i);          /* (n-1)! / (n-l1)! */
	for (int i = 0; i < np; i++) {
		psum += parts[i];
		mult[parts[i]]++;
	}
	mult[1] = r - psum;
	for (int j = 1; j <= STAR_MAX_N; j++)
		for (int k = 1; k <= mult[j]; k++)
			denom *= (uint64_t)j * (uint64_t)k;
	s *= (uint64_t)star_factorial(r) / denom;
	return (double)s;
}

/* Remove one part equal to len from parts[0..np-1] into out (still sorted). */
static int drop_part(const int *parts, int np, int len, int *out)
{
	int k = 0, dropped = 0;

	for (int i = 0; i < np; i++) {
		if (!dropped && parts[i] == len) {
			dropped = 1;
			continue;
		}
		out[k++] = parts[i];
	}
	return k;
}

static void add_succ(struct star_class *c, int idx, int mult)
{
	for (int i = 0; i < c->nsucc; i++)
		if (c->succ[i] == idx) {
			c->mult[i] += mult;
			return;
		}
	c->succ[c->nsucc] = idx;
	c->mult[c->nsucc] = mult;
	c->nsucc++;
}

/* The profitable hops out of class c (see star.h): merge symbol 1's cycle
 * with another non-trivial cycle of length L (L m_L channels), or, if
 * l1 >= 2, send the first symbol home (one channel, l1 -> l1 - 1). */
static int link_class(struct star_topo *t, int ci)
{
	struct star_class *c = &t->cls[ci];
	int tmp[STAR_MAX_N], k, idx;

	c->nsucc = 0;
	if (c->dist == 0)
		return 0;
	for (int i = 0; i < c->nparts; i++) {
		int len = c->parts[i], m = 0;

		if (i > 0 && c->parts[i - 1] == len)
			continue;           /* parts are sorted: length done */
		for (int j = i; j < c->nparts && c->parts[j] == len; j++)
			m++;
		k = drop_part(c->parts, c->nparts, len, tmp);
		idx = find_class(t, c->l1 + len, tmp, k);
		if (idx < 0)
			return -1;
		add_succ(c, idx, len * m);  /* any symbol of any such cycle */
	}
	if (c->l1 >= 2) {
		idx = find_class(t, c->l1 - 1, c->parts, c->nparts);
		if (idx < 0)
			return -1;
		add_succ(c, idx, 1);
	}
	return 0;
}

int star_topo_init(struct star_topo *t, int n)
{
	struct gen g = { 0 };
	int parts[STAR_MAX_N];
	double wsum = 0.0;

	memset(t, 0, sizeof *t);
	if (n < STAR_MIN_N || n > STAR_MAX_N)
		return -1;
	g.n = n;
	for (g.l1 = 1; g.l1 <= n; g.l1++)
		gen_parts(&g, parts, 0, n - g.l1, n);
	t->cls = calloc((size_t)g.count, sizeof *t->cls);
	if (!t->cls)
		return -1;
	g.out = t->cls;
	g.count = 0;
	for (g.l1 = 1; g.l1 <= n; g.l1++)
		gen_parts(&g, parts, 0, n - g.l1, n);
	t->n = n;
	t->nclass = g.count;
	t->nodes = (double)star_factorial(n);

	for (int i = 0; i < t->nclass; i++) {
		struct star_class *c = &t->cls[i];
		int psum = 0;

		for (int j = 0; j < c->nparts; j++)
			psum += c->parts[j];
		c->misplaced = psum + (c->l1 >= 2 ? c->l1 : 0);
		c->cycles = c->nparts + (c->l1 >= 2 ? 1 : 0);
		c->dist = class_dist(c->l1, psum, c->nparts);
		c->f = c->dist == 0 ? 0 : class_f(c->l1, psum);
		c->parity = (c->misplaced - c->cycles) & 1;
		c->size = class_size(n, c->l1, c->parts, c->nparts);
	}
	qsort(t->cls, (size_t)t->nclass, sizeof *t->cls, class_cmp);

	for (int i = 0; i < t->nclass; i++) {
		struct star_class *c = &t->cls[i];

		if (link_class(t, i) < 0) {
			star_topo_free(t);
			return -1;
		}
		/* successors have smaller dist, hence smaller index: done */
		if (c->dist == 0) {
			t->identity = i;
			c->paths = c->path_sets = 1.0;
		} else {
			c->paths = c->path_sets = 0.0;
			for (int j = 0; j < c->nsucc; j++) {
				c->paths += c->mult[j] * t->cls[c->succ[j]].paths;
				c->path_sets += t->cls[c->succ[j]].path_sets;
			}
		}
		if (c->dist > t->diameter)
			t->diameter = c->dist;
		t->dist_count[c->dist] += c->size;
		wsum += c->size * c->dist;
	}
	t->mean_dist = n > 1 ? wsum / (t->nodes - 1.0) : 0.0;
	return 0;
}

void star_topo_free(struct star_topo *t)
{
	if (!t)
		return;
	free(t->cls);
	t->cls = NULL;
	t->nclass = 0;
}

size_t star_profile_len(const struct star_topo *t)
{
	return (size_t)t->nclass * (size_t)(t->diameter + 1) * (size_t)t->n;
}

/*
 * Backward over the classes (successors come first in the array): the
 * profile of class c is the indicator of (dist, f) at its first hop plus
 * the successors' profiles, weighted by the probability of moving to each:
 *   ADAPTIVE  mult / f                       (each channel alike)
 *   MINIMAL   mult * paths(succ) / paths(c)  (each minimal path alike)
 *   SETS      path_sets(succ) / path_sets(c) (each class sequence alike)
 * A successor's profile only has entries for d < dist(c), so the sums for
 * each d stay one.
 */
int star_profile(const struct star_topo *t, enum star_paths w, double *out)
{
	size_t stride = (size_t)(t->diameter + 1) * (size_t)t->n;

	if ((int)w < 0 || w >= STAR_PATHS_COUNT)
		return -1;
	memset(out, 0, star_profile_len(t) * sizeof *out);
	for (int ci = 0; ci < t->nclass; ci++) {
		const struct star_class *c = &t->cls[ci];
		double *row = out + (size_t)ci * stride;

		if (c->dist == 0)
			continue;
		row[(size_t)c->dist * (size_t)t->n + (size_t)c->f] = 1.0;
		for (int j = 0; j < c->nsucc; j++) {
			const struct star_class *s = &t->cls[c->succ[j]];
			const double *srow = out + (size_t)c->succ[j] * stride;
			double p;

			switch (w) {
			case STAR_PATHS_ADAPTIVE:
				p = (double)c->mult[j] / c->f;
				break;
			case STAR_PATHS_MINIMAL:
				p = c->mult[j] * s->paths / c->paths;
				break;
			default:
				p = s->path_sets / c->path_sets;
				break;
			}
			for (size_t k = 0; k < (size_t)s->dist * (size_t)t->n + (size_t)t->n; k++)
				row[k] += p * srow[k];
		}
	}
	return 0;
}
