/*
 * star_net.h: the star graph S_n as a simulated network (kiasari): n!
 * routers, one processing node each, n-1 outgoing channels per router
 * (dimension j = 2..n swaps the first symbol with the j-th) and one
 * ejection channel per node.  Injection takes no time (the source queue
 * sits at the node's router); every channel, ejection included, passes one
 * flit per cycle, so a single message over h hops takes M + h cycles.
 *
 * Virtual channels per channel: V = V1 + V2, numbered 0..V1-1 class a
 * (fully adaptive) and V1 + l - 1 for class-b level l = 1..V2.
 *
 * Enhanced-Nbc (SIM_NBC_PAPER, the sets of the paper's blocking
 * conditions, section 3 after Eq. 7), with d the hops still to go before
 * the next hop and U = V2 - ceil(d/2) + 1:
 *   from the source or a class-a channel: every class-a channel of every
 *     profitable dimension, and class-b levels 1..U;
 *   from class-b level l: every class-a channel, and class-b levels
 *     l+1..U if the next hop is negative (V2 - ceil(d/2) - l + 1 channels),
 *     l..U if it is positive (V2 - ceil(d/2) - l + 2).
 * A hop is negative when it leaves an odd permutation (colour 1) for an
 * even one.  Selection: class a first (drawn uniformly among the free
 * class-a channels of all profitable dimensions), else the lowest free
 * class-b level (uniform among the profitable dimensions offering it).  A
 * message may return from class b to class a.  The ejection channel: any
 * free virtual channel.
 * Deterministic routing: the same virtual-channel sets on one physical
 * channel, the lowest profitable dimension.
 *
 * Pure C11: no I/O, no globals, no threads.
 */
#ifndef ICNX_SIM_STAR_NET_H
#define ICNX_SIM_STAR_NET_H

#include "sim/core.h"

#define SIM_STAR_MAX_N 8           /* 40320 routers */

enum sim_nbc {
	SIM_NBC_PAPER = 0,
	SIM_NBC_NONE               /* class a only, no escape: deadlocks (the
	                              watchdog's negative control) */
};

struct sim_star {
	int n, nodes, deg;         /* deg = n - 1 */
	int V1, V2;
	enum sim_nbc nbc;
	int deterministic;
	unsigned char *perm;       /* nodes * n: the permutation of each node */
	unsigned char *inv;        /* nodes * n: its inverse */
	unsigned char *parity;     /* nodes */
	int *nbr;                  /* nodes * deg: neighbour along dimension j+2 */
	struct sim_chan *chan;     /* nodes * deg network channels, then nodes
	                              ejection channels */
	int *inj;                  /* identity: node s injects at router s */
	/* Per permutation (indexed by its rank, star_rank): its distance to
	 * the identity and its profitable dimensions (bit j-1: swapping
	 * symbols 0 and j brings it closer), so that a routing call ranks the
	 * relative permutation instead of walking its cycles n times. */
	unsigned char *dist;       /* nodes */
	uint16_t *prof;            /* nodes */
	struct sim_net net;
};

/*
 * Build S_n with V1 class-a and V2 class-b virtual channels, buffers of B
 * flits (BookSim2's timing is an engine of its own, sim/iqrouter.h:
 * it reads this network's source queues at routers as injection channels
 * of their own).  Returns 0, or -1 (n outside 2..SIM_STAR_MAX_N, V1 < 0,
 * V2 < 0, V1 + V2 outside 1..64, no memory).
 */
int sim_star_build(struct sim_star *s, int n, int V1, int V2, int B, enum sim_nbc nbc,
		   int deterministic);
void sim_star_free(struct sim_star *s);

/* Hops from node a to node b (the star distance). */
int sim_star_distance(const struct sim_star *s, int a, int b);

#endif
