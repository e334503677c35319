/*
 * cluster.h: grouping switches into k groups of low mutual equivalent
 * distance (arnau et al. §4, "clustering algorithms based on internode
 * distances"), and the MPI hostfile of a group's processing nodes.
 *
 * Method: k-medoids, PAM (Kaufman & Rousseeuw): BUILD chooses k medoids
 * greedily (first the switch with the least total distance to all others,
 * then each time the switch that lowers the total distance to the nearest
 * medoid most); SWAP then repeatedly makes the single medoid/non-medoid
 * exchange that lowers the total most, until none lowers it (by more than
 * 1e-12 relative).  Each switch joins its nearest medoid.
 *
 * Why PAM: the table is symmetric but not a metric (no triangle
 * inequality, no coordinates), and PAM needs only the dissimilarities, so
 * no Euclidean method (k-means, centroids) is involved; every group gets a
 * representative switch (its medoid); the objective (total distance to the
 * group's medoid) is the communication cost of the group around a hub.  It
 * is deterministic (ties go to the lowest label) and costs O(k S^2) per
 * SWAP pass with the nearest/second-nearest bookkeeping, so 1024 switches
 * are fine; average-linkage agglomeration would be O(S^3) naively and its
 * merges on the table's many tied values depend on tie order.
 *
 * Pure C11: no I/O, no globals, no threads.  The result owns its arrays.
 */
#ifndef ICNX_CLUSTER_H
#define ICNX_CLUSTER_H

#include <stdatomic.h>
#include <stddef.h>

#include "topo/irregular.h"

struct cl_result {
	int S, k;
	int *group;                /* S: group of each switch, 0..k-1; groups
	                              are numbered by their lowest switch */
	int *medoid;               /* k: each group's medoid switch */
	int *size;                 /* k: switches per group */
	double *group_intra;       /* k: mean distance within each group over
	                              ordered pairs (0 for a single switch) */
	double cost;               /* sum of each switch's distance to its medoid */
	double mean_intra;         /* mean T over ordered pairs a != b in the
	                              same group (0 when there are none) */
	double mean_inter;         /* mean T over pairs in different groups
	                              (0 when k == 1) */
	int swaps;                 /* SWAP steps taken */
};

/*
 * Cluster the S switches of the symmetric S*S table T (row-major; zero
 * diagonal, positive elsewhere, as eq_table makes it) into k groups,
 * 1 <= k <= S.  `cancel` (may be NULL) is polled between SWAP steps.
 * Returns 0, 1 (cancelled; res empty) or -1 (bad k, a zero off-diagonal
 * entry, out of memory; res empty).  res is the caller's; free it with
 * cl_free.  Time O(k S^2) per SWAP step (a few steps in practice: 1024
 * switches, k = 16 take about 0.2 s), memory O(S).
 */
int cl_pam(const double *T, int S, int k, struct cl_result *res,
	   const atomic_int *cancel);

/* Release res's arrays (NULL and empty are fine). */
void cl_free(struct cl_result *res);

/*
 * MPI hostfile (Open MPI syntax) for the processing nodes of group g: one
 * line "sw<s>-n<j> slots=1" per node j (0-based, local to the switch) of
 * each switch s in the group, switches in increasing label.  Written into
 * buf (cap bytes, NUL-terminated when cap > 0, truncated like snprintf);
 * returns the full length needed (without the NUL), or -1 for a bad group
 * or a network that does not match res.
 */
long cl_hostfile(const struct irr_net *net, const struct cl_result *res, int g,
		 char *buf, size_t cap);

#endif
