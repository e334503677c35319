/*
 * irregular_gen.c: the seeded random generator of irregular networks in the
 * style of arnau et al. §3.1 (irr_generate; the algorithm is described in
 * irregular.h).  PRNG: xoshiro256** seeded through splitmix64 (topo/xoshiro.h),
 * all state local, so a seed gives the same network on every platform.
 */
#include "topo/irregular.h"
#include "topo/xoshiro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rng {
	uint64_t s[4];
};

static uint64_t rng_next(struct rng *r)
{
	return xoshiro256ss_next(r->s);
}

static void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = xoshiro_splitmix64(&seed);
}

/* Uniform in 0..n-1 (n >= 1), without modulo bias. */
static int rng_below(struct rng *r, int n)
{
	uint64_t un = (uint64_t)n;
	uint64_t lim = UINT64_MAX - UINT64_MAX % un;
	uint64_t x;
	do
		x = rng_next(r);
	while (x >= lim);
	return (int)(x % un);
}

/* Working state: adjacency matrix, degrees, link list. */
struct gen {
	int S, t;
	unsigned char *adj;        /* S*S */
	int *deg;
	struct irr_link *lk;
	int nl;
	struct rng rng;
};

static void add_link(struct gen *g, int u, int v)
{
	g->adj[(size_t)u * g->S + v] = g->adj[(size_t)v * g->S + u] = 1;
	g->deg[u]++;
	g->deg[v]++;
	g->lk[g->nl].a = u < v ? u : v;
	g->lk[g->nl].b = u < v ? v : u;
	g->nl++;
}

static void del_link(struct gen *g, int i)
{
	int u = g->lk[i].a, v = g->lk[i].b;
	g->adj[(size_t)u * g->S + v] = g->adj[(size_t)v * g->S + u] = 0;
	g->deg[u]--;
	g->deg[v]--;
	g->lk[i] = g->lk[--g->nl];
}

static int linked(const struct gen *g, int u, int v)
{
	return g->adj[(size_t)u * g->S + v];
}

/* Step 1: random spanning tree with degrees <= t (t >= 2 or S <= 2). */
static void spanning_tree(struct gen *g, int *perm, int *open)
{
	int S = g->S, nopen = 0;

	for (int i = 0; i < S; i++)
		perm[i] = i;
	for (int i = S - 1; i > 0; i--) {
		int j = rng_below(&g->rng, i + 1);
		int tmp = perm[i];
		perm[i] = perm[j];
		perm[j] = tmp;
	}
	open[nopen++] = perm[0];
	for (int i = 1; i < S; i++) {
		int k = rng_below(&g->rng, nopen);
		int u = open[k], v = perm[i];
		add_link(g, u, v);
		if (g->deg[u] >= g->t)
			open[k] = open[--nopen];
		if (g->deg[v] < g->t)
			open[nopen++] = v;
	}
}

/* Step 2: pair up switches still short of t links. */
static void random_fill(struct gen *g, int *defic, int *cand)
{
	int S = g->S, nd = 0;

	for (int u = 0; u < S; u++)
		if (g->deg[u] < g->t)
			defic[nd++] = u;
	while (nd >= 2) {
		int k = rng_below(&g->rng, nd);
		int u = defic[k], nc = 0;
		for (int i = 0; i < nd; i++) {
			int v = defic[i];
			if (v != u && !linked(g, u, v))
				cand[nc++] = i;
		}
		if (nc == 0) {            /* no partner now, nor later */
			defic[k] = defic[--nd];
			continue;
		}
		int i = cand[rng_below(&g->rng, nc)];
		int v = defic[i];
		add_link(g, u, v);
		/* remove the full ones, larger index first */
		int hi = i > k ? i : k, lo = i > k ? k : i;
		if (g->deg[defic[hi]] >= g->t)
			defic[hi] = defic[--nd];
		if (g->deg[defic[lo]] >= g->t)
			defic[lo] = defic[--nd];
	}
}

/* Find a link x-y, from a random start, with x,y outside {u,v}, x not
 * linked to u and y not linked to v (either orientation); v may equal u.
 * Returns the link index with *x, *y set, or -1. */
static int find_donor(struct gen *g, int u, int v, int *x, int *y)
{
	if (g->nl == 0)
		return -1;
	int start = rng_below(&g->rng, g->nl);
	for (int k = 0; k < g->nl; k++) {
		int i = (start + k) % g->nl;
		int a = g->lk[i].a, b = g->lk[i].b;
		if (a == u || a == v || b == u || b == v)
			continue;
		if (!linked(g, u, a) && !linked(g, v, b)) {
			*x = a;
			*y = b;
			return i;
		}
		if (!linked(g, u, b) && !linked(g, v, a)) {
			*x = b;
			*y = a;
			return i;
		}
	}
	return -1;
}

/* Step 3: degree-preserving, connectivity-preserving repairs. */
static void repair(struct gen *g)
{
	int S = g->S;

	for (int guard = 0; guard < 4 * S; guard++) {
		int u = -1, v = -1;
		for (int w = 0; w < S && u < 0; w++)
			if (g->deg[w] <= g->t - 2)
				u = w;
		if (u >= 0) {
			v = u;
		} else {
			for (int w = 0; w < S; w++) {
				if (g->deg[w] >= g->t)
					continue;
				if (u < 0)
					u = w;
				else if (v < 0)
					v = w;
			}
			if (v < 0)
				return;           /* at most one link short: done */
			if (!linked(g, u, v)) {
				add_link(g, u, v);
				continue;
			}
		}
		int x, y, i = find_donor(g, u, v, &x, &y);
		if (i < 0)
			return;
		del_link(g, i);
		add_link(g, u, x);
		add_link(g, v, y);
	}
}

static int cmp_link(const void *p, const void *q)
{
	const struct irr_link *a = p, *b = q;
	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	return (a->b > b->b) - (a->b < b->b);
}

int irr_generate(struct irr_net *net, const struct irr_gen_params *p,
		 char *msg, size_t msglen)
{
	memset(net, 0, sizeof *net);
	if (msg && msglen)
		msg[0] = '\0';
	int S = p->switches;
	if (S < 1 || S > IRR_MAX_SWITCHES || p->nodes < 0 || p->free_ports < 0
	    || p->nodes + p->free_ports > IRR_MAX_PORTS) {
		if (msg && msglen)
			snprintf(msg, msglen, "generator: %d switches, %d nodes, "
				 "%d free ports (allowed: 1..%d switches, "
				 "nodes + free ports <= %d)", S, p->nodes,
				 p->free_ports, IRR_MAX_SWITCHES, IRR_MAX_PORTS);
		return -1;
	}
	if (S > 1 && (p->links < 1 || p->links > p->free_ports
		      || (S > 2 && p->links < 2))) {
		if (msg && msglen)
			snprintf(msg, msglen, "generator: %d links per switch "
				 "(allowed: %d..%d, the free ports)", p->links,
				 S > 2 ? 2 : 1, p->free_ports);
		return -1;
	}

	struct gen g = { .S = S };
	g.t = S == 1 ? 0 : (p->links < S - 1 ? p->links : S - 1);
	rng_seed(&g.rng, p->seed);
	g.adj = calloc((size_t)S * S, 1);
	g.deg = calloc((size_t)S, sizeof *g.deg);
	g.lk = malloc(((size_t)S * g.t / 2 + 1) * sizeof *g.lk);
	int *w1 = malloc((size_t)S * sizeof *w1);
	int *w2 = malloc((size_t)S * sizeof *w2);
	int rc = -1;
	if (!g.adj || !g.deg || !g.lk || !w1 || !w2) {
		if (msg && msglen)
			snprintf(msg, msglen, "generator: out of memory");
		goto out;
	}
	if (S > 1) {
		spanning_tree(&g, w1, w2);
		random_fill(&g, w1, w2);
		repair(&g);
	}
	qsort(g.lk, (size_t)g.nl, sizeof *g.lk, cmp_link);

	struct irr_spec spec = {
		.switches = S, .nodes_each = p->nodes,
		.ports_each = p->nodes + p->free_ports,
		.links = g.lk, .nlinks = g.nl,
	};
	rc = irr_net_build(net, &spec, NULL, msg, msglen);
out:
	free(g.adj);
	free(g.deg);
	free(g.lk);
	free(w1);
	free(w2);
	return rc;
}
