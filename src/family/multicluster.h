/*
 * family/multicluster.h: the `multicluster` model family: its configuration
 * struct as it appears in a preset file, its parameter table, and the
 * conversion to the model's parameters.  One schema serves both multi-cluster
 * papers (javadi: uniform traffic, tau_i, theta auto; sharifi: permutation
 * traffic, theta, message-length mix, per-network timing).
 *
 * struct mc_config is the body of a struct config (see config/config.h):
 * its lists (clusters, the mix) are heap arrays owned through the parameter
 * table; copy it with config_copy, never by assignment.
 */
#ifndef ICNX_FAMILY_MULTICLUSTER_H
#define ICNX_FAMILY_MULTICLUSTER_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "family/family.h"
#include "family/simcfg.h"
#include "model/multicluster.h"
#include "model/mc_refined.h"

#define MC_MAX_MIX 8

/* One network's timing, as given: either t_cn and t_cs directly, or
 * a_n, a_s, bandwidth and flit_bytes (javadi Eqs. 3-4).  NaN = not given. */
struct mc_net_cfg {
	double t_cn, t_cs;
	double a_n, a_s, bandwidth, flit_bytes;
};

struct mc_mix_cfg {
	double length;         /* M_i, flits */
	double prob;           /* F_i */
};

/* sim.concentrator: what a concentrator and a dispatcher hold. */
enum sim_concentrator_cfg { SIMCFG_CONC_BUFFERED = 0, SIMCFG_CONC_CUT_THROUGH };

/* The multi-cluster simulator's settings: the shared ones
 * (family/simcfg.h) and its own. */
struct mc_sim_config {
	struct sim_config common;
	int V;             /* virtual channels per channel */
	int resolution;    /* largest divisor of the smallest flit time */
	int ecn1_exit;     /* enum sim_mc_exit: 0 roots (physical), 1 model */
	int concentrator;  /* enum sim_concentrator_cfg */
};

/* Which simulated system s names, for a title (sim_system_text). */
const char *mc_sim_system(const struct mc_sim_config *s, char *buf, size_t n);

struct mc_config {
	int m;
	size_t nclusters;
	struct mc_group_params *clusters;    /* owned heap list, at most MC_MAX_GROUPS */
	struct {
		struct mc_net_cfg icn1, ecn1, icn2;
	} network;
	struct {
		int pattern;                 /* enum ft_pattern */
		double theta;                /* NaN = auto */
		double message_length;       /* M; NaN when a mix is given */
		size_t nmix;
		struct mc_mix_cfg *mix;      /* owned heap list, at most MC_MAX_MIX */
	} traffic;
	struct {
		int rate_divisor;            /* enum mc_rate_divisor */
		int inter_weighting;         /* enum mc_inter_weighting */
		int transpose_counts;        /* enum mc_transpose_counts */
		int eq12;                    /* enum mc_eq12 */
		int senders;                 /* enum mc_senders */
		int source_rate;             /* enum mc_source_rate */
		int eq23;                    /* enum mc_eq23 */
		int eq30;                    /* enum mc_eq30 */
		int eq21;                    /* enum mc_eq21 */
		int stage0;                  /* enum mc_stage0 */
		int model;                   /* enum mc_cfg_model */
	} options;
	struct {
		double from, to;             /* lambda_g; to NaN = auto */
		int points;
	} load;
	struct mc_sim_config sim;        /* the flit-level simulator */
};

/* options.model: the printed model alone, or icnx's refined one beside it
 * (model/mc_refined.h), which follows sim.concentrator and sim.release. */
enum mc_cfg_model { MC_CFG_MODEL_PAPER = 0, MC_CFG_MODEL_REFINED };

extern const struct family mc_family;

/* The family's struct inside cfg (which must be of this family). */
static inline const struct mc_config *mc_cfg(const struct config *cfg)
{
	return (const struct mc_config *)cfg->body;
}
static inline struct mc_config *mc_cfg_mut(struct config *cfg)
{
	return (struct mc_config *)cfg->body;
}

/* Resolve a validated configuration into model parameters (timing from the
 * link form, mean message length of the mix, Eq. 1 of sharifi). */
/* The most stage evaluations (mc_stages_per_eval x points) a curve may
 * take: bounds its time to seconds whatever the table allows. */
#define MC_CURVE_STAGE_BUDGET 2e8

/* 0 when a curve of `points` points of c fits the budget, else -1 with *d
 * (at `path`: "load.points", or "--load" for the batch's own points). */
int mc_check_curve_cost(const struct mc_config *c, size_t points, const char *path,
			struct diag *d);

void mc_config_params(const struct mc_config *c, struct mc_params *p);

/* The three networks, in the order of the `network` section. */
enum mc_network { MC_ICN1, MC_ECN1, MC_ICN2 };
/* The parameter-table entry of network n's section (network.icn1, ...):
 * summary rows derived from it say so (table_set_about). */
const struct param *mc_network_param(enum mc_network n);

/* Resolved timing of one network (either form). */
struct mc_timing mc_net_timing(const struct mc_net_cfg *n);

/* Mean message length M = sum M_i F_i (sharifi Eq. 1), or message_length. */
double mc_mean_length(const struct mc_config *c);

/* The prepared model of one configuration (family.prepare): the model and
 * its saturation load, searched once (bisection to 1e-9) and shared by the
 * sweep, the summary and the per-point outputs.  Read-only once made. */
struct mc_prepared {
	struct mc_model mdl;
	double sat;              /* lambda_g*, mc_saturation(&mdl) */
	bool refined;            /* options.model = refined: ref and sat_ref set */
	struct mc_model ref;     /* icnx's refined model of the simulated system */
	double sat_ref;          /* its saturation load */
	double sat_ref95;        /* its load carrying 95% (mc_saturation_accepted) */
};

/* The simulator's time quantum for the five flit times t (ICN1 t_cn, t_cs;
 * ECN1 t_cn, t_cs; ICN2 t_cs): t_min / R, R the least integer up to
 * resolution making every time a whole number of quanta within 1.5%, else
 * the R with the least error (*err, may be NULL: the largest relative
 * rounding error). */
double mc_sim_quantum(const double t[5], int resolution, double *err);

/* The refined model's system from c's sim section: sim.concentrator,
 * sim.release (one quantum of hold), the mix's C^2, the flit times in whole
 * quanta (model/mc_refined.h). */
void mc_cfg_refined_system(const struct mc_config *c, struct mc_refined_system *sys);

/* With options.model = refined, refuse (-1, *d at the setting's path, with
 * the reason) a sim setting the refined model does not express: sim.timing
 * booksim, sim.routing adaptive, sim.V != 1, sim.buffer != 1, sim.ecn1_exit
 * roots (it models sim.concentrator, sim.release and sim.resolution; the
 * rest of the sim section is measurement).  0 = fine, or options.model =
 * paper.  The family's model_refusal; mc_prepare leaves the refined model
 * out of such a configuration. */
int mc_refined_refusal(const struct mc_config *c, struct diag *d);

/* The simulated saturation load (multicluster_sim.c, `-o saturation`):
 * bisection from the model's saturation, probed first and doubled while
 * the simulation sustains it (family/simsat.h). */
int mc_sim_saturation(const struct config *cfg, const struct run_req *req, struct table *t,
		      struct diag *d);
/* The simulated curve (multicluster_sim.c; its default loads are
 * sim_sweep_loads). */
int mc_sim_curve(const struct config *cfg, const struct run_req *req, struct table *t,
		 struct diag *d);

#endif
