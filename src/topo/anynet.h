/*
 * anynet.h: BookSim 2 `anynet` network files (topology = anynet;
 * network_file = F) for the networks icnx builds: the m-port n-tree, the
 * star graph S_n, and the external network of a multi-cluster system (every
 * cluster's ECN1, its concentrator/dispatcher, the ICN2).  Irregular
 * networks have their own writer, irr_anynet_emit (topo/irregular.h); it
 * writes the same format.
 *
 * Format (BookSim's networks/anynet.cpp): one line per router,
 *   router <r> node <a> node <b> ... router <s> ...
 * naming the processing nodes attached to router r (BookSim needs them
 * numbered 0..N-1, each attached to exactly one router) and its neighbour
 * routers.  A router-router entry is a bidirectional single-cycle link; its
 * repeat on the neighbour's line is ignored.  Every link is written on both
 * of its routers' lines; no latencies, no comments (BookSim accepts none).
 * Tokens are separated by single spaces; lines end with '\n'.  A network
 * whose routers are not all connected makes BookSim's routing assert, so
 * only connected networks are written.
 *
 * Pure C11: no I/O, no globals, no threads.  Text goes to a caller's write
 * callback; a non-zero return from it stops the writer, which returns -1.
 */
#ifndef ICNX_TOPO_ANYNET_H
#define ICNX_TOPO_ANYNET_H

#include <stddef.h>
#include <stdint.h>

typedef int (*anynet_write_fn)(void *ctx, const char *text, size_t len);

/* Largest network (routers + nodes) any writer here accepts: BookSim builds
 * all-pairs routing tables, so far larger files are of no use to it. */
#define ANYNET_MAX_VERTICES (INT64_C(1) << 20)
/* Largest star graph written: S_8 has 40320 routers. */
#define ANYNET_STAR_MAX_N 8

/*
 * m-port n-tree.  Router r is the switch that fattree.h's ft_graph numbers
 * as vertex N + r (leaves first, level by level, roots last); node q is the
 * node of address Q = q, attached to its leaf.  A switch lists its nodes or
 * children (in ft_graph's down-link order) and then its parents.
 * Returns 0, or -1 (bad m or n, larger than ANYNET_MAX_VERTICES, out of
 * memory, or the write callback refused).
 */
int anynet_fattree(int m, int n, anynet_write_fn write, void *ctx);

/*
 * Star graph S_n, 2 <= n <= ANYNET_STAR_MAX_N.  Router r is the permutation
 * of lexicographic rank r (star_rank in topo/star.h), with node r attached;
 * it lists its neighbours along dimensions 2..n in that order (dimension i
 * swaps the first symbol with the i-th).  Returns 0 or -1.
 */
int anynet_star(int n, anynet_write_fn write, void *ctx);

/*
 * The external network of a multi-cluster system of C >= 2 clusters: cluster
 * c (c = 0..C-1) has levels[c] tree levels, N_c = 2 (m/2)^levels[c] nodes.
 * Numbering, in this order:
 *   routers  cluster 0's ECN1 switches (as anynet_fattree), cluster 1's, ...;
 *            then the C concentrator/dispatchers (one router each, no node);
 *            then the ICN2 switches, an m-port n_c-tree with n_c the
 *            smallest depth holding C ports (ft_levels_for);
 *   nodes    cluster 0's nodes 0..N_0-1 (by address), cluster 1's next, ...
 * Attachment (a physical reading; the model itself draws the ECN1 exit
 * level from P_r): concentrator c is linked to every root switch of
 * cluster c's ECN1 (one extra port on each root) and takes port c of the
 * ICN2, i.e. the ICN2 leaf that would hold ICN2 node c.  The ICN2's ports
 * C..2(m/2)^n_c - 1 stay empty.  An external message therefore crosses its
 * node link, ECN1 up to a root, the concentrator, the ICN2, the destination
 * cluster's dispatcher and ECN1 down from a root.
 * The internal networks (ICN1) are separate m-port n-trees: anynet_fattree
 * of each cluster.  Returns 0 or -1 (C < 2, bad m or levels, too large,
 * out of memory, write refused).
 */
int anynet_mc_external(int m, int C, const int *levels, anynet_write_fn write, void *ctx);

/* A write callback that appends to a caller buffer: text beyond cap-1 bytes
 * is counted in len but dropped; buf stays NUL-terminated when cap > 0. */
struct anynet_buf {
	char *buf;
	size_t cap;
	size_t len;                 /* bytes written so far, even past cap */
};
int anynet_buf_write(void *ctx, const char *text, size_t len);

#endif
