/*
 * cluster.c: k-medoids (PAM: BUILD + SWAP) on the equivalent-distance
 * table, group statistics and MPI hostfiles.  See cluster.h.
 */
#include "topo/cluster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT(T, S, i, j) ((T)[(size_t)(i) * (S) + (j)])

void cl_free(struct cl_result *res)
{
	if (!res)
		return;
	free(res->group);
	free(res->medoid);
	free(res->size);
	free(res->group_intra);
	memset(res, 0, sizeof *res);
}

/* Nearest (n1, D) and second-nearest distance (E) to the medoid set. */
static void assign(const double *T, int S, const int *med, int k, int *n1,
		   double *D, double *E)
{
	for (int j = 0; j < S; j++) {
		double d1 = INFINITY, d2 = INFINITY;
		int best = -1;
		for (int i = 0; i < k; i++) {
			double d = AT(T, S, med[i], j);
			if (d < d1 || (d == d1 && med[i] < best)) {
				d2 = d1;
				d1 = d;
				best = med[i];
			} else if (d < d2) {
				d2 = d;
			}
		}
		n1[j] = best;
		D[j] = d1;
		E[j] = d2;
	}
}

static void build(const double *T, int S, int k, int *med, int *n1,
		  double *D, double *E, unsigned char *is_med)
{
	/* first medoid: least total distance */
	int best = 0;
	double best_sum = INFINITY;
	for (int i = 0; i < S; i++) {
		double sum = 0;
		for (int j = 0; j < S; j++)
			sum += AT(T, S, i, j);
		if (sum < best_sum) {
			best_sum = sum;
			best = i;
		}
	}
	med[0] = best;
	is_med[best] = 1;
	for (int j = 0; j < S; j++)
		D[j] = AT(T, S, best, j);
	for (int m = 1; m < k; m++) {
		double best_gain = -1;
		best = -1;
		for (int i = 0; i < S; i++) {
			if (is_med[i])
				continue;
			double gain = 0;
			for (int j = 0; j < S; j++) {
				double d = D[j] - AT(T, S, i, j);
				if (d > 0)
					gain += d;
			}
			if (gain > best_gain) {
				best_gain = gain;
				best = i;
			}
		}
		med[m] = best;
		is_med[best] = 1;
		for (int j = 0; j < S; j++)
			if (AT(T, S, best, j) < D[j])
				D[j] = AT(T, S, best, j);
	}
	assign(T, S, med, k, n1, D, E);
}

/* One SWAP step: the best exchange; returns 1 if it lowered the cost. */
static int swap_step(const double *T, int S, int k, int *med, int *n1,
		     double *D, double *E, unsigned char *is_med, double scale)
{
	double best = 0;
	int bi = -1, bh = -1;
	for (int i = 0; i < k; i++) {
		int m = med[i];
		for (int h = 0; h < S; h++) {
			if (is_med[h])
				continue;
			double delta = 0;
			const double *th = &T[(size_t)h * S];
			for (int j = 0; j < S; j++) {
				double dh = th[j];
				if (n1[j] == m)
					delta += (dh < E[j] ? dh : E[j]) - D[j];
				else if (dh < D[j])
					delta += dh - D[j];
			}
			if (delta < best) {
				best = delta;
				bi = i;
				bh = h;
			}
		}
	}
	if (bi < 0 || best >= -1e-12 * scale)
		return 0;
	is_med[med[bi]] = 0;
	is_med[bh] = 1;
	med[bi] = bh;
	assign(T, S, med, k, n1, D, E);
	return 1;
}

static int cmp_int(const void *p, const void *q)
{
	int a = *(const int *)p, b = *(const int *)q;
	return (a > b) - (a < b);
}

static void statistics(const double *T, int S, int k, struct cl_result *res)
{
	double in = 0, out = 0;
	long nin = 0, nout = 0;
	for (int g = 0; g < k; g++)
		res->group_intra[g] = 0;
	for (int a = 0; a < S; a++)
		for (int b = 0; b < S; b++) {
			if (a == b)
				continue;
			if (res->group[a] == res->group[b]) {
				in += AT(T, S, a, b);
				nin++;
				res->group_intra[res->group[a]] += AT(T, S, a, b);
			} else {
				out += AT(T, S, a, b);
				nout++;
			}
		}
	for (int g = 0; g < k; g++) {
		long n = (long)res->size[g] * (res->size[g] - 1);
		res->group_intra[g] = n > 0 ? res->group_intra[g] / (double)n : 0;
	}
	res->mean_intra = nin ? in / (double)nin : 0;
	res->mean_inter = nout ? out / (double)nout : 0;
}

int cl_pam(const double *T, int S, int k, struct cl_result *res,
	   const atomic_int *cancel)
{
	memset(res, 0, sizeof *res);
	if (S < 1 || k < 1 || k > S)
		return -1;
	int *med = malloc((size_t)k * sizeof *med);
	int *n1 = malloc((size_t)S * sizeof *n1);
	double *D = malloc((size_t)S * sizeof *D);
	double *E = malloc((size_t)S * sizeof *E);
	unsigned char *is_med = calloc((size_t)S, 1);
	int rc = -1;
	res->group = malloc((size_t)S * sizeof *res->group);
	res->medoid = malloc((size_t)k * sizeof *res->medoid);
	res->size = calloc((size_t)k, sizeof *res->size);
	res->group_intra = calloc((size_t)k, sizeof *res->group_intra);
	if (!med || !n1 || !D || !E || !is_med || !res->group || !res->medoid
	    || !res->size || !res->group_intra)
		goto out;
	res->S = S;
	res->k = k;

	double scale = 0;
	for (size_t i = 0; i < (size_t)S * S; i++)
		scale += fabs(T[i]);
	build(T, S, k, med, n1, D, E, is_med);
	for (int it = 0; it < 100 * S; it++) {
		if (cancel && atomic_load(cancel)) {
			rc = 1;
			goto out;
		}
		if (!swap_step(T, S, k, med, n1, D, E, is_med, scale))
			break;
		res->swaps++;
	}

	/* final assignment with the medoids sorted by label (ties go to the
	 * lower label); groups numbered in order of their lowest switch */
	qsort(med, (size_t)k, sizeof *med, cmp_int);
	assign(T, S, med, k, n1, D, E);
	res->cost = 0;
	for (int j = 0; j < S; j++)
		res->cost += D[j];
	int *group_of = calloc((size_t)S, sizeof *group_of);  /* medoid -> group+1 */
	if (!group_of)
		goto out;
	int ng = 0;
	for (int j = 0; j < S; j++) {
		int m = n1[j];
		if (!group_of[m]) {
			res->medoid[ng] = m;
			group_of[m] = ++ng;
		}
		res->group[j] = group_of[m] - 1;
		res->size[group_of[m] - 1]++;
	}
	free(group_of);
	if (ng != k)                         /* a zero off-diagonal entry */
		goto out;
	statistics(T, S, k, res);
	rc = 0;
out:
	free(med);
	free(n1);
	free(D);
	free(E);
	free(is_med);
	if (rc != 0)
		cl_free(res);
	return rc;
}

long cl_hostfile(const struct irr_net *net, const struct cl_result *res, int g,
		 char *buf, size_t cap)
{
	if (!net || !res || res->S != net->switches || g < 0 || g >= res->k)
		return -1;
	size_t len = 0;
	if (buf && cap > 0)
		buf[0] = '\0';
	for (int s = 0; s < net->switches; s++) {
		if (res->group[s] != g)
			continue;
		for (int j = 0; j < net->nodes[s]; j++) {
			char line[48];
			int n = snprintf(line, sizeof line, "sw%d-n%d slots=1\n", s, j);
			if (buf && len + 1 < cap) {
				size_t room = cap - 1 - len;
				size_t c = (size_t)n < room ? (size_t)n : room;
				memcpy(buf + len, line, c);
				buf[len + c] = '\0';
			}
			len += (size_t)n;
		}
	}
	return (long)len;
}
