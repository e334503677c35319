/*
 * family/irregular_out.c: the outputs of the `irregular` family, each
 * filling a generic table: distances (the table of equivalent distances,
 * arnau Table 2), hops (shortest legal route lengths or topological
 * distances), routes (the shortest legal routes of each pair), summary,
 * distribution (the table's distinct values and their occurrences, arnau
 * Figure 8), clusters (PAM groups), hostfile(s) (MPI hostfiles of the
 * groups) and anynet (BookSim's topology file); and the default sweep.
 * The network, its up*-down* routing, the table of equivalent distances
 * and its distinct values are built once per configuration by the family's
 * prepare (irr_prepare) and borrowed by every output through
 * run_req.prepared; an output run without one builds its own.  The table,
 * the expensive part, polls req->cancel and reports progress.  Pure apart
 * from allocation; may run on the worker thread.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "base/strbuf.h"
#include "family/irregular.h"
#include "topo/cluster.h"
#include "topo/eqdist.h"
#include "topo/updown.h"
#include "family/curve.h"
#include "family/outkit.h"

#define ROUTES_LISTED 16          /* routes written out per pair */
#define ROUTES_ALL_MAX_SWITCHES 128 /* all pairs without --select up to this S */

/* What one output needs computed. */
enum need { NEED_NET, NEED_ROUTING, NEED_TABLE, NEED_CLUSTERS };

struct work {
	struct irr_net net;
	struct ud_routing ud;
	bool have_ud;
	double *T;                 /* S*S equivalent distances, or NULL */
	struct cl_result cl;
	bool have_cl;
	bool borrowed;             /* net, ud and T belong to a prepared model */
	int S, k;
};

/* The prepared model (family.prepare): the work up to the table, and the
 * table's distinct values.  Read-only once made. */
struct irr_prepared {
	struct work w;
	struct eq_value *v;
	int nv;
};

static void work_free(struct work *w)
{
	if (w->have_cl)
		cl_free(&w->cl);
	if (!w->borrowed) {
		free(w->T);
		if (w->have_ud)
			ud_free(&w->ud);
		irr_net_free(&w->net);
	}
	memset(w, 0, sizeof *w);
}

static int clusters_init(struct work *w, const struct run_req *req, struct diag *d)
{
	int r = cl_pam(w->T, w->S, w->k, &w->cl, req->cancel);
	if (r) {
		if (r < 0)
			diag_set(d, "", "clustering: out of memory");
		return r;
	}
	w->have_cl = true;
	return 0;
}

/* Build what `need` asks for.  0, 1 cancelled, -1 with *d; on non-zero w is
 * freed. */
static int work_init(struct work *w, const struct config *cfg, const struct run_req *req,
		     enum need need, struct diag *d)
{
	const struct irr_config *c = irr_cfg(cfg);
	const struct irr_prepared *pp = req->prepared;
	int rc = -1;

	if (pp) {
		*w = pp->w;
		w->borrowed = true;
		w->have_cl = false;
		if (need >= NEED_CLUSTERS && (rc = clusters_init(w, req, d)) != 0) {
			work_free(w);
			return rc;
		}
		return 0;
	}
	memset(w, 0, sizeof *w);
	family_stat_add(FSTAT_NET_BUILD);
	if (irr_config_net(c, &w->net, d))
		return -1;
	w->S = w->net.switches;
	w->k = c->clusters < w->S ? c->clusters : w->S;
	if (need >= NEED_ROUTING) {
		if (c->root >= w->S) {
			diag_set(d, "root", "switch %d does not exist (allowed: a switch label 0 "
				 "to %d)", c->root, w->S - 1);
			goto fail;
		}
		if (ud_build(&w->ud, &w->net, c->root)) {
			diag_set(d, "", "up*/down* routing: out of memory");
			goto fail;
		}
		w->have_ud = true;
	}
	if (need >= NEED_TABLE) {
		if (req_cancelled(req)) {
			rc = 1;
			goto fail;
		}
		w->T = malloc((size_t)w->S * (size_t)w->S * sizeof *w->T);
		if (!w->T) {
			diag_set(d, "", "equivalent distances: out of memory");
			goto fail;
		}
		int r = eq_table(&w->ud, w->T, req->cancel, req->progress, req->progress_ctx);
		if (r) {
			if (r < 0)
				diag_set(d, "", "equivalent distances: out of memory");
			rc = r;
			goto fail;
		}
	}
	if (need >= NEED_CLUSTERS && (rc = clusters_init(w, req, d)) != 0)
		goto fail;
	return 0;
fail:
	work_free(w);
	return rc;
}

#define AT(w, a, b) ((w)->T[(size_t)(a) * (size_t)(w)->S + (size_t)(b)])


/* Row a of a matrix: the label, then value(w, a, b) for every b. */
static int matrix_row(struct table *t, int a)
{
	char label[16];
	long r = table_add_row(t);
	snprintf(label, sizeof label, "%d", a);
	if (r < 0 || table_set_text(t, (size_t)r, 0, label))
		return -1;
	return (int)r;
}

static int distances(const struct config *cfg, const struct run_req *req, struct table *t,
		     struct diag *d)
{
	struct work w;
	int rc = work_init(&w, cfg, req, NEED_TABLE, d);
	if (rc)
		return rc;
	snprintf(t->title, sizeof t->title, "equivalent distance T_ij under up*/down* routing "
		 "(root %d), %d switches", w.ud.root, w.S);
	matrix_cols(t, (size_t)(w.S), "node", "switch");
	for (int a = 0; a < w.S; a++) {
		int r = matrix_row(t, a);
		for (int b = 0; b < w.S; b++)
			table_set(t, (size_t)r, (size_t)b + 1, AT(&w, a, b));
	}
	work_free(&w);
	return 0;
}

/* The table with the switches ordered by PAM group (then label), so groups
 * of nearby switches show as blocks along the diagonal; labels keep the
 * switch numbers. */
static int clustered(const struct config *cfg, const struct run_req *req, struct table *t,
		     struct diag *d)
{
	struct work w;
	char name[24];
	int *order = NULL;
	int rc = work_init(&w, cfg, req, NEED_CLUSTERS, d);
	if (rc)
		return rc;
	order = malloc((size_t)w.S * sizeof *order);
	if (!order)
		goto nomem;
	int n = 0;
	for (int g = 0; g < w.cl.k; g++)
		for (int a = 0; a < w.S; a++)
			if (w.cl.group[a] == g)
				order[n++] = a;
	snprintf(t->title, sizeof t->title, "equivalent distance T_ij ordered by PAM group "
		 "(k = %d, root %d), %d switches", w.cl.k, w.ud.root, w.S);
	table_add_col(t, "node", "", "switch", COL_TEXT);
	for (int j = 0; j < w.S; j++) {
		snprintf(name, sizeof name, "%d", order[j]);
		table_add_col(t, name, "", name, COL_NUM);
	}
	for (int i = 0; i < w.S; i++) {
		long r = table_add_row(t);
		snprintf(name, sizeof name, "%d", order[i]);
		table_set_text(t, (size_t)r, 0, name);
		for (int j = 0; j < w.S; j++)
			table_set(t, (size_t)r, (size_t)j + 1, AT(&w, order[i], order[j]));
	}
	free(order);
	work_free(&w);
	return 0;
nomem:
	free(order);
	work_free(&w);
	return diag_set(d, "", "out of memory");
}

static int text_line(struct table *t, const char *s)
{
	long r = table_add_row(t);
	return r < 0 || table_set_text(t, (size_t)r, 0, s) ? -1 : 0;
}

/* The network by BFS level from the root, each switch with its links: "^N"
 * goes up to N (towards the root), "vN" down, "=N" to the same level (up
 * when N has the lower label).  Switches listed under --select's group
 * (when >= 0) are marked with '*'. */
static int network(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	struct work w;
	struct strbuf b;
	char line[96];
	int rc = work_init(&w, cfg, req, NEED_ROUTING, d);
	if (rc)
		return rc;
	strbuf_init(&b);
	snprintf(t->title, sizeof t->title, "network by level from root %d: ^ up, v down",
		 w.ud.root);
	table_add_col(t, "line", "", "drawing", COL_TEXT);
	int maxlev = 0;
	for (int a = 0; a < w.S; a++)
		if (w.ud.level[a] > maxlev)
			maxlev = w.ud.level[a];
	snprintf(line, sizeof line, "root %d; %d switches, %d links, %d levels; '^n' a link up "
		 "to n, 'vn' down to n", w.ud.root, w.S, w.net.nlinks, maxlev + 1);
	text_line(t, line);
	for (int lev = 0; lev <= maxlev; lev++) {
		snprintf(line, sizeof line, "level %d:", lev);
		text_line(t, line);
		for (int a = 0; a < w.S; a++) {
			if (w.ud.level[a] != lev)
				continue;
			b.len = 0;
			if (b.s)
				b.s[0] = '\0';
			strbuf_printf(&b, "%c switch %-4d (%d nodes) ", a == req->select ? '*' : ' ', a,
				      w.net.nodes[a]);
			for (int k = w.net.adj_start[a]; k < w.net.adj_start[a + 1]; k++) {
				int nb = w.net.adj[k], link = w.net.adj_link[k];
				bool up = w.ud.up_end[link] == nb;
				strbuf_printf(&b, " %c%d", up ? '^' : 'v', nb);
			}
			if (b.failed || text_line(t, b.s))
				goto nomem;
		}
	}
	strbuf_free(&b);
	work_free(&w);
	return 0;
nomem:
	strbuf_free(&b);
	work_free(&w);
	return diag_set(d, "", "out of memory");
}

static int hops(const struct config *cfg, const struct run_req *req, struct table *t,
		struct diag *d)
{
	struct work w;
	int which = req->select < 0 ? 0 : req->select;
	if (which > 1) {
		d->usage = true;
		return diag_set(d, "", "--select %d: no such hop table (allowed: 0 shortest "
				"legal route lengths, 1 topological distances)", req->select);
	}
	int rc = work_init(&w, cfg, req, NEED_ROUTING, d);
	if (rc)
		return rc;
	if (which == 0)
		snprintf(t->title, sizeof t->title, "shortest legal up*/down* route length "
			 "(links, root %d)", w.ud.root);
	else
		snprintf(t->title, sizeof t->title, "topological distance (links)");
	matrix_cols(t, (size_t)(w.S), "node", "switch");
	for (int a = 0; a < w.S; a++) {
		int r = matrix_row(t, a);
		for (int b = 0; b < w.S; b++)
			table_set(t, (size_t)r, (size_t)b + 1,
				  which == 0 ? ud_dist(&w.ud, a, b) : ud_hops(&w.ud, a, b));
	}
	work_free(&w);
	return 0;
}

/*
 * Number of shortest legal routes from a to every switch: paths of the
 * (switch, phase) state graph along which the BFS length grows by one
 * (updown.h: shortest legal routes are exactly the shortest state paths,
 * and they never repeat a switch).  cnt: 2S doubles; order, bucket: 2S+1
 * ints of scratch.  count(a, b) = sum over phases p with fwd = dist of
 * cnt[2b + p].
 */
static void route_counts(const struct ud_routing *ud, int a, double *cnt, int *order,
			 int *bucket)
{
	const struct irr_net *net = ud->net;
	int S = ud->S, ns = 2 * S;
	const uint16_t *f = &ud->fwd[(size_t)a * (size_t)S * 2];

	/* counting sort of the reachable states by BFS length (< 2S) */
	memset(bucket, 0, (size_t)(ns + 1) * sizeof *bucket);
	for (int st = 0; st < ns; st++)
		if (f[st] != UD_INF)
			bucket[f[st] + 1]++;
	for (int i = 0; i < ns; i++)
		bucket[i + 1] += bucket[i];
	int m = 0;
	for (int st = 0; st < ns; st++) {
		cnt[st] = 0;
		if (f[st] != UD_INF) {
			order[bucket[f[st]]++] = st;
			m++;
		}
	}
	cnt[2 * a] = 1;
	for (int i = 0; i < m; i++) {
		int st = order[i], u = st >> 1, p = st & 1;
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++) {
			int v = net->adj[e];
			bool up = ud->up_end[net->adj_link[e]] == v;
			if (up && p)
				continue;
			int nx = 2 * v + (up ? 0 : 1);
			if (f[nx] == f[st] + 1)
				cnt[nx] += cnt[st];
		}
	}
}

struct route_text {
	struct strbuf b;
	int n;
};

static int route_append(void *ctx, const int *path, int len)
{
	struct route_text *r = ctx;
	if (r->n++)
		strbuf_puts(&r->b, " ");
	for (int i = 0; i <= len; i++)
		strbuf_printf(&r->b, i ? "-%d" : "%d", path[i]);
	return 0;
}

static int routes(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d)
{
	struct work w;
	double *cnt = NULL;
	int *order = NULL, *bucket = NULL;
	int rc = work_init(&w, cfg, req, NEED_TABLE, d);
	if (rc)
		return rc;
	int S = w.S, from = 0, to = S;
	if (req->select >= 0) {
		if (req->select >= S) {
			d->usage = true;
			rc = diag_set(d, "", "--select %d: switch %d does not exist (allowed: 0 "
				      "to %d)", req->select, req->select, S - 1);
			goto out;
		}
		from = req->select;
		to = from + 1;
		if (req->select2 >= S) {
			d->usage = true;
			rc = diag_set(d, "", "--select %d:%d: switch %d does not exist (allowed: 0 "
				      "to %d)", req->select, req->select2, req->select2, S - 1);
			goto out;
		}
	} else if (S > ROUTES_ALL_MAX_SWITCHES) {
		d->usage = true;
		rc = diag_set(d, "", "%d switches make %ld pairs; give --select I for the routes "
			      "from switch I (allowed: all pairs up to %d switches)", S,
			      (long)S * (S - 1), ROUTES_ALL_MAX_SWITCHES);
		goto out;
	}
	cnt = malloc((size_t)2 * S * sizeof *cnt);
	order = malloc((size_t)2 * S * sizeof *order);
	bucket = malloc((size_t)(2 * S + 1) * sizeof *bucket);
	if (!cnt || !order || !bucket)
		goto nomem;

	if (req->select >= 0 && req->select2 >= 0)
		snprintf(t->title, sizeof t->title, "shortest legal up*/down* routes from switch %d "
			 "to %d (root %d)", from, req->select2, w.ud.root);
	else if (req->select >= 0)
		snprintf(t->title, sizeof t->title, "shortest legal up*/down* routes from switch %d "
			 "(root %d)", from, w.ud.root);
	else
		snprintf(t->title, sizeof t->title, "shortest legal up*/down* routes (root %d)",
			 w.ud.root);
	OUT_COL(t, "from", "", "source switch");
	OUT_COL(t, "to", "", "destination switch");
	OUT_COL(t, "length", "links", "shortest legal route length");
	OUT_COL(t, "hops", "links", "topological distance");
	OUT_COL(t, "detour", "links", "length - hops (0: a minimal legal path exists)");
	OUT_COL(t, "distance", "", "equivalent distance T_ij");
	OUT_COL(t, "count", "", "number of shortest legal routes");
	OUT_TCOL(t, "routes", "the shortest legal routes (at most 16 listed)");
	for (int a = from; a < to; a++) {
		if (req_cancelled(req)) {
			rc = 1;
			goto out;
		}
		route_counts(&w.ud, a, cnt, order, bucket);
		for (int b = 0; b < S; b++) {
			if (b == a || (req->select >= 0 && req->select2 >= 0 && b != req->select2))
				continue;
			int D = ud_dist(&w.ud, a, b), H = ud_hops(&w.ud, a, b);
			const uint16_t *f = &w.ud.fwd[((size_t)a * (size_t)S + (size_t)b) * 2];
			double n = (f[0] == D ? cnt[2 * b] : 0) + (f[1] == D ? cnt[2 * b + 1] : 0);
			struct route_text rt = { .n = 0 };
			strbuf_init(&rt.b);
			long listed = ud_enum_shortest(&w.ud, a, b, route_append, &rt, ROUTES_LISTED);
			if (listed >= 0 && n > (double)listed)
				strbuf_printf(&rt.b, " (+%.0f more)", n - (double)listed);
			long r = table_add_row(t);
			if (listed < 0 || rt.b.failed || r < 0 ||
			    table_set_text(t, (size_t)r, 7, rt.b.s ? rt.b.s : "")) {
				strbuf_free(&rt.b);
				goto nomem;
			}
			strbuf_free(&rt.b);
			double v[7] = { a, b, D, H, D - H, AT(&w, a, b), n };
			for (size_t c = 0; c < 7; c++)
				table_set(t, (size_t)r, c, v[c]);
		}
		if (req->progress && to - from > 1)
			req->progress(req->progress_ctx, (double)(a + 1) / S);
	}
	rc = 0;
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	free(cnt);
	free(order);
	free(bucket);
	work_free(&w);
	return rc;
}

/* Mean of T over ordered pairs a != b. */
static double table_mean(const struct work *w)
{
	double s = 0;
	for (size_t i = 0; i < (size_t)w->S * (size_t)w->S; i++)
		s += w->T[i];
	return w->S > 1 ? s / ((double)w->S * (w->S - 1)) : 0;
}

/* Mean T from the switches of group g to those of other groups. */
static double group_inter(const struct work *w, int g)
{
	double s = 0;
	long n = 0;
	for (int a = 0; a < w->S; a++) {
		if (w->cl.group[a] != g)
			continue;
		for (int b = 0; b < w->S; b++)
			if (w->cl.group[b] != g) {
				s += AT(w, a, b);
				n++;
			}
	}
	return n ? s / (double)n : 0;
}

/* "0 1 4 9": the members of group g. */
static void members(const struct work *w, int g, struct strbuf *b)
{
	int n = 0;
	for (int s = 0; s < w->S; s++)
		if (w->cl.group[s] == g)
			strbuf_printf(b, n++ ? " %d" : "%d", s);
}

static int group_nodes(const struct work *w, int g)
{
	int n = 0;
	for (int s = 0; s < w->S; s++)
		if (w->cl.group[s] == g)
			n += w->net.nodes[s];
	return n;
}

static const char pam_note[] = "k-medoids PAM (BUILD + SWAP) on the table: it needs only "
			       "the dissimilarities; the table is not a metric";

static int summary(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	const struct irr_config *c = irr_cfg(cfg);
	struct work w;
	double *m1 = NULL, *m2 = NULL, *m3 = NULL;
	char q[64], note[256];
	struct strbuf b;
	strbuf_init(&b);
	int rc = work_init(&w, cfg, req, NEED_CLUSTERS, d);
	if (rc)
		return rc;
	int S = w.S;
	m1 = malloc((size_t)S * sizeof *m1);
	m2 = malloc((size_t)S * sizeof *m2);
	m3 = malloc((size_t)S * sizeof *m3);
	if (!m1 || !m2 || !m3)
		goto nomem;
	eq_row_means(w.T, S, m1);
	eq_mean_hops(&w.ud, m2);
	eq_mean_route_length(&w.ud, m3);
	double mh = 0, mr = 0, maxT = 0;
	for (int a = 0; a < S; a++) {
		mh += m2[a] / S;
		mr += m3[a] / S;
	}
	for (size_t i = 0; i < (size_t)S * (size_t)S; i++)
		maxT = fmax(maxT, w.T[i]);
	int ndist = eq_distribution(w.T, S, NULL, 0);
	int height = 0, ports = w.net.ports[0];
	bool same_ports = true;
	for (int s = 0; s < S; s++) {
		height = w.ud.level[s] > height ? w.ud.level[s] : height;
		same_ports = same_ports && w.net.ports[s] == ports;
	}
	long pairs = (long)S * (S - 1) / 2;

	snprintf(t->title, sizeof t->title, "summary");
	summary_cols(t);

	if (irr_config_generated(c)) {
		struct irr_gen_params p;
		irr_config_gen(c, &p);
		snprintf(note, sizeof note, "generated: %d switch%s, %d nodes, %d free ports, "
			 "%d links each, seed %llu", p.switches, p.switches == 1 ? "" : "es",
			 p.nodes, p.free_ports, p.links, (unsigned long long)p.seed);
	} else {
		snprintf(note, sizeof note, "given as an edge list");
	}
	summary_row_as(t, ROW_OVERVIEW, "switches", S, "", "S", note);
	summary_row_as(t, ROW_OVERVIEW, "links", w.net.nlinks, "", "L",
		       "switch-to-switch, bidirectional");
	summary_row_as(t, ROW_OVERVIEW, "nodes", w.net.first_node[S], "", "N",
		       "processing nodes in all");
	summary_row(t, "ports", same_ports ? ports : NAN, "ports", "",
		 same_ports ? "per switch" : "differs between switches");
	summary_row_as(t, ROW_OVERVIEW, "root", w.ud.root, "", "",
		       "root of the up*/down* spanning tree");
	summary_row_as(t, ROW_OVERVIEW, "levels", height + 1, "", "",
		       "BFS levels below and with the root");
	snprintf(note, sizeof note, "of %ld pairs, up*/down* offers no minimal path (%.1f%%)",
		 pairs, pairs ? 100.0 * (double)w.ud.nonminimal / (double)pairs : 0.0);
	summary_row_as(t, ROW_OVERVIEW, "mean_distance", table_mean(&w), "", "T",
		       "mean equivalent distance, ordered pairs a != b");
	summary_row_as(t, ROW_OVERVIEW, "max_distance", maxT, "", "T",
		       "largest equivalent distance");
	summary_row_as(t, ROW_OVERVIEW, "distinct_distances", ndist, "", "",
		       "points of Figure 8 (-o distribution)");
	summary_row(t, "mean_hops", mh, "links", "", "mean topological distance");
	summary_row(t, "mean_route_length", mr, "links", "", "mean shortest legal route length");
	summary_row(t, "nonminimal_pairs", (double)w.ud.nonminimal, "pairs", "", note);

	/* the groups */
	if (c->clusters > S)
		snprintf(note, sizeof note, "%s; %d asked, only %d switch%s", pam_note,
			 c->clusters, S, S == 1 ? "" : "es");
	else
		snprintf(note, sizeof note, "%s", pam_note);
	summary_row(t, "clusters", w.k, "groups", "k", note);
	summary_row(t, "clusters.cost", w.cl.cost, "", "", "sum of each switch's distance to its "
		 "medoid");
	summary_row(t, "clusters.mean_intra", w.cl.mean_intra, "", "T", "mean distance within "
		 "groups, ordered pairs");
	summary_row(t, "clusters.mean_inter", w.cl.mean_inter, "", "T", "mean distance between "
		 "groups, ordered pairs");
	for (int g = 0; g < w.k; g++) {
		b.len = 0;
		if (b.s)
			b.s[0] = '\0';
		strbuf_puts(&b, "switches ");
		members(&w, g, &b);
		if (b.failed)
			goto nomem;
		snprintf(note, sizeof note, "processing nodes (-o hostfile --select %d)", g);
		summary_group_row(t, g, "switches", w.cl.size[g], "", "", b.s);
		summary_group_row(t, g, "medoid", w.cl.medoid[g], "", "",
				  "the group's representative switch");
		summary_group_row(t, g, "nodes", group_nodes(&w, g), "", "", note);
		summary_group_row(t, g, "mean_intra", w.cl.group_intra[g], "", "T",
				  "mean distance within the group");
		summary_group_row(t, g, "mean_inter", group_inter(&w, g), "", "T",
				  "mean distance to the other groups");
	}

	/* per switch */
	for (int s = 0; s < S; s++) {
		snprintf(q, sizeof q, "switch%d.mean_distance", s);
		snprintf(note, sizeof note, "level %d, %d links, group %d", w.ud.level[s],
			 irr_degree(&w.net, s), w.cl.group[s]);
		summary_row(t, q, m1[s], "", "T", note);
		snprintf(q, sizeof q, "switch%d.mean_hops", s);
		summary_row(t, q, m2[s], "links", "", "");
		snprintf(q, sizeof q, "switch%d.mean_route_length", s);
		summary_row(t, q, m3[s], "links", "", "");
	}
	rc = 0;
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	strbuf_free(&b);
	free(m1);
	free(m2);
	free(m3);
	work_free(&w);
	return rc;
}

/* The distinct values of w's table (caller frees *out); their number or -1. */
static int distinct(const struct work *w, struct eq_value **out)
{
	*out = NULL;
	int n = eq_distribution(w->T, w->S, NULL, 0);
	if (n < 0)
		return -1;
	*out = malloc((size_t)(n > 0 ? n : 1) * sizeof **out);
	if (!*out)
		return -1;
	return eq_distribution(w->T, w->S, *out, n);
}

int irr_prepare(const struct config *cfg, const struct run_req *req, void **prep,
		struct diag *d)
{
	struct irr_prepared *pp = calloc(1, sizeof *pp);
	struct run_req own = *req;

	if (!pp)
		return diag_set(d, "", "out of memory");
	own.prepared = NULL;
	int rc = work_init(&pp->w, cfg, &own, NEED_TABLE, d);
	if (rc) {
		free(pp);
		return rc;
	}
	pp->nv = distinct(&pp->w, &pp->v);
	if (pp->nv < 0) {
		irr_release(pp);
		return diag_set(d, "", "out of memory");
	}
	family_stat_add(FSTAT_PREPARE);
	*prep = pp;
	return 0;
}

void irr_release(void *prep)
{
	struct irr_prepared *pp = prep;
	if (!pp)
		return;
	free(pp->v);
	work_free(&pp->w);
	free(pp);
}

/* The distribution as a curve over the distances (curve.h runs the loop):
 * its own points are the distinct values; at any other x the pairs within
 * EQ_GROUP_TOL of x are counted. */
struct irr_curve {
	const struct family *f;
	const struct irr_prepared *pp;
	void *own;
	const struct eq_value *v;
	int n;
	double total;
	bool natural;              /* x are the distinct values themselves */
};

static void distribution_close(void *state)
{
	struct irr_curve *c = state;
	family_release(c->f, c->own);
	free(c);
}

static int distribution_open(const struct config *cfg, const struct run_req *req,
			     void **state, struct diag *d)
{
	struct irr_curve *c = calloc(1, sizeof *c);
	const void *prep;
	if (!c)
		return diag_set(d, "", "out of memory");
	c->f = cfg->family;
	int rc = family_prepared(cfg, req, &prep, &c->own, d);
	if (rc) {
		free(c);
		return rc;
	}
	c->pp = prep;
	c->v = c->pp->v;
	c->n = c->pp->nv;
	c->total = (double)c->pp->w.S * (c->pp->w.S - 1);
	*state = c;
	return 0;
}

static int distribution_columns(void *state, const struct config *cfg, struct curve_cols *cc)
{
	const struct irr_curve *c = state;
	curve_title(cc, "distribution of the equivalent distances (%d distinct values)", c->n);
	/* One switch: no pairs, so no share (NaN). */
	if (curve_col(cc, "occurrences", "pairs", "ordered pairs (a, b), a != b, at this distance",
		      0) ||
	    curve_col(cc, "share", "", "share of the ordered pairs",
		      c->total > 0 ? 0 : CC_OPTIONAL))
		return -1;
	return 0;
}

static int distribution_points(void *state, double **x, size_t *n, struct diag *d)
{
	struct irr_curve *c = state;
	c->natural = true;
	*n = (size_t)c->n;
	*x = malloc((*n ? *n : 1) * sizeof **x);
	if (!*x)
		return diag_set(d, "", "out of memory");
	for (size_t i = 0; i < *n; i++)
		(*x)[i] = c->v[i].value;
	return 0;
}

static int distribution_eval(void *state, double x, double *v, const struct run_req *req,
			     struct diag *d)
{
	const struct irr_curve *c = state;
	double count = 0;
	for (int j = 0; j < c->n; j++)
		if (c->natural ? c->v[j].value == x : fabs(c->v[j].value - x) <= EQ_GROUP_TOL)
			count += (double)c->v[j].count;
	v[0] = count;
	v[1] = c->total > 0 ? count / c->total : NAN;
	return CURVE_OK;
}

static const struct curve_ops irr_distribution_ops = {
	distribution_open, distribution_columns, distribution_points, distribution_eval,
	distribution_close,
};

static int distribution(const struct config *cfg, const struct run_req *req,
			struct table *t, struct diag *d)
{
	return curve_run(&irr_distribution_ops, cfg, req, t, d);
}

int irr_sweep(const struct config *cfg, const struct run_req *req, double *from, double *to,
	      size_t *n, struct diag *d)
{
	const void *prep;
	void *own;
	int rc = family_prepared(cfg, req, &prep, &own, d);
	if (rc)
		return rc;
	const struct irr_prepared *pp = prep;
	if (pp->nv == 0) {         /* one switch: no pairs */
		*from = 0;
		*to = 1;
		*n = 2;
	} else {
		*from = pp->v[0].value;
		*to = pp->v[pp->nv - 1].value;
		*n = (size_t)pp->nv;
	}
	family_release(cfg->family, own);
	return 0;
}

static int clusters(const struct config *cfg, const struct run_req *req, struct table *t,
		    struct diag *d)
{
	struct work w;
	int rc = work_init(&w, cfg, req, NEED_CLUSTERS, d);
	if (rc)
		return rc;
	snprintf(t->title, sizeof t->title, "%d groups of switches by PAM on the equivalent "
		 "distances", w.k);
	OUT_COL(t, "group", "", "group (numbered by its lowest switch)");
	OUT_COL(t, "switch", "", "switch");
	OUT_COL(t, "nodes", "", "processing nodes at the switch");
	OUT_COL(t, "medoid", "", "1 for the group's medoid");
	OUT_COL(t, "to_medoid", "", "equivalent distance to the group's medoid");
	OUT_COL(t, "mean_intra", "", "mean equivalent distance to the rest of the group");
	for (int g = 0; g < w.k; g++) {
		int med = w.cl.medoid[g];
		for (int s = 0; s < w.S; s++) {
			if (w.cl.group[s] != g)
				continue;
			double sum = 0;
			for (int u = 0; u < w.S; u++)
				if (w.cl.group[u] == g)
					sum += AT(&w, s, u);
			long r = table_add_row(t);
			double v[6] = { g, s, w.net.nodes[s], s == med, AT(&w, s, med),
					w.cl.size[g] > 1 ? sum / (w.cl.size[g] - 1) : 0 };
			for (size_t c = 0; c < 6; c++)
				table_set(t, (size_t)r, c, v[c]);
		}
	}
	work_free(&w);
	return 0;
}

/* Group g's hostfile text (caller frees), or NULL when out of memory. */
static char *hostfile_text(const struct work *w, int g)
{
	long n = cl_hostfile(&w->net, &w->cl, g, NULL, 0);
	char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (s)
		cl_hostfile(&w->net, &w->cl, g, s, (size_t)n + 1);
	return s;
}

static int hostfile_out(const struct config *cfg, const struct run_req *req,
			struct table *t, struct diag *d, bool all)
{
	struct work w;
	struct strbuf b;
	int rc = work_init(&w, cfg, req, NEED_CLUSTERS, d);
	if (rc)
		return rc;
	int g0 = req->select < 0 ? 0 : req->select, g1 = g0 + 1;
	if (all) {
		g0 = 0;
		g1 = w.k;
	} else if (g0 >= w.k) {
		d->usage = true;
		rc = diag_set(d, "", "--select %d: group %d does not exist (allowed: 0 to %d, "
			      "the %d groups of clusters)", req->select, g0, w.k - 1, w.k);
		work_free(&w);
		return rc;
	}
	strbuf_init(&b);
	snprintf(t->title, sizeof t->title, all ? "MPI hostfiles of the %d groups"
						: "MPI hostfile of group %d", all ? w.k : g0);
	table_add_col(t, "line", "", "hostfile line", COL_TEXT);
	for (int g = g0; g < g1; g++) {
		if (all) {
			strbuf_printf(&b, "# group %d: switches ", g);
			members(&w, g, &b);
			strbuf_printf(&b, " (medoid %d), %d nodes, mean equivalent distance %.6g\n",
				      w.cl.medoid[g], group_nodes(&w, g), w.cl.group_intra[g]);
		}
		char *s = hostfile_text(&w, g);
		if (!s)
			goto nomem;
		strbuf_puts(&b, s);
		free(s);
	}
	if (b.failed || (b.s && table_add_lines(t, 0, b.s)))
		goto nomem;
	strbuf_free(&b);
	work_free(&w);
	return 0;
nomem:
	strbuf_free(&b);
	work_free(&w);
	return diag_set(d, "", "out of memory");
}

static int hostfile(const struct config *cfg, const struct run_req *req, struct table *t,
		    struct diag *d)
{
	return hostfile_out(cfg, req, t, d, false);
}

static int hostfiles(const struct config *cfg, const struct run_req *req, struct table *t,
		     struct diag *d)
{
	return hostfile_out(cfg, req, t, d, true);
}

static int anynet(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d)
{
	struct work w;
	int rc = work_init(&w, cfg, req, NEED_NET, d);
	if (rc)
		return rc;
	long n = irr_anynet_format(&w.net, NULL, 0);
	char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	snprintf(t->title, sizeof t->title, "BookSim anynet network file");
	if (!s || irr_anynet_format(&w.net, s, (size_t)n + 1) != n ||
	    table_add_col(t, "line", "", "anynet line", COL_TEXT) < 0 || table_add_lines(t, 0, s)) {
		free(s);
		work_free(&w);
		return diag_set(d, "", "out of memory");
	}
	free(s);
	work_free(&w);
	return 0;
}

const struct output_desc irr_outputs[] = {
	{ "distances", "table of equivalent distances T_ij (arnau Table 2)", OUT_MATRIX,
	  distances, .cell_detail = "routes" },
	{ "clustered", "the equivalent-distance table ordered by PAM group", OUT_MATRIX, clustered,
	  .cell_detail = "routes" },
	{ "network", "the network by level from the root, each link's up/down direction",
	  OUT_TEXT, network, .select = true },
	{ "hops", "shortest legal route lengths (--select 1: topological distances)",
	  OUT_MATRIX, hops, .select = true },
	{ "routes", "shortest legal routes of each pair, counted (--select I: from switch I)",
	  OUT_TABLE, routes, .select = true },
	{ "summary", "network, mean distances, pairs without a minimal path, groups",
	  OUT_SUMMARY, summary },
	{ "distribution", "distinct equivalent distances and their occurrences (Figure 8)",
	  OUT_CURVE, distribution, .discrete = DISCRETE_STEMS },
	{ "curve", "simulated latency vs load (the paper has no latency model; 95% interval)",
	  OUT_CURVE, irr_sim_curve, .sim = SIM_CURVE, .loads = irr_sim_loads,
	  .lane = LANE_SLOW },
	{ "pairs", "simulated network latency per switch pair beside equivalent and hop "
	  "distance, fitted lines (Figures 6-7; load: sim.load or --at)", OUT_SCATTER, irr_sim_pairs, .at = XQ_LOAD,
	  .sim = SIM_RUN, .lane = LANE_SLOW },
	{ "saturation", "simulated saturation load (bisection) and the channel-load bound",
	  OUT_SUMMARY, irr_sim_saturation, .sim = SIM_RUN, .lane = LANE_SLOW },
	{ "correlation", "Pearson r and least-squares line of simulated pair latency against "
	  "equivalent distance, route length, hops (Figures 6-8; --at load)", OUT_TABLE,
	  irr_corr_table, .at = XQ_LOAD, .sim = SIM_RUN, .lane = LANE_SLOW },
	{ "by-distance", "mean simulated latency per distinct equivalent distance, weighted "
	  "fit (Figure 8; load: sim.load or --at)", OUT_SCATTER, irr_corr_by_distance, .at = XQ_LOAD,
	  .sim = SIM_RUN, .lane = LANE_SLOW },
	{ "correlation-load", "correlation coefficients against load (Figure 9; slow: "
	  "10 simulations)", OUT_CURVE, irr_corr_load, .sim = SIM_POINTS, .loads = irr_sim_loads,
	  .lane = LANE_SLOW },
	{ "correlation-patterns", "correlation-load for every traffic pattern: r against "
	  "accepted traffic (Figures 9-10; slow: 40 simulations)", OUT_SCATTER, irr_corr_patterns,
	  .sim = SIM_RUN, .lane = LANE_SLOW },
	{ "clusters", "PAM groups of switches: group, switch, nodes, medoid", OUT_TABLE,
	  clusters },
	{ "hostfile", "MPI hostfile of the processing nodes of group --select (default 0)",
	  OUT_TEXT, hostfile, .select = true },
	{ "hostfiles", "MPI hostfiles of every group, a comment line before each", OUT_TEXT,
	  hostfiles },
	{ "anynet", "BookSim 2 anynet topology file of the network", OUT_TEXT, anynet },
	{ NULL, NULL, 0, NULL },
};
