/*
 * fattree.h: the m-port n-tree (Lin's fat-tree, used by both multi-cluster
 * papers): sizes, node addresses, hop counts between nodes, and the exact
 * hop distributions the models need (uniform traffic, bit permutations,
 * partially populated trees), plus the transpose counts as printed in
 * sharifi Eqs. (6)-(10).
 *
 * Addresses: node Q in 0..N-1 has the mixed-radix digits (A0, A1..A_{n-1}),
 * A0 in 0..m-1, the others in 0..m/2-1, Q = A0 (m/2)^(n-1) + ... + A_{n-1}
 * (sharifi Eq. 4).  A message between two nodes climbs h links to their
 * nearest common ancestor and descends h links: it crosses 2h links, h in
 * 1..n.  "hops" below always means this h (half the link count).
 *
 * Pure C11: no I/O, no globals, no threads.  Arrays are caller-owned.
 */
#ifndef ICNX_FATTREE_H
#define ICNX_FATTREE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define FT_MAX_N 24          /* deepest tree any function here accepts */
/* ft_graph_build refuses graphs with more than this many adjacency slots
 * ((nodes + switches) * m; 2^25 slots are 256 MiB). */
#define FT_GRAPH_MAX_SLOTS ((int64_t)1 << 25)

/* Every function below also treats an odd m as a bad argument. */

/* Internal traffic patterns (sharifi assumption 1, and the classic
 * permutations; all but uniform need N = 2^B). */
enum ft_pattern {
	FT_UNIFORM = 0,
	FT_TRANSPOSE,        /* rotate the B-bit address by floor(B/2) */
	FT_BITREV,           /* reverse the B bits */
	FT_SHUFFLE,          /* perfect shuffle: rotate left by one bit */
	FT_BUTTERFLY,        /* swap the most and least significant bits */
	FT_COMPLEMENT,       /* invert every bit */
	FT_NPATTERNS
};

/* Names as used in YAML: "uniform", "transpose", "bit-reversal",
 * "perfect-shuffle", "butterfly", "complement". */
const char *ft_pattern_name(enum ft_pattern p);

/* N = 2(m/2)^n nodes, or -1 if m < 2, n < 1 or it overflows int64. */
int64_t ft_nodes(int m, int n);
/* (2n-1)(m/2)^(n-1) switches, or -1. */
int64_t ft_switches(int m, int n);
/* Smallest n >= 1 with 2(m/2)^n >= count (the ICN2 holding `count` clusters).
 * -1 if m is bad or no n <= FT_MAX_N is enough. */
int ft_levels_for(int m, int64_t count);

/* Hop count h (1..n) between distinct nodes a and b of the m-port n-tree;
 * 0 when a == b; -1 on bad arguments (a or b outside 0..N-1, n > FT_MAX_N). */
int ft_hops(int m, int n, int64_t a, int64_t b);

/* Apply permutation p to address s of a B-bit address space (b0 = the most
 * significant bit).  -1 for FT_UNIFORM, bits outside 1..62 or s outside
 * 0..2^bits-1. */
int64_t ft_perm_apply(enum ft_pattern p, int bits, int64_t s);

/*
 * Hop distribution (all computed exactly):
 *   counts[h], h = 0..n (counts[0] = 0), summed over all sources;
 *   *pairs = the number of (source, destination) pairs counted;
 *   *fixed = sources the pattern maps to themselves (not counted);
 * so P_h = counts[h] / pairs.  For FT_UNIFORM every ordered pair of distinct
 * nodes among the first `occupied` nodes (occupied <= N; pass N for a full
 * tree) is counted.  For the permutations `occupied` must equal N and N must
 * be a power of two.  `cancel` (may be NULL) is polled in long loops; when it
 * becomes non-zero the function stops and returns 1.
 * Returns 0, 1 (cancelled), or -1 (bad arguments: N not a power of two for a
 * permutation, occupied out of range, n > FT_MAX_N).
 * pairs and fixed may be NULL.  On 1 or -1 the outputs hold no result.
 * FT_UNIFORM counts by address blocks in O(n) (no long loop, but a cancel
 * already set still returns 1); the permutations enumerate all N sources.
 */
int ft_hop_distribution(int m, int n, int64_t occupied, enum ft_pattern p,
			double counts[FT_MAX_N + 1], double *pairs, double *fixed,
			const atomic_int *cancel);

/* Uniform distribution over a full tree by the closed form (javadi Eq. 9):
 * P[h] for h = 1..n (P[0] = 0). */
void ft_uniform_closed_form(int m, int n, double P[FT_MAX_N + 1]);

/*
 * The matrix-transpose counts exactly as printed in sharifi Eqs. (6)-(8),
 * with Count_0 from Eq. (10): counts[j], j = 1..n, and *count0.  Reproduces
 * the paper's numbers, including where they are wrong (see icnx-models(7)).
 * Returns 0, or -1 if m/2 is not a power of two.
 * Where printed ranges overlap (n = 1 in Eqs. 7 and 8, n = 2 in Eq. 6) the
 * later row, always the j = n row, wins; an empty range sets nothing.
 */
int ft_transpose_printed(int m, int n, double counts[FT_MAX_N + 1], double *count0);

/*
 * Explicit graph of the m-port n-tree, for verification, the simulator and
 * node-to-node tables.  Vertices 0..N-1 are the processing nodes (by Q);
 * switches follow.  Each vertex lists its neighbours; for switches, up-links
 * (towards the roots) and down-links are kept apart.
 *
 * Numbering: the switch at level L (0 = leaf) with word w = (w0..w_{n-2})
 * (w0 < m, or < m/2 at the roots; the others < m/2) is vertex
 * nodes + L * 2(m/2)^(n-1) + (w0 (m/2)^(n-2) + ... + w_{n-2}).  Leaf
 * (A0..A_{n-2}) holds nodes (A0..A_{n-2}, d), d = 0..m/2-1 (all m nodes of
 * the single switch when n = 1).  Switches at levels L and L+1 are linked
 * when their words differ at most in digit n-2-L (Lin's rule, with Lin's
 * levels counted from the roots).  Link order: a switch's i-th down-link
 * leads to the child whose varying digit is i (at a leaf, to node digit
 * A_{n-1} = i), its i-th up-link to the parent whose varying digit is i.
 * A node's only link (adj[0]) is to its leaf.  Unused adj slots hold -1.
 */
struct ft_graph {
	int m, n;
	int64_t nodes, switches;
	int *level;          /* per vertex: -1 for processing nodes, 0 = leaf switch,
	                        n-1 = root switches */
	int *deg;            /* per vertex */
	int64_t *adj;        /* per vertex, m slots: neighbours, down-links first */
	int *ndown;          /* per vertex: how many of adj are down-links */
};

/* Build the graph (returns 0, -1 on bad arguments or out of memory; g is
 * then empty).  Meant for N up to a few hundred thousand. */
int ft_graph_build(struct ft_graph *g, int m, int n);
void ft_graph_free(struct ft_graph *g);

#endif
