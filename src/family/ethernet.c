/*
 * family/ethernet.c: the parameter table, cross-field rules and default
 * sweep of the `ethernet` family (heterogeneous switched Ethernet,
 * Lastovetsky et al.).  The table is the single description of the preset
 * format: loader, --set, --dump-config, the explorer's panes and
 * icnx.yaml(5) follow it.  Outputs are in ethernet_out.c.
 */
#include "family/ethernet.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config/config.h"

static const char *const tree_names[] = { "lowbit", "highbit", NULL };
static const char *const plot_names[] = {
	"all", "p2p", "one_to_many", "multi_p2p", "bcast_binomial", "bcast_flat", "broadcasts",
	NULL,
};

#define NODE_MAX (ETH_MAX_NODES - 1)
#define RATE_MAX 1e15
#define RATE_MIN 1.0         /* bytes/s: keeps every time finite (M <= SIZE_MAX_B) */
#define SIZE_MIN_B 1.0         /* bytes: the sizes a curve or --at may ask for */
#define SIZE_MAX_B 1e12
#define NO_ITEM (-1)

#define CLS(f) offsetof(struct eth_class_cfg, f)
static const struct param class_fields[] = {
	{ "name", PT_STR, CLS(name), 0, 0, PF_OPTIONAL, NULL, "", "",
	  "label of the class (processor, host)", .elem_size = ETH_NAME_MAX },
	{ "count", PT_INT, CLS(count), 1, ETH_MAX_NODES, 0, "1", "nodes", "",
	  "identical nodes in this class" },
	{ "C", PT_REAL, CLS(C), 0, 1000, 0, NULL, "s", "C_i",
	  "fixed processing delay per message (Eq. 2)" },
	{ "t", PT_REAL, CLS(t), 0, 1, 0, NULL, "s/byte", "t_i",
	  "processing delay per byte (Eq. 2)" },
	{ "nic_rate", PT_REAL, CLS(nic_rate), RATE_MIN, RATE_MAX, PF_OPTIONAL, NULL,
	  "bytes/s", "", "NIC rate; a pair's rate is the smaller of its two (default link_rate)" },
	{ 0 }
};

#define LNK(f) offsetof(struct eth_link_cfg, f)
static const struct param link_fields[] = {
	{ "i", PT_INT, LNK(i), 0, NODE_MAX, 0, NULL, "", "i", "first node" },
	{ "j", PT_INT, LNK(j), 0, NODE_MAX, 0, NULL, "", "j", "second node", .seed = "1" },
	{ "beta", PT_REAL, LNK(beta), RATE_MIN, RATE_MAX, 0, NULL, "bytes/s", "beta_ij",
	  "transmission rate between i and j, both directions (Eq. 4)", .seed = "1.25e8" },
	{ 0 }
};

#define BC(f) offsetof(struct eth_config, broadcast.f) - offsetof(struct eth_config, broadcast)
static const struct param bcast_fields[] = {
	{ "Gamma", PT_REAL, BC(Gamma), -1000, 1000, 0, "0", "s", "Gamma",
	  "fixed broadcast overhead (Eq. 8; a fit may give a negative correction)" },
	{ "tau", PT_REAL, BC(tau), -1, 1, 0, "0", "s/byte", "tau",
	  "broadcast overhead per byte (Eq. 8)" },
	{ "tree", PT_ENUM, BC(tree), 0, 0, 0, "lowbit", "", "",
	  "binomial tree: lowbit (MPICH, Open MPI tuned) or highbit (LAM/MPI, the paper's)",
	  .choices = tree_names },
	{ 0 }
};

#define DST(f) offsetof(struct eth_dest_cfg, f)
static const struct param dest_fields[] = {
	{ "node", PT_INT, DST(node), 0, NODE_MAX, 0, NULL, "", "j", "destination node",
	  .seed = "1" },
	{ "weight", PT_REAL, DST(weight), 0, 1e6, PF_MIN_EXCL, "1", "", "M_j/M",
	  "its message is weight times the plotted size" },
	{ 0 }
};

#define PR(f) offsetof(struct eth_pair_cfg, f)
static const struct param pair_fields[] = {
	{ "i", PT_INT, PR(i), 0, NODE_MAX, 0, NULL, "", "i", "sender" },
	{ "j", PT_INT, PR(j), 0, NODE_MAX, 0, NULL, "", "j", "receiver", .seed = "1" },
	{ 0 }
};

#define OP(f) offsetof(struct eth_config, operation.f) - offsetof(struct eth_config, operation)
static const struct param op_fields[] = {
	{ "plot", PT_ENUM, OP(plot), 0, 0, 0, "all", "", "",
	  "curves: all, one operation, or broadcasts (Figure 5: binomial vs flat)",
	  .choices = plot_names },
	{ "src", PT_INT, OP(src), 0, NODE_MAX, 0, "0", "", "i", "p2p sender (Eq. 5)" },
	{ "dst", PT_INT, OP(dst), 0, NODE_MAX, 0, "1", "", "j", "p2p receiver (Eq. 5)" },
	{ "root", PT_INT, OP(root), 0, NODE_MAX, 0, "0", "", "",
	  "one-to-many and broadcast root (Eqs. 6, 8)" },
	{ "destinations", PT_LIST, OP(destinations), 0, 0, PF_TUPLE, NULL, "", "",
	  "one-to-many destinations [node, weight] in sending order (default: every other node)",
	  .sub = dest_fields, .elem_size = sizeof(struct eth_dest_cfg),
	  .count_off = OP(ndest), .min_items = 0, .max_items = ETH_MAX_NODES },
	{ "pairs", PT_LIST, OP(pairs), 0, 0, PF_TUPLE, NULL, "", "",
	  "disjoint pairs [i, j] sending at once (Eq. 7; default 0-1, 2-3, ...)",
	  .sub = pair_fields, .elem_size = sizeof(struct eth_pair_cfg),
	  .count_off = OP(npairs), .min_items = 0, .max_items = ETH_MAX_PAIRS },
	{ 0 }
};

#define SZ(f) offsetof(struct eth_config, sizes.f) - offsetof(struct eth_config, sizes)
static const struct param size_fields[] = {
	{ "from", PT_REAL, SZ(from), SIZE_MIN_B, SIZE_MAX_B, 0, "1", "bytes", "M", "smallest message" },
	{ "to", PT_REAL, SZ(to), SIZE_MIN_B, SIZE_MAX_B, 0, "1048576", "bytes", "M", "largest message" },
	{ "points", PT_INT, SZ(points), 2, 10000, 0, "61", "", "",
	  "sizes of the sweep, log-spaced, both ends included" },
	{ 0 }
};

#define CF(f) offsetof(struct eth_config, f)
static const struct param eth_fields[] = {
	{ "classes", PT_LIST, CF(classes), 0, 0, 0, NULL, "", "",
	  "node classes; nodes are numbered in class order", .sub = class_fields,
	  .elem_size = sizeof(struct eth_class_cfg), .count_off = CF(nclasses),
	  .min_items = 1, .max_items = ETH_MAX_CLASSES },
	{ "link_rate", PT_REAL, CF(link_rate), RATE_MIN, RATE_MAX, 0, "1.25e8", "bytes/s",
	  "beta", "default transmission rate of a link (1.25e8 = gigabit Ethernet)" },
	{ "links", PT_LIST, CF(links), 0, 0, PF_TUPLE, NULL, "", "",
	  "per-pair rate overrides [i, j, beta]", .sub = link_fields,
	  .elem_size = sizeof(struct eth_link_cfg), .count_off = CF(nlinks),
	  .min_items = 0, .max_items = ETH_MAX_LINKS },
	{ "threshold", PT_REAL, CF(threshold), 0, 1e12, 0, "1024", "bytes", "S",
	  "small-message threshold of one-to-many: parallel if M_j <= S (Eq. 6)" },
	{ "broadcast", PT_SECTION, CF(broadcast), 0, 0, 0, NULL, "", "",
	  "MPI_Bcast overheads and tree (Eq. 8)", .sub = bcast_fields },
	{ "operation", PT_SECTION, CF(operation), 0, 0, 0, NULL, "", "",
	  "what to compute: p2p pair, root, destinations, pairs", .sub = op_fields },
	{ "sizes", PT_SECTION, CF(sizes), 0, 0, 0, NULL, "", "",
	  "the message-size sweep of the curve", .sub = size_fields },
	{ 0 }
};

int eth_config_nodes(const struct eth_config *c)
{
	long n = 0;
	for (size_t k = 0; k < c->nclasses; k++)
		n += c->classes[k].count;
	return n > 1000000 ? 1000000 : (int)n;
}

int eth_config_class_of(const struct eth_config *c, int v)
{
	for (size_t k = 0; k < c->nclasses; k++) {
		if (v < c->classes[k].count)
			return (int)k;
		v -= c->classes[k].count;
	}
	return -1;
}

size_t eth_config_destinations(const struct eth_config *c, int *node, double *weight)
{
	size_t nd = 0;
	if (c->operation.ndest > 0) {
		for (size_t k = 0; k < c->operation.ndest && k < ETH_MAX_NODES; k++) {
			node[nd] = c->operation.destinations[k].node;
			weight[nd++] = c->operation.destinations[k].weight;
		}
		return nd;
	}
	int N = eth_config_nodes(c);
	for (int v = 0; v < N && v < ETH_MAX_NODES; v++)
		if (v != c->operation.root) {
			node[nd] = v;
			weight[nd++] = 1;
		}
	return nd;
}

size_t eth_config_pairs(const struct eth_config *c, int *flat)
{
	size_t np = 0;
	if (c->operation.npairs > 0) {
		for (size_t k = 0; k < c->operation.npairs; k++) {
			flat[2 * np] = c->operation.pairs[k].i;
			flat[2 * np + 1] = c->operation.pairs[k].j;
			np++;
		}
		return np;
	}
	int N = eth_config_nodes(c);
	for (int v = 0; v + 1 < N && np < ETH_MAX_PAIRS; v += 2) {
		flat[2 * np] = v;
		flat[2 * np + 1] = v + 1;
		np++;
	}
	return np;
}

int eth_config_model(const struct eth_config *c, struct eth_model *m, struct diag *d)
{
	double C[ETH_MAX_NODES], t[ETH_MAX_NODES], nic[ETH_MAX_NODES];
	struct eth_link links[ETH_MAX_LINKS];
	char err[256];
	int n = 0;

	for (size_t k = 0; k < c->nclasses; k++)
		for (int q = 0; q < c->classes[k].count && n < ETH_MAX_NODES; q++, n++) {
			C[n] = c->classes[k].C;
			t[n] = c->classes[k].t;
			nic[n] = c->classes[k].nic_rate;
		}
	for (size_t k = 0; k < c->nlinks; k++)
		links[k] = (struct eth_link){ c->links[k].i, c->links[k].j, c->links[k].beta };
	struct eth_params p = {
		.n = n, .C = C, .t = t, .nic = nic, .beta = c->link_rate,
		.links = links, .nlinks = c->nlinks, .S = c->threshold,
		.Gamma = c->broadcast.Gamma, .tau = c->broadcast.tau,
		.tree = (enum eth_tree)c->broadcast.tree,
	};
	if (eth_model_init(m, &p, err, sizeof err))
		return diag_set(d, "", "%s", err);
	return 0;
}

/* A node index field must name one of the N nodes. */
static int check_node(int v, int N, const char *path, struct diag *d)
{
	if (v >= N)
		return diag_set(d, path, "node %d does not exist (allowed: 0 to %d; the classes "
				"have %d nodes)", v, N - 1, N);
	return 0;
}

/* Gamma and tau may be negative (a fitted correction, Eq. 8), but never so
 * far that a broadcast takes negative time: the binomial broadcast time must
 * be >= 0 at every size icnx accepts (SIZE_MIN_B..SIZE_MAX_B bytes, whatever
 * the sweep or --at). */
static int check_bcast_overhead(const struct eth_config *c, struct diag *d)
{
	struct eth_model m;
	double at;
	if (c->broadcast.Gamma >= 0 && c->broadcast.tau >= 0)
		return 0;
	if (eth_config_model(c, &m, d))
		return -1;
	double tmin = eth_bcast_min(&m, c->operation.root, SIZE_MIN_B, SIZE_MAX_B, &at);
	eth_model_free(&m);
	if (tmin < 0)
		return diag_set(d, c->broadcast.tau < 0 ? "broadcast.tau" : "broadcast.Gamma",
				"the broadcast time max path + Gamma + tau M would be negative "
				"(%.6g s at M = %.6g bytes; Gamma = %g, tau = %g) (allowed: Gamma "
				"and tau that keep it >= 0 for M from %g to %g bytes)", tmin, at,
				c->broadcast.Gamma, c->broadcast.tau, SIZE_MIN_B, SIZE_MAX_B);
	return 0;
}

static int eth_validate(const struct config *cfg, struct diag *d)
{
	const struct eth_config *c = eth_cfg(cfg);
	char path[DIAG_PATH_MAX];
	long total = 0;

	for (size_t k = 0; k < c->nclasses; k++)
		total += c->classes[k].count;
	if (total < 2 || total > ETH_MAX_NODES)
		return diag_set(d, "classes", "%ld node%s in all (allowed: 2 to %d nodes, the sum "
				"of the classes' counts)", total, total == 1 ? "" : "s",
				ETH_MAX_NODES);
	int N = (int)total;

	int seen[ETH_MAX_NODES];
	for (size_t k = 0; k < c->nlinks; k++) {
		const struct eth_link_cfg *l = &c->links[k];
		snprintf(path, sizeof path, "links.%zu.i", k);
		if (check_node(l->i, N, path, d))
			return -1;
		snprintf(path, sizeof path, "links.%zu.j", k);
		if (check_node(l->j, N, path, d))
			return -1;
		snprintf(path, sizeof path, "links.%zu", k);
		if (l->i == l->j)
			return diag_set(d, path, "[%d, %d] joins a node to itself (allowed: two "
					"different nodes)", l->i, l->j);
		for (size_t q = 0; q < k; q++) {
			const struct eth_link_cfg *o = &c->links[q];
			if ((o->i == l->i && o->j == l->j) || (o->i == l->j && o->j == l->i))
				return diag_set(d, path, "the pair %d-%d is given twice (first as "
						"links.%zu; allowed: one rate per pair, both "
						"directions)", l->i, l->j, q);
		}
	}

	if (check_node(c->operation.src, N, "operation.src", d) ||
	    check_node(c->operation.dst, N, "operation.dst", d) ||
	    check_node(c->operation.root, N, "operation.root", d))
		return -1;
	if (c->operation.src == c->operation.dst)
		return diag_set(d, "operation.dst", "%d is also operation.src (allowed: a node "
				"other than the sender)", c->operation.dst);

	for (int v = 0; v < ETH_MAX_NODES; v++)
		seen[v] = NO_ITEM;
	for (size_t k = 0; k < c->operation.ndest; k++) {
		int v = c->operation.destinations[k].node;
		snprintf(path, sizeof path, "operation.destinations.%zu.node", k);
		if (check_node(v, N, path, d))
			return -1;
		if (seen[v] != NO_ITEM)
			return diag_set(d, path, "node %d is already operation.destinations.%d "
					"(allowed: each destination once)", v, seen[v]);
		seen[v] = (int)k;
	}

	for (int v = 0; v < ETH_MAX_NODES; v++)
		seen[v] = NO_ITEM;
	for (size_t k = 0; k < c->operation.npairs; k++) {
		const struct eth_pair_cfg *p = &c->operation.pairs[k];
		snprintf(path, sizeof path, "operation.pairs.%zu.i", k);
		if (check_node(p->i, N, path, d))
			return -1;
		snprintf(path, sizeof path, "operation.pairs.%zu.j", k);
		if (check_node(p->j, N, path, d))
			return -1;
		snprintf(path, sizeof path, "operation.pairs.%zu", k);
		if (p->i == p->j)
			return diag_set(d, path, "[%d, %d] sends to itself (allowed: two different "
					"nodes)", p->i, p->j);
		int ends[2] = { p->i, p->j };
		for (int e = 0; e < 2; e++) {
			int v = ends[e];
			if (seen[v] != NO_ITEM) {
				const struct eth_pair_cfg *o = &c->operation.pairs[seen[v]];
				return diag_set(d, path, "node %d is in two pairs, %d-%d (operation.pairs.%d) and "
						"%d-%d (allowed: disjoint pairs, each node in at "
						"most one)", v, o->i, o->j, seen[v], p->i, p->j);
			}
			seen[v] = (int)k;
		}
	}

	if (!(c->sizes.to > c->sizes.from))
		return diag_set(d, "sizes.to", "%g is not above sizes.from = %g (allowed: a size "
				"in bytes > sizes.from)", c->sizes.to, c->sizes.from);
	return check_bcast_overhead(c, d);
}

static int eth_sweep(const struct config *cfg, const struct run_req *req, double *from,
		     double *to, size_t *n, struct diag *d)
{
	(void)req;
	(void)d;
	*from = eth_cfg(cfg)->sizes.from;
	*to = eth_cfg(cfg)->sizes.to;
	*n = (size_t)eth_cfg(cfg)->sizes.points;
	return 0;
}

extern const struct output_desc eth_outputs[];

const struct family eth_family = {
	.schema = {
		.name = "ethernet",
		.title = "heterogeneous switched Ethernet",
		.papers = "Lastovetsky, Mkwawa, O'Flynn, UCD",
		.params = eth_fields,
		.cfg_size = sizeof(struct eth_config),
		.validate = eth_validate,
		.family = &eth_family,
	},
	/* The first screen: one-to-many (Eq. 6), whose time jumps at S (the
	 * root stops sending in parallel), against p2p (Eq. 5), which has no
	 * jump; with operation.plot = broadcasts both broadcasts (Figure 5). */
	.x = { "size_bytes", "M", "bytes", "message size", true,
	       .whole = true, .y_log = true, .quantity = XQ_SIZE,
	       .y_columns = { "one_to_many", "p2p" } },
	.sweep = eth_sweep,
	.outputs = eth_outputs,
};
