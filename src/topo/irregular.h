/*
 * irregular.h: an irregular switch network (arnau et al.): S switches
 * labelled 0..S-1 joined by bidirectional switch-to-switch links, each switch
 * with some processing nodes and a number of ports.  Building validates the
 * description and names the offending link; a seeded random generator makes
 * networks in the paper's style; an exporter writes BookSim's `anynet` file.
 *
 * Numbering: switch s carries nodes[s] processing nodes, numbered globally
 * first_node[s] .. first_node[s] + nodes[s] - 1 (switch 0's nodes first), the
 * numbering BookSim needs.  A link uses one port at each end; a switch's free
 * ports are ports - nodes.
 *
 * Pure C11: no I/O, no globals, no threads.  The network owns its arrays and
 * irr_net_free() releases them.
 */
#ifndef ICNX_IRREGULAR_H
#define ICNX_IRREGULAR_H

#include <stddef.h>
#include <stdint.h>

#define IRR_MAX_SWITCHES 1024  /* largest S accepted (distance table ~S^2) */
#define IRR_MAX_PORTS 64       /* largest number of ports on a switch */

struct irr_link {
	int a, b;                  /* the two switches, in the order given */
};

struct irr_net {
	int switches;              /* S, 1..IRR_MAX_SWITCHES */
	int nlinks;                /* L */
	struct irr_link *links;    /* L links, as given (not reordered) */
	int *nodes;                /* S: processing nodes of each switch */
	int *ports;                /* S: ports of each switch */
	int *first_node;           /* S+1: global number of each switch's first
	                              node; first_node[S] = total nodes */
	int *adj_start;            /* S+1: switch u's neighbours are
	                              adj[adj_start[u] .. adj_start[u+1]-1] */
	int *adj;                  /* 2L: neighbour switches, in link order */
	int *adj_link;             /* 2L: the link index of each adj entry */
};

/* What a description gives: per-switch arrays, or NULL for "every switch
 * has nodes_each nodes / ports_each ports". */
struct irr_spec {
	int switches;
	const int *nodes;          /* S entries, or NULL */
	const int *ports;          /* S entries, or NULL */
	int nodes_each, ports_each;
	const struct irr_link *links;
	int nlinks;
};

/* Why a description was rejected (first problem found, in this order). */
enum irr_status {
	IRR_OK = 0,
	IRR_EARGS,                 /* S, nodes or ports out of range */
	IRR_ERANGE,                /* a link names a switch outside 0..S-1 */
	IRR_ESELF,                 /* a link joins a switch to itself */
	IRR_EDUP,                  /* two links join the same pair */
	IRR_EPORTS,                /* more links at a switch than free ports */
	IRR_EDISCONNECTED,         /* some switch unreachable from switch 0 */
	IRR_ENOMEM
};

/* Where the problem is, for a loader that maps it back to a file line. */
struct irr_problem {
	enum irr_status status;
	int link;                  /* index into spec->links, or -1 */
	int other_link;            /* IRR_EDUP: the earlier link; else -1 */
	int sw;                    /* the switch concerned, or -1 */
};

/*
 * Validate `spec` and build `net` from it (copies every array).  On success
 * returns 0.  On failure returns -1, leaves `net` empty (safe to free), and
 * writes a one-line message into msg (size msglen, may be 0/NULL) naming the
 * offending link by index and ends, e.g.
 *   "link 5 (2-0) duplicates link 0 (0-2)"
 *   "link 7 (3-12): switch 12 out of range 0..9"
 *   "link 9 (1-5): switch 1 has 5 links but 4 free ports (8 ports, 4 nodes)"
 *   "switch 7 is not reachable from switch 0 (network disconnected)"
 * `prob` (may be NULL) receives the structured form.  Links are checked in
 * order, so the earliest bad link is named; for too many links at a switch
 * the first link beyond its free ports is named.  O(S + L).
 */
int irr_net_build(struct irr_net *net, const struct irr_spec *spec,
		  struct irr_problem *prob, char *msg, size_t msglen);

/* Release the arrays; net is left empty.  NULL and empty nets are fine. */
void irr_net_free(struct irr_net *net);

/* The link index joining u and v (either order), or -1.  O(degree). */
int irr_find_link(const struct irr_net *net, int u, int v);

/* Number of switch links at u. */
int irr_degree(const struct irr_net *net, int u);

/*
 * Random generator in the paper's style (§3.1: every switch has the same
 * size, the same number of nodes and uses `links` of its free ports).
 *
 *   switches    S, 1..IRR_MAX_SWITCHES
 *   nodes       processing nodes per switch (paper: 4)
 *   free_ports  ports left for switch links (paper: 4); ports = nodes + free_ports
 *   links       switch links per switch (paper: 3); 1..free_ports, >= 2 when S > 2
 *   seed        any 64-bit value; the same seed gives the same network
 *
 * Algorithm (xoshiro256** seeded through splitmix64; t = min(links, S-1)):
 *  1. random spanning tree: shuffle the switches, then attach each in turn
 *     to a uniformly chosen earlier switch that still has fewer than t links
 *     (t >= 2 keeps the newest switch open, so one always exists);
 *  2. random fill: repeatedly take a random switch with fewer than t links
 *     and link it to a random other such switch it is not yet linked to;
 *     a switch with no such partner is set aside;
 *  3. repair: a switch missing two or more links takes over a link x-y
 *     (remove x-y, add u-x and u-y); two adjacent switches missing one link
 *     each take over x-y as u-x and v-y.  Both moves keep every other degree
 *     and keep the network connected (x and y stay joined through u, v).
 * The network is therefore always connected and within the port limits;
 * every switch has exactly t links, except that one switch has t-1 when
 * S*t is odd.  (Should the repair find no donor link, some switches would
 * stay short; with S = 2..40, links = 2..8 and 200 seeds each this never
 * happened.)  Links are returned sorted (a < b, then by a, b).
 * O(S^2) time, S^2 bytes of scratch.  Returns 0, or -1 with a message in
 * msg (bad parameters, out of memory); net is then empty.
 */
struct irr_gen_params {
	int switches;
	int nodes;
	int free_ports;
	int links;
	uint64_t seed;
};

int irr_generate(struct irr_net *net, const struct irr_gen_params *p,
		 char *msg, size_t msglen);

/*
 * BookSim 2 `anynet` topology (topology = anynet; network_file = ...).
 * One line per switch, tokens separated by single spaces:
 *   router <s> node <n> ... router <r> ...
 * listing switch s's processing nodes by global number (BookSim requires
 * them numbered 0..N-1) and then every neighbour switch.  BookSim treats a
 * router-router entry as a bidirectional link and ignores the repeat on the
 * neighbour's line; an optional integer after `router <r>` would be a link
 * latency (not written: single-cycle links).  BookSim accepts no comments in
 * this file, so none are written.  Lines end with '\n'.
 *
 * irr_anynet_emit: calls write(ctx, text, len) for successive pieces of
 * text (not NUL-terminated); a non-zero return from write stops and makes
 * the function return -1.  Returns 0 otherwise.
 * irr_anynet_format: writes into buf (cap bytes, always NUL-terminated when
 * cap > 0, truncated like snprintf) and returns the full length the text
 * needs (without the NUL), or -1 for a bad argument.
 */
typedef int (*irr_write_fn)(void *ctx, const char *text, size_t len);

int irr_anynet_emit(const struct irr_net *net, irr_write_fn write, void *ctx);
long irr_anynet_format(const struct irr_net *net, char *buf, size_t cap);

#endif
