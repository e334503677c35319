/*
 * family/ethernet_out.c: the outputs of the `ethernet` family, each filling
 * a generic table: curve (time against message size, one column per
 * operation), matrix (T_ij at one size), summary (nodes, classes,
 * parameters, the tree's shape and critical path at one size) and tree
 * (the binomial broadcast tree as text, critical path marked with '*').
 * Runs on whichever thread calls it; pure apart from allocation.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "family/ethernet.h"
#include "family/curve.h"
#include "family/outkit.h"

#define SEC "s"


/* The size a per-point output looks at: req->at, or the threshold S. */
static double point_size(const struct config *cfg, const struct run_req *req)
{
	return isnan(req->at) ? eth_cfg(cfg)->threshold : req->at;
}

/* The five operations at one size. */
struct ops {
	double p2p, o2m, multi, bino, flat;
	size_t slowest;                 /* slowest pair of multi_p2p */
	struct eth_o2m_detail o2m_detail;
	struct eth_path crit;
};

static int eval_ops(const struct eth_config *c, const struct eth_model *m, double M,
		    struct ops *o, struct diag *d)
{
	int node[ETH_MAX_NODES], flat[2 * ETH_MAX_PAIRS];
	double w[ETH_MAX_NODES], size[ETH_MAX_NODES];
	char err[256];

	o->p2p = eth_p2p(m, c->operation.src, c->operation.dst, M);
	size_t nd = eth_config_destinations(c, node, w);
	for (size_t k = 0; k < nd; k++)
		size[k] = w[k] * M;
	if (eth_one_to_many(m, c->operation.root, node, size, nd, &o->o2m, &o->o2m_detail, err,
			    sizeof err))
		return diag_set(d, "operation.destinations", "%s", err);
	size_t np = eth_config_pairs(c, flat);
	if (np == 0) {
		o->multi = NAN;
		o->slowest = 0;
	} else if (eth_multi_p2p(m, flat, np, M, &o->multi, &o->slowest, err, sizeof err)) {
		return diag_set(d, "operation.pairs", "%s", err);
	}
	o->bino = eth_bcast(m, c->operation.root, M, &o->crit);
	o->flat = eth_bcast_flat(m, c->operation.root, M);
	return 0;
}

static bool shows(int plot, int which)
{
	if (plot == ETH_PLOT_ALL)
		return true;
	if (plot == ETH_PLOT_BROADCASTS)
		return which == ETH_PLOT_BCAST_BINOMIAL || which == ETH_PLOT_BCAST_FLAT;
	return plot == which;
}

/* The curve: every operation shown, at each size (curve.h runs the loop). */
struct eth_curve {
	const struct eth_config *c;
	struct eth_model m;
};

static int curve_open(const struct config *cfg, const struct run_req *req, void **state,
		      struct diag *d)
{
	struct eth_curve *ec = malloc(sizeof *ec);
	if (!ec)
		return diag_set(d, "", "out of memory");
	ec->c = eth_cfg(cfg);
	if (eth_config_model(ec->c, &ec->m, d)) {
		free(ec);
		return -1;
	}
	*state = ec;
	return 0;
}

static int curve_columns(void *state, const struct config *cfg, struct curve_cols *cc)
{
	const struct eth_config *c = ((struct eth_curve *)state)->c;
	int flat[2 * ETH_MAX_PAIRS];
	char label[64];
	int plot = c->operation.plot;
	int rc = 0;

	curve_title(cc, "communication time vs message size (S = %g bytes)", c->threshold);
	if (shows(plot, ETH_PLOT_P2P)) {
		snprintf(label, sizeof label, "point-to-point T_ij, %d -> %d (Eq. 5)",
			 c->operation.src, c->operation.dst);
		rc |= curve_col(cc, "p2p", SEC, label, 0);
	}
	if (shows(plot, ETH_PLOT_ONE_TO_MANY)) {
		snprintf(label, sizeof label, "one-to-many from %d (Eq. 6)", c->operation.root);
		rc |= curve_col(cc, "one_to_many", SEC, label, 0);
	}
	/* No disjoint pairs: the operation has no time (NaN, shown blank). */
	if (shows(plot, ETH_PLOT_MULTI_P2P))
		rc |= curve_col(cc, "multi_p2p", SEC,
				"multiple point-to-point, disjoint pairs (Eq. 7)",
				eth_config_pairs(c, flat) ? 0 : CC_OPTIONAL);
	if (shows(plot, ETH_PLOT_BCAST_BINOMIAL)) {
		snprintf(label, sizeof label, "binomial broadcast from %d (Eq. 8)",
			 c->operation.root);
		rc |= curve_col(cc, "bcast_binomial", SEC, label, 0);
	}
	if (shows(plot, ETH_PLOT_BCAST_FLAT))
		rc |= curve_col(cc, "bcast_flat", SEC,
				"one-to-many as a broadcast, n = N (Figure 5)", 0);
	return rc ? -1 : 0;
}

static int curve_eval(void *state, double x, double *v, const struct run_req *req,
		      struct diag *d)
{
	struct eth_curve *ec = state;
	struct ops o;
	int plot = ec->c->operation.plot;
	if (eval_ops(ec->c, &ec->m, x, &o, d))
		return -1;
	double u[] = { o.p2p, o.o2m, o.multi, o.bino, o.flat };
	int which[] = { ETH_PLOT_P2P, ETH_PLOT_ONE_TO_MANY, ETH_PLOT_MULTI_P2P,
			ETH_PLOT_BCAST_BINOMIAL, ETH_PLOT_BCAST_FLAT };
	size_t col = 0;
	for (int q = 0; q < 5; q++)
		if (shows(plot, which[q]))
			v[col++] = u[q];
	return CURVE_OK;
}

static void curve_close(void *state)
{
	struct eth_curve *ec = state;
	eth_model_free(&ec->m);
	free(ec);
}

static const struct curve_ops eth_curve_ops = {
	curve_open, curve_columns, NULL, curve_eval, curve_close,
};

static int curve(const struct config *cfg, const struct run_req *req, struct table *t,
		 struct diag *d)
{
	return curve_run(&eth_curve_ops, cfg, req, t, d);
}

static int matrix(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d)
{
	const struct eth_config *c = eth_cfg(cfg);
	struct eth_model m;
	char name[16];
	double M = point_size(cfg, req);

	if (eth_config_model(c, &m, d))
		return -1;
	snprintf(t->title, sizeof t->title, "point-to-point time T_ij (s) at M = %g bytes (Eq. 5)",
		 M);
	table_add_col(t, "node", "", "source node i", COL_TEXT);
	for (int j = 0; j < m.n; j++) {
		snprintf(name, sizeof name, "%d", j);
		table_add_col(t, name, SEC, name, COL_NUM);
	}
	for (int i = 0; i < m.n; i++) {
		long r = table_add_row(t);
		snprintf(name, sizeof name, "%d", i);
		table_set_text(t, (size_t)r, 0, name);
		for (int j = 0; j < m.n; j++)
			table_set(t, (size_t)r, (size_t)(j + 1), eth_p2p(&m, i, j, M));
	}
	eth_model_free(&m);
	return 0;
}

/* "0 -> 8 -> 12 -> 14 -> 15" into buf. */
static char *path_text(const struct eth_path *p, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int k = 0; k < p->len && len < n; k++)
		len += (size_t)snprintf(buf + len, n - len, "%s%d", k ? " -> " : "", p->node[k]);
	return buf;
}

static int summary(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	const struct eth_config *c = eth_cfg(cfg);
	struct eth_model m;
	struct ops o;
	char q[96], note[256], path[160];
	double M = point_size(cfg, req);
	int leaves, depth, first = 0;

	if (eth_config_model(c, &m, d))
		return -1;
	if (eval_ops(c, &m, M, &o, d)) {
		eth_model_free(&m);
		return -1;
	}
	eth_tree_shape(m.n, m.tree, &leaves, &depth);
	snprintf(t->title, sizeof t->title, "summary at M = %g bytes", M);
	summary_cols(t);

	summary_row_as(t, ROW_OVERVIEW, "nodes", m.n, "", "N", "");
	summary_row_as(t, ROW_OVERVIEW, "classes", (double)c->nclasses, "", "", "");
	for (size_t k = 0; k < c->nclasses; k++) {
		const struct eth_class_cfg *cl = &c->classes[k];
		int last = first + cl->count - 1;
		if (cl->count == 1)
			snprintf(note, sizeof note, "%s%snode %d", cl->name, cl->name[0] ? ": " : "",
				 first);
		else
			snprintf(note, sizeof note, "%s%snodes %d-%d", cl->name,
				 cl->name[0] ? ": " : "", first, last);
		struct { const char *k; double v; const char *u, *s; } rows[] = {
			{ "count", cl->count, "nodes", "" },
			{ "C", cl->C, SEC, "C_i" },
			{ "t", cl->t, "s/byte", "t_i" },
			{ "nic_rate", isnan(cl->nic_rate) ? c->link_rate : cl->nic_rate, "bytes/s",
			  "" },
		};
		for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
			snprintf(q, sizeof q, "class%zu.%s", k, rows[r].k);
			summary_row(t, q, rows[r].v, rows[r].u, rows[r].s, r == 0 ? note : "");
		}
		first = last + 1;
	}
	snprintf(note, sizeof note, "%s binomial tree: parent of relative rank r is r with its "
		 "%s set bit cleared", eth_tree_name(m.tree),
		 m.tree == ETH_TREE_HIGHBIT ? "highest" : "lowest");
	summary_row(t, "link_rate", c->link_rate, "bytes/s", "beta", "default");
	summary_row(t, "link_overrides", (double)c->nlinks, "links", "",
		    "pairs whose rate beta_ij is given (links:)");
	summary_row_as(t, ROW_MARKER, "threshold", c->threshold, "bytes", "S", "Eq. 6");
	summary_row(t, "Gamma", c->broadcast.Gamma, SEC, "Gamma", "Eq. 8");
	summary_row(t, "tau", c->broadcast.tau, "s/byte", "tau", "Eq. 8");
	summary_row(t, "tree.depth", depth, "levels", "", note);
	summary_row(t, "tree.leaves", leaves, "", "", "");
	summary_row(t, "size", M, "bytes", "M", isnan(req->at) ? "the threshold S (--at)" : "--at");
	snprintf(note, sizeof note, "%d -> %d", c->operation.src, c->operation.dst);
	summary_row(t, "p2p", o.p2p, SEC, "T_ij", note);
	size_t nd = o.o2m_detail.nlarge;
	int node[ETH_MAX_NODES];
	double w[ETH_MAX_NODES];
	size_t ndest = eth_config_destinations(c, node, w);
	snprintf(note, sizeof note, "root %d, %zu destinations: %s", c->operation.root, ndest,
		 nd == 0 ? "all M_j <= S, parallel" : nd == ndest ? "all M_j > S, serialised"
							    : "mixed, in sending order");
	summary_row(t, "one_to_many", o.o2m, SEC, "", note);
	int flat[2 * ETH_MAX_PAIRS];
	size_t np = eth_config_pairs(c, flat);
	if (np > 0)
		snprintf(note, sizeof note, "%zu pairs; slowest %d -> %d", np, flat[2 * o.slowest],
			 flat[2 * o.slowest + 1]);
	else
		snprintf(note, sizeof note, "no pairs");
	summary_row(t, "multi_p2p", o.multi, SEC, "", note);
	summary_row(t, "bcast_binomial", o.bino, SEC, "", "max path + Gamma + tau M (Eq. 8)");
	summary_row(t, "critical_path", o.crit.time, SEC, "",
		 path_text(&o.crit, path, sizeof path));
	summary_row(t, "bcast_flat", o.flat, SEC, "", "Eq. 6 with n = N, root included (Figure 5)");
	eth_model_free(&m);
	return 0;
}

/* One line of the tree drawing. */
static int tline(struct table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int tline(struct table *t, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	long r = table_add_row(t);
	return r < 0 || table_set_text(t, (size_t)r, 0, buf) ? -1 : 0;
}

struct draw {
	const struct eth_config *c;
	const struct eth_model *m;
	int root;
	double M;
	const double *arrive;
	unsigned char on_path[ETH_MAX_NODES];
	struct table *t;
};

static const char *class_name(const struct eth_config *c, int v, char *buf, size_t n)
{
	int k = eth_config_class_of(c, v);
	if (k < 0 || !c->classes[k].name[0])
		snprintf(buf, n, "class %d", k);
	else
		snprintf(buf, n, "%s", c->classes[k].name);
	return buf;
}

/* Draw v's children below it; prefix is the indentation so far. */
static int draw_children(struct draw *dr, int v, const char *prefix)
{
	int kids[ETH_MAX_DEPTH + 2];
	int nk = eth_tree_children(dr->m->n, dr->root, v, dr->m->tree, kids);
	char name[ETH_NAME_MAX + 16], sub[256];
	for (int k = 0; k < nk; k++) {
		int u = kids[k];
		bool last = k == nk - 1;
		if (tline(dr->t, "%c %s%s %d [%s]  T = %.6g s, arrives %.6g s",
			  dr->on_path[u] ? '*' : ' ', prefix, last ? "`--" : "|--", u,
			  class_name(dr->c, u, name, sizeof name), eth_p2p(dr->m, v, u, dr->M),
			  dr->arrive[u]))
			return -1;
		snprintf(sub, sizeof sub, "%s%s", prefix, last ? "    " : "|   ");
		if (draw_children(dr, u, sub))
			return -1;
	}
	return 0;
}

static int tree(const struct config *cfg, const struct run_req *req, struct table *t,
		struct diag *d)
{
	const struct eth_config *c = eth_cfg(cfg);
	struct eth_model m;
	struct eth_path crit;
	double arrive[ETH_MAX_NODES];
	double M = point_size(cfg, req);
	char name[ETH_NAME_MAX + 16], path[160];
	int leaves, depth, root = c->operation.root;

	if (eth_config_model(c, &m, d))
		return -1;
	double T = eth_bcast(&m, root, M, &crit);
	eth_bcast_arrivals(&m, root, M, arrive);
	eth_tree_shape(m.n, m.tree, &leaves, &depth);
	struct draw dr = { c, &m, root, M, arrive, { 0 }, t };
	for (int k = 0; k < crit.len; k++)
		dr.on_path[crit.node[k]] = 1;

	snprintf(t->title, sizeof t->title, "binomial broadcast tree at M = %g bytes", M);
	table_add_col(t, "line", "", "line", COL_TEXT);
	if (tline(t, "# binomial broadcast tree (%s: parent of relative rank r is r with its %s "
		  "set bit cleared)", eth_tree_name(m.tree),
		  m.tree == ETH_TREE_HIGHBIT ? "highest" : "lowest") ||
	    tline(t, "# root %d, N = %d nodes, depth %d, %d leaves, M = %g bytes; "
		  "* marks the critical path", root, m.n, depth, leaves, M) ||
	    tline(t, "* %d [%s]  root", root, class_name(c, root, name, sizeof name)) ||
	    draw_children(&dr, root, "") ||
	    tline(t, "# critical path %s: %.6g s; + Gamma + tau M = %.6g s (Eq. 8)",
		  path_text(&crit, path, sizeof path), crit.time, T))
		goto nomem;
	eth_model_free(&m);
	return 0;
nomem:
	eth_model_free(&m);
	return diag_set(d, "", "out of memory");
}

const struct output_desc eth_outputs[] = {
	{ "curve", "time vs message size, one column per operation (Eqs. 5-8, Figure 5)",
	  OUT_CURVE, curve },
	{ "summary", "nodes, classes, parameters, tree depth/leaves and critical path at --at",
	  OUT_SUMMARY, summary, .at = XQ_SIZE },
	{ "matrix", "point-to-point time T_ij between every pair at --at bytes (default S)",
	  OUT_MATRIX, matrix, .at = XQ_SIZE },
	{ "tree", "the binomial broadcast tree as text, critical path marked '*' (--at)",
	  OUT_TEXT, tree, .at = XQ_SIZE },
	{ NULL, NULL, 0, NULL },
};
