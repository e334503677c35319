/*
 * star_net.c: S_n as a simulated network and its Enhanced-Nbc routing
 * (contract in star_net.h).
 */
#include "sim/star_net.h"

#include <stdlib.h>
#include <string.h>

#include "topo/star.h"

void sim_star_free(struct sim_star *s)
{
	if (!s)
		return;
	free(s->perm);
	free(s->inv);
	free(s->parity);
	free(s->nbr);
	free(s->chan);
	free(s->inj);
	free(s->dist);
	free(s->prof);
	memset(s, 0, sizeof *s);
}

/* The relative permutation p[i] = position in b of the symbol at a's
 * position i; the identity when a == b. */
static void relative(const struct sim_star *s, int a, int b, int *p)
{
	const unsigned char *pa = s->perm + (size_t)a * s->n, *ib = s->inv + (size_t)b * s->n;

	for (int i = 0; i < s->n; i++)
		p[i] = ib[pa[i]];
}

int sim_star_distance(const struct sim_star *s, int a, int b)
{
	int p[SIM_STAR_MAX_N];

	relative(s, a, b, p);
	return star_perm_distance(p, s->n);
}

static int star_route(const void *ctx, const struct sim_msg *m, int r, int in_chan,
		      struct sim_cand *out)
{
	const struct sim_star *s = ctx;
	int V = s->V1 + s->V2, nc = 0;
	int p[SIM_STAR_MAX_N], d, lo, hi, neg, lvl = m->st, rel;
	int dims[SIM_STAR_MAX_N], nd = 0;
	unsigned prof;

	(void)in_chan;
	if (r == m->dst) {
		int base = (s->nodes * s->deg + r) * V;
		for (int v = 0; v < V; v++)
			out[nc++] = (struct sim_cand){ base + v, 0, lvl, 0 };
		return nc;
	}
	relative(s, r, m->dst, p);
	rel = (int)star_rank(p, s->n);
	d = s->dist[rel];
	/* the profitable dimensions in increasing order (deterministic: the
	 * lowest alone) */
	for (prof = s->prof[rel]; prof; prof &= prof - 1) {
		int j = 0;

		while (!(prof >> j & 1u))
			j++;
		dims[nd++] = j;
		if (s->deterministic)
			break;
	}
	neg = s->parity[r] == 1;
	hi = s->V2 - (d + 1) / 2 + 1;
	if (s->nbc == SIM_NBC_NONE) {
		lo = 1;
		hi = 0;
	} else if (lvl == 0) {
		lo = 1;
	} else {
		lo = neg ? lvl + 1 : lvl;
	}
	if (hi > s->V2)
		hi = s->V2;
	for (int i = 0; i < nd; i++) {
		int base = (r * s->deg + dims[i]) * V;
		for (int v = 0; v < s->V1; v++)
			out[nc++] = (struct sim_cand){ base + v, 0, 0, 0 };
		for (int l = lo; l <= hi; l++)
			out[nc++] = (struct sim_cand){ base + s->V1 + l - 1, l, l, 0 };
	}
	return nc;
}

int sim_star_build(struct sim_star *s, int n, int V1, int V2, int B, enum sim_nbc nbc,
		   int deterministic)
{
	int N, deg, p[SIM_STAR_MAX_N], q[SIM_STAR_MAX_N];

	memset(s, 0, sizeof *s);
	if (n < 2 || n > SIM_STAR_MAX_N || V1 < 0 || V2 < 0 || V1 + V2 < 1 || V1 + V2 > 64 || B < 1)
		return -1;
	N = (int)star_factorial(n);
	deg = n - 1;
	s->n = n;
	s->nodes = N;
	s->deg = deg;
	s->V1 = V1;
	s->V2 = V2;
	s->nbc = nbc;
	s->deterministic = deterministic;
	s->perm = malloc((size_t)N * n);
	s->inv = malloc((size_t)N * n);
	s->parity = malloc((size_t)N);
	s->nbr = malloc((size_t)N * deg * sizeof *s->nbr);
	s->chan = malloc(((size_t)N * deg + N) * sizeof *s->chan);
	s->inj = malloc((size_t)N * sizeof *s->inj);
	s->dist = malloc((size_t)N);
	s->prof = malloc((size_t)N * sizeof *s->prof);
	if (!s->perm || !s->inv || !s->parity || !s->nbr || !s->chan || !s->inj || !s->dist ||
	    !s->prof) {
		sim_star_free(s);
		return -1;
	}
	for (int u = 0; u < N; u++) {
		star_unrank(u, n, p);
		for (int i = 0; i < n; i++) {
			s->perm[(size_t)u * n + i] = (unsigned char)p[i];
			s->inv[(size_t)u * n + p[i]] = (unsigned char)i;
		}
		s->parity[u] = (unsigned char)star_perm_parity(p, n);
		s->dist[u] = (unsigned char)star_perm_distance(p, n);
		s->prof[u] = 0;
		for (int j = 1; j < n; j++) {
			memcpy(q, p, sizeof p);
			q[0] = p[j];
			q[j] = p[0];
			if (star_perm_distance(q, n) < s->dist[u])
				s->prof[u] |= (uint16_t)(1u << (j - 1));
		}
		for (int j = 1; j < n; j++) {
			memcpy(q, p, sizeof p);
			q[0] = p[j];
			q[j] = p[0];
			s->nbr[u * deg + j - 1] = (int)star_rank(q, n);
		}
		s->inj[u] = u;
	}
	for (int u = 0; u < N; u++) {
		for (int j = 0; j < deg; j++)
			s->chan[u * deg + j] = (struct sim_chan){ u, s->nbr[u * deg + j], -1 };
		s->chan[N * deg + u] = (struct sim_chan){ u, -1, u };
	}
	s->net = (struct sim_net){
		.routers = N, .nodes = N, .nchan = N * deg + N, .V = V1 + V2, .B = B,
		.chan = s->chan, .inj_router = s->inj,
		.route = star_route, .route_ctx = s,
	};
	return 0;
}
