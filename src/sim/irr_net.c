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
		  int node_link, int switch_link)
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
	if (!s->sw || !s->perm || !s->senders || !s->chan || !s->inj) {
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
	s->net = (struct sim_net){
		.routers = S + N, .nodes = N, .nchan = 2 * L + 2 * N, .V = V, .B = B,
		.chan = s->chan, .inj_router = s->inj,
		.route = irr_route, .route_ctx = s, .dest = irr_dest, .dest_ctx = s,
		.senders = s->senders, .nsenders = s->nsenders,
	};
	return 0;
}

double sim_irr_capacity(const struct sim_irr *s, int M)
{
	const struct irr_net *net = s->topo;
	const struct ud_routing *ud = s->ud;
	int S = s->S, N = s->N, L = net->nlinks, maxr = 2 * S + 2;
	double *load = calloc((size_t)2 * L, sizeof *load);
	double *f = malloc((size_t)2 * S * sizeof *f);
	double *rate = malloc((size_t)S * sizeof *rate);
	double *recv = calloc((size_t)N, sizeof *recv);
	int *order = malloc((size_t)2 * S * sizeof *order);
	int *cnt = malloc((size_t)(maxr + 1) * sizeof *cnt);
	double worst = 0, node = 0, sl = s->chan[0].period > 1 ? s->chan[0].period : 1;
	double nl = s->chan[2 * L].period > 1 ? s->chan[2 * L].period : 1;

	if (!load || !f || !rate || !recv || !order || !cnt) {
		free(load); free(f); free(rate); free(recv); free(order); free(cnt);
		return -1;
	}
	if (L == 0)
		sl = 1;
	for (int t = 0; t < S; t++) {
		int n = 0;

		/* per unit lambda: flits per cycle from each switch to switch t */
		for (int a = 0; a < S; a++)
			rate[a] = 0;
		for (int i = 0; i < s->nsenders; i++) {
			int q = s->senders[i];
			if (s->pattern == FT_UNIFORM) {
				int here = net->first_node[t + 1] - net->first_node[t];
				if (s->sw[q] == t)
					here--;
				rate[s->sw[q]] += (double)M * here / (N - 1);
			} else if (s->sw[s->perm[q]] == t) {
				rate[s->sw[q]] += M;
			}
		}
		/* states (u, p) by decreasing remaining length */
		for (int r = 0; r <= maxr; r++)
			cnt[r] = 0;
		for (int st = 0; st < 2 * S; st++) {
			int r = remaining(ud, st / 2, st % 2, t);
			f[st] = 0;
			if (r <= maxr)
				cnt[r]++;
		}
		for (int r = maxr, pos = 0; r >= 0; r--) {
			int c = cnt[r];
			cnt[r] = pos;
			pos += c;
		}
		for (int st = 0; st < 2 * S; st++) {
			int r = remaining(ud, st / 2, st % 2, t);
			if (r <= maxr)
				order[cnt[r]++] = st;
			n += r <= maxr;
		}
		for (int a = 0; a < S; a++)
			if (a != t)
				f[2 * a] = rate[a];
		for (int i = 0; i < n; i++) {
			int st = order[i], u = st / 2, p = st % 2, R = remaining(ud, u, p, t), k = 0;
			int nxt[IRR_MAX_PORTS], chs[IRR_MAX_PORTS];

			if (f[st] <= 0 || u == t)
				continue;
			for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++) {
				int v = net->adj[e], l = net->adj_link[e], up = ud_is_up_move(ud, l, u);
				int np = up ? 0 : 1;

				if (p == 1 && up)
					continue;
				if (remaining(ud, v, np, t) != R - 1)
					continue;
				nxt[k] = 2 * v + np;
				chs[k++] = net->links[l].a == u ? 2 * l : 2 * l + 1;
				if (s->routing == SIM_IRR_DETERMINISTIC)
					break;
			}
			for (int j = 0; j < k; j++) {
				load[chs[j]] += f[st] / k;
				f[nxt[j]] += f[st] / k;
			}
		}
	}
	for (int c = 0; c < 2 * L; c++)
		if (load[c] * sl > worst)
			worst = load[c] * sl;
	for (int i = 0; i < s->nsenders; i++) {
		int q = s->senders[i];
		recv[s->pattern == FT_UNIFORM ? q : s->perm[q]] += M;   /* uniform: 1 each */
	}
	node = M;                                   /* injection: lambda M per sender */
	for (int q = 0; q < N; q++)
		if (recv[q] > node)
			node = recv[q];
	node *= nl;
	if (node > worst)
		worst = node;
	free(load); free(f); free(rate); free(recv); free(order); free(cnt);
	return worst > 0 ? 1.0 / worst : -1;
}
