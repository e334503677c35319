/*
 * eqdist.h: the table of equivalent distances of arnau et al. (§2): for a
 * pair of switches (a, b), every link lying on at least one shortest legal
 * up*-down* route between them becomes a 1-ohm resistor (each switch one
 * electrical node) and the equivalent distance is the effective resistance
 * between a and b.  Also the distribution of the table's values (the points
 * of the paper's Figure 8) and per-switch means.
 *
 * Method, per unordered pair a < b (the route sets of (a,b) and (b,a) are
 * mirror images, see updown.h, so T is symmetric by construction):
 *  - the route subnetwork (its links and the n switches they touch) comes
 *    from ud_route_links, at a cost independent of S;
 *  - a single link, or a subnetwork that is a path (n-1 links), has
 *    resistance equal to its link count (exact, no arithmetic);
 *  - otherwise: ground b, order the other n-1 switches by decreasing
 *    distance from a along the routes (so a comes last), and factor the
 *    grounded Laplacian (symmetric positive definite: the subnetwork is
 *    connected and grounded) by Cholesky in envelope (skyline) storage.
 *    The route subnetwork is layered, so the envelope is narrow.  With a
 *    eliminated last, (L^-1)_{aa} = 1/L_aa and the resistance is
 *    R = e_a' A^-1 e_a = 1 / L_aa^2 (the Schur complement of the interior
 *    switches, i.e. Kron reduction): no inverse, no back substitution.
 * Cost per pair: O(sum of squared envelope row widths), typically tens of
 * switches; the whole table O(S^2) such solves.
 *
 * Pure C11: no I/O, no globals, no threads.  Arrays are caller-owned.
 */
#ifndef ICNX_EQDIST_H
#define ICNX_EQDIST_H

#include <stdatomic.h>

#include "topo/updown.h"

/* Progress: fraction in [0, 1] of the pairs done; called from the thread
 * that runs eq_table, at most about 200 times per table. */
typedef void (*eq_progress_fn)(void *ctx, double fraction);

/*
 * Fill T (S*S doubles, row-major, T[a*S + b], caller-owned) with the
 * equivalent distances under routing ud.  T is symmetric with a zero
 * diagonal; adjacent switches are at distance 1 (the link is the only
 * shortest legal route).  `cancel` (may be NULL) is polled between rows:
 * when non-zero the function stops and returns 1 (T then partly filled).
 * progress (may be NULL) gets ctx and the fraction done.
 * Returns 0, 1 (cancelled) or -1 (out of memory, or a non-positive pivot,
 * which would be a bug).
 */
int eq_table(const struct ud_routing *ud, double *T, const atomic_int *cancel,
	     eq_progress_fn progress, void *ctx);

/* Equivalent distance of one pair (same method); -1 on failure. */
double eq_pair(const struct ud_routing *ud, int a, int b);

/* One distinct value of the table and how many ordered pairs (a != b)
 * have it. */
struct eq_value {
	double value;              /* the smallest member of the group */
	long count;
};

/*
 * Distribution of the off-diagonal entries of a symmetric S*S table:
 * values within EQ_GROUP_TOL of a group's smallest member form one group;
 * groups in increasing order.  Writes up to cap groups to out and returns
 * the number of groups (which may exceed cap), or -1 when out of memory.
 * Counts are over ordered pairs, as in the paper (Table 2: the value 1
 * occurs 42 times, 1.25 twice).  O(S^2 log S), S^2/2 doubles of scratch.
 */
#define EQ_GROUP_TOL 1e-9
int eq_distribution(const double *T, int S, struct eq_value *out, int cap);

/* mean[a] = mean of T[a*S + b] over b != a (0 when S == 1). */
void eq_row_means(const double *T, int S, double *mean);

/* mean[a] = mean topological hop distance from a to the other switches. */
void eq_mean_hops(const struct ud_routing *ud, double *mean);

/* mean[a] = mean shortest legal route length from a to the others. */
void eq_mean_route_length(const struct ud_routing *ud, double *mean);

#endif
