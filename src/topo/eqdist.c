/*
 * eqdist.c: the equivalent-distance table (effective resistance of the
 * shortest-legal-route subnetwork of each pair) by envelope Cholesky.
 * See eqdist.h for the method.
 */
#include "topo/eqdist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct solver {
	const struct ud_routing *ud;
	struct ud_scratch *w;
	int *links;                /* L: links of the current subnetwork */
	int *sw;                   /* S: its switches, a first, b last */
	int *local;                /* S: switch -> row (valid for sw[] only) */
	int *first;                /* S: first column of each envelope row */
	size_t *off;               /* S+1: start of each row in env */
	double *env;               /* envelope of the grounded Laplacian / L */
	size_t env_cap;
};

static void solver_free(struct solver *s)
{
	ud_scratch_free(s->w);
	free(s->links);
	free(s->sw);
	free(s->local);
	free(s->first);
	free(s->off);
	free(s->env);
}

static int solver_init(struct solver *s, const struct ud_routing *ud)
{
	int S = ud->S, L = ud->net->nlinks;
	memset(s, 0, sizeof *s);
	s->ud = ud;
	s->w = ud_scratch_new(ud);
	s->links = malloc((size_t)(L > 0 ? L : 1) * sizeof *s->links);
	s->sw = malloc((size_t)S * sizeof *s->sw);
	s->local = malloc((size_t)S * sizeof *s->local);
	s->first = malloc((size_t)S * sizeof *s->first);
	s->off = malloc((size_t)(S + 1) * sizeof *s->off);
	s->env_cap = 1024;
	s->env = malloc(s->env_cap * sizeof *s->env);
	if (!s->w || !s->links || !s->sw || !s->local || !s->first || !s->off
	    || !s->env) {
		solver_free(s);
		return -1;
	}
	return 0;
}

/* Effective resistance between a and b (a != b), or -1. */
static double solve_pair(struct solver *s, int a, int b)
{
	const struct irr_net *net = s->ud->net;
	int n, nl = ud_route_links(s->ud, a, b, s->w, s->links, s->sw, &n);

	if (nl == n - 1)                   /* a single path: series resistors */
		return (double)nl;

	/* rows: the switches other than b, in reverse order of reach (a last) */
	int m = n - 1;
	for (int k = 0; k < m; k++)
		s->local[s->sw[k]] = m - 1 - k;
	s->local[b] = -1;
	for (int i = 0; i < m; i++)
		s->first[i] = i;
	for (int k = 0; k < nl; k++) {
		const struct irr_link *lk = &net->links[s->links[k]];
		int i = s->local[lk->a], j = s->local[lk->b];
		if (i < 0 || j < 0)
			continue;
		if (i < j) {
			int t = i;
			i = j;
			j = t;
		}
		if (j < s->first[i])
			s->first[i] = j;
	}
	s->off[0] = 0;
	for (int i = 0; i < m; i++)
		s->off[i + 1] = s->off[i] + (size_t)(i - s->first[i] + 1);
	if (s->off[m] > s->env_cap) {
		size_t cap = s->off[m] * 2;
		double *e = realloc(s->env, cap * sizeof *e);
		if (!e)
			return -1;
		s->env = e;
		s->env_cap = cap;
	}
	double *env = s->env;
	memset(env, 0, s->off[m] * sizeof *env);
#define AT(i, j) env[s->off[i] + (size_t)((j) - s->first[i])]
	for (int k = 0; k < nl; k++) {
		const struct irr_link *lk = &net->links[s->links[k]];
		int i = s->local[lk->a], j = s->local[lk->b];
		if (i >= 0)
			AT(i, i) += 1.0;
		if (j >= 0)
			AT(j, j) += 1.0;
		if (i >= 0 && j >= 0) {
			if (i < j)
				AT(j, i) -= 1.0;
			else
				AT(i, j) -= 1.0;
		}
	}

	/* envelope Cholesky, row by row: A = L L' */
	double piv = 0.0;
	for (int i = 0; i < m; i++) {
		int ci = s->first[i];
		double *ri = &env[s->off[i] - (size_t)ci];   /* ri[j] = L(i,j) */
		for (int j = ci; j < i; j++) {
			int cj = s->first[j];
			const double *rj = &env[s->off[j] - (size_t)cj];
			double t = ri[j];
			for (int k = ci > cj ? ci : cj; k < j; k++)
				t -= ri[k] * rj[k];
			ri[j] = t / rj[j];
		}
		double t = ri[i];
		for (int k = ci; k < i; k++)
			t -= ri[k] * ri[k];
		if (!(t > 0.0))
			return -1;
		piv = t;
		ri[i] = sqrt(t);
	}
#undef AT
	return 1.0 / piv;                  /* a is the last row: 1 / L_aa^2 */
}

double eq_pair(const struct ud_routing *ud, int a, int b)
{
	if (a == b)
		return 0.0;
	struct solver s;
	if (solver_init(&s, ud))
		return -1;
	double r = solve_pair(&s, a, b);
	solver_free(&s);
	return r;
}

int eq_table(const struct ud_routing *ud, double *T, const atomic_int *cancel,
	     eq_progress_fn progress, void *ctx)
{
	int S = ud->S;
	struct solver s;
	if (solver_init(&s, ud))
		return -1;

	double total = (double)S * (S - 1) / 2, done = 0, next_report = 0;
	int rc = 0;
	for (int a = 0; a < S && rc == 0; a++) {
		if (cancel && atomic_load(cancel)) {
			rc = 1;
			break;
		}
		T[(size_t)a * S + a] = 0.0;
		for (int b = a + 1; b < S; b++) {
			double r = solve_pair(&s, a, b);
			if (r < 0) {
				rc = -1;
				break;
			}
			T[(size_t)a * S + b] = T[(size_t)b * S + a] = r;
		}
		done += S - 1 - a;
		if (progress && total > 0 && (done >= next_report || done == total)) {
			progress(ctx, done / total);
			next_report = done + total / 200;
		}
	}
	solver_free(&s);
	return rc;
}

static int cmp_double(const void *p, const void *q)
{
	double x = *(const double *)p, y = *(const double *)q;
	return (x > y) - (x < y);
}

int eq_distribution(const double *T, int S, struct eq_value *out, int cap)
{
	size_t np = (size_t)S * (S - 1) / 2, k = 0;
	if (np == 0)
		return 0;
	double *v = malloc(np * sizeof *v);
	if (!v)
		return -1;
	for (int a = 0; a < S; a++)
		for (int b = a + 1; b < S; b++)
			v[k++] = T[(size_t)a * S + b];
	qsort(v, np, sizeof *v, cmp_double);

	int ng = 0;
	for (size_t i = 0; i < np;) {
		size_t j = i;
		while (j < np && v[j] - v[i] <= EQ_GROUP_TOL)
			j++;
		if (ng < cap) {
			out[ng].value = v[i];
			out[ng].count = 2 * (long)(j - i);   /* ordered pairs */
		}
		ng++;
		i = j;
	}
	free(v);
	return ng;
}

void eq_row_means(const double *T, int S, double *mean)
{
	for (int a = 0; a < S; a++) {
		double sum = 0;
		for (int b = 0; b < S; b++)
			if (b != a)
				sum += T[(size_t)a * S + b];
		mean[a] = S > 1 ? sum / (S - 1) : 0.0;
	}
}

void eq_mean_hops(const struct ud_routing *ud, double *mean)
{
	int S = ud->S;
	for (int a = 0; a < S; a++) {
		double sum = 0;
		for (int b = 0; b < S; b++)
			sum += ud_hops(ud, a, b);
		mean[a] = S > 1 ? sum / (S - 1) : 0.0;
	}
}

void eq_mean_route_length(const struct ud_routing *ud, double *mean)
{
	int S = ud->S;
	for (int a = 0; a < S; a++) {
		double sum = 0;
		for (int b = 0; b < S; b++)
			sum += ud_dist(ud, a, b);
		mean[a] = S > 1 ? sum / (S - 1) : 0.0;
	}
}
