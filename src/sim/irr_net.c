/*
 * irr_net.c: irregular networks under up*-down* routing as simulated
 * networks (contract in irr_net.h).
 */
#include "sim/irr_net.h"

#include <stdlib.h>
#include <string.h>

void sim_irr_free(struct sim_irr *s)
{
	if (!s)
		return;
	free(s->sw);
	free(s->perm);
	free(s->senders);
	free(s->chan);
	free(s->inj);
	free(s->delay);
	memset(s, 0, sizeof *s);
}

/* Remaining legal route length from state (v, phase) to switch t. */
static int remaining(const struct ud_routing *ud, int v, int phase, int t)
{
	int S = ud->S;

	if (phase == 0)
		return ud_dist(ud, t, v);
	return ud->fwd[((size_t)t * S + v) * 2 + 0];
}

static int irr_route(const void *ctx, const struct sim_msg *m, int r, int in_chan,
		     struct sim_cand *out)
{
	const struct sim_irr *s = ctx;
	const struct irr_net *net = s->topo;
	const struct ud_routing *ud = s->ud;
	int V = s->net.V, nc = 0, t = s->sw[m->dst], L = net->nlinks;

	(void)in_chan;
	if (r >= s->S) {                       /* a node: its injection link */
		int base = (2 * L + (r - s->S)) * V;
		for (int v = 0; v < V; v++)
			out[nc++] = (struct sim_cand){ base + v, 0, 0, 0 };
		return nc;
	}
	if (r == t) {                          /* ejection */
		int base = (2 * L + s->N + m->dst) * V;
		for (int v = 0; v < V; v++)
			out[nc++] = (struct sim_cand){ base + v, 0, m->st, 0 };
		return nc;
	}
	{
		int phase = m->st, R;

		if (s->routing == SIM_IRR_SHORTEST)
			R = ud_hops(ud, r, t);
		else
			R = remaining(ud, r, phase, t);
		for (int e = net->adj_start[r]; e < net->adj_start[r + 1]; e++) {
			int v = net->adj[e], l = net->adj_link[e], np, ok;
			int ch = net->links[l].a == r ? 2 * l : 2 * l + 1;

			if (s->routing == SIM_IRR_SHORTEST) {
				ok = ud_hops(ud, v, t) == R - 1;
				np = 0;
			} else {
				int up = ud_is_up_move(ud, l, r);
				if (phase == 1 && up)
					continue;
				np = up ? 0 : 1;
				ok = remaining(ud, v, np, t) == R - 1;
			}
			if (!ok)
				continue;
			for (int w = 0; w < V; w++)
				out[nc++] = (struct sim_cand){ ch * V + w, 0, np, 0 };
			if (s->routing == SIM_IRR_DETERMINISTIC || nc + V > SIM_MAX_CAND)
				break;
		}
	}
	return nc;
}

static int irr_dest(const void *ctx, int src, struct sim_rng *rng)
{
	const struct sim_irr *s = ctx;
	int d;

	if (s->pattern != FT_UNIFORM)
		return s->perm[src];
	d = (int)sim_rng_below(rng, (uint32_t)(s->N - 1));
	return d >= src ? d + 1 : d;
}

int sim_irr_build(struct sim_irr *s, const struct irr_net *topo, const struct ud_routing *ud,
		  int V, int B, enum sim_irr_routing routing, enum ft_pattern pattern,
		  int node_link, int switch_link, int booksim)
{
	int S = topo ? topo->switches : 0, N, L, bits = 0;

	memset(s, 0, sizeof *s);
	if (!topo || !ud || V < 1 || V > 64 || B < 1 || node_link < 1 || switch_link < 1 ||
	    (pattern != FT_UNIFORM && pattern != FT_BITREV && pattern != FT_SHUFFLE &&
	     pattern != FT_BUTTERFLY))
		return -1;
	N = topo->first_node[S];
	L = topo->nlinks;
	if (N < 2)
		return -1;
	s->topo = topo;
	s->ud = ud;
	s->S = S;
	s->N = N;
	s->routing = routing;
	s->pattern = pattern;
	s->sw = malloc((size_t)N * sizeof *s->sw);
	s->perm = malloc((size_t)N * sizeof *s->perm);
	s->senders = malloc((size_t)N * sizeof *s->senders);
	s->chan = malloc((size_t)(2 * L + 2 * N) * sizeof *s->chan);
	s->inj = malloc((size_t)N * sizeof *s->inj);
	if (booksim)
		s->delay = calloc((size_t)(S + N), sizeof *s->delay);
	if (!s->sw || !s->perm || !s->senders || !s->chan || !s->inj || (booksim && !s->delay)) {
		sim_irr_free(s);
		return -1;
	}
	for (int u = 0; u < S; u++)
		for (int q = topo->first_node[u]; q < topo->first_node[u + 1]; q++)
			s->sw[q] = u;
	while ((1L << bits) < N)
		bits++;
	for (int q = 0; q < N; q++) {
		int d = -1;

		if (pattern != FT_UNIFORM) {
			long long x = ft_perm_apply(pattern, bits, q);
			d = x >= 0 && x < N && x != q ? (int)x : -1;
		}
		s->perm[q] = d;
		if (pattern == FT_UNIFORM || d >= 0)
			s->senders[s->nsenders++] = q;
		s->inj[q] = S + q;
	}
	if (!s->nsenders) {
		sim_irr_free(s);
		return -1;
	}
	for (int l = 0; l < L; l++) {
		s->chan[2 * l] = (struct sim_chan){ topo->links[l].a, topo->links[l].b, -1, switch_link };
		s->chan[2 * l + 1] = (struct sim_chan){ topo->links[l].b, topo->links[l].a, -1, switch_link };
	}
	for (int q = 0; q < N; q++) {
		s->chan[2 * L + q] = (struct sim_chan){ S + q, s->sw[q], -1, node_link };
		s->chan[2 * L + N + q] = (struct sim_chan){ s->sw[q], -1, q, node_link };
	}
	if (booksim)
		for (int u = 0; u < S; u++)
			s->delay[u] = 3;
	s->net = (struct sim_net){
		.routers = S + N, .nodes = N, .nchan = 2 * L + 2 * N, .V = V, .B = B,
		.chan = s->chan, .inj_router = s->inj, .router_delay = s->delay,
		.inj_delay = booksim ? 1 : 0,
		.route = irr_route, .route_ctx = s, .dest = irr_dest, .dest_ctx = s,
		.senders = s->senders, .nsenders = s->nsenders,
	};
	return 0;
}
