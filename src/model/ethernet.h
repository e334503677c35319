/*
 * ethernet.h: the communication model of heterogeneous processors joined by
 * a full-duplex switched Ethernet (Lastovetsky, Mkwawa, O'Flynn, "An
 * Accurate Communication Model of a Heterogeneous Cluster Based on a
 * Switch-Enabled Ethernet Network", Eqs. 1-8).
 *
 * Units: time in seconds, message sizes in bytes, link rates in bytes/s,
 * per-byte delays in s/byte.
 *
 *   T_ij(M)      = C_i + t_i M + C_j + t_j M + M/beta_ij             (Eq. 5)
 *   one-to-many  = C_0 + t_0 sum_j M_j + { sum_j X_j    all M_j > S
 *                                        { max_j X_j    all M_j <= S  (Eq. 6)
 *                  with X_j = C_j + t_j M_j + M_j/beta_0j
 *   multiple p2p = max over the disjoint pairs of T_ij(M)              (Eq. 7)
 *   broadcast    = max over root-to-leaf paths of the binomial tree of
 *                  the sum of T along the path, + Gamma + tau M        (Eq. 8)
 *
 * A node sending to itself crosses no link: 1/beta_ii = 0, so
 * T_ii(M) = 2 (C_i + t_i M), and in Eq. 6 the root's own message costs
 * X_0 = C_0 + t_0 M (the paper's Figure 5 has the root send to itself).
 *
 * Readings (docs/models-ethernet.md, icnx-models(7)):
 *  - One-to-many with sizes on both sides of S: the root sends in list order;
 *    a large message (M_j > S) holds the sender until it is delivered, a
 *    small one (M_j <= S) releases it at once.  Message k then starts at
 *    s_k = sum of X_l over the large messages l before k and is done at
 *    s_k + X_k; the operation ends at the latest.  All large gives the
 *    paper's sum, all small its max (both branches of Eq. 6 exactly).
 *  - Binomial tree: relative rank r = (rank - root) mod N.  ETH_TREE_LOWBIT
 *    (default; MPICH, Open MPI's tuned binomial): parent of r is r with its
 *    lowest set bit cleared.  ETH_TREE_HIGHBIT (LAM/MPI's lam_basic
 *    bcast_log, which the paper used; Open MPI's coll basic): r with its
 *    highest set bit cleared.  Both have depth floor(log2 N); lowbit has
 *    ceil(N/2) leaves; for N a power of two they are mirror images (bit
 *    reversal of r) with N/2 leaves, otherwise highbit has more leaves.
 *
 * Pure C11: no I/O, no globals, no threads.  A struct eth_model owns its
 * arrays (eth_model_free releases them; eth_model_free(NULL) is a no-op);
 * the operations only read it, so one model may serve several threads.
 * Errors: functions that can fail on bad input return -1 and write a
 * message (naming the node or item) into err (errlen bytes; err may be
 * NULL).
 */
#ifndef ICNX_MODEL_ETHERNET_H
#define ICNX_MODEL_ETHERNET_H

#include <stdbool.h>
#include <stddef.h>

#define ETH_MAX_NODES 256
#define ETH_MAX_DEPTH 8                 /* floor(log2 ETH_MAX_NODES) */
#define ETH_DEFAULT_S 1024.0            /* bytes, the paper's threshold */

enum eth_tree {
	ETH_TREE_LOWBIT = 0,    /* parent: lowest set bit cleared (default) */
	ETH_TREE_HIGHBIT,       /* parent: highest set bit cleared (LAM/MPI) */
	ETH_TREE_COUNT
};

/* A per-pair link rate override, for both directions. */
struct eth_link {
	int i, j;               /* nodes, i != j */
	double beta;            /* bytes/s, > 0 */
};

/* What eth_model_init copies.  Arrays have n entries. */
struct eth_params {
	int n;                  /* nodes N, 1..ETH_MAX_NODES */
	const double *C;        /* fixed processing delay C_i, s, >= 0 */
	const double *t;        /* per-byte delay t_i, s/byte, >= 0 */
	const double *nic;      /* NIC rate of node i, bytes/s; NULL, or an
	                           entry NaN, means `beta` */
	double beta;            /* default link rate, bytes/s, > 0 */
	const struct eth_link *links; /* overrides; may be NULL */
	size_t nlinks;
	double S;               /* small-message threshold, bytes, >= 0 */
	double Gamma;           /* fixed broadcast overhead, s */
	double tau;             /* broadcast overhead per byte, s/byte */
	enum eth_tree tree;
};

struct eth_model {
	int n;
	double *C, *t;          /* n entries */
	double *inv_beta;       /* n*n, 1/beta_ij in s/byte; 0 on the diagonal */
	double S, Gamma, tau;
	enum eth_tree tree;
};

/* Build the model: beta_ij = the override for {i, j} if any, else the
 * smaller of the two NIC rates (a missing NIC rate is `beta`).  Returns 0,
 * or -1 with err (a node or link out of range, a negative delay, a rate
 * <= 0, ENOMEM); the model is then empty and eth_model_free is still safe. */
int eth_model_init(struct eth_model *m, const struct eth_params *p, char *err,
		   size_t errlen);
void eth_model_free(struct eth_model *m);

/* beta_ij in bytes/s (INFINITY when i == j). */
double eth_beta(const struct eth_model *m, int i, int j);

/* Eq. 5: one message of M bytes from i to j, seconds.  i, j in [0, n). */
double eth_p2p(const struct eth_model *m, int i, int j, double M);

/* The parts of a one-to-many run. */
struct eth_o2m_detail {
	double source;          /* C_0 + t_0 sum M_j */
	double spread;          /* the branch of Eq. 6 (or the mixed reading) */
	int last;               /* index (in dst[]) of the message that ends last */
	int nlarge;             /* messages with M_j > S */
};

/* Eq. 6: root sends M[k] bytes to dst[k], k < nd, nd <= n, each destination
 * at most once (the root itself allowed, see above).  *T in seconds.
 * detail may be NULL.  Returns 0 or -1 with err. */
int eth_one_to_many(const struct eth_model *m, int root, const int *dst, const double *M,
		    size_t nd, double *T, struct eth_o2m_detail *detail, char *err,
		    size_t errlen);

/* Eq. 7: pairs[2k] -> pairs[2k+1], k < npairs, all at once with M bytes;
 * the pairs must be disjoint (each node in at most one pair) and i != j.
 * *T in seconds; *slowest (may be NULL) the index of the slowest pair.
 * Returns 0, or -1 with err naming the node that is in two pairs. */
int eth_multi_p2p(const struct eth_model *m, const int *pairs, size_t npairs, double M,
		  double *T, size_t *slowest, char *err, size_t errlen);

/* Check disjointness alone (same message as eth_multi_p2p).  n = nodes. */
int eth_pairs_check(int n, const int *pairs, size_t npairs, char *err, size_t errlen);

/* The binomial tree over N ranks rooted at root (all absolute ranks). */
int eth_tree_parent(int N, int root, int rank, enum eth_tree kind); /* -1 for the root */
int eth_tree_depth_of(int N, int root, int rank, enum eth_tree kind);
/* Children of rank in sending order (increasing distance 2^k), into out
 * (room for ETH_MAX_DEPTH + 1); returns how many. */
int eth_tree_children(int N, int root, int rank, enum eth_tree kind, int *out);
/* Leaves and depth of the tree of N ranks (independent of the root). */
void eth_tree_shape(int N, enum eth_tree kind, int *leaves, int *depth);

/* A root-to-leaf path of the broadcast tree. */
struct eth_path {
	int len;                        /* nodes on it, root first */
	int node[ETH_MAX_DEPTH + 1];
	double time;                    /* sum of T along it, s (no Gamma/tau) */
};

/* Eq. 8: binomial broadcast of M bytes from root over all n nodes.
 * Returns the time in seconds (max path + Gamma + tau M); crit (may be NULL)
 * receives the critical path (the slowest, the lowest relative rank of the
 * leaf on a tie).  root in [0, n). */
double eth_bcast(const struct eth_model *m, int root, double M, struct eth_path *crit);

/* The smallest binomial broadcast time (eth_bcast, Eq. 8) over message sizes
 * M in [lo, hi] bytes, and where it is (*at, may be NULL).  Exact up to the
 * search's relative step of 1e-12: the time is convex in M. */
double eth_bcast_min(const struct eth_model *m, int root, double lo, double hi, double *at);

/* Arrival time of M bytes at every node along the tree (sum of T from the
 * root; 0 at the root), into arrive[n]. */
void eth_bcast_arrivals(const struct eth_model *m, int root, double M, double *arrive);

/* Figure 5: Eq. 6 used as a broadcast, n = N destinations including the
 * root itself, all M bytes (no Gamma or tau: those are MPI_Bcast's). */
double eth_bcast_flat(const struct eth_model *m, int root, double M);

/* The name of a tree kind: "lowbit", "highbit". */
const char *eth_tree_name(enum eth_tree kind);

#endif
