/*
 * updown.c: up*-down* routing on an irregular network: orientation, the
 * per-source state-graph BFS, the links on shortest legal routes and route
 * enumeration.  See updown.h for the conventions and the symmetry argument.
 */
#include "topo/updown.h"

#include <stdlib.h>
#include <string.h>

#define FWD(ud, a, v, p) ((ud)->fwd[((size_t)(a) * (ud)->S + (v)) * 2 + (p)])

void ud_free(struct ud_routing *ud)
{
	if (!ud)
		return;
	free(ud->level);
	free(ud->up_end);
	free(ud->fwd);
	free(ud->hops);
	memset(ud, 0, sizeof *ud);
}

bool ud_is_up_move(const struct ud_routing *ud, int link, int from)
{
	return ud->up_end[link] != from;
}

/* Plain BFS from s over the switch graph: dist[v] (as uint16_t). */
static void plain_bfs(const struct irr_net *net, int s, uint16_t *dist,
		      int *queue)
{
	int head = 0, tail = 0;
	for (int v = 0; v < net->switches; v++)
		dist[v] = UD_INF;
	dist[s] = 0;
	queue[tail++] = s;
	while (head < tail) {
		int u = queue[head++];
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++) {
			int v = net->adj[e];
			if (dist[v] == UD_INF) {
				dist[v] = (uint16_t)(dist[u] + 1);
				queue[tail++] = v;
			}
		}
	}
}

/* BFS over (switch, phase) from (a, 0); queue holds 2S state ids. */
static void state_bfs(const struct ud_routing *ud, int a, int *queue)
{
	const struct irr_net *net = ud->net;
	uint16_t *f = &FWD(ud, a, 0, 0);
	int head = 0, tail = 0;

	for (int i = 0; i < 2 * ud->S; i++)
		f[i] = UD_INF;
	f[2 * a] = 0;
	queue[tail++] = 2 * a;
	while (head < tail) {
		int st = queue[head++], u = st >> 1, p = st & 1;
		uint16_t d = (uint16_t)(f[st] + 1);
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++) {
			int v = net->adj[e];
			int up = ud->up_end[net->adj_link[e]] == v;
			if (up && p)
				continue;             /* never up after down */
			int nx = 2 * v + (up ? 0 : 1);
			if (f[nx] == UD_INF) {
				f[nx] = d;
				queue[tail++] = nx;
			}
		}
	}
}

int ud_build(struct ud_routing *ud, const struct irr_net *net, int root)
{
	memset(ud, 0, sizeof *ud);
	int S = net->switches, L = net->nlinks;
	if (root < 0)
		root = 0;
	if (root >= S)
		return -1;
	ud->net = net;
	ud->S = S;
	ud->root = root;
	ud->level = malloc((size_t)S * sizeof *ud->level);
	ud->up_end = malloc((size_t)(L > 0 ? L : 1) * sizeof *ud->up_end);
	ud->fwd = malloc((size_t)S * S * 2 * sizeof *ud->fwd);
	ud->hops = malloc((size_t)S * S * sizeof *ud->hops);
	int *queue = malloc((size_t)2 * S * sizeof *queue);
	if (!ud->level || !ud->up_end || !ud->fwd || !ud->hops || !queue) {
		free(queue);
		ud_free(ud);
		return -1;
	}

	/* levels, then orientation */
	plain_bfs(net, root, &ud->hops[(size_t)root * S], queue);
	for (int v = 0; v < S; v++)
		ud->level[v] = ud->hops[(size_t)root * S + v];
	for (int l = 0; l < L; l++) {
		int a = net->links[l].a, b = net->links[l].b;
		int la = ud->level[a], lb = ud->level[b];
		ud->up_end[l] = la < lb ? a : lb < la ? b : (a < b ? a : b);
	}

	ud->nonminimal = 0;
	for (int s = 0; s < S; s++) {
		plain_bfs(net, s, &ud->hops[(size_t)s * S], queue);
		state_bfs(ud, s, queue);
	}
	for (int a = 0; a < S; a++)
		for (int b = a + 1; b < S; b++)
			if (ud_dist(ud, a, b) > ud->hops[(size_t)a * S + b])
				ud->nonminimal++;
	free(queue);
	return 0;
}

int ud_dist(const struct ud_routing *ud, int a, int b)
{
	uint16_t x = FWD(ud, a, b, 0), y = FWD(ud, a, b, 1);
	return x < y ? x : y;
}

int ud_hops(const struct ud_routing *ud, int a, int b)
{
	return ud->hops[(size_t)a * ud->S + b];
}

struct ud_scratch {
	uint32_t gen;              /* current stamp */
	uint32_t *st_mark;         /* 2S: state visited in this call */
	uint32_t *sw_mark;         /* S: switch listed in this call */
	uint32_t *lk_mark;         /* L: link listed in this call */
	int *queue;                /* 2S states */
};

struct ud_scratch *ud_scratch_new(const struct ud_routing *ud)
{
	struct ud_scratch *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	int S = ud->S, L = ud->net->nlinks;
	w->st_mark = calloc((size_t)2 * S, sizeof *w->st_mark);
	w->sw_mark = calloc((size_t)S, sizeof *w->sw_mark);
	w->lk_mark = calloc((size_t)(L > 0 ? L : 1), sizeof *w->lk_mark);
	w->queue = malloc((size_t)2 * S * sizeof *w->queue);
	if (!w->st_mark || !w->sw_mark || !w->lk_mark || !w->queue) {
		ud_scratch_free(w);
		return NULL;
	}
	return w;
}

void ud_scratch_free(struct ud_scratch *w)
{
	if (!w)
		return;
	free(w->st_mark);
	free(w->sw_mark);
	free(w->lk_mark);
	free(w->queue);
	free(w);
}

/* Next stamp; on wrap-around clear every mark. */
static uint32_t next_gen(struct ud_scratch *w, const struct ud_routing *ud)
{
	if (++w->gen == 0) {
		memset(w->st_mark, 0, (size_t)2 * ud->S * sizeof *w->st_mark);
		memset(w->sw_mark, 0, (size_t)ud->S * sizeof *w->sw_mark);
		memset(w->lk_mark, 0, (size_t)(ud->net->nlinks > 0 ? ud->net->nlinks : 1)
		       * sizeof *w->lk_mark);
		w->gen = 1;
	}
	return w->gen;
}

/* Distance from state (v, q) to b: see updown.h. */
static inline unsigned to_target(const struct ud_routing *ud, int b, int v, int q)
{
	uint16_t up = FWD(ud, b, v, 0);
	if (q)
		return up;
	uint16_t any = FWD(ud, b, v, 1);
	return up < any ? up : any;
}

int ud_route_links(const struct ud_routing *ud, int a, int b,
		   struct ud_scratch *w, int *links, int *sw, int *nsw)
{
	const struct irr_net *net = ud->net;
	const uint16_t *fa = &FWD(ud, a, 0, 0);
	unsigned D = (unsigned)ud_dist(ud, a, b);
	uint32_t g = next_gen(w, ud);
	int head = 0, tail = 0, nl = 0, ns = 0;

	w->queue[tail++] = 2 * a;
	w->st_mark[2 * a] = g;
	w->sw_mark[a] = g;
	if (sw)
		sw[ns] = a;
	ns++;
	while (head < tail) {
		int st = w->queue[head++], u = st >> 1, p = st & 1;
		if (fa[st] >= D)
			continue;
		unsigned need = D - fa[st] - 1;   /* remaining length after one move */
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++) {
			int v = net->adj[e], l = net->adj_link[e];
			int up = ud->up_end[l] == v;
			if (up && p)
				continue;
			int q = up ? 0 : 1;
			if (to_target(ud, b, v, q) != need)
				continue;
			int nx = 2 * v + q;
			if (w->lk_mark[l] != g) {
				w->lk_mark[l] = g;
				links[nl++] = l;
			}
			if (w->st_mark[nx] != g) {
				w->st_mark[nx] = g;
				w->queue[tail++] = nx;
			}
			if (w->sw_mark[v] != g) {
				w->sw_mark[v] = g;
				if (sw)
					sw[ns] = v;
				ns++;
			}
		}
	}
	if (nsw)
		*nsw = ns;
	return nl;
}

/* Depth-first enumeration shared by both variants. */
struct walk {
	const struct ud_routing *ud;
	int b;
	bool shortest;
	unsigned D;
	int *path;
	unsigned char *on_path;
	ud_route_fn fn;
	void *ctx;
	long max, count;
	bool stop;
};

static void dfs(struct walk *k, int u, int p, int len)
{
	const struct irr_net *net = k->ud->net;

	k->path[len] = u;
	if (u == k->b) {
		if (k->count < k->max) {
			k->count++;
			if (k->fn && k->fn(k->ctx, k->path, len))
				k->stop = true;
		}
		if (k->count >= k->max)
			k->stop = true;
		return;
	}
	k->on_path[u] = 1;
	for (int e = net->adj_start[u]; e < net->adj_start[u + 1] && !k->stop; e++) {
		int v = net->adj[e];
		int up = k->ud->up_end[net->adj_link[e]] == v;
		if ((up && p) || k->on_path[v])
			continue;
		int q = up ? 0 : 1;
		if (k->shortest && to_target(k->ud, k->b, v, q) + (unsigned)len + 1 != k->D)
			continue;
		dfs(k, v, q, len + 1);
	}
	k->on_path[u] = 0;
}

static long enumerate(const struct ud_routing *ud, int a, int b, bool shortest,
		      ud_route_fn fn, void *ctx, long max)
{
	if (max <= 0)
		return 0;
	struct walk k = {
		.ud = ud, .b = b, .shortest = shortest,
		.D = (unsigned)ud_dist(ud, a, b), .fn = fn, .ctx = ctx, .max = max,
	};
	k.path = malloc((size_t)(ud->S + 1) * sizeof *k.path);
	k.on_path = calloc((size_t)ud->S, 1);
	if (!k.path || !k.on_path) {
		free(k.path);
		free(k.on_path);
		return -1;
	}
	dfs(&k, a, 0, 0);
	free(k.path);
	free(k.on_path);
	return k.count;
}

long ud_enum_shortest(const struct ud_routing *ud, int a, int b,
		      ud_route_fn fn, void *ctx, long max)
{
	return enumerate(ud, a, b, true, fn, ctx, max);
}

long ud_enum_legal(const struct ud_routing *ud, int a, int b,
		   ud_route_fn fn, void *ctx, long max)
{
	return enumerate(ud, a, b, false, fn, ctx, max);
}
