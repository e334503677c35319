/*
 * family/star.h: the `star` model family (Kiasari, Sarbazi-Azad,
 * Ould-Khaoua, IPDPS 2006): the star graph S_n with wormhole switching, V
 * virtual channels per physical channel and Enhanced-Nbc fully adaptive
 * routing.  Its configuration struct as it appears in a preset file, its
 * parameter table (in star.c) and the conversion to the model's parameters
 * (src/model/star.h).  Outputs are in star_out.c.  struct star_config is
 * the body of a struct config (see config/config.h).
 */
#ifndef ICNX_FAMILY_STAR_H
#define ICNX_FAMILY_STAR_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "family/family.h"
#include "family/simcfg.h"
#include "model/star.h"
#include "model/star_refined.h"

/* Limits of the family (the model itself allows 2..16):
 * n in [STAR_CFG_MIN_N, STAR_CFG_MAX_N].  Every output works per cycle-type
 * class (684 classes for S16), never per node, so no n in range can take
 * much memory or time; only the node-to-node distance table lists nodes,
 * and it is refused above STAR_MATRIX_MAX_N (S5: 120 x 120). */
#define STAR_CFG_MIN_N 3
#define STAR_CFG_MAX_N STAR_MAX_N
#define STAR_MATRIX_MAX_N 5

/* options.model: the printed model alone, or icnx's refined one beside it
 * (model/star_refined.h), which follows sim.injection. */
enum star_cfg_model { STAR_CFG_MODEL_PAPER = 0, STAR_CFG_MODEL_REFINED };

/* sim.injection: how a node feeds the network (the model's per-vc, or a
 * real one-port node's single queue). */
enum sim_injection_cfg { SIMCFG_INJECTION_PER_VC = 0, SIMCFG_INJECTION_SINGLE };

/* The star's simulator settings: the shared ones (family/simcfg.h) and
 * its own. */
struct star_sim_config {
	struct sim_config common;
	int injection;         /* enum sim_injection_cfg */
};

/* Which simulated system s names, for a title (sim_system_text). */
const char *star_sim_system(const struct star_sim_config *s, char *buf, size_t n);

struct star_config {
	int n;                 /* S_n: n symbols, n! nodes */
	int V;                 /* virtual channels per physical channel */
	double V2;             /* class-b (negative-hop) channels; NaN = auto,
	                          the default split V2 = ceil(H/2) */
	int M;                 /* message length, flits */
	struct {
		int paths;         /* enum star_paths */
		int eq9;           /* enum star_eq9 */
		int ws;            /* enum star_ws */
		int dbar;          /* enum star_dbar */
		double tol;        /* relative tolerance on S-bar */
		int max_iter;      /* cap on fixed-point evaluations */
		int model;         /* enum star_cfg_model */
		int multiplex;     /* enum star_mux (refined model only) */
	} options;
	struct {
		double from, to;   /* lambda_g; to NaN = auto */
		int points;
	} load;
	struct star_sim_config sim; /* the flit-level simulator */
};

/* Largest n the simulator accepts: it builds every node and channel (S7:
 * 5040 nodes, 35280 channels); the model has no such limit. */
#define STAR_SIM_MAX_N 7

/* The prepared model of one configuration (family.prepare): the model and
 * its saturation load, searched once and shared by the sweep, the summary
 * and the per-point outputs.  Read-only once made. */
struct star_prepared {
	struct star_model mdl;
	double sat;              /* lambda_g*, star_saturation(&mdl, 0, ...) */
	bool refined;            /* options.model = refined: ref and sat_ref set */
	struct star_refined ref; /* the refined model for sim.injection */
	double sat_ref;          /* its saturation load */
};

extern const struct family star_family;

/* The family's struct inside cfg (which must be of this family). */
static inline const struct star_config *star_cfg(const struct config *cfg)
{
	return (const struct star_config *)cfg->body;
}
static inline struct star_config *star_cfg_mut(struct config *cfg)
{
	return (struct star_config *)cfg->body;
}

/* Resolve a configuration into model parameters (V2 auto -> 0, the model's
 * default split).  Does not validate. */
void star_config_params(const struct star_config *c, struct star_params *p);

/* The class-b channels the configuration uses: V2, or ceil(H/2) when auto. */
int star_config_v2(const struct star_config *c);

/* The simulated curve (star_sim.c): `-o sim`, and `-o curve --sim`. */
int star_sim_curve(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d);
/* The simulated saturation load (star_sim.c, `-o saturation`): bisection
 * below the channel-load bound, the rule of family/simsat.h. */
int star_sim_saturation(const struct config *cfg, const struct run_req *req, struct table *t,
			struct diag *d);

#endif
