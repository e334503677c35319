/*
 * family/irregular.c: the parameter table, cross-field rules and the
 * construction of the network of the `irregular` family (arnau et al.).
 * The table is the single description of the preset format; the network
 * checks of src/topo/irregular.c are mapped back to the field of the
 * offending link ("links.7") so a message points at its line.  Outputs and
 * the default sweep are in irregular_out.c.
 */
#include "family/irregular.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

#define LK(f) offsetof(struct irr_link, f)
static const struct param link_fields[] = {
	{ "a", PT_INT, LK(a), 0, IRR_MAX_SWITCHES - 1, 0, NULL, "", "",
	  "one end of the link: a switch label" },
	{ "b", PT_INT, LK(b), 0, IRR_MAX_SWITCHES - 1, 0, NULL, "", "",
	  "the other end", .seed = "1" },
	{ 0 }
};

#define SN(f) offsetof(struct irr_nodes_cfg, f)
static const struct param swnodes_fields[] = {
	{ "switch", PT_INT, SN(sw), 0, IRR_MAX_SWITCHES - 1, 0, NULL, "", "",
	  "switch label" },
	{ "nodes", PT_INT, SN(nodes), 0, IRR_MAX_PORTS, 0, NULL, "nodes", "",
	  "processing nodes at that switch", .seed = "4" },
	{ 0 }
};

#define GEN(f) offsetof(struct irr_gen_cfg, f)
static const struct param gen_fields[] = {
	{ "switches", PT_INT, GEN(switches), 1, IRR_MAX_SWITCHES, PF_OPTIONAL, NULL,
	  "switches", "S", "number of switches, labelled 0..S-1 (required here)" },
	{ "nodes", PT_INT, GEN(nodes), 0, IRR_MAX_PORTS, PF_OPTIONAL, NULL, "nodes", "",
	  "processing nodes per switch (paper: 4); default: nodes" },
	{ "free_ports", PT_INT, GEN(free_ports), 0, IRR_MAX_PORTS, PF_OPTIONAL, NULL,
	  "ports", "", "ports left for switch links (paper: 4); default: ports - nodes" },
	{ "links", PT_INT, GEN(links), 1, IRR_MAX_PORTS, PF_OPTIONAL, NULL, "links", "",
	  "switch links per switch (paper: 3); default 3" },
	{ "seed", PT_INT, GEN(seed), 0, INT_MAX, PF_OPTIONAL, NULL, "", "",
	  "seed of the generator; the same seed gives the same network; default 1" },
	{ 0 }
};

#define TM(f) offsetof(struct irr_config, timing.f) - offsetof(struct irr_config, timing)
static const struct param timing_fields[] = {
	{ "node_link", PT_INT, TM(node_link), 1, 1000, 0, "1", "cycles", "",
	  "cycles a flit takes on a node-switch link (injection and ejection)" },
	{ "switch_link", PT_INT, TM(switch_link), 1, 1000, 0, "1", "cycles", "",
	  "cycles a flit takes on a switch-switch link" },
	{ 0 }
};

const char *const irr_pattern_names[] = { "uniform", "bit-reversal", "perfect-shuffle",
					   "butterfly", NULL };

#define ISF(f) offsetof(struct irr_sim_config, f)
static const struct param sim_fields[] = {
	SIM_COMMON_FIELDS(SIM_ROUTING_ADAPTIVE),
	{ "M", PT_INT, ISF(M), 1, 100000, 0, "32", "flits", "M",
	  "message length (the irregular model has none; the simulator needs one)" },
	{ "V", PT_INT, ISF(V), 1, 16, 0, "1", "virtual channels", "V",
	  "virtual channels per link (up*/down* needs one)" },
	{ "pattern", PT_ENUM, ISF(pattern), 0, 0, 0, "uniform", "", "",
	  "traffic: uniform, or a permutation of the node numbers on ceil(log2 N) bits; "
	  "a node mapped to itself or beyond N-1 sends nothing", .choices = irr_pattern_names },
	{ "load", PT_REAL, ISF(load), 0, 1, PF_MIN_EXCL | PF_AUTO, "auto", "flits/node/cycle", "",
	  "traffic of the per-pair views (-o pairs, correlation, by-distance): offered flits "
	  "per node per cycle over all nodes, as arnau's figures (= accepted below "
	  "saturation); auto = 10% of the channel-load bound; batch --at overrides it in "
	  "msg/node/cycle" },
	{ 0 }

};

#define CF(f) offsetof(struct irr_config, f)
static const struct param irr_fields[] = {
	{ "switches", PT_INT, CF(switches), 1, IRR_MAX_SWITCHES, PF_OPTIONAL, NULL,
	  "switches", "S", "number of switches, labelled 0..S-1 (with links; or give generate)" },
	{ "ports", PT_INT, CF(ports), 1, IRR_MAX_PORTS, 0, "8", "ports", "",
	  "ports of every switch (processing nodes plus switch links)" },
	{ "nodes", PT_INT, CF(nodes), 0, IRR_MAX_PORTS, 0, "4", "nodes", "",
	  "processing nodes of every switch (see switch_nodes)" },
	{ "switch_nodes", PT_LIST, CF(switch_nodes), 0, 0, PF_TUPLE, NULL, "", "",
	  "per-switch processing nodes overriding nodes: [switch, nodes] items",
	  .sub = swnodes_fields, .elem_size = sizeof(struct irr_nodes_cfg),
	  .count_off = CF(nswitch_nodes), .min_items = 0, .max_items = IRR_MAX_SWITCHES },
	{ "root", PT_INT, CF(root), 0, IRR_MAX_SWITCHES - 1, 0, "0", "", "",
	  "root switch of the up*/down* spanning tree (default: the lowest label)" },
	{ "clusters", PT_INT, CF(clusters), 1, IRR_MAX_SWITCHES, 0, "4", "groups", "k",
	  "groups of switches formed by PAM on the table (at most S are formed)" },
	{ "generate", PT_SECTION, CF(generate), 0, 0, 0, NULL, "", "",
	  "a random network in the paper's style, instead of switches and links",
	  .sub = gen_fields },
	{ "links", PT_LIST, CF(links), 0, 0, PF_TUPLE, NULL, "", "",
	  "switch-to-switch links, each [a, b] or {a: A, b: B}, bidirectional",
	  .sub = link_fields, .elem_size = sizeof(struct irr_link),
	  .count_off = CF(nlinks), .min_items = 0, .max_items = IRR_CFG_MAX_LINKS },
	{ "timing", PT_SECTION, CF(timing), 0, 0, 0, NULL, "", "",
	  "link times of the simulator (cycles per flit)", .sub = timing_fields },
	{ "sim", PT_SECTION, CF(sim), 0, 0, 0, NULL, "", "",
	  "the flit-level simulator (-o curve, -o pairs, -o saturation)",
	  .sub = sim_fields, .pane = PANE_TRAFFIC },
	{ 0 }
};

bool irr_config_generated(const struct irr_config *c)
{
	const struct irr_gen_cfg *g = &c->generate;
	return g->switches != INT_MIN || g->nodes != INT_MIN || g->free_ports != INT_MIN ||
	       g->links != INT_MIN || g->seed != INT_MIN;
}

void irr_config_gen(const struct irr_config *c, struct irr_gen_params *p)
{
	const struct irr_gen_cfg *g = &c->generate;
	memset(p, 0, sizeof *p);
	p->switches = g->switches == INT_MIN ? 0 : g->switches;
	p->nodes = g->nodes == INT_MIN ? c->nodes : g->nodes;
	p->free_ports = g->free_ports == INT_MIN ? c->ports - p->nodes : g->free_ports;
	p->links = g->links == INT_MIN ? IRR_DEFAULT_GEN_LINKS : g->links;
	p->seed = (uint64_t)(g->seed == INT_MIN ? IRR_DEFAULT_SEED : g->seed);
}

int irr_config_switches(const struct irr_config *c)
{
	int S = irr_config_generated(c) ? c->generate.switches : c->switches;
	return S == INT_MIN ? 0 : S;
}

int irr_config_k(const struct irr_config *c)
{
	int S = irr_config_switches(c);
	return c->clusters < S ? c->clusters : S;
}

static int generated_net(const struct irr_config *c, struct irr_net *net, struct diag *d)
{
	struct irr_gen_params p;
	char msg[256];

	irr_config_gen(c, &p);
	if (c->generate.switches == INT_MIN)
		return diag_set(d, "generate.switches", "missing required field (allowed: an "
				"integer in [1, %d])", IRR_MAX_SWITCHES);
	if (p.free_ports < 0)
		return diag_set(d, "generate.nodes", "%d nodes per switch but %d ports leave "
				"no free ports (allowed: 0 to %d, or give generate.free_ports)",
				p.nodes, c->ports, c->ports);
	if (p.nodes + p.free_ports > IRR_MAX_PORTS)
		return diag_set(d, "generate.free_ports", "%d nodes and %d free ports make %d "
				"ports (allowed: nodes + free_ports <= %d)", p.nodes, p.free_ports,
				p.nodes + p.free_ports, IRR_MAX_PORTS);
	int S = p.switches, lo = S > 2 ? 2 : 1;
	if (S > 1 && p.free_ports < lo)
		return diag_set(d, "generate.free_ports", "%d free port%s leave%s no room for "
				"the links (allowed: at least %d free ports with %d switches)",
				p.free_ports, p.free_ports == 1 ? "" : "s",
				p.free_ports == 1 ? "s" : "", lo, S);
	if (S > 1 && (p.links < lo || p.links > p.free_ports))
		return diag_set(d, "generate.links", "%d link%s per switch (allowed: %d to %d, "
				"at most the %d free ports)", p.links, p.links == 1 ? "" : "s", lo,
				p.free_ports, p.free_ports);
	if (irr_generate(net, &p, msg, sizeof msg))
		return diag_set(d, "generate", "%s", msg);
	return 0;
}

/* Switches reachable from switch 0 (union-find over the links). */
static int reachable(const struct irr_config *c, int S, int *parent)
{
	for (int u = 0; u < S; u++)
		parent[u] = u;
	for (size_t i = 0; i < c->nlinks; i++) {
		int x = c->links[i].a, y = c->links[i].b;
		while (parent[x] != x)
			x = parent[x] = parent[parent[x]];
		while (parent[y] != y)
			y = parent[y] = parent[parent[y]];
		if (x != y)
			parent[x > y ? x : y] = x < y ? x : y;
	}
	int n = 0;
	for (int u = 0; u < S; u++) {
		int x = u;
		while (parent[x] != x)
			x = parent[x];
		n += x == 0;
	}
	return n;
}

/* Turn the core's structured problem into a message at the link's path. */
static int link_problem(const struct irr_config *c, int S, const int *nodes,
			const struct irr_problem *pr, const char *core_msg, struct diag *d)
{
	char path[64];
	const struct irr_link *l = pr->link >= 0 ? &c->links[pr->link] : NULL;

	if (l)
		snprintf(path, sizeof path, "links.%d", pr->link);
	switch (pr->status) {
	case IRR_ERANGE: {
		bool a_bad = l->a < 0 || l->a >= S;
		snprintf(path, sizeof path, "links.%d.%c", pr->link, a_bad ? 'a' : 'b');
		return diag_set(d, path, "link %d (%d-%d): switch %d does not exist (allowed: "
				"switch labels 0 to %d)", pr->link, l->a, l->b, a_bad ? l->a : l->b,
				S - 1);
	}
	case IRR_ESELF:
		return diag_set(d, path, "link %d (%d-%d) joins switch %d to itself (allowed: "
				"two different switches)", pr->link, l->a, l->b, l->a);
	case IRR_EDUP:
		return diag_set(d, path, "%s", core_msg);
	case IRR_EPORTS: {
		int sw = pr->sw, deg = 0, n = nodes ? nodes[sw] : c->nodes;
		for (size_t i = 0; i < c->nlinks; i++)
			deg += (c->links[i].a == sw) + (c->links[i].b == sw);
		return diag_set(d, path, "link %d (%d-%d): switch %d has %d links but %d free "
				"ports (allowed: at most ports - nodes = %d - %d = %d links at "
				"switch %d)", pr->link, l->a, l->b, sw, deg, c->ports - n, c->ports,
				n, c->ports - n, sw);
	}
	case IRR_EDISCONNECTED: {
		int *parent = malloc((size_t)S * sizeof *parent);
		if (!parent)
			return diag_set(d, "", "out of memory");
		int n = reachable(c, S, parent);
		free(parent);
		return diag_set(d, c->nlinks ? "links" : "switches", "switch %d is not reachable "
				"from switch 0: the network is disconnected, %d of %d switches "
				"reachable (allowed: a connected network)", pr->sw, n, S);
	}
	case IRR_ENOMEM:
		return diag_set(d, "", "out of memory");
	default:
		return diag_set(d, "links", "%s", core_msg);
	}
}

int irr_config_net(const struct irr_config *c, struct irr_net *net, struct diag *d)
{
	char path[64], msg[256];

	memset(net, 0, sizeof *net);
	if (irr_config_generated(c)) {
		if (c->nlinks > 0 || c->switches != INT_MIN)
			return diag_set(d, "generate", "network given twice: give either switches "
					"and links, or generate, not both");
		if (c->nswitch_nodes > 0)
			return diag_set(d, "switch_nodes", "per-switch nodes need an edge list "
					"(allowed: with switches and links; generate gives every "
					"switch generate.nodes nodes)");
		return generated_net(c, net, d);
	}
	if (c->switches == INT_MIN)
		return diag_set(d, "switches", "missing required field (allowed: an integer in "
				"[1, %d] with links, or a generate section)", IRR_MAX_SWITCHES);
	int S = c->switches;
	if (c->nodes > c->ports)
		return diag_set(d, "nodes", "%d nodes per switch but %d ports (allowed: 0 to %d, "
				"the ports)", c->nodes, c->ports, c->ports);

	int *nodes = NULL;
	if (c->nswitch_nodes > 0) {
		nodes = malloc((size_t)S * sizeof *nodes);
		int *from = malloc((size_t)S * sizeof *from);
		if (!nodes || !from) {
			free(nodes);
			free(from);
			return diag_set(d, "", "out of memory");
		}
		for (int u = 0; u < S; u++) {
			nodes[u] = c->nodes;
			from[u] = -1;
		}
		for (size_t i = 0; i < c->nswitch_nodes; i++) {
			const struct irr_nodes_cfg *o = &c->switch_nodes[i];
			int rc = 0;
			if (o->sw >= S) {
				snprintf(path, sizeof path, "switch_nodes.%zu.switch", i);
				rc = diag_set(d, path, "switch %d does not exist (allowed: 0 to %d)",
					      o->sw, S - 1);
			} else if (from[o->sw] >= 0) {
				snprintf(path, sizeof path, "switch_nodes.%zu.switch", i);
				rc = diag_set(d, path, "switch %d given twice (first as "
					      "switch_nodes.%d; allowed: each switch once)", o->sw,
					      from[o->sw]);
			} else if (o->nodes > c->ports) {
				snprintf(path, sizeof path, "switch_nodes.%zu.nodes", i);
				rc = diag_set(d, path, "%d nodes at switch %d but %d ports (allowed: "
					      "0 to %d, the ports)", o->nodes, o->sw, c->ports, c->ports);
			}
			if (rc) {
				free(nodes);
				free(from);
				return -1;
			}
			from[o->sw] = (int)i;
			nodes[o->sw] = o->nodes;
		}
		free(from);
	}

	struct irr_spec spec = {
		.switches = S, .nodes = nodes, .nodes_each = c->nodes, .ports_each = c->ports,
		.links = c->links, .nlinks = (int)c->nlinks,
	};
	struct irr_problem pr;
	int rc = 0;
	if (irr_net_build(net, &spec, &pr, msg, sizeof msg))
		rc = link_problem(c, S, nodes, &pr, msg, d);
	free(nodes);
	return rc;
}

static int irr_validate(const struct config *cfg, struct diag *d)
{
	const struct irr_config *c = irr_cfg(cfg);
	struct irr_net net;

	if (irr_config_net(c, &net, d))
		return -1;
	int S = net.switches;
	irr_net_free(&net);
	if (c->root >= S)
		return diag_set(d, "root", "switch %d does not exist (allowed: a switch label "
				"0 to %d)", c->root, S - 1);
	return 0;
}

extern const struct output_desc irr_outputs[];

/* The simulator's settings of a configuration (family.sim_config). */
static const struct sim_config *sim_settings(const struct config *cfg)
{
	return &irr_cfg(cfg)->sim.common;
}

const struct family irr_family = {
	.schema = {
		.name = "irregular",
		.title = "irregular networks under up*/down* routing",
		.papers = "Arnau, Orduna, Ruiz, Duato, On the characterization of interconnection "
			  "networks with irregular topology",
		.params = irr_fields,
		.cfg_size = sizeof(struct irr_config),
		.validate = irr_validate,
		.family = &irr_family,
	},
	.x = { "distance", "T_ij", "", "equivalent distance", false,
	       .quantity = XQ_DISTANCE },
	.sweep = irr_sweep,
	.prepare = irr_prepare,
	.release = irr_release,
	.outputs = irr_outputs,
	.sim_config = sim_settings,
	.simulates = "the network flit by flit under up*/down* routing (no latency model to "
		"follow); a virtual channel is taken again the cycle its tail leaves (sim.release "
		"= same-cycle: a link holds an M-flit message exactly M flit times), or the "
		"cycle after (next-cycle: the release cycle a real router adds).",
	.validation = "no latency model: the simulation is the reference.  Per switch pair, "
		"simulated latency against the equivalent distance T_ij, the shortest legal "
		"route length and the graph distance (-o correlation): on arnau-random24 at its "
		"default load r = 0.912, 0.934 and 0.698 (weighted per-distance means 0.976).  "
		"T_ij beats the graph distance at every load measured; the route length "
		"correlates better at light load, T_ij from 30-50% of saturation on (random24 "
		"at 50%: 0.837 against 0.827; autonet10 already at its default load).  A "
		"release cycle per message (sim.release = next-cycle) lowers the simulated "
		"saturation by 0.6-3.3%.",
};
