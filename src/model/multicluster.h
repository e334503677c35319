/*
 * multicluster.h: the analytical latency model of heterogeneous multi-cluster
 * systems on m-port n-tree fat-trees, one engine for both papers:
 *   javadi et al. 2006 (uniform traffic, multi-user overhead tau_i), and
 *   sharifi et al. 2008 (internal permutation traffic with external share
 *   theta, mean message length of a mix, per-network timing).
 * Symbols follow the papers: lambda_g (messages per node per time unit, the
 * load axis, before the 1/(1-tau_i) scaling), tau_i, Q^(i) / theta, M
 * (flits), t_cn, t_cs (time units per flit), P_h, S, W_s, R, W_d.  Where the
 * printed equations are inconsistent, DESIGN.md section 4 is followed; every
 * reading is documented in icnx-models(7), section MULTI-CLUSTER.
 *
 * Usage: fill struct mc_params, mc_model_init() once (it enumerates the hop
 * distributions, which may take O(N) for permutations), then mc_eval() per
 * load point (a few thousand flops) and mc_saturation().
 *
 * Pure C11: no I/O, no globals, no threads, no allocation.  A struct mc_model
 * is a plain value; it may be shared read-only between threads.
 */
#ifndef ICNX_MODEL_MULTICLUSTER_H
#define ICNX_MODEL_MULTICLUSTER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "topo/fattree.h"

#define MC_MAX_GROUPS 32       /* cluster groups {count, n, tau} */
#define MC_MAX_CLUSTERS 4096   /* C, the total number of clusters */
#define MC_MAX_NODES_PER_CLUSTER (INT64_C(1) << 22)
#define MC_MAX_STAGES (4 * FT_MAX_N)
#define MC_MAX_NC 12           /* ICN2 levels: C <= 4096 with m >= 4 needs 11 */

/* Which divisor spreads a network's traffic over its channels (DESIGN 4). */
enum mc_rate_divisor {
	MC_DIV_PUBLISHED = 0,  /* the papers' 4 n_i N_i (javadi Eq. 13, 26, 27) */
	MC_DIV_EXACT,          /* the mean over the 2 n_i N_i one-way channels */
};

/* How the inter-cluster latency is averaged over destination clusters. */
enum mc_inter_weighting {
	MC_W_PUBLISHED = 0,    /* 1/(C-1) each (javadi Eq. 28, sharifi Eq. 32) */
	MC_W_NODES,            /* N_j / (N - N_i): uniform over destination nodes */
};

/* Which transpose hop distribution to use (sharifi Eqs. 6-10). */
enum mc_transpose_counts {
	MC_TC_EXACT = 0,       /* enumerated on the real address mapping */
	MC_TC_PRINTED,         /* the paper's closed forms, as printed */
};

/* javadi Eq. (12), the closed form of the mean distance d_avg (DESIGN 4). */
/* Which nodes the ICN1 channel rate counts (Eq. 13 / sharifi 13): every
 * node, as printed, or only the nodes that send internal messages (a
 * permutation's fixed points send none), as the simulator does. */
enum mc_senders {
	MC_SENDERS_ALL = 0,
	MC_SENDERS_SENDING,
};

enum mc_eq12 {
	MC_EQ12_EXACT = 0,     /* Eq. (11) summed over Eq. (9): the denominator read
	                          as ((m/2)^n - 1/2)(m/2 - 1) */
	MC_EQ12_PRINTED,       /* the printed denominator (m/2)^n - (m/2 - 1)/2;
	                          equal to the exact one when m = 4 */
};

/* The arrival rate of a source queue (javadi Eqs. 19, 31 with 10, 24). */
enum mc_source_rate {
	MC_SRC_NODE = 0,       /* one node's rate: (1-Q) lambda, Q lambda (sharifi) */
	MC_SRC_CLUSTER,        /* as printed: Eq. (10)'s cluster total N_i (1-Q) lambda
	                          for W_s of ICN1, Eq. (24)'s l_E1^(i,j) (both
	                          clusters' external traffic) for ECN1 (Eq. 31) */
};

/* The destination-side hop distribution P_v in Eq. (23). */
enum mc_eq23 {
	MC_EQ23_DEST = 0,      /* P_v of the destination cluster j (intended) */
	MC_EQ23_SOURCE,        /* P_v^(i) as printed: the source cluster's Eq. (9),
	                          zero for v > n_i; then the weights need not sum to 1 */
};

/* Which stages of the merged ECN1+ICN2 journey use the ICN2 channel rate. */
enum mc_eq30 {
	MC_EQ30_INTENDED = 0,  /* r <= k < r+2l-1 (sharifi Eq. 28): the 2l-1 ICN2
	                          stages */
	MC_EQ30_PRINTED,       /* r != k < r+2l-1 as javadi prints it: the source
	                          ECN1 stages 0..r-1 and ICN2 stages r+1..r+2l-2 at
	                          the ICN2 rate, stage r at the ECN1 rate */
};

/* Which hop distribution weights the intra-cluster tail (sharifi Eq. 21). */
enum mc_eq21 {
	MC_EQ21_PATTERN = 0,   /* the internal pattern's, as for S (Eq. 14) */
	MC_EQ21_UNIFORM,       /* the uniform Eq. (3)/(9), the other reading of
	                          Eq. 21's unnamed P_j,n_i */
};

/* How stage 0, next to the source, is served (javadi Eq. 16, sharifi 16;
 * icnx-models(7) item s). */
enum mc_stage0 {
	MC_STAGE0_PRINTED = 0, /* M t_cs like every stage but the last, as
	                          printed: zero load M t_cs + (2h-2) t_cs + t_cn */
	MC_STAGE0_NODE_LINK,   /* as the node link the text calls it: the header
	                          crosses it in t_cn and the body follows at the
	                          pace of the journey's slowest link, t_cn +
	                          (M-1) max(flit times crossed): zero load
	                          (M-1) max(t_cn, t_cs) + 2 t_cn + (2h-2) t_cs,
	                          the physical pipeline (the simulator's) */
};

/* The concentrators and dispatchers (icnx's refinement, model/mc_refined.h;
 * MC_CONC_PRINTED is javadi Eq. 32-33's pair of independent M/D/1 queues). */
enum mc_conc {
	MC_CONC_PRINTED = 0,   /* Eq. 32: M/D/1 at service M t_cs, 2 W_d added */
	MC_CONC_BUFFERED,      /* refined: FIFOs that cut the wormhole journey in
	                          three segments; each queue M/G/1 whose service is
	                          its segment's holding time */
	MC_CONC_CUT_THROUGH,   /* refined: bufferless; a waiting message holds the
	                          links behind it (blocking through every stage) */
};

/* Flit times of one network (time units per flit). */
struct mc_timing {
	double t_cn;           /* node-to-switch / switch-to-node, Eq. (3) */
	double t_cs;           /* switch-to-switch, Eq. (4) */
};

struct mc_group_params {
	int count;             /* clusters in this group */
	int n;                 /* tree levels n_i: N_i = 2 (m/2)^n_i nodes */
	double tau;            /* multi-user overhead tau_i in [0, 1) */
};

struct mc_params {
	int m;                                 /* switch ports */
	int ngroups;
	struct mc_group_params g[MC_MAX_GROUPS];
	struct mc_timing icn1, ecn1, icn2;
	double M;                              /* mean message length, flits */
	double theta;                          /* external share; NaN = javadi's
	                                          Q^(i) = 1 - (N_i-1)/(N-1) */
	enum ft_pattern pattern;               /* internal traffic in ICN1 */
	enum mc_transpose_counts transpose_counts;
	enum mc_rate_divisor divisor;
	enum mc_inter_weighting weighting;
	enum mc_eq12 eq12;
	enum mc_senders senders;
	enum mc_source_rate source_rate;
	enum mc_eq23 eq23;
	enum mc_eq30 eq30;
	enum mc_eq21 eq21;
	enum mc_stage0 stage0;
	/* icnx's refinements (model/mc_refined.h); all zero = the printed model */
	enum mc_conc conc;
	double hold;                           /* extra holding per channel and
	                                          message, time units (next-cycle
	                                          release: one simulator cycle) */
	double cv2;                            /* squared coefficient of variation
	                                          of the message length */
};

/* Precomputed, load-independent quantities. */
struct mc_model {
	struct mc_params p;
	int C;                                 /* clusters */
	double N;                              /* all nodes */
	int n_c;                               /* ICN2 levels */
	double N_i[MC_MAX_GROUPS];             /* nodes per cluster of group i */
	double Q[MC_MAX_GROUPS];               /* external share Q^(i) */
	double P_icn1[MC_MAX_GROUPS][FT_MAX_N + 1]; /* internal pattern, h = 1..n_i */
	double fixed_icn1[MC_MAX_GROUPS];      /* fixed points of the pattern */
	double P_uni[MC_MAX_GROUPS][FT_MAX_N + 1];  /* uniform (ECN1), Eq. (9) */
	double P_icn2[FT_MAX_N + 1];           /* ICN2 over the C occupied ports */
	double d_icn1[MC_MAX_GROUPS];          /* mean links crossed, Eq. (11) */
	double d_ecn1[MC_MAX_GROUPS];
	double d_icn2;
	/* ICN2 levels crossed from a cluster of group i to a cluster of group j
	 * (their addresses in group order), over the ordered pairs of such
	 * clusters: the refined model's (the printed one uses P_icn2) */
	double P2[MC_MAX_GROUPS][MC_MAX_GROUPS][MC_MAX_NC + 1];
	/* refined: the rate of an ICN2 up-link at level k (k = 1: out of the
	 * leaf switch) on the way out of a cluster of group i, per unit
	 * lambda_g: the external traffic of the clusters in its level-k subtree
	 * that leaves it, over the subtree's (m/2)^k up-links */
	double up_coef[MC_MAX_GROUPS][MC_MAX_NC + 1];
	double w_dest[MC_MAX_GROUPS][MC_MAX_GROUPS]; /* weight of destination
	                                               group j for source group i,
	                                               summed over its clusters */
	/* refined, set by mc_saturation_accepted on its own copy (0 after
	 * mc_model_init): the load at which group i's concentrator reaches
	 * utilisation 1; beyond it mc_point.accepted counts lambda*_i/lambda
	 * of its messages carried, else 1/utilisation */
	double con_sat[MC_MAX_GROUPS];
};

/* Results for one cluster group at one load.  Times in time units. */
struct mc_group_point {
	double T;              /* mean latency seen by a message of cluster i */
	double T_in;           /* intra-cluster: W_in + S_in + R_in (Eq. 21) */
	double W_in, S_in, R_in;
	double T_out;          /* inter-cluster incl. 2 W_d (Eq. 33) */
	double W_ex, S_ex, R_ex; /* averaged over destination clusters */
	double W_d;            /* one concentrator/dispatcher queue (Eq. 32); refined:
	                          half of W_c plus the mean dispatcher wait */
	double W_c;            /* refined: the concentrator's wait (else W_d) */
	double util_dsp;       /* refined: the busiest dispatcher it sends to */
	double lc_icn1;        /* channel rate in ICN1, Eq. (13) */
	double util_src_in, util_src_ex, util_con; /* queue utilisations */
	int nstages;           /* stages of the longest ICN1 journey (2n_i - 1) */
	double PB[MC_MAX_STAGES]; /* per-stage blocking of that journey */
	double PB_ex_max;      /* largest per-stage blocking on any external path */
	double T_pair[MC_MAX_GROUPS]; /* W + S + R of the journey to a cluster of
	                                 group j, plus 2 W_d; NaN if no such cluster */
};

struct mc_point {
	double lambda_g;
	bool saturated;        /* when true only util_max/bottleneck are meaningful */
	double T;              /* total mean latency, Eq. (7) */
	double W_s, S, R, W_d; /* its parts: source wait, network, tail, and the
	                          concentrator/dispatcher wait (2 W_d, weighted) */
	double T_in, T_out;    /* node-weighted means over clusters */
	double lc_icn2;        /* ICN2 channel rate, Eq. (27) */
	double util_max;       /* the largest utilisation or blocking probability */
	double accepted;       /* share of the offered messages carried: 1 below
	                          saturation; refined models: beyond it while
	                          only concentrators are overloaded, each
	                          passing 1/utilisation of its messages; else 0 */
	const char *bottleneck;/* what reached util_max (static string) */
	int ngroups;
	struct mc_group_point g[MC_MAX_GROUPS];
};

/*
 * Check params (sizes, ranges, N power of two for permutations) and
 * precompute the model.  Returns 0, 1 if cancelled, or -1 with a message in
 * err (err may be NULL).
 */
int mc_model_init(struct mc_model *mdl, const struct mc_params *p,
		  const atomic_int *cancel, char *err, size_t errlen);

/* Evaluate at load lambda_g (>= 0).  Always fills *out; returns 0, or 1 when
 * the load is at or beyond saturation (out->saturated), or -1 when the model
 * produced a NaN (a bug: out->bottleneck names the quantity) or, below
 * saturation, a total latency that is not finite and non-negative. */
int mc_eval(const struct mc_model *mdl, double lambda_g, struct mc_point *out);

/* The saturation load: the smallest lambda_g at which any source or
 * concentrator utilisation or any per-stage blocking probability reaches 1,
 * to a relative accuracy of 1e-9; INFINITY if nothing ever reaches 1; NaN
 * when an evaluation fails (mc_eval -1: report it as a model error). */
double mc_saturation(const struct mc_model *mdl);

/* The largest lambda_g whose accepted share (mc_point.accepted) is at
 * least frac, the simulator's saturation criterion (frac = 0.95): equal to
 * mc_saturation for the printed model; NaN on a model error. */
double mc_saturation_accepted(const struct mc_model *mdl, double frac);

/* The cost of one mc_eval in stage evaluations (the Eq. 14-15 recursion
 * step), for params p whose ICN2 has n_c levels: what bounds the time of a
 * curve (points x this) and of the saturation search. */
double mc_stages_per_eval(const struct mc_params *p, int n_c);

/* t_cn, t_cs from a_n, a_s, bandwidth (bytes per time unit) and the flit size
 * L_m (bytes): javadi Eqs. (3)-(4). */
struct mc_timing mc_timing_from_link(double a_n, double a_s, double bandwidth,
				     double flit_bytes);

#endif
