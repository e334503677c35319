/*
 * updown.h: up*-down* routing (Autonet; arnau et al. §2) on an irregular
 * network: link orientation from BFS levels, shortest legal route lengths,
 * the links lying on shortest legal routes, and route enumeration.
 *
 * Conventions:
 *  - level[s] is the BFS distance (in links) of switch s from the root;
 *  - the "up" end of a link is the end nearer the root (smaller level); on
 *    equal levels, the end with the lower label;
 *  - crossing a link towards its up end is an up move, otherwise a down
 *    move; a legal route is zero or more up moves then zero or more down
 *    moves (never up after down).  Routes here are lists of switches.
 *
 * The shortest legal routes are the shortest paths of the state graph on
 * (switch, phase), phase 0 = "only up moves so far", phase 1 = "at least
 * one down move": up moves (u,0)->(v,0), down moves (u,p)->(v,1).  One BFS
 * per source gives every length: O(S (S + L)) in total.
 *
 * Mirror symmetry: reversing a legal route turns its up moves into down
 * moves and vice versa and reverses their order, so it is again up*down*.
 * Hence the legal routes b->a are exactly the reversed routes a->b, the
 * lengths are symmetric and the link sets on shortest routes are equal.
 * This also gives the distance from a state to b without a backward search:
 * from (v,0) it is dist(b, v); from (v,1) (down moves only) it is the
 * shortest all-up route from b to v, i.e. fwd(b, v, phase 0).
 *
 * Pure C11: no I/O, no globals, no threads.  Structures own their arrays;
 * the network is borrowed and must outlive the routing.
 */
#ifndef ICNX_UPDOWN_H
#define ICNX_UPDOWN_H

#include <stdbool.h>
#include <stdint.h>

#include "topo/irregular.h"

#define UD_INF 0xFFFFu         /* unreachable state (fits uint16_t) */

struct ud_routing {
	const struct irr_net *net; /* borrowed */
	int S, root;
	int *level;                /* S: BFS level from the root */
	int *up_end;               /* L: the switch at each link's up end */
	uint16_t *fwd;             /* S*S*2: fwd[(a*S + v)*2 + p] = length of
	                              the shortest legal route prefix from a
	                              reaching v in phase p, or UD_INF */
	uint16_t *hops;            /* S*S: topological distance (plain BFS) */
	long nonminimal;           /* unordered pairs {a,b}, a != b, whose
	                              shortest legal route is longer than the
	                              topological distance (no minimal path) */
};

/*
 * Build the routing for a network built by irr_net_build or irr_generate
 * (so connected).  root: a switch label, or -1 for the default, the lowest
 * label (0).  Returns 0, or -1 (bad root, out of memory; ud is then empty).
 * O(S (S + L)) time, 6 S^2 bytes.
 */
int ud_build(struct ud_routing *ud, const struct irr_net *net, int root);

/* Release the arrays (NULL and empty are fine). */
void ud_free(struct ud_routing *ud);

/* Length (links) of the shortest legal route a -> b; 0 when a == b. */
int ud_dist(const struct ud_routing *ud, int a, int b);

/* Topological distance (links) between a and b. */
int ud_hops(const struct ud_routing *ud, int a, int b);

/* True when crossing `link` starting at switch `from` is an up move. */
bool ud_is_up_move(const struct ud_routing *ud, int link, int from);

/* Scratch space for ud_route_links (stamps and a queue), reusable across
 * calls; one per thread of work.  ud_scratch_new returns NULL when out of
 * memory; ud_scratch_free(NULL) is a no-op. */
struct ud_scratch;
struct ud_scratch *ud_scratch_new(const struct ud_routing *ud);
void ud_scratch_free(struct ud_scratch *w);

/*
 * The links lying on at least one shortest legal route a -> b, and the
 * switches they touch.  Writes the link indices to links (capacity L) and
 * returns their number; writes the switches to sw (capacity S, may be
 * NULL) in order of first reach by a breadth-first walk from a over the
 * routes (so a first and b last) and their number to *nsw (may be NULL).
 * a == b gives 0 links and the one switch a.  Cost: the size of the route
 * subnetwork times the switch degree, independent of S.
 */
int ud_route_links(const struct ud_routing *ud, int a, int b,
		   struct ud_scratch *w, int *links, int *sw, int *nsw);

/*
 * Route enumeration.  For each route the callback gets path[0..len] (the
 * switches, path[0] = a, path[len] = b; len links) and returns non-zero to
 * stop.  Returns the number of routes reported (at most max), or -1 when
 * out of memory.
 *  ud_enum_shortest: the shortest legal routes a -> b.
 *  ud_enum_legal: every legal simple route a -> b (no switch twice), in
 *    depth-first order by neighbour (link) order.  Exponential in general:
 *    meant for small networks and teaching (arnau Table 1).
 * a == b yields the one route of length 0.
 */
typedef int (*ud_route_fn)(void *ctx, const int *path, int len);

long ud_enum_shortest(const struct ud_routing *ud, int a, int b,
		      ud_route_fn fn, void *ctx, long max);
long ud_enum_legal(const struct ud_routing *ud, int a, int b,
		   ud_route_fn fn, void *ctx, long max);

#endif
