/*
 * anynet.c: BookSim `anynet` writers for the m-port n-tree, the star graph
 * and the multi-cluster external network (format and numbering in
 * anynet.h).  Text is built token by token with snprintf and handed to the
 * caller's write callback; no stdio streams.
 */
#include "topo/anynet.h"

#include <stdio.h>
#include <string.h>

#include "topo/fattree.h"
#include "topo/star.h"

/* A line in progress: the callback and whether the next token needs a
 * leading space. */
struct line {
	anynet_write_fn write;
	void *ctx;
	int started;
};

static int token(struct line *l, const char *kind, int64_t id)
{
	char tok[48];
	int n = snprintf(tok, sizeof tok, "%s%s %lld", l->started ? " " : "", kind,
			 (long long)id);
	l->started = 1;
	return l->write(l->ctx, tok, (size_t)n) ? -1 : 0;
}

static int end_line(struct line *l)
{
	l->started = 0;
	return l->write(l->ctx, "\n", 1) ? -1 : 0;
}

/* One tree's switches: routers r0 + (v - g->nodes), nodes q0 + q.  `extra`,
 * when >= 0, is a router linked to every root switch (a concentrator). */
static int emit_tree(const struct ft_graph *g, int64_t r0, int64_t q0, int64_t extra,
		     struct line *l)
{
	int64_t N = g->nodes;
	for (int64_t v = N; v < N + g->switches; v++) {
		const int64_t *a = g->adj + v * g->m;
		if (token(l, "router", r0 + v - N))
			return -1;
		for (int i = 0; i < g->deg[v]; i++) {
			int64_t u = a[i];
			if (u < N ? token(l, "node", q0 + u) : token(l, "router", r0 + u - N))
				return -1;
		}
		if (extra >= 0 && g->level[v] == g->n - 1 && token(l, "router", extra))
			return -1;
		if (end_line(l))
			return -1;
	}
	return 0;
}

int anynet_fattree(int m, int n, anynet_write_fn write, void *ctx)
{
	int64_t N = ft_nodes(m, n), S = ft_switches(m, n);
	if (!write || N < 0 || S < 0 || n > FT_MAX_N || N + S > ANYNET_MAX_VERTICES)
		return -1;
	struct ft_graph g;
	if (ft_graph_build(&g, m, n))
		return -1;
	struct line l = { write, ctx, 0 };
	int rc = emit_tree(&g, 0, 0, -1, &l);
	ft_graph_free(&g);
	return rc;
}

int anynet_star(int n, anynet_write_fn write, void *ctx)
{
	if (!write || n < STAR_MIN_N || n > ANYNET_STAR_MAX_N)
		return -1;
	int64_t nodes = star_factorial(n);
	int perm[ANYNET_STAR_MAX_N];
	struct line l = { write, ctx, 0 };
	for (int64_t r = 0; r < nodes; r++) {
		star_unrank(r, n, perm);
		if (token(&l, "router", r) || token(&l, "node", r))
			return -1;
		for (int i = 2; i <= n; i++) {
			int t = perm[0];
			perm[0] = perm[i - 1];
			perm[i - 1] = t;
			int64_t s = star_rank(perm, n);
			perm[i - 1] = perm[0];
			perm[0] = t;
			if (token(&l, "router", s))
				return -1;
		}
		if (end_line(&l))
			return -1;
	}
	return 0;
}

int anynet_mc_external(int m, int C, const int *levels, anynet_write_fn write, void *ctx)
{
	if (!write || !levels || C < 2)
		return -1;
	int nc = ft_levels_for(m, C);
	if (nc < 1)
		return -1;
	/* sizes first, so that nothing is written for a bad or huge system */
	int64_t routers = 0, total = 0;
	for (int c = 0; c < C; c++) {
		int64_t N = ft_nodes(m, levels[c]), S = ft_switches(m, levels[c]);
		if (N < 0 || S < 0 || levels[c] > FT_MAX_N)
			return -1;
		routers += S;
		total += N + S;
		if (total > ANYNET_MAX_VERTICES)
			return -1;
	}
	int64_t conc0 = routers, icn2_0 = routers + C;
	int64_t S2 = ft_switches(m, nc);
	if (S2 < 0 || total + C + S2 > ANYNET_MAX_VERTICES)
		return -1;

	struct line l = { write, ctx, 0 };
	struct ft_graph g;
	int64_t r0 = 0, q0 = 0;
	/* ECN1 of each cluster; the roots list their concentrator */
	for (int c = 0; c < C; c++) {
		if (ft_graph_build(&g, m, levels[c]))
			return -1;
		int rc = emit_tree(&g, r0, q0, conc0 + c, &l);
		r0 += g.switches;
		q0 += g.nodes;
		ft_graph_free(&g);
		if (rc)
			return -1;
	}
	if (ft_graph_build(&g, m, nc))
		return -1;
	int rc = 0;
	/* concentrator c: the roots of its cluster's ECN1, then its ICN2 leaf */
	r0 = 0;
	for (int c = 0; c < C && !rc; c++) {
		int n = levels[c];
		/* levels 0..n-2 have 2 (m/2)^(n-1) = N / (m/2) switches each,
		 * the roots come last */
		int64_t S = ft_switches(m, n);
		int64_t first_root = (int64_t)(n - 1) * (ft_nodes(m, n) / (m / 2));
		rc = token(&l, "router", conc0 + c);
		for (int64_t s = first_root; s < S && !rc; s++)
			rc = token(&l, "router", r0 + s);
		if (!rc)   /* ft_graph: a node's adj[0] is its leaf */
			rc = token(&l, "router", icn2_0 + g.adj[(int64_t)c * m] - g.nodes);
		if (!rc)
			rc = end_line(&l);
		r0 += S;
	}
	/* the ICN2: its node ports c < C are the concentrators */
	int64_t N2 = g.nodes;
	for (int64_t v = N2; v < N2 + g.switches && !rc; v++) {
		const int64_t *a = g.adj + v * g.m;
		rc = token(&l, "router", icn2_0 + v - N2);
		for (int i = 0; i < g.deg[v] && !rc; i++) {
			int64_t u = a[i];
			if (u >= N2)
				rc = token(&l, "router", icn2_0 + u - N2);
			else if (u < C)
				rc = token(&l, "router", conc0 + u);
		}
		if (!rc)
			rc = end_line(&l);
	}
	ft_graph_free(&g);
	return rc ? -1 : 0;
}

int anynet_buf_write(void *ctx, const char *text, size_t len)
{
	struct anynet_buf *b = ctx;
	if (b->cap > 0 && b->len + 1 < b->cap) {
		size_t room = b->cap - 1 - b->len;
		memcpy(b->buf + b->len, text, len < room ? len : room);
	}
	b->len += len;
	if (b->cap > 0)
		b->buf[b->len < b->cap ? b->len : b->cap - 1] = '\0';
	return 0;
}
