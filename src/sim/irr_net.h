/*
 * irr_net.h: an irregular switch network (arnau) as a simulated network.
 * Routers 0..S-1 are the switches, routers S..S+N-1 the processing nodes
 * (a node's router only feeds its injection link).  Channels: link l gives
 * 2l (a -> b) and 2l+1 (b -> a); then one injection link per node (node ->
 * its switch) and one ejection link per node (switch -> node).  Node links
 * take `node_link` cycles per flit, switch links `switch_link` (both 1 by
 * default: one cycle per flit per link, node links included), so a single
 * M-flit message between switches r links apart takes
 *   (M-1) max(node_link, switch_link) + 2 node_link + r switch_link
 * cycles, r the shortest legal up*-down* route length.
 *
 * Routing: up*-down* (updown.h), the message's phase (up moves only so far,
 * or a down move made) is its route state.  Adaptive: every next link on a
 * shortest legal route (the routes the equivalent-distance table counts),
 * every virtual channel, one drawn uniformly among the free ones.
 * Deterministic: the first such link in the switch's link order.  Legal
 * routes never turn up after down, so the channel dependency graph is
 * acyclic (Autonet) and neither variant can deadlock.  SIM_IRR_SHORTEST
 * (tests only, the watchdog's negative control) takes any topologically
 * shortest link, legal or not, and deadlocks on cyclic networks.
 *
 * Traffic: uniform over the other nodes, or a permutation of the node
 * numbers on B = ceil(log2 N) bits (bit-reversal, perfect shuffle,
 * butterfly; topo/fattree.h's ft_perm_apply).  When N is not a power of
 * two, or for a node that the permutation maps to itself, a node whose image
 * is itself or falls outside 0..N-1 sends nothing (it is not a sender).
 *
 * Pure C11: no I/O, no globals, no threads.
 */
#ifndef ICNX_SIM_IRR_NET_H
#define ICNX_SIM_IRR_NET_H

#include "sim/core.h"
#include "topo/fattree.h"
#include "topo/updown.h"

enum sim_irr_routing {
	SIM_IRR_ADAPTIVE = 0,
	SIM_IRR_DETERMINISTIC,
	SIM_IRR_SHORTEST           /* not up*-down*: deadlocks (tests only) */
};

struct sim_irr {
	const struct irr_net *topo;         /* borrowed */
	const struct ud_routing *ud;        /* borrowed */
	int S, N;
	enum sim_irr_routing routing;
	enum ft_pattern pattern;
	int *sw;                   /* N: each node's switch */
	int *perm;                 /* N: destination under the pattern, -1 none */
	int *senders, nsenders;
	struct sim_chan *chan;
	int *inj;
	struct sim_net net;
};

/*
 * Build from a network and its routing (both must outlive s).  pattern:
 * FT_UNIFORM, FT_BITREV, FT_SHUFFLE or FT_BUTTERFLY.  Node q's source
 * queue sits at router S + q, whose one channel is q's injection link (as
 * BookSim2's timing, sim/iqrouter.h, reads it).  Returns 0, or -1 (bad
 * arguments, no sender, no memory).
 */
int sim_irr_build(struct sim_irr *s, const struct irr_net *topo, const struct ud_routing *ud,
		  int V, int B, enum sim_irr_routing routing, enum ft_pattern pattern,
		  int node_link, int switch_link);
void sim_irr_free(struct sim_irr *s);

/*
 * The load bound lambda_cap (messages per sending node per cycle) at which
 * the busiest channel would carry one flit per flit time, for M-flit
 * messages, with each pair's traffic split evenly over the next links of
 * its shortest legal routes at every switch (the deterministic variant: all
 * on the first).  Saturation cannot lie above it.  O(S (S + L)).  Returns
 * the bound, or -1 when out of memory.
 */
double sim_irr_capacity(const struct sim_irr *s, int M);

#endif
