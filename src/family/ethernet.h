/*
 * family/ethernet.h: the `ethernet` model family (Lastovetsky, Mkwawa,
 * O'Flynn: heterogeneous processors on a switched Ethernet): its
 * configuration struct as it appears in a preset file, its parameter table,
 * and the conversion to the model of src/model/ethernet.h.
 *
 * Nodes come from classes {name, count, C, t, nic_rate}, numbered in class
 * order (class 0's nodes first); a class of count 1 is a single node, so
 * per-node parameters are a list of such classes.  Link rates: link_rate
 * by default, a pair's rate the smaller of its two NIC rates, and per-pair
 * overrides links: [i, j, beta] (both directions).  Units: seconds, bytes,
 * bytes/s, s/byte.
 *
 * struct eth_config is the body of a struct config (see config/config.h):
 * its lists (classes, links, destinations, pairs) are heap arrays owned
 * through the parameter table; copy it with config_copy, never by
 * assignment.
 */
#ifndef ICNX_FAMILY_ETHERNET_H
#define ICNX_FAMILY_ETHERNET_H

#include <stddef.h>

#include "base/diag.h"
#include "config/config.h"
#include "family/family.h"
#include "model/ethernet.h"

#define ETH_MAX_CLASSES ETH_MAX_NODES   /* 256: one class per node at most */
#define ETH_MAX_LINKS 1024              /* per-pair overrides */
#define ETH_MAX_PAIRS (ETH_MAX_NODES / 2)
#define ETH_NAME_MAX 32

struct eth_class_cfg {
	char name[ETH_NAME_MAX];   /* "" = none */
	int count;                 /* nodes of this class */
	double C;                  /* s */
	double t;                  /* s/byte */
	double nic_rate;           /* bytes/s; NaN = link_rate */
};

struct eth_link_cfg {
	int i, j;
	double beta;               /* bytes/s */
};

struct eth_dest_cfg {
	int node;
	double weight;             /* M_j = weight * M */
};

struct eth_pair_cfg {
	int i, j;
};

/* What the curve shows. */
enum eth_plot {
	ETH_PLOT_ALL = 0, ETH_PLOT_P2P, ETH_PLOT_ONE_TO_MANY, ETH_PLOT_MULTI_P2P,
	ETH_PLOT_BCAST_BINOMIAL, ETH_PLOT_BCAST_FLAT, ETH_PLOT_BROADCASTS, ETH_PLOT_COUNT
};

struct eth_config {
	size_t nclasses;
	struct eth_class_cfg *classes;   /* owned heap lists, here and below */
	double link_rate;          /* beta, bytes/s */
	size_t nlinks;
	struct eth_link_cfg *links;
	double threshold;          /* S, bytes */
	struct {
		double Gamma;      /* s */
		double tau;        /* s/byte */
		int tree;          /* enum eth_tree */
	} broadcast;
	struct {
		int plot;          /* enum eth_plot */
		int src, dst;      /* the p2p pair */
		int root;          /* one-to-many and broadcasts */
		size_t ndest;      /* 0 = every node but the root, weight 1 */
		struct eth_dest_cfg *destinations;
		size_t npairs;     /* 0 = (0,1), (2,3), ... */
		struct eth_pair_cfg *pairs;
	} operation;
	struct {
		double from, to;   /* bytes */
		int points;
	} sizes;
};

extern const struct family eth_family;

/* The family's struct inside cfg (which must be of this family). */
static inline const struct eth_config *eth_cfg(const struct config *cfg)
{
	return (const struct eth_config *)cfg->body;
}
static inline struct eth_config *eth_cfg_mut(struct config *cfg)
{
	return (struct eth_config *)cfg->body;
}

/* Total nodes of the classes. */
int eth_config_nodes(const struct eth_config *c);

/* The class of node v, or -1. */
int eth_config_class_of(const struct eth_config *c, int v);

/* Build the model of a validated configuration (caller frees it with
 * eth_model_free).  Returns 0 or -1 with *d. */
int eth_config_model(const struct eth_config *c, struct eth_model *m, struct diag *d);

/* The operation's destinations (nodes and weights) with the default
 * filled in; returns how many (at most ETH_MAX_NODES). */
size_t eth_config_destinations(const struct eth_config *c, int *node, double *weight);

/* The operation's pairs as a flat array {i0, j0, i1, j1, ...} with the
 * default filled in; returns how many pairs. */
size_t eth_config_pairs(const struct eth_config *c, int *flat);

#endif
