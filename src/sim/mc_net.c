/*
 * mc_net.c: multi-cluster systems of m-port n-trees as simulated networks
 * (contract in mc_net.h).
 */
#include "sim/mc_net.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { T_ICN1 = 0, T_ECN1 = 1, T_ICN2 = 2 };

static long ipow(long b, int e)
{
	long r = 1;
	while (e-- > 0)
		r *= b;
	return r;
}

static int add_chan(struct sim_mc *s, int from, int to, int node, int period);

/* A link into cluster c's concentrator: it ends at the router
 * (cut-through) or at the concentrator's relay node (buffered). */
static int add_into(struct sim_mc *s, int from, int c, int period)
{
	if (s->sp.buffered)
		return add_chan(s, from, -1, 2 * s->N + c, period);
	return add_chan(s, from, s->conc0 + c, -1, period);
}

/* Buffered: the dispatcher's queue sits in front of the ICN2 link into the
 * dispatcher (the channel its messages serialize on; behind it nothing
 * waits), at that link's ICN2 leaf: every channel into the leaf gets one
 * entry channel (one cycle, the leaf's internal transfer) per cluster
 * below the leaf into that cluster's relay, taken only when the link's
 * virtual channel is busy, so nothing changes at zero load.  pseudo[ch]:
 * the first entry channel of channel ch (one per cluster of the leaf, in
 * cluster order), -1 for a channel not into an ICN2 leaf. */
static int dispatcher_queues(struct sim_mc *s)
{
	const struct sim_mc_tree *t2 = &s->tree[2 * s->C];
	int n0 = s->nchan, k = s->k, n2 = s->n2;

	s->pseudo = malloc((size_t)n0 * sizeof *s->pseudo);
	if (!s->pseudo)
		return -1;
	for (int ch = 0; ch < n0; ch++) {
		int to = s->chan[ch].to, leaf, c0, c1;

		s->pseudo[ch] = -1;
		if (to < t2->sw0 || to >= t2->sw0 + t2->nsw || s->rt_level[to] != 0)
			continue;
		leaf = to - t2->sw0;     /* level 0: word = index */
		c0 = n2 == 1 ? 0 : leaf * k;
		c1 = n2 == 1 ? s->C : c0 + k < s->C ? c0 + k : s->C;
		s->pseudo[ch] = s->nchan;
		for (int c = c0; c < c1; c++)
			if (add_chan(s, to, -1, 2 * s->N + s->C + c, 1) < 0)
				return -1;
	}
	return 0;
}

static int add_chan(struct sim_mc *s, int from, int to, int node, int period)
{
	if (s->nchan == s->cap) {
		int cap = s->cap ? 2 * s->cap : 1024;
		struct sim_chan *c = realloc(s->chan, (size_t)cap * sizeof *c);
		if (!c)
			return -1;
		s->chan = c;
		s->cap = cap;
	}
	s->chan[s->nchan] = (struct sim_chan){ from, to, node, period };
	return s->nchan++;
}

static void tree_free(struct sim_mc_tree *t)
{
	free(t->up);
	free(t->down);
	free(t->nodelink_in);
	free(t->nodelink_out);
	free(t->root_conc);
	free(t->disp_root);
	free(t->sw_conc);
	free(t->disp_sw);
	free(t->node_conc);
	free(t->disp_node);
}

void sim_mc_free(struct sim_mc *s)
{
	if (!s)
		return;
	if (s->tree)
		for (int i = 0; i < 2 * s->C + 1; i++)
			tree_free(&s->tree[i]);
	free(s->tree);
	free(s->first);
	free(s->cl);
	free(s->perm);
	free(s->senders);
	free(s->weight);
	free(s->rt_tree);
	free(s->rt_level);
	free(s->rt_word);
	free(s->conc_icn2);
	free(s->icn2_disp);
	free(s->chan);
	free(s->inj);
	free(s->queue);
	free(s->relay);
	free(s->pseudo);
	memset(s, 0, sizeof *s);
}

/* Switch id within a tree of n levels: level L, word W. */
static int sw_index(int k, int n, int L, long W)
{
	return (int)(L * 2 * ipow(k, n - 1) + W);
}

static long words_at(int k, int n, int L)
{
	return L == n - 1 ? ipow(k, n - 1) : 2 * ipow(k, n - 1);
}

/* The digit of word W that the link between levels L and L+1 varies
 * (weight k^L; the top digit, range 2k, when L = n-2). */
static long digit(int k, int n, int L, long W)
{
	long w = ipow(k, L);
	return L == n - 2 ? W / w : (W / w) % k;
}

/* Build one tree's switch links; node links are added by the caller. */
static int build_tree(struct sim_mc *s, struct sim_mc_tree *t, int n, int nodes, int kind,
		      int cluster, int sw0, int cs)
{
	int k = s->k, m = 2 * k;

	t->n = n;
	t->nodes = nodes;
	t->nsw = (int)((2 * n - 1) * ipow(k, n - 1));
	t->sw0 = sw0;
	t->kind = kind;
	t->cluster = cluster;
	t->up = malloc((size_t)t->nsw * k * sizeof *t->up);
	t->down = malloc((size_t)t->nsw * m * sizeof *t->down);
	t->nodelink_in = malloc((size_t)nodes * sizeof *t->nodelink_in);
	t->nodelink_out = malloc((size_t)nodes * sizeof *t->nodelink_out);
	if (!t->up || !t->down || !t->nodelink_in || !t->nodelink_out)
		return -1;
	for (int i = 0; i < t->nsw * k; i++)
		t->up[i] = -1;
	for (int i = 0; i < t->nsw * m; i++)
		t->down[i] = -1;
	for (int L = 0; L < n; L++)
		for (long W = 0; W < words_at(k, n, L); W++) {
			int id = sw_index(k, n, L, W);
			s->rt_tree[sw0 + id] = (int)(t - s->tree);
			s->rt_level[sw0 + id] = L;
			s->rt_word[sw0 + id] = (int)W;
		}
	for (int L = 0; L + 1 < n; L++)
		for (long W = 0; W < words_at(k, n, L); W++) {
			int me = sw_index(k, n, L, W);
			long wt = ipow(k, L), d = digit(k, n, L, W);
			for (int i = 0; i < k; i++) {
				long P = W - d * wt + (long)i * wt;
				int par = sw_index(k, n, L + 1, P);
				int u = add_chan(s, sw0 + me, sw0 + par, -1, cs);
				int dn = add_chan(s, sw0 + par, sw0 + me, -1, cs);
				if (u < 0 || dn < 0)
					return -1;
				t->up[me * k + i] = u;
				t->down[par * m + d] = dn;
			}
		}
	return 0;
}

static int leaf_of(int k, int n, int Q)
{
	return n == 1 ? 0 : Q / k;
}

/* Does switch (L, W) of an n-level tree cover local node Q? */
static int covers(int k, int n, int L, long W, long Q)
{
	if (L == n - 1)
		return 1;
	return Q / ipow(k, L + 1) == W / ipow(k, L);
}

static int mc_route(const void *ctx, const struct sim_msg *msg, int r, int in_chan,
		    struct sim_cand *out)
{
	const struct sim_mc *s = ctx;
	int V = s->sp.V, nc = 0, k = s->k, m = 2 * k;
	int g = msg->dst / 2, ext = msg->dst & 1, dc = s->cl[g], Qd = g - s->first[dc];
	int ch = -1, one_vc = 0, model = s->sp.exit == SIM_MC_EXIT_MODEL;

	if (r < 2 * s->N) {                              /* a port: its link */
		int src = r / 2, c = s->cl[src];
		const struct sim_mc_tree *t = &s->tree[2 * c + (r & 1)];
		if (model && ext && msg->st == 1)            /* r = 1: straight out */
			ch = t->node_conc[src - s->first[c]];
		else
			ch = t->nodelink_in[src - s->first[c]];
	} else if (r >= s->conc0 && r < s->conc0 + s->C) {
		ch = s->conc_icn2[r - s->conc0];
		one_vc = 1;
	} else if (r >= s->disp0 && r < s->disp0 + s->C) {
		const struct sim_mc_tree *t = &s->tree[2 * dc + 1];
		if (!model) {
			ch = t->disp_root[Qd % (int)ipow(k, t->n - 1)];
		} else if (msg->aux == 1) {                  /* v = 1: straight in */
			ch = t->disp_node[Qd];
		} else {                     /* the level v-2 switch covering Qd */
			int L = msg->aux - 2;
			long W = (Qd / ipow(k, L + 1)) * ipow(k, L) + Qd % ipow(k, L);
			ch = t->disp_sw[sw_index(k, t->n, L, W)];
		}
	} else {
		int ti = s->rt_tree[r], L = s->rt_level[r];
		long W = s->rt_word[r];
		const struct sim_mc_tree *t = &s->tree[ti];
		int me = r - t->sw0, n = t->n;
		long Q;

		if (t->kind == T_ICN2) {
			Q = dc;
		} else if (t->kind == T_ECN1 && t->cluster != dc) {   /* to the concentrator */
			if (model ? L == msg->st - 2 : L == n - 1) {
				ch = model ? t->sw_conc[me] : t->root_conc[W];
				goto done;
			}
			ch = t->up[me * k + (Qd / ipow(k, L)) % k];
			goto done;
		} else {
			Q = Qd;
		}
		if (covers(k, n, L, W, Q)) {
			if (L == 0) {
				ch = t->nodelink_out[Q];
				one_vc = t->kind == T_ICN2;
				if (one_vc && s->pseudo && in_chan >= 0 && s->pseudo[in_chan] >= 0) {
					/* the dispatcher's link, else its queue */
					int e = s->pseudo[in_chan] + (s->n2 == 1 ? (int)Q : (int)Q % k);
					out[nc++] = (struct sim_cand){ ch * V, 0, msg->st, msg->aux };
					for (int v = 0; v < V; v++)
						out[nc++] = (struct sim_cand){ e * V + v, 1, msg->st,
									       msg->aux };
					return nc;
				}
			} else {
				long j = L - 1 == n - 2 ? Q / ipow(k, L) : (Q / ipow(k, L)) % k;
				ch = t->down[me * m + j];
			}
		} else {
			ch = t->up[me * k + (Q / ipow(k, L)) % k];
		}
	}
done:
	if (ch < 0)
		return 0;
	for (int v = 0; v < (one_vc ? 1 : V); v++)
		out[nc++] = (struct sim_cand){ ch * V + v, 0, msg->st, msg->aux };
	return nc;
}

static int mc_dest(const void *ctx, int src, struct sim_rng *rng)
{
	const struct sim_mc *s = ctx;
	int g = src / 2, c = s->cl[g], d;

	if (isnan(s->sp.theta)) {
		d = (int)sim_rng_below(rng, (uint32_t)(s->N - 1));
		if (d >= g)
			d++;
		return s->cl[d] == c ? 2 * d : 2 * d + 1;
	}
	if (s->C > 1 && sim_rng_unit(rng) < s->sp.theta) {
		int c2 = (int)sim_rng_below(rng, (uint32_t)(s->C - 1));
		if (c2 >= c)
			c2++;
		d = s->first[c2] + (int)sim_rng_below(rng, (uint32_t)(s->first[c2 + 1] - s->first[c2]));
		return 2 * d + 1;
	}
	if (s->sp.pattern != FT_UNIFORM)
		return s->perm[g] < 0 ? -1 : 2 * s->perm[g];
	{
		int nc = s->first[c + 1] - s->first[c];
		d = s->first[c] + (int)sim_rng_below(rng, (uint32_t)(nc - 1));
		if (d >= g)
			d++;
		return 2 * d;
	}
}

/* exit model: r and v of a new external message, each the hop count to a
 * node drawn uniformly among the other nodes of the cluster (P_r, P_v of
 * Eq. 9 exactly). */
static void mc_init(const void *ctx, struct sim_msg *msg, struct sim_rng *rng)
{
	const struct sim_mc *s = ctx;
	int ends[2] = { msg->src / 2, msg->dst / 2 }, lv[2];

	if (!(msg->dst & 1))
		return;
	for (int e = 0; e < 2; e++) {
		int c = s->cl[ends[e]], q = ends[e] - s->first[c];
		int nc = s->first[c + 1] - s->first[c];
		int o = (int)sim_rng_below(rng, (uint32_t)(nc - 1));
		if (o >= q)
			o++;
		lv[e] = ft_hops(s->sp.m, s->sp.n[c], q, o);
	}
	msg->st = lv[0];
	msg->aux = lv[1];
}

static int mc_source(const void *ctx, int src, int dst)
{
	(void)ctx;
	return (dst & 1) ? (src | 1) : src;
}

/* exit model: cluster c's concentrator and dispatcher linked to every node
 * (ecn1 t_cn) and every non-root switch (ecn1 t_cs) of its ECN1 t. */
static int exit_links(struct sim_mc *s, struct sim_mc_tree *t, int c)
{
	const struct sim_mc_spec *sp = &s->sp;
	int disp = s->disp0 + c;

	t->sw_conc = malloc((size_t)t->nsw * sizeof *t->sw_conc);
	t->disp_sw = malloc((size_t)t->nsw * sizeof *t->disp_sw);
	t->node_conc = malloc((size_t)t->nodes * sizeof *t->node_conc);
	t->disp_node = malloc((size_t)t->nodes * sizeof *t->disp_node);
	if (!t->sw_conc || !t->disp_sw || !t->node_conc || !t->disp_node)
		return -1;
	for (int i = 0; i < t->nsw; i++) {
		int sw = t->sw0 + i;
		t->sw_conc[i] = t->disp_sw[i] = -1;
		if (s->rt_level[sw] == t->n - 1)
			continue;
		t->sw_conc[i] = add_into(s, sw, c, sp->ecn1_cs);
		t->disp_sw[i] = add_chan(s, disp, sw, -1, sp->ecn1_cs);
		if (t->sw_conc[i] < 0 || t->disp_sw[i] < 0)
			return -1;
	}
	for (int q = 0; q < t->nodes; q++) {
		int port = 2 * (s->first[c] + q) + 1;
		t->node_conc[q] = add_into(s, port, c, sp->ecn1_cn);
		t->disp_node[q] = add_chan(s, disp, -1, port, sp->ecn1_cn);
		if (t->node_conc[q] < 0 || t->disp_node[q] < 0)
			return -1;
	}
	return 0;
}

int sim_mc_build(struct sim_mc *s, const struct sim_mc_spec *sp)
{
	int k, C, N = 0, routers, sw, n2;
	long nsw_total = 0;

	memset(s, 0, sizeof *s);
	if (!sp || sp->m < 2 || sp->m % 2 || sp->C < 1 || sp->V < 1 || sp->V > 64 || sp->B < 1 ||
	    sp->icn1_cn < 1 || sp->icn1_cs < 1 || sp->ecn1_cn < 1 || sp->ecn1_cs < 1 ||
	    sp->icn2_cs < 1 || sp->exit < SIM_MC_EXIT_ROOTS || sp->exit > SIM_MC_EXIT_MODEL)
		return -1;
	s->sp = *sp;
	k = s->k = sp->m / 2;
	C = s->C = sp->C;
	n2 = ft_levels_for(sp->m, C);
	if (n2 < 1)
		return -1;
	s->n2 = n2;
	for (int c = 0; c < C; c++) {
		long nc = 2 * ipow(k, sp->n[c]);
		if (sp->n[c] < 1 || sp->n[c] > 20 || nc > SIM_MC_MAX_NODES || N + nc > SIM_MC_MAX_NODES)
			return -1;
		N += (int)nc;
		nsw_total += 2 * (2 * sp->n[c] - 1) * ipow(k, sp->n[c] - 1);
	}
	nsw_total += (2 * n2 - 1) * ipow(k, n2 - 1);
	s->N = N;
	routers = (int)(2 * N + nsw_total + 2 * C);
	s->first = malloc((size_t)(C + 1) * sizeof *s->first);
	s->cl = malloc((size_t)N * sizeof *s->cl);
	s->perm = malloc((size_t)N * sizeof *s->perm);
	s->senders = malloc((size_t)N * sizeof *s->senders);
	s->weight = malloc((size_t)N * sizeof *s->weight);
	s->tree = calloc((size_t)(2 * C + 1), sizeof *s->tree);
	s->rt_tree = malloc((size_t)routers * sizeof *s->rt_tree);
	s->rt_level = malloc((size_t)routers * sizeof *s->rt_level);
	s->rt_word = malloc((size_t)routers * sizeof *s->rt_word);
	s->conc_icn2 = malloc((size_t)C * sizeof *s->conc_icn2);
	s->icn2_disp = malloc((size_t)C * sizeof *s->icn2_disp);
	s->inj = malloc(((size_t)2 * N + 2 * C) * sizeof *s->inj);
	if (!s->first || !s->cl || !s->perm || !s->senders || !s->weight || !s->tree ||
	    !s->rt_tree || !s->rt_level || !s->rt_word || !s->conc_icn2 || !s->icn2_disp || !s->inj)
		goto fail;
	s->first[0] = 0;
	for (int c = 0; c < C; c++) {
		int nc = (int)(2 * ipow(k, sp->n[c])), bits = 0;
		s->first[c + 1] = s->first[c] + nc;
		while ((1L << bits) < nc)
			bits++;
		for (int q = 0; q < nc; q++) {
			int g = s->first[c] + q;
			long p = -1;
			s->cl[g] = c;
			if (sp->pattern != FT_UNIFORM && (1L << bits) == nc)
				p = ft_perm_apply(sp->pattern, bits, q);
			s->perm[g] = p >= 0 && p < nc && p != q ? s->first[c] + (int)p : -1;
			s->senders[g] = 2 * g;
			s->weight[g] = sp->tau ? 1.0 / (1.0 - sp->tau[c]) : 1.0;
		}
	}
	for (int p = 0; p < 2 * N; p++)
		s->inj[p] = p;
	sw = 2 * N;
	for (int c = 0; c < C; c++)
		for (int e = 0; e < 2; e++) {
			struct sim_mc_tree *t = &s->tree[2 * c + e];
			int nc = s->first[c + 1] - s->first[c], n = sp->n[c];
			int cn = e ? sp->ecn1_cn : sp->icn1_cn, cs = e ? sp->ecn1_cs : sp->icn1_cs;
			if (build_tree(s, t, n, nc, e ? T_ECN1 : T_ICN1, c, sw, cs))
				goto fail;
			for (int q = 0; q < nc; q++) {
				int port = 2 * (s->first[c] + q) + e;
				int leaf = sw + sw_index(k, n, 0, leaf_of(k, n, q));
				t->nodelink_in[q] = add_chan(s, port, leaf, -1, cn);
				t->nodelink_out[q] = add_chan(s, leaf, -1, port, cn);
				if (t->nodelink_in[q] < 0 || t->nodelink_out[q] < 0)
					goto fail;
			}
			sw += t->nsw;
		}
	{
		struct sim_mc_tree *t = &s->tree[2 * C];
		if (build_tree(s, t, n2, C, T_ICN2, -1, sw, sp->icn2_cs))
			goto fail;
		sw += t->nsw;
	}
	s->conc0 = sw;
	s->disp0 = sw + C;
	for (int c = 0; c < C; c++) {       /* buffered: the relays' routers */
		const struct sim_mc_tree *t2 = &s->tree[2 * C];
		s->inj[2 * N + c] = s->conc0 + c;
		s->inj[2 * N + C + c] = t2->sw0 + sw_index(k, n2, 0, leaf_of(k, n2, c));
	}
	for (int r = sw; r < sw + 2 * C; r++)
		s->rt_tree[r] = -1;
	{
		struct sim_mc_tree *t2 = &s->tree[2 * C];
		for (int c = 0; c < C; c++) {
			int leaf = t2->sw0 + sw_index(k, n2, 0, leaf_of(k, n2, c));
			s->conc_icn2[c] = t2->nodelink_in[c] = add_chan(s, s->conc0 + c, leaf, -1, sp->icn2_cs);
			s->icn2_disp[c] = t2->nodelink_out[c] = add_chan(s, leaf, s->disp0 + c, -1, sp->icn2_cs);
			if (s->conc_icn2[c] < 0 || s->icn2_disp[c] < 0)
				goto fail;
		}
		for (int c = 0; c < C; c++) {
			struct sim_mc_tree *t = &s->tree[2 * c + 1];
			int n = t->n, roots = (int)ipow(k, n - 1);
			if (sp->exit == SIM_MC_EXIT_MODEL) {
				if (exit_links(s, t, c))
					goto fail;
				continue;
			}
			t->root_conc = malloc((size_t)roots * sizeof *t->root_conc);
			t->disp_root = malloc((size_t)roots * sizeof *t->disp_root);
			if (!t->root_conc || !t->disp_root)
				goto fail;
			for (int w = 0; w < roots; w++) {
				int root = t->sw0 + sw_index(k, n, n - 1, w);
				t->root_conc[w] = add_into(s, root, c, sp->ecn1_cs);
				t->disp_root[w] = add_chan(s, s->disp0 + c, root, -1, sp->ecn1_cs);
				if (t->root_conc[w] < 0 || t->disp_root[w] < 0)
					goto fail;
			}
		}
	}
	s->queue = calloc((size_t)routers, 1);
	if (!s->queue)
		goto fail;
	for (int c = 0; c < C; c++)
		s->queue[s->conc0 + c] = s->queue[s->disp0 + c] = 1;
	if (sp->buffered) {
		s->relay = calloc((size_t)2 * N + 2 * C, 1);
		if (!s->relay || dispatcher_queues(s))
			goto fail;
		memset(s->relay + 2 * N, 1, (size_t)2 * C);
	}
	s->net = (struct sim_net){
		.routers = routers, .nodes = 2 * N + (sp->buffered ? 2 * C : 0), .nchan = s->nchan,
		.V = sp->V, .B = sp->B, .chan = s->chan, .inj_router = s->inj,
		.queue_router = s->queue,
		.route = mc_route, .route_ctx = s, .dest = mc_dest, .dest_ctx = s,
		.senders = s->senders, .nsenders = N, .weight = s->weight, .source = mc_source,
		.init = sp->exit == SIM_MC_EXIT_MODEL ? mc_init : NULL,
		.relay = s->relay,
	};
	return 0;
fail:
	sim_mc_free(s);
	return -1;
}
