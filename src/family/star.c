/*
 * family/star.c: the parameter table, cross-field rules and default sweep of
 * the `star` family (star graph S_n, Enhanced-Nbc fully adaptive wormhole
 * routing; kiasari IPDPS 2006).  The table is the single description of the
 * preset format: the loader, --set, --dump-config, the explorer's edit panes
 * and icnx.yaml(5) all follow it.  Outputs are in star_out.c.
 * Pure apart from allocation (the sweep builds a model).
 */
#include "family/star.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

/* In the order of the model's enums (src/model/star.h); test_family_star
 * checks them against star_*_name. */
static const char *const paths_names[] = { "adaptive", "minimal", "sets", NULL };
static const char *const eq9_names[] = { "prose", "printed", NULL };
static const char *const ws_names[] = { "text", "printed", "node", NULL };
static const char *const dbar_names[] = { "exact", "printed", NULL };
static const char *const model_names[] = { "paper", "refined", NULL };
static const char *const mux_names[] = { "ps", "vbar", "worm", NULL };

#define LU "msg/node/cycle"

#define OPT(f) offsetof(struct star_config, options.f) - offsetof(struct star_config, options)
static const struct param option_fields[] = {
	{ "paths", PT_ENUM, OPT(paths), 0, 0, 0, "adaptive", "", "",
	  "Eq. 7 path weighting: adaptive (1/f per hop), minimal (every minimal path "
	  "alike), sets (every path set alike; equals minimal)", .choices = paths_names },
	{ "eq9", PT_ENUM, OPT(eq9), 0, 0, 0, "prose", "", "",
	  "Eq. 9 group A: prose (blocked when all V - ceil(d/2) + 1 channels are busy) "
	  "or its printed limits", .choices = eq9_names },
	{ "ws", PT_ENUM, OPT(ws), 0, 0, 0, "text", "", "W_s",
	  "Eq. 16 source rate: text (lambda_g/V above and below), printed (lambda_g "
	  "above, lambda_g/V below) or node (lambda_g in both)", .choices = ws_names },
	{ "dbar", PT_ENUM, OPT(dbar), 0, 0, 0, "exact", "", "d-bar",
	  "mean distance in Eq. 3: exact, or Eq. 2 as printed", .choices = dbar_names },
	{ "tol", PT_REAL, OPT(tol), 0, 0.01, PF_MIN_EXCL | PF_MAX_EXCL, "1e-9", "", "",
	  "relative convergence tolerance of the fixed point on S-bar" },
	{ "max_iter", PT_INT, OPT(max_iter), 100, 1000000, 0, "100000", "evaluations", "",
	  "cap on fixed-point evaluations per load; a load that reaches it is reported "
	  "saturated" },
	{ "model", PT_ENUM, OPT(model), 0, 0, 0, "paper", "", "",
	  "paper: the printed model alone; refined: icnx's refined model beside it "
	  "(latency_refined, not the paper's), which predicts the simulated system "
	  "sim.injection chooses: per-vc, Eq. 16 at lambda_g/V; single, the node's "
	  "one port as an M/D/1 queue at lambda_g", .choices = model_names },
	{ "multiplex", PT_ENUM, OPT(multiplex), 0, 0, 0, "worm", "", "V-bar",
	  "refined model's channel sharing: worm (default: the worm moves at the pace of "
	  "its most shared channel, each channel processor sharing of flits at lambda_c M; "
	  "its own network latency and source-queue service), vbar (the printed fixed point "
	  "and Eq. 19) or ps (the printed fixed point, processor sharing at Eq. 18's rho)",
	  .choices = mux_names },
	{ 0 }
};

#define LD(f) offsetof(struct star_config, load.f) - offsetof(struct star_config, load)
static const struct param load_fields[] = {
	{ "from", PT_REAL, LD(from), 0, 1, 0, "0", LU, "lambda_g",
	  "first load of the sweep (messages per node per cycle)" },
	{ "to", PT_REAL, LD(to), 0, 1, PF_AUTO | PF_MIN_EXCL, "auto", LU, "lambda_g",
	  "last load; auto = just below saturation (0.98 of the saturation load; with "
	  "options.model = refined, of the higher of the two models')" },
	{ "points", PT_INT, LD(points), 2, 10000, 0, "100", "", "", "points of the sweep" },
	{ 0 }
};

static const char *const injection_names[] = { "per-vc", "single", NULL };

static const struct param sim_fields[] = {
	SIM_COMMON_FIELDS(SIM_ROUTING_ADAPTIVE),
	{ "injection", PT_ENUM, offsetof(struct star_sim_config, injection), 0, 0, 0, "per-vc",
	  "", "", "how a node feeds the network: per-vc (kiasari Eq. 16's system: V source "
	  "queues, a new message joins one drawn uniformly, each Poisson at lambda_g/V, and up "
	  "to V of the node's messages in the network at once) or single (what a real one-port "
	  "node adds: one source queue at lambda_g, whose head holds the port for its whole "
	  "network latency)", .choices = injection_names },
	{ 0 }
};

const char *star_sim_system(const struct star_sim_config *s, char *buf, size_t n)
{
	char part[64];

	snprintf(part, sizeof part, "%s injection, ", injection_names[s->injection]);
	return sim_system_text(&s->common, part, s->injection == SIMCFG_INJECTION_PER_VC,
			       s->common.routing == SIMCFG_DETERMINISTIC ?
			       ", deterministic routing" : "", buf, n);
}

#define CF(f) offsetof(struct star_config, f)
static const struct param star_fields[] = {
	{ "n", PT_INT, CF(n), STAR_CFG_MIN_N, STAR_CFG_MAX_N, 0, NULL, "symbols", "n",
	  "star graph S_n: n! nodes, degree n-1, diameter floor(3(n-1)/2); computed per "
	  "cycle-type class (684 for S16), never per node" },
	{ "V", PT_INT, CF(V), 1, STAR_MAX_V, 0, NULL, "virtual channels", "V",
	  "virtual channels per physical channel; deadlock freedom needs V >= "
	  "ceil(H/2) + 1 (S5: 4, S12: 9)" },
	{ "V2", PT_REAL, CF(V2), 1, STAR_MAX_V - 1, PF_AUTO, "auto", "virtual channels", "V2",
	  "negative-hop (class b) channels, an integer from ceil(H/2) to V-1; auto = "
	  "ceil(H/2), the rest V1 = V - V2 fully adaptive (class a)" },
	{ "M", PT_INT, CF(M), 1, STAR_MAX_M, 0, NULL, "flits", "M",
	  "message length (a flit crosses a channel in one cycle)" },
	{ "options", PT_SECTION, CF(options), 0, 0, 0, NULL, "", "",
	  "readings of the paper's equations and the solver's settings",
	  .sub = option_fields, .pane = PANE_TRAFFIC },
	{ "load", PT_SECTION, CF(load), 0, 0, 0, NULL, "", "",
	  "the load sweep of the curve", .sub = load_fields, .pane = PANE_TRAFFIC },
	{ "sim", PT_SECTION, CF(sim), 0, 0, 0, NULL, "", "",
	  "the flit-level simulator (-o sim, -o curve --sim); it builds every node, so "
	  "n <= 7", .sub = sim_fields, .pane = PANE_TRAFFIC },
	{ 0 }
};

int star_config_v2(const struct star_config *c)
{
	return isnan(c->V2) ? star_neg_levels(c->n) : (int)c->V2;
}

void star_config_params(const struct star_config *c, struct star_params *p)
{
	star_params_default(p);
	p->n = c->n;
	p->V = c->V;
	p->V2 = isnan(c->V2) ? 0 : (int)c->V2;
	p->M = c->M;
	p->paths = (enum star_paths)c->options.paths;
	p->eq9 = (enum star_eq9)c->options.eq9;
	p->ws = (enum star_ws)c->options.ws;
	p->dbar = (enum star_dbar)c->options.dbar;
	p->tol = c->options.tol;
	p->max_iter = c->options.max_iter;
}

/* The configuration path of each parameter the model may refuse. */
static const char *const model_field_path[STAR_FIELD_COUNT] = {
	[STAR_FIELD_NONE] = "", [STAR_FIELD_N] = "n", [STAR_FIELD_V] = "V",
	[STAR_FIELD_V2] = "V2", [STAR_FIELD_M] = "M", [STAR_FIELD_PATHS] = "options.paths",
	[STAR_FIELD_EQ9] = "options.eq9", [STAR_FIELD_WS] = "options.ws",
	[STAR_FIELD_DBAR] = "options.dbar", [STAR_FIELD_TOL] = "options.tol",
	[STAR_FIELD_MAX_ITER] = "options.max_iter",
};

static int star_validate_cfg(const struct config *cfg, struct diag *d)
{
	const struct star_config *c = star_cfg(cfg);
	struct star_params p;
	enum star_field bad;
	char msg[512];
	int n = c->n, H = star_diameter(n), L = star_neg_levels(n), vmin = star_min_v(n);

	if (c->V < vmin)
		return diag_set(d, "V", "%d virtual channel%s too few for deadlock-free routing "
				"in S%d: it needs V2 >= ceil(H/2) = %d negative-hop levels "
				"(diameter H = %d) plus V1 >= 1 adaptive channel, so V >= %d "
				"(allowed: %d..%d for n = %d)", c->V, c->V == 1 ? " is" : "s are",
				n, L, H, vmin, vmin, STAR_MAX_V, n);
	if (!isnan(c->V2)) {
		double v2 = c->V2;

		if (v2 != floor(v2))
			return diag_set(d, "V2", "%g is not an integer (allowed: %d..%d with "
					"V = %d in S%d, or auto = %d)", v2, L, c->V - 1, c->V, n, L);
		if (v2 < L)
			return diag_set(d, "V2", "%d negative-hop channel%s too few for "
					"deadlock freedom in S%d: a message may need ceil(H/2) = "
					"%d negative hops (diameter H = %d) (allowed: %d..%d with "
					"V = %d, or auto = %d)", (int)v2, v2 == 1 ? " is" : "s are",
					n, L, H, L, c->V - 1, c->V, L);
		if (v2 > c->V - 1)
			return diag_set(d, "V2", "%d leaves V1 = V - V2 = %d adaptive channels "
					"with V = %d, and Enhanced-Nbc needs V1 >= 1 (allowed: "
					"%d..%d with V = %d in S%d, or auto = %d)", (int)v2,
					c->V - (int)v2, c->V, L, c->V - 1, c->V, n, L);
	}
	if (!isnan(c->load.to) && !(c->load.to > c->load.from))
		return diag_set(d, "load.to", "%g is not above load.from = %g (allowed: a "
				"number > load.from, or auto)", c->load.to, c->load.from);
	/* The model's own rules, as a backstop: the field it names is typed. */
	star_config_params(c, &p);
	if (star_check(&p, &bad, msg, sizeof msg) < 0)
		return diag_set(d, model_field_path[bad], "%s", msg);
	return 0;
}

static void star_release(void *prep)
{
	struct star_prepared *pp = prep;
	if (!pp)
		return;
	star_model_free(&pp->mdl);
	star_refined_free(&pp->ref);
	free(pp);
}

/* With options.model = refined, refuse (-1, *d at the setting's path, with
 * the reason and what is allowed) a sim setting the refined model does not
 * express: sim.timing = booksim, sim.routing = deterministic, sim.buffer
 * != 1.  It models sim.injection and sim.release; the rest of the sim
 * section is measurement.  0 = fine, or options.model = paper.  The
 * family's model_refusal; star_prepare leaves the refined model out of
 * such a configuration. */
static int star_refined_refusal(const struct star_config *c, struct diag *d)
{
	const struct sim_config *s = &c->sim.common;
	if (c->options.model != STAR_CFG_MODEL_REFINED)
		return 0;
	if (sim_refined_refuse_timing(s, d))
		return -1;
	if (s->routing != SIMCFG_ADAPTIVE)
		return diag_set(d, "sim.routing", "deterministic routing is not in "
				"options.model=refined, which predicts kiasari's fully adaptive "
				"routing (a blocked header tries every free profitable channel; "
				"Eqs. 8-15's blocking chances count them)"
				SIM_REFINED_FIX("sim.routing=adaptive"));
	if (sim_refined_refuse_buffer(s, "the paper's", d))
		return -1;
	return 0;
}

static int star_model_refusal(const struct config *cfg, struct diag *d)
{
	return star_refined_refusal(star_cfg(cfg), d);
}

static int star_prepare(const struct config *cfg, const struct run_req *req, void **prep,
			struct diag *d)
{
	struct star_prepared *pp = calloc(1, sizeof *pp);
	struct star_params p;
	char err[512];

	if (!pp)
		return diag_set(d, "", "out of memory");
	star_config_params(star_cfg(cfg), &p);
	if (star_model_init(&pp->mdl, &p, err, sizeof err) < 0) {
		star_release(pp);
		return diag_set(d, "", "%s", err);
	}
	family_stat_add(FSTAT_PREPARE);
	family_stat_add(FSTAT_SATURATION);
	if (star_saturation(&pp->mdl, 0, &pp->sat, req->cancel) == STAR_CANCELLED) {
		star_release(pp);
		return 1;
	}
	const struct star_config *c = star_cfg(cfg);
	/* a refined model of a system it does not express is left out (the
	 * batch mode refuses the run first: family.model_refusal) */
	struct diag rd;
	diag_clear(&rd);
	if (c->options.model == STAR_CFG_MODEL_REFINED && star_refined_refusal(c, &rd) == 0) {
		enum star_inject inj = c->sim.injection == SIMCFG_INJECTION_SINGLE
			? STAR_INJECT_SINGLE : STAR_INJECT_PER_VC;
		pp->refined = true;
		int hold = c->sim.common.release == SIM_RELEASE_NEXT_CYCLE ? 1 : 0;
		if (star_refined_init(&pp->ref, &p, inj, (enum star_mux)c->options.multiplex,
				      hold, err, sizeof err) < 0) {
			star_release(pp);
			return diag_set(d, "", "%s", err);
		}
		if (star_refined_saturation(&pp->ref, 0, &pp->sat_ref, req->cancel) ==
		    STAR_CANCELLED) {
			star_release(pp);
			return 1;
		}
	}
	*prep = pp;
	return 0;
}

/* The sweep's top: the printed model's saturation, or the refined one's
 * where that is higher (the worm model saturates above the printed one:
 * auto loads then reach both curves' ends). */
static double star_sat_of(const void *prep)
{
	const struct star_prepared *pp = prep;

	return pp->refined && pp->sat_ref > pp->sat ? pp->sat_ref : pp->sat;
}

static int star_sweep(const struct config *cfg, const struct run_req *req, double *from,
		      double *to, size_t *n, struct diag *d)
{
	const struct star_config *c = star_cfg(cfg);

	return family_sweep_below_saturation(cfg, req, c->load.from, c->load.to, c->load.points,
					     star_sat_of, from, to, n, d);
}

extern const struct output_desc star_outputs[];

/* The simulator's settings of a configuration (family.sim_config). */
static const struct sim_config *sim_settings(const struct config *cfg)
{
	return &star_cfg(cfg)->sim.common;
}

const struct family star_family = {
	.schema = {
		.name = "star",
		.title = "star graphs, fully adaptive wormhole routing",
		.papers = "Kiasari, Sarbazi-Azad, Ould-Khaoua, IPDPS 2006",
		.params = star_fields,
		.cfg_size = sizeof(struct star_config),
		.validate = star_validate_cfg,
		.family = &star_family,
	},
	.x = { "load", "lambda_g", LU, "offered load", false, .quantity = XQ_LOAD },
	.sweep = star_sweep,
	.prepare = star_prepare,
	.release = star_release,
	.outputs = star_outputs,
	.sim_config = sim_settings,
	.model_refusal = star_model_refusal,
	.model_off = "options.model=paper",
	.simulates = "by default the system kiasari Eq. 16 describes: each node feeds V "
		"injection virtual channels from V source queues (sim.injection = per-vc: a new "
		"message joins one drawn uniformly, so each is Poisson at lambda_g/V), and a "
		"virtual channel is taken again the cycle its tail leaves (sim.release = "
		"same-cycle: a channel holds an M-flit message exactly M cycles).  What a real "
		"router adds: sim.injection = single (one source queue, whose head holds the "
		"node's port for its whole network latency) and sim.release = next-cycle (a "
		"release cycle: M + 1 per message on a channel).  sim.timing = booksim needs "
		"sim.injection = single.",
	.validation = "against its own system (per-VC source queues, M-cycle holding) the "
		"model is 3-4% low at 10% of its saturation load and 7-12% low from 30% to 90% "
		"(S5, V = 6/9/12: -7.5/-8.1/-8.4% at 30%, -12.0/-10.6/-6.9% at 90%), and the "
		"simulated system saturates 31-49% above the model's lambda_g*.  One-port nodes "
		"(sim.injection = single) halve the simulated saturation (-45/-50/-52%) and put "
		"the printed model 17-23% low at 30%; the refined model (options.model = refined) "
		"follows them within -2..-13% up to 80% of their saturation, which it predicts "
		"within -3..-4%.  M+1 holding (sim.release = next-cycle) changes the star's "
		"latency by under 0.3% below 50%.  The simulation supports options.ws = printed "
		"(mean error 1.4/3.8/5.0% against 8.4/7.5/7.8% for the default text).",
};
