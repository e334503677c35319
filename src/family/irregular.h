/*
 * family/irregular.h: the `irregular` model family (arnau et al.): switch
 * networks of irregular topology under up*-down* routing, characterised by
 * the table of equivalent distances.  Its configuration struct as it
 * appears in a preset file, its parameter table, and the construction of the
 * network from a validated configuration.
 *
 * A network is given either as an edge list,
 *     switches: 10
 *     ports: 8            # per switch (default 8)
 *     nodes: 4            # processing nodes per switch (default 4)
 *     switch_nodes: [[3, 2]]   # optional per-switch overrides {switch, nodes}
 *     links: [[0, 2], [0, 4], ...]   # or {a: 0, b: 2}
 * or generated (irr_generate, reproducible from the seed),
 *     generate: {switches: 16, nodes: 4, free_ports: 4, links: 3, seed: 16}
 * never both.  In either form `root` (default 0, the lowest label) roots
 * the up*-down* spanning tree and `clusters` is k of the grouping.
 *
 * struct irr_config is the body of a struct config (see config/config.h):
 * its lists (links, at most IRR_CFG_MAX_LINKS; per-switch overrides, at most
 * IRR_MAX_SWITCHES) are heap arrays owned through the parameter table, so
 * it is copied with config_copy, never by assignment, and a copy costs the
 * links it holds (8 bytes each), not its capacity.
 */
#ifndef ICNX_FAMILY_IRREGULAR_H
#define ICNX_FAMILY_IRREGULAR_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "config/config.h"
#include "family/family.h"
#include "family/simcfg.h"
#include "topo/irregular.h"

#define IRR_CFG_MAX_LINKS 8192    /* links of an edge list in a preset */
#define IRR_DEFAULT_PORTS 8
#define IRR_DEFAULT_NODES 4
#define IRR_DEFAULT_GEN_LINKS 3
#define IRR_DEFAULT_SEED 1

/* One per-switch override of the number of processing nodes. */
struct irr_nodes_cfg {
	int sw;                    /* switch label */
	int nodes;                 /* its processing nodes */
};

/* The generator's parameters as given; INT_MIN = not given (see
 * irr_config_gen for the defaults). */
struct irr_gen_cfg {
	int switches, nodes, free_ports, links, seed;
};

/* The irregular simulator's settings: the shared ones (family/simcfg.h)
 * and its own (the irregular model has no message length or traffic). */
struct irr_sim_config {
	struct sim_config common;
	int M;             /* message length, flits */
	int V;             /* virtual channels per channel */
	int pattern;       /* 0 uniform, 1 bit-reversal, 2 perfect-shuffle, 3 butterfly */
	double load;       /* the per-point views' offered traffic (-o pairs,
	                      correlation, by-distance), flits/node/cycle over
	                      all N nodes (the paper's unit; = the accepted
	                      traffic below saturation); NaN = auto */
};

/* The names of sim.pattern's values (enum order), NULL-terminated. */
extern const char *const irr_pattern_names[];

struct irr_config {
	int switches;              /* S with links; INT_MIN when absent */
	int ports;                 /* ports of every switch */
	int nodes;                 /* processing nodes of every switch... */
	size_t nswitch_nodes;      /* ...except these (owned heap list) */
	struct irr_nodes_cfg *switch_nodes;
	size_t nlinks;
	struct irr_link *links;    /* owned heap list */
	int root;                  /* root switch of up*-down* */
	int clusters;              /* k of the grouping (at most S is used) */
	struct irr_gen_cfg generate;
	struct {
		int node_link;     /* cycles per flit on a node-switch link */
		int switch_link;   /* cycles per flit on a switch-switch link */
	} timing;
	struct irr_sim_config sim; /* the flit-level simulator */
};

extern const struct family irr_family;

/* The family's struct inside cfg (which must be of this family). */
static inline const struct irr_config *irr_cfg(const struct config *cfg)
{
	return (const struct irr_config *)cfg->body;
}
static inline struct irr_config *irr_cfg_mut(struct config *cfg)
{
	return (struct irr_config *)cfg->body;
}

/* True when the configuration has a `generate:` section (any of its fields
 * given). */
bool irr_config_generated(const struct irr_config *c);

/* The generator's parameters with defaults filled in: nodes = the top-level
 * nodes, free_ports = ports - nodes, links = 3, seed = 1. */
void irr_config_gen(const struct irr_config *c, struct irr_gen_params *p);

/* Number of switches S of the configured network (either form); 0 when
 * not given. */
int irr_config_switches(const struct irr_config *c);

/* The number of groups actually formed: min(clusters, S). */
int irr_config_k(const struct irr_config *c);

/*
 * Build (or generate) the network of c into *net (caller frees with
 * irr_net_free).  Returns 0, or -1 with *d naming the offending field as a
 * dotted path the loader's source map resolves to a line: "links.7" for a
 * duplicate, self-link, too many links or a bad label ("links.7.b" for the
 * label itself), "links" for a disconnected network, "generate.links" for
 * a bad generator parameter, and so on; the message names the link by its
 * index and ends and gives the allowed values.  Runs the same checks as the
 * family's validate().  Pure (allocates); O(S + L), or O(S^2) to generate.
 */
int irr_config_net(const struct irr_config *c, struct irr_net *net, struct diag *d);

/*
 * The family's default sweep (irregular_out.c): the range of the table's
 * values, from = the smallest off-diagonal entry, to = the largest, n = the
 * number of distinct values (the points of the distribution curve, whose
 * own x values are those values), from req->prepared or a table of its
 * own (polls req->cancel: returns 1).  Returns 0, or -1 with *d.
 */
int irr_sweep(const struct config *cfg, const struct run_req *req, double *from, double *to,
	      size_t *n, struct diag *d);

/* The family's prepare and release (irregular_out.c): the network, its
 * routing, the table of equivalent distances and its distinct values, built
 * once per configuration (see family.h). */
int irr_prepare(const struct config *cfg, const struct run_req *req, void **prep,
		struct diag *d);
void irr_release(void *prep);

/* Simulated outputs (irregular_sim.c): the latency curve (the paper has
 * no latency model), per switch pair latencies, simulated saturation. */
int irr_sim_curve(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d);
int irr_sim_loads(const struct config *cfg, const struct run_req *req, double **xs,
		  size_t *n, struct diag *d);
int irr_sim_pairs(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d);
int irr_sim_saturation(const struct config *cfg, const struct run_req *req, struct table *t,
		       struct diag *d);

/* Correlation outputs (irregular_corr.c, arnau Figures 6-9): per switch
 * pair simulated latency against equivalent distance, route length and
 * graph distance (Pearson r, least-squares line) at one load; the mean
 * latency per distinct distance (Figure 8); r against load (Figure 9). */
int irr_corr_table(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d);
int irr_corr_by_distance(const struct config *cfg, const struct run_req *req, struct table *t,
			 struct diag *d);
int irr_corr_patterns(const struct config *cfg, const struct run_req *req, struct table *t,
		      struct diag *d);
int irr_corr_load(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d);

#endif
