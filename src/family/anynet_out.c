/*
 * family/anynet_out.c: BookSim `anynet` files of the multicluster and star
 * families as text tables (see anynet_out.h).  Pure apart from allocation.
 */
#include "family/anynet_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "config/config.h"
#include "family/multicluster.h"
#include "family/star.h"
#include "topo/anynet.h"
#include "topo/fattree.h"
#include "topo/star.h"

static int to_strbuf(void *ctx, const char *text, size_t len)
{
	struct strbuf *b = ctx;
	strbuf_add(b, text, len);
	return b->failed ? -1 : 0;
}

/* The text's lines as rows of one text column "line". */
static int text_rows(struct table *t, const char *text)
{
	if (table_add_col(t, "line", "", "anynet line", COL_TEXT) < 0)
		return -1;
	return table_add_lines(t, 0, text);
}

/* Move a finished strbuf into t; rc is the writer's result. */
static int finish(struct table *t, struct strbuf *b, int rc, struct diag *d)
{
	if (rc || b->failed || text_rows(t, b->s)) {
		strbuf_free(b);
		return diag_set(d, "", "out of memory");
	}
	strbuf_free(b);
	return 0;
}

static int too_large(struct diag *d, const char *field, const char *what, long long vertices)
{
	d->usage = true;
	return diag_set(d, field, "%s has %lld routers and nodes; BookSim anynet files are "
			"written up to %lld (BookSim keeps an all-pairs routing table)",
			what, vertices, (long long)ANYNET_MAX_VERTICES);
}

int mc_anynet(const struct config *cfg, const struct run_req *req, struct table *t,
	      struct diag *d)
{
	const struct mc_config *c = mc_cfg(cfg);
	int g = req->select < 0 ? 0 : req->select;
	if ((size_t)g >= c->nclusters) {
		d->usage = true;
		return diag_set(d, "--select", "cluster group %d does not exist (allowed: 0..%zu)",
				g, c->nclusters - 1);
	}
	int n = c->clusters[g].n;
	int64_t N = ft_nodes(c->m, n), S = ft_switches(c->m, n);
	if (N < 0 || S < 0 || N + S > ANYNET_MAX_VERTICES)
		return too_large(d, "--select", "the cluster tree", N < 0 || S < 0 ? -1 : N + S);
	snprintf(t->title, sizeof t->title, "BookSim anynet: %d-port %d-tree of group %d "
		 "(ICN1, and ECN1), %lld nodes", c->m, n, g, (long long)N);
	struct strbuf b;
	strbuf_init(&b);
	return finish(t, &b, anynet_fattree(c->m, n, to_strbuf, &b), d);
}

int mc_anynet_external(const struct config *cfg, const struct run_req *req,
		       struct table *t, struct diag *d)
{
	const struct mc_config *c = mc_cfg(cfg);
	int C = 0;
	long long vertices = 0;
	for (size_t i = 0; i < c->nclusters; i++) {
		C += c->clusters[i].count;
		vertices += (long long)c->clusters[i].count *
			    (ft_nodes(c->m, c->clusters[i].n) + ft_switches(c->m, c->clusters[i].n));
	}
	if (C < 2) {
		d->usage = true;
		return diag_set(d, "clusters", "a single cluster has no external network");
	}
	if (vertices > ANYNET_MAX_VERTICES)
		return too_large(d, "clusters", "the external network", vertices);
	int *levels = malloc((size_t)C * sizeof *levels);
	if (!levels)
		return diag_set(d, "", "out of memory");
	int k = 0;
	for (size_t i = 0; i < c->nclusters; i++)
		for (int j = 0; j < c->clusters[i].count; j++)
			levels[k++] = c->clusters[i].n;
	snprintf(t->title, sizeof t->title, "BookSim anynet: external network (ECN1s, "
		 "concentrators, ICN2) of %d clusters", C);
	struct strbuf b;
	strbuf_init(&b);
	int rc = anynet_mc_external(c->m, C, levels, to_strbuf, &b);
	free(levels);
	return finish(t, &b, rc, d);
}

int star_anynet(const struct config *cfg, const struct run_req *req, struct table *t,
		struct diag *d)
{
	int n = star_cfg(cfg)->n;
	if (n > ANYNET_STAR_MAX_N) {
		d->usage = true;
		return diag_set(d, "n", "S%d has %lld nodes; BookSim anynet files are written for "
				"n <= %d (S%d: %lld routers)", n, (long long)star_factorial(n),
				ANYNET_STAR_MAX_N, ANYNET_STAR_MAX_N,
				(long long)star_factorial(ANYNET_STAR_MAX_N));
	}
	snprintf(t->title, sizeof t->title, "BookSim anynet: star graph S%d, %lld nodes", n,
		 (long long)star_factorial(n));
	struct strbuf b;
	strbuf_init(&b);
	return finish(t, &b, anynet_star(n, to_strbuf, &b), d);
}
