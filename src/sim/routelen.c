/*
 * routelen.c: the mean route length of a simulated network by walking its
 * routing function (routelen.h).
 */
#include "sim/routelen.h"

#include "sim/rng.h"

/* Channels crossed by one message from src to dst, or -1. */
static int walk(const struct sim_net *net, struct sim_msg *m, struct sim_cand *cand)
{
	int router = net->inj_router[m->src], in = -1;

	for (int hops = 0; hops <= 4 * net->nchan; hops++) {
		int n = net->route(net->route_ctx, m, router, in, cand), best = 0, ch;

		if (n <= 0)
			return -1;
		for (int i = 1; i < n; i++)
			if (cand[i].tier < cand[best].tier)
				best = i;
		m->st = cand[best].st;
		m->aux = cand[best].aux;
		m->hops++;
		ch = cand[best].buf / net->V;
		if (ch < 0 || ch >= net->nchan)
			return -1;
		if (net->chan[ch].to < 0 && net->relay && net->relay[net->chan[ch].node]) {
			router = net->inj_router[net->chan[ch].node];
			in = -1;        /* on from the relay's queue, as the core */
			continue;
		}
		if (net->chan[ch].to < 0)
			return m->hops;
		router = net->chan[ch].to;
		in = ch;
	}
	return -1;
}

double sim_mean_channels(const struct sim_net *net, uint64_t seed)
{
	struct sim_rng rng;
	struct sim_cand cand[SIM_MAX_CAND];
	int nsend = net->senders ? net->nsenders : net->nodes;
	double sum = 0, wsum = 0, n = 0;

	if (nsend < 1 || net->nodes < 2 || !net->route)
		return 0;
	if (net->weight)
		for (int i = 0; i < nsend; i++)
			wsum += net->weight[i];
	sim_rng_seed(&rng, seed, 0);
	for (int k = 0; k < SIM_ROUTELEN_SAMPLES; k++) {
		int s, d, h;
		struct sim_msg m = { 0 };

		if (net->weight && wsum > 0) {  /* by weight, as the engine draws */
			double u = sim_rng_unit(&rng) * wsum;
			for (s = 0; s < nsend - 1 && u >= net->weight[s]; s++)
				u -= net->weight[s];
		} else {
			s = (int)sim_rng_below(&rng, (uint32_t)nsend);
		}
		if (net->senders)
			s = net->senders[s];
		if (net->dest) {
			d = net->dest(net->dest_ctx, s, &rng);
		} else {
			d = (int)sim_rng_below(&rng, (uint32_t)(net->nodes - 1));
			if (d >= s)
				d++;
		}
		if (d < 0)
			continue;
		m.src = net->source ? net->source(net->dest_ctx, s, d) : s;
		m.dst = d;
		m.len = 1;
		m.next = -1;
		m.depart = -1;
		m.tag = -1;
		if (net->init)
			net->init(net->dest_ctx, &m, &rng);
		h = walk(net, &m, cand);
		if (h < 0)
			return 0;
		sum += h;
		n++;
	}
	return n > 0 ? sum / n : 0;
}
