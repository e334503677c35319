/*
 * star.h: the star graph S_n (kiasari, Section 2), computed per cycle-type
 * class of the relative permutation, never per node.
 *
 * Nodes are the n! permutations of n symbols.  In C the symbols are 0..n-1
 * and positions 0..n-1: perm[0] is the paper's "first symbol".  Dimension i
 * (2 <= i <= n, as in the paper) swaps position 0 with position i-1.
 *
 * The star graph is node-symmetric: relabelling the symbols by a fixed
 * permutation g (u -> g o u) maps edges to edges.  So everything a message
 * sees on its way from s to t depends only on the relative permutation
 * p = t^-1 o s (or its inverse, which has the same class), and everything
 * about p that routing sees depends only on its CLASS:
 *
 *   l1     the length of the cycle of p holding symbol 1 (1 = symbol 1 is
 *          in place),
 *   parts  the lengths (>= 2) of the other non-trivial cycles.
 *
 * With c non-trivial cycles and m misplaced symbols (Akers et al.):
 *   distance = c + m       if symbol 1 is in place (l1 = 1),
 *              c + m - 2   otherwise.
 * A hop along dimension i multiplies p by the transposition (1 i).  It is
 * profitable (distance falls by one) exactly when
 *   - position i lies in another non-trivial cycle (the cycles merge), or
 *   - l1 >= 2 and the hop sends the first symbol home (the one split of
 *     symbol 1's cycle that leaves a fixed point),
 * so a node of class (l1, parts) has
 *   f = sum(parts) + (l1 >= 2 ? 1 : 0)
 * profitable output channels: the f(i,j,k) of paper Eq. (8).
 *
 * Pure C11: no I/O, no globals, no threads.  A struct star_topo owns its
 * class array; star_topo_free releases it.
 */
#ifndef ICNX_TOPO_STAR_H
#define ICNX_TOPO_STAR_H

#include <stddef.h>
#include <stdint.h>

#define STAR_MIN_N 2
#define STAR_MAX_N 16            /* 16! < 2^53: class sizes stay exact doubles */
#define STAR_MAX_DIAM 22         /* floor(3 (STAR_MAX_N - 1) / 2) */

/* One cycle-type class of relative permutations (destinations seen from a
 * source).  All counts are exact integers stored as double (all below 2^53
 * for n <= 16: at most 16! nodes, 1.4e10 minimal paths). */
struct star_class {
	int l1;                  /* cycle length of symbol 1 (1 = in place) */
	int nparts;              /* other cycles of length >= 2 */
	int parts[STAR_MAX_N];   /* their lengths, non-increasing */
	int misplaced;           /* m: symbols not in their place */
	int cycles;              /* c: non-trivial cycles, symbol 1's included */
	int dist;                /* hops from the source (the h_i of Eq. 4) */
	int f;                   /* profitable output channels here (Eq. 8) */
	int parity;              /* 0 even, 1 odd: the bipartite colour relative
	                            to the source (each hop flips it) */
	double size;             /* permutations (destinations) in the class */
	double paths;            /* minimal paths from the source to one member */
	double path_sets;        /* distinct sequences of classes along those
	                            paths (the "path sets" of Eq. 7, our reading) */
	int nsucc;               /* distinct classes one profitable hop away */
	int succ[STAR_MAX_N];    /* their indices */
	int mult[STAR_MAX_N];    /* how many of the f channels lead to each */
};

struct star_topo {
	int n;
	int diameter;                          /* max class dist */
	int nclass;
	int identity;                          /* class index of the source */
	double nodes;                          /* n! */
	double mean_dist;                      /* over the n!-1 other nodes */
	double dist_count[STAR_MAX_DIAM + 1];  /* nodes at each distance */
	struct star_class *cls;                /* nclass, sorted by dist */
};

/* Build the classes of S_n, 2 <= n <= STAR_MAX_N.  Memory and time grow
 * with the number of classes (195 for n = 12, 684 for n = 16), not with
 * n!.  Returns 0, or -1 (n out of range, out of memory: t is then empty).
 * The caller frees with star_topo_free. */
int star_topo_init(struct star_topo *t, int n);
/* Release the class array; t may be NULL or already freed. */
void star_topo_free(struct star_topo *t);

/* floor(3(n-1)/2), the diameter (paper Section 2). */
int star_diameter(int n);
/* ceil(H/2), H the diameter: the most negative hops a message can take in
 * the two-coloured S_n (paper Section 3), i.e. the class-b levels the
 * Nbc escape channels need. */
int star_neg_levels(int n);
/* n! as an exact integer (n <= 20), or -1. */
int64_t star_factorial(int n);

/* Per permutation (perm[0..n-1] a permutation of 0..n-1): */
int star_perm_distance(const int *perm, int n);   /* hops to the identity */
int star_perm_parity(const int *perm, int n);     /* 0 even, 1 odd */
int star_perm_profitable(const int *perm, int n); /* f at a node whose relative
                                                     permutation is perm */
/* Class index of a relative permutation, or -1 if perm is not one of S_n. */
int star_class_of(const struct star_topo *t, const int *perm);

/* Lexicographic rank (Lehmer code) of a permutation, 0..n!-1, and back.
 * The identity has rank 0.  n <= 20. */
int64_t star_rank(const int *perm, int n);
void star_unrank(int64_t r, int n, int *perm);

/*
 * How a message spreads over the minimal paths to its destination (the
 * weighting of paper Eq. 7):
 *   STAR_PATHS_ADAPTIVE  at each hop every profitable channel is equally
 *                        likely (fully adaptive routing with all channels
 *                        free: the zero-load behaviour of the router); a
 *                        path's weight is the product of 1/f along it.
 *   STAR_PATHS_MINIMAL   every minimal path equally likely.
 *   STAR_PATHS_SETS      every path set equally likely, a path set being the
 *                        minimal paths that cross the same sequence of
 *                        classes (they see the same f at every hop): Eq. 7's
 *                        1/N_set average, read literally.  Every class
 *                        sequence is realised by the same number of paths
 *                        (prod L^{m_L} m_L! over the other cycles), so this
 *                        equals STAR_PATHS_MINIMAL; kept to show that.
 * The model's default is ADAPTIVE: Eq. 8 asks how many channels the router
 * may choose from, and a fully adaptive router that finds several free
 * picks among them, so the paths it follows are weighted by 1/f per hop,
 * not uniformly (a path through nodes with few profitable channels is
 * more likely than one through nodes with many).
 */
enum star_paths {
	STAR_PATHS_ADAPTIVE = 0,
	STAR_PATHS_MINIMAL,
	STAR_PATHS_SETS,
	STAR_PATHS_COUNT
};

/* Doubles star_profile writes: nclass * (diameter + 1) * n. */
size_t star_profile_len(const struct star_topo *t);

/*
 * Profitable-channel profiles.  out[(c * (H + 1) + d) * n + f], H the
 * diameter, is the probability that a message to a destination of class c,
 * on the hop it makes with d hops still to go (d = dist - k + 1 for hop k,
 * so d = dist at the source and 1 on the last hop), leaves a node with f
 * profitable output channels.  For 1 <= d <= dist the entries over f sum to
 * one; for other d they are zero.  out is caller-owned, star_profile_len
 * doubles.  Returns 0, or -1 for a bad weighting.
 */
int star_profile(const struct star_topo *t, enum star_paths w, double *out);

#endif
