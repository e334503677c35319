/*
 * mc_net.h: a multi-cluster system of m-port n-trees (javadi, sharifi) as
 * a simulated network.  Cluster c (n_c levels, N_c = 2(m/2)^n_c nodes) has
 * an ICN1 and an ECN1 fat-tree over its nodes; an ICN2 fat-tree (the
 * fewest levels holding C ports) joins the clusters; each cluster has one
 * concentrator (ECN1 -> ICN2) and one dispatcher (ICN2 -> ECN1), both
 * single servers: each sends one message at a time over one link with one
 * virtual channel (the concentrator's to ICN2, M flits at icn2 t_cs; the
 * dispatcher's into ECN1), and adds nothing at zero load.  What they hold
 * (spec.buffered):
 *   buffered (default, javadi Eq. 32's two independent M/D/1 queues): each
 *     has a relay (core.h), an unbounded FIFO of whole messages that takes
 *     every arriving flit at once, so a message waiting for it holds no
 *     link behind it, and sends its head on by virtual cut-through
 *     (nothing added when it is empty).  The concentrator's relay is the
 *     concentrator (node 2N + c), in front of its link to ICN2; the
 *     dispatcher's (node 2N + C + c) sits in front of the ICN2 link into
 *     the dispatcher, the link its messages serialize on, at that link's
 *     ICN2 leaf: a message there takes the link at once when it is free,
 *     else enters the queue over a one-cycle entry channel of the link it
 *     came on;
 *   cut-through (bufferless, what a plain switch adds): a message waiting
 *     for the output link keeps the link it arrived on, blocking the
 *     messages behind it (head-of-line blocking: the saturation of an
 *     input-queued switch, about 2 - sqrt 2 of the link).
 * Where an external message leaves and enters
 * ECN1 (spec.exit):
 *   SIM_MC_EXIT_ROOTS (default, physical): the concentrator and dispatcher
 *     are linked to every root switch of their cluster's ECN1 (as the
 *     `anynet-external` export draws them); every external message climbs
 *     to a root: n_i + 1 ECN1 links out, n_j + 1 in.
 *   SIM_MC_EXIT_MODEL (the model's journey, javadi Eqs. 22-23): each
 *     external message crosses r ECN1 links out of its cluster and v into
 *     the destination one, r drawn from the source cluster's uniform hop
 *     distribution P_r (Eq. 9) and v from the destination's, as the model
 *     weights them: the hop count from the source to a node drawn uniformly
 *     among the other nodes of its cluster (likewise for v).  The r-th link
 *     goes to the concentrator from the element at level r-2 on the way up
 *     (the node itself when r = 1; links at ecn1 t_cn from nodes, t_cs from
 *     switches); the dispatcher enters at the switch at level v-2 covering
 *     the destination (the node itself when v = 1).  The concentrator and
 *     dispatcher are linked to every node and every non-root switch of
 *     their ECN1.  r and v travel as the message's route state (st, aux).
 *
 * A processing node has two ports (source queues): its ICN1 port (core
 * node 2g for global node g) and its ECN1 port (2g+1); buffered, the
 * concentrators and dispatchers are relay nodes 2N + c and 2N + C + c.  Internal messages
 * use ICN1 only; external ones ECN1 -> concentrator -> ICN2 -> dispatcher
 * -> ECN1 of the destination cluster.
 *
 * Timing (integer cycles per flit, the family chooses the time quantum):
 * ICN1 node links icn1_cn, switch links icn1_cs; ECN1 node links ecn1_cn,
 * switch links and the root-concentrator/dispatcher links ecn1_cs; every
 * ICN2 link, node links included, icn2_cs (as the model).  Zero load, h the
 * tree levels climbed in ICN1 (internal) or h2 in ICN2 (external):
 *   internal  (M-1) max(cn, cs) + 2 cn + (2h-2) cs   (h = 1: (M-1) cn + 2 cn)
 *   external  (M-1) max(periods crossed) + 2 ecn1_cn + (n_i + n_j) ecn1_cs + 2 h2 icn2_cs
 *             (roots), or + (r + v - 2) ecn1_cs instead of (n_i + n_j) (model)
 *
 * Routing in every tree: deterministic up*-down*: up while the switch does
 * not cover the destination, taking at level L the up-link numbered by the
 * destination's digit (Q / (m/2)^L) mod (m/2) ("destination mod k", which
 * spreads destinations evenly over the up-links), then the unique way down.
 * In the source ECN1 an external message climbs to a root (up-link by the
 * destination's local number) and crosses to the concentrator; the
 * dispatcher sends it to root (Q mod roots) of the destination ECN1.
 *
 * Traffic per node g of cluster c, at rate lambda / (1 - tau_c): uniform
 * (theta auto: the destination uniform over all other nodes), or with
 * probability theta external (a cluster drawn uniformly among the others,
 * then a node uniformly) and otherwise internal (uniform over the cluster's
 * other nodes, or the permutation; a fixed point sends no internal message:
 * that arrival is dropped).
 *
 * Pure C11: no I/O, no globals, no threads.
 */
#ifndef ICNX_SIM_MC_NET_H
#define ICNX_SIM_MC_NET_H

#include "sim/core.h"
#include "topo/fattree.h"

#define SIM_MC_MAX_NODES 65536      /* processing nodes the simulator builds */

enum sim_mc_exit {
	SIM_MC_EXIT_ROOTS = 0,     /* physical: to and from the ECN1 roots */
	SIM_MC_EXIT_MODEL,         /* at levels r, v drawn as the model (Eqs. 22-23) */
};

struct sim_mc_spec {
	int m;
	int C;                     /* clusters */
	const int *n;              /* C: tree levels of each cluster */
	const double *tau;         /* C: multi-user overhead, or NULL */
	int icn1_cn, icn1_cs, ecn1_cn, ecn1_cs, icn2_cs;   /* cycles per flit */
	double theta;              /* NaN: uniform over all other nodes */
	enum ft_pattern pattern;   /* internal traffic when theta is given */
	int V, B;
	int exit;                  /* enum sim_mc_exit */
	int buffered;              /* concentrators and dispatchers store whole
	                              messages (relays); 0 = cut-through */
};

struct sim_mc_tree {
	int n, nodes, nsw;         /* levels, nodes, switches */
	int sw0;                   /* router id of its first switch */
	int kind;                  /* 0 ICN1, 1 ECN1, 2 ICN2 */
	int cluster;               /* -1 for ICN2 */
	int *up;                   /* nsw * k: channel of up-link i, -1 */
	int *down;                 /* nsw * m: channel to child j, -1 */
	int *nodelink_in;          /* nodes: node -> leaf channel (ICN2: -1) */
	int *nodelink_out;         /* nodes: leaf -> node channel */
	int *root_conc;            /* ECN1: per root, root -> concentrator */
	int *disp_root;            /* ECN1: per root, dispatcher -> root */
	int *sw_conc, *disp_sw;    /* ECN1, exit model: per switch (levels
	                              0..n-2; -1 at the roots), to the
	                              concentrator / from the dispatcher */
	int *node_conc, *disp_node;/* ECN1, exit model: per node, the same */
};

struct sim_mc {
	struct sim_mc_spec sp;
	int k, N, C, n2;
	int *first;                /* C+1: global number of each cluster's first node */
	int *cl;                   /* N: cluster of each node */
	int *perm;                 /* N: internal permutation target (global), -1 */
	int *senders;              /* N: the ICN1 ports */
	double *weight;            /* N: 1 / (1 - tau) */
	struct sim_mc_tree *tree;  /* 2C + 1: ICN1_c = 2c, ECN1_c = 2c+1, ICN2 = 2C */
	int *rt_tree, *rt_level, *rt_word;  /* per router (switches) */
	int conc0, disp0;          /* router ids of concentrator 0, dispatcher 0 */
	int *conc_icn2, *icn2_disp;/* C: concentrator -> ICN2 leaf, leaf -> dispatcher */
	struct sim_chan *chan;
	int nchan, cap;
	int *inj;
	unsigned char *queue;      /* per router: 1 at concentrators and
	                              dispatchers (sim_net.queue_router) */
	unsigned char *relay;      /* buffered: per core node, 1 at the
	                              concentrators and dispatchers; else NULL */
	int *pseudo;               /* buffered: per channel, its first entry
	                              channel into the dispatchers' queues at
	                              an ICN2 leaf (mc_net.c), or -1 */
	struct sim_net net;
};

/* Build; returns 0, or -1 (bad spec, too large, no memory). */
int sim_mc_build(struct sim_mc *s, const struct sim_mc_spec *sp);
void sim_mc_free(struct sim_mc *s);

#endif
