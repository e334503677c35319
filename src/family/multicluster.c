/*
 * family/multicluster.c: the parameter table, cross-field rules and default
 * sweep of the `multicluster` family.  The table is the single description
 * of the preset format: the loader, --set, --dump-config, the explorer's
 * edit panes and icnx.yaml(5) all follow it.  Outputs are in
 * multicluster_out.c.
 */
#include "family/multicluster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "sim/mc_net.h"

static const char *const pattern_names[] = {
	"uniform", "transpose", "bit-reversal", "perfect-shuffle", "butterfly",
	"complement", NULL,
};
static const char *const divisor_names[] = { "published", "exact", NULL };
static const char *const weighting_names[] = { "published", "nodes", NULL };
static const char *const tcounts_names[] = { "exact", "printed", NULL };
static const char *const eq12_names[] = { "exact", "printed", NULL };
static const char *const senders_names[] = { "all", "sending", NULL };
static const char *const srcrate_names[] = { "node", "cluster", NULL };
static const char *const eq23_names[] = { "destination", "source", NULL };
static const char *const eq30_names[] = { "intended", "printed", NULL };
static const char *const eq21_names[] = { "pattern", "uniform", NULL };
static const char *const stage0_names[] = { "printed", "node-link", NULL };
static const char *const model_names[] = { "paper", "refined", NULL };

/* The largest flit time, given (t_cn, t_cs) or derived from a_n, a_s,
 * bandwidth and flit_bytes (checked in check_net). */
#define T_FLIT_MAX 1e9

#define GRP(f) offsetof(struct mc_group_params, f)
static const struct param cluster_fields[] = {
	{ "count", PT_INT, GRP(count), 1, MC_MAX_CLUSTERS, 0, "1", "clusters", "",
	  "number of identical clusters in this group" },
	{ "n", PT_INT, GRP(n), 1, FT_MAX_N, 0, NULL, "levels", "n_i",
	  "tree levels: each cluster is an m-port n_i-tree of 2(m/2)^n_i nodes" },
	{ "tau", PT_REAL, GRP(tau), 0, 1, PF_MAX_EXCL, "0", "", "tau_i",
	  "multi-user overhead: nodes inject lambda_g/(1-tau_i)" },
	{ 0 }
};

#define NET(f) offsetof(struct mc_net_cfg, f)
static const struct param net_fields[] = {
	{ "t_cn", PT_REAL, NET(t_cn), 0, T_FLIT_MAX, PF_OPTIONAL | PF_MIN_EXCL, NULL,
	  "time units/flit", "t_cn", "node-switch flit time (or give a_n, a_s, bandwidth, flit_bytes)" },
	{ "t_cs", PT_REAL, NET(t_cs), 0, T_FLIT_MAX, PF_OPTIONAL | PF_MIN_EXCL, NULL,
	  "time units/flit", "t_cs", "switch-switch flit time" },
	{ "a_n", PT_REAL, NET(a_n), 0, 1e9, PF_OPTIONAL, NULL, "time units", "a_n",
	  "network latency: t_cn = 0.5 a_n + L_m/bandwidth" },
	{ "a_s", PT_REAL, NET(a_s), 0, 1e9, PF_OPTIONAL, NULL, "time units", "a_s",
	  "switch latency: t_cs = a_s + L_m/bandwidth" },
	{ "bandwidth", PT_REAL, NET(bandwidth), 0, 1e15, PF_OPTIONAL | PF_MIN_EXCL, NULL,
	  "bytes/time unit", "1/b_n", "link bandwidth" },
	{ "flit_bytes", PT_REAL, NET(flit_bytes), 0, 1e9, PF_OPTIONAL | PF_MIN_EXCL, NULL,
	  "bytes", "L_m", "flit size" },
	{ 0 }
};

#define NETS(f) offsetof(struct mc_config, network.f) - offsetof(struct mc_config, network)
static const struct param network_fields[] = {
	{ "icn1", PT_SECTION, NETS(icn1), 0, 0, 0, NULL, "", "ICN1",
	  "intra-cluster network timing", .sub = net_fields },
	{ "ecn1", PT_SECTION, NETS(ecn1), 0, 0, 0, NULL, "", "ECN1",
	  "inter-cluster access network timing", .sub = net_fields },
	{ "icn2", PT_SECTION, NETS(icn2), 0, 0, 0, NULL, "", "ICN2",
	  "network joining the clusters (and the concentrators)", .sub = net_fields },
	{ 0 }
};

const struct param *mc_network_param(enum mc_network n)
{
	return &network_fields[n];
}

#define MIX(f) offsetof(struct mc_mix_cfg, f)
static const struct param mix_fields[] = {
	{ "length", PT_REAL, MIX(length), 1, 1e6, 0, NULL, "flits", "M_i",
	  "message length", .seed = "32" },
	{ "prob", PT_REAL, MIX(prob), 0, 1, PF_MIN_EXCL, NULL, "", "F_i",
	  "probability of this length", .seed = "1" },
	{ 0 }
};

#define TRF(f) offsetof(struct mc_config, traffic.f) - offsetof(struct mc_config, traffic)
static const struct param traffic_fields[] = {
	{ "pattern", PT_ENUM, TRF(pattern), 0, 0, 0, "uniform", "", "",
	  "destinations of internal messages", .choices = pattern_names },
	{ "theta", PT_REAL, TRF(theta), 0, 1, PF_AUTO, "auto", "", "theta",
	  "probability that a message leaves its cluster; auto = 1-(N_i-1)/(N-1)" },
	{ "message_length", PT_REAL, TRF(message_length), 1, 1e6, PF_OPTIONAL, NULL,
	  "flits", "M", "fixed message length (or give mix)" },
	{ "mix", PT_LIST, TRF(mix), 0, 0, 0, NULL, "", "M_i, F_i",
	  "message-length mix; the model uses its mean", .sub = mix_fields,
	  .elem_size = sizeof(struct mc_mix_cfg), .count_off = TRF(nmix),
	  .min_items = 0, .max_items = MC_MAX_MIX },
	{ 0 }
};

#define OPT(f) offsetof(struct mc_config, options.f) - offsetof(struct mc_config, options)
static const struct param option_fields[] = {
	{ "rate_divisor", PT_ENUM, OPT(rate_divisor), 0, 0, 0, "published", "", "",
	  "channel rate: published 4 n_i N_i, or exact mean over 2 n_i N_i channels",
	  .choices = divisor_names },
	{ "inter_weighting", PT_ENUM, OPT(inter_weighting), 0, 0, 0, "published", "", "",
	  "destination clusters: published 1/(C-1) each, or nodes N_j/(N-N_i)",
	  .choices = weighting_names },
	{ "transpose_counts", PT_ENUM, OPT(transpose_counts), 0, 0, 0, "exact", "", "",
	  "transpose hop counts: exact enumeration, or sharifi Eqs. 6-10 as printed",
	  .choices = tcounts_names },
	{ "eq12", PT_ENUM, OPT(eq12), 0, 0, 0, "exact", "", "d_avg",
	  "javadi Eq. 12 mean distance: exact, or its denominator as printed (differs for m > 4)",
	  .choices = eq12_names },
	{ "senders", PT_ENUM, OPT(senders), 0, 0, 0, "all", "", "",
	  "nodes the ICN1 channel rate counts: all (as printed, xi d/(div n) over N_i), or "
	  "sending (a permutation's fixed points send nothing, as simulated)",
	  .choices = senders_names },
	{ "source_rate", PT_ENUM, OPT(source_rate), 0, 0, 0, "node", "", "",
	  "source-queue arrivals: one node's rate, or the cluster totals of javadi Eqs. 10, 24, 31 as printed",
	  .choices = srcrate_names },
	{ "eq23", PT_ENUM, OPT(eq23), 0, 0, 0, "destination", "", "P_v",
	  "javadi Eq. 23 P_v: of the destination cluster, or of the source cluster as printed",
	  .choices = eq23_names },
	{ "eq30", PT_ENUM, OPT(eq30), 0, 0, 0, "intended", "", "",
	  "javadi Eq. 30 ICN2 stages: intended r <= k < r+2l-1, or r != k < r+2l-1 as printed",
	  .choices = eq30_names },
	{ "eq21", PT_ENUM, OPT(eq21), 0, 0, 0, "pattern", "", "R",
	  "sharifi Eq. 21 tail: weighted by the internal pattern's hop distribution, or by the uniform one",
	  .choices = eq21_names },
	{ "stage0", PT_ENUM, OPT(stage0), 0, 0, 0, "printed", "", "S",
	  "javadi/sharifi Eq. 16 stage 0: printed M t_cs, or node-link t_cn + (M-1) x the "
	  "slowest flit time crossed (zero load = the physical pipeline, the simulator's)",
	  .choices = stage0_names },
	{ "model", PT_ENUM, OPT(model), 0, 0, 0, "paper", "", "",
	  "paper: the printed model alone; refined: icnx's refined model beside it "
	  "(latency_refined, not the papers'), which predicts the simulated system "
	  "sim.concentrator and sim.release choose: channel rates of the simulated "
	  "channels, concentrator and dispatcher as M/G/1 queues holding their links "
	  "(cut-through: blocking through every stage); it refuses, with the reason, "
	  "sim.V or sim.buffer other than 1, sim.ecn1_exit = roots, sim.timing = booksim "
	  "and sim.routing = adaptive, which it does not model", .choices = model_names },
	{ 0 }
};

#define LD(f) offsetof(struct mc_config, load.f) - offsetof(struct mc_config, load)
static const struct param load_fields[] = {
	{ "from", PT_REAL, LD(from), 0, 1e9, 0, "0", "msg/node/time unit", "lambda_g",
	  "first load of the sweep" },
	{ "to", PT_REAL, LD(to), 0, 1e9, PF_AUTO | PF_MIN_EXCL, "auto", "msg/node/time unit",
	  "lambda_g", "last load; auto = just below saturation" },
	{ "points", PT_INT, LD(points), 2, 10000, 0, "100", "", "", "points of the sweep" },
	{ 0 }
};

static const char *const exit_names[] = { "roots", "model", NULL };
static const char *const concentrator_names[] = { "buffered", "cut-through", NULL };

#define MSF(f) offsetof(struct mc_sim_config, f)
static const struct param sim_fields[] = {
	SIM_COMMON_FIELDS(SIM_ROUTING_TREES),
	{ "V", PT_INT, MSF(V), 1, 16, 0, "1", "virtual channels", "V",
	  "virtual channels per channel (the papers' networks have one)" },
	{ "resolution", PT_INT, MSF(resolution), 1, 64, 0, "20", "", "",
	  "finest time quantum: the simulator's cycle is the smallest flit time divided "
	  "by the least R <= resolution that makes every flit time a whole number of "
	  "cycles within 1.5%, else the most exact R (equal times: R = 1, exact)" },
	{ "ecn1_exit", PT_ENUM, MSF(ecn1_exit), 0, 0, 0, "model", "", "",
	  "where external messages leave and enter ECN1: model (javadi Eqs. 22-23's "
	  "journey: r links out and v in, drawn from the uniform hop distribution P_r, so "
	  "the zero-load latency is the model's) or roots (what a physical attachment adds: "
	  "the concentrator and dispatcher hang off the ECN1 roots, n_i + 1 links out)",
	  .choices = exit_names },
	{ "concentrator", PT_ENUM, MSF(concentrator), 0, 0, 0, "buffered", "", "",
	  "what a concentrator and a dispatcher hold: buffered (javadi Eq. 32's two independent "
	  "M/D/1 queues: an unbounded FIFO of whole messages that never blocks the links into "
	  "it, virtual cut-through when empty, so nothing is added at zero load) or cut-through "
	  "(what a bufferless switch adds: a message waiting for the output keeps the link it "
	  "came on, head-of-line blocking, saturating near 2 - sqrt 2 of the link)",
	  .choices = concentrator_names },
	{ 0 }

};

const char *mc_sim_system(const struct mc_sim_config *s, char *buf, size_t n)
{
	char part[64], other[32] = "";

	snprintf(part, sizeof part, "%s concentrators, ecn1_exit %s, ",
		 concentrator_names[s->concentrator], exit_names[s->ecn1_exit]);
	if (s->V != 1)
		snprintf(other, sizeof other, ", V = %d", s->V);
	return sim_system_text(&s->common, part, s->concentrator == SIMCFG_CONC_BUFFERED &&
			       s->ecn1_exit == SIM_MC_EXIT_MODEL, other, buf, n);
}

#define CF(f) offsetof(struct mc_config, f)
static const struct param mc_fields[] = {
	{ "m", PT_INT, CF(m), 4, 64, PF_EVEN, NULL, "ports", "m",
	  "switch size of every fat-tree" },
	{ "clusters", PT_LIST, CF(clusters), 0, 0, PF_GROUPS, NULL, "", "",
	  "cluster groups; clusters of a group are identical", .sub = cluster_fields,
	  .elem_size = sizeof(struct mc_group_params), .count_off = CF(nclusters),
	  .min_items = 1, .max_items = MC_MAX_GROUPS },
	{ "network", PT_SECTION, CF(network), 0, 0, 0, NULL, "", "",
	  "timing of ICN1, ECN1 and ICN2", .sub = network_fields },
	{ "traffic", PT_SECTION, CF(traffic), 0, 0, 0, NULL, "", "",
	  "traffic pattern, external share and message length", .sub = traffic_fields,
	  .pane = PANE_TRAFFIC },
	{ "options", PT_SECTION, CF(options), 0, 0, 0, NULL, "", "",
	  "readings of the papers' equations", .sub = option_fields, .pane = PANE_TRAFFIC },
	{ "load", PT_SECTION, CF(load), 0, 0, 0, NULL, "", "",
	  "the load sweep of the curve", .sub = load_fields, .pane = PANE_TRAFFIC },
	{ "sim", PT_SECTION, CF(sim), 0, 0, 0, NULL, "", "",
	  "the flit-level simulator (-o sim, -o curve --sim); it builds every node, so "
	  "N <= 65536", .sub = sim_fields,
	  .pane = PANE_TRAFFIC },
	{ 0 }
};

struct mc_timing mc_net_timing(const struct mc_net_cfg *n)
{
	if (!isnan(n->t_cn))
		return (struct mc_timing){ n->t_cn, n->t_cs };
	return mc_timing_from_link(n->a_n, n->a_s, n->bandwidth, n->flit_bytes);
}

double mc_mean_length(const struct mc_config *c)
{
	if (c->traffic.nmix == 0)
		return c->traffic.message_length;
	double M = 0;
	for (size_t i = 0; i < c->traffic.nmix; i++)
		M += c->traffic.mix[i].length * c->traffic.mix[i].prob;
	return M;
}

void mc_config_params(const struct mc_config *c, struct mc_params *p)
{
	memset(p, 0, sizeof *p);
	p->m = c->m;
	p->ngroups = (int)c->nclusters;
	for (size_t i = 0; i < c->nclusters; i++)
		p->g[i] = c->clusters[i];
	p->icn1 = mc_net_timing(&c->network.icn1);
	p->ecn1 = mc_net_timing(&c->network.ecn1);
	p->icn2 = mc_net_timing(&c->network.icn2);
	p->M = mc_mean_length(c);
	p->theta = c->traffic.theta;
	p->pattern = (enum ft_pattern)c->traffic.pattern;
	p->transpose_counts = (enum mc_transpose_counts)c->options.transpose_counts;
	p->divisor = (enum mc_rate_divisor)c->options.rate_divisor;
	p->weighting = (enum mc_inter_weighting)c->options.inter_weighting;
	p->eq12 = (enum mc_eq12)c->options.eq12;
	p->senders = (enum mc_senders)c->options.senders;
	p->source_rate = (enum mc_source_rate)c->options.source_rate;
	p->eq23 = (enum mc_eq23)c->options.eq23;
	p->eq30 = (enum mc_eq30)c->options.eq30;
	p->eq21 = (enum mc_eq21)c->options.eq21;
	p->stage0 = (enum mc_stage0)c->options.stage0;
}

void mc_cfg_refined_system(const struct mc_config *c, struct mc_refined_system *sys)
{
	struct mc_timing i1 = mc_net_timing(&c->network.icn1);
	struct mc_timing e1 = mc_net_timing(&c->network.ecn1);
	struct mc_timing i2 = mc_net_timing(&c->network.icn2);
	double t[5] = { i1.t_cn, i1.t_cs, e1.t_cn, e1.t_cs, i2.t_cs }, L[MC_MAX_MIX], F[MC_MAX_MIX];
	double q = mc_sim_quantum(t, c->sim.resolution, NULL);

	memset(sys, 0, sizeof *sys);
	sys->conc = c->sim.concentrator == SIMCFG_CONC_CUT_THROUGH ? MC_CONC_CUT_THROUGH
								  : MC_CONC_BUFFERED;
	sys->hold = c->sim.common.release == SIM_RELEASE_NEXT_CYCLE ? q : 0;
	for (size_t k = 0; k < c->traffic.nmix; k++) {
		L[k] = c->traffic.mix[k].length;
		F[k] = c->traffic.mix[k].prob;
	}
	sys->cv2 = mc_mix_cv2(L, F, (int)c->traffic.nmix);
	sys->quantised = true;
	/* the simulator's flit times: whole quanta; ICN2 links all at t_cs */
	sys->icn1 = (struct mc_timing){ q * round(t[0] / q), q * round(t[1] / q) };
	sys->ecn1 = (struct mc_timing){ q * round(t[2] / q), q * round(t[3] / q) };
	sys->icn2 = (struct mc_timing){ q * round(t[4] / q), q * round(t[4] / q) };
}

int mc_refined_refusal(const struct mc_config *c, struct diag *d)
{
	const struct mc_sim_config *s = &c->sim;
	if (c->options.model != MC_CFG_MODEL_REFINED)
		return 0;
	if (sim_refined_refuse_timing(&s->common, d))
		return -1;
	if (s->common.routing != SIMCFG_DETERMINISTIC)
		return diag_set(d, "sim.routing", "adaptive routing is not in options.model="
				"refined, which predicts destination-mod-k routing up every tree "
				"(deterministic, the only routing the multi-cluster simulator runs)"
				SIM_REFINED_FIX("sim.routing=deterministic"));
	if (s->V != 1)
		return diag_set(d, "sim.V", "options.model=refined has no virtual channels: "
				"it predicts V = 1, one message per link at a time (with V = %d, "
				"messages multiplexed on a link stretch each other's worm, which it "
				"does not model)" SIM_REFINED_FIX("sim.V=1"), s->V);
	if (sim_refined_refuse_buffer(&s->common, "the papers'", d))
		return -1;
	if (s->ecn1_exit != SIM_MC_EXIT_MODEL)
		return diag_set(d, "sim.ecn1_exit", "roots is not in options.model=refined, "
				"which predicts javadi Eqs. 22-23's ECN1 journey (model: r links "
				"out and v in, drawn from P_r; roots, the concentrator and "
				"dispatcher at the ECN1 roots, n_i + 1 links each way, is not "
				"modelled)" SIM_REFINED_FIX("sim.ecn1_exit=model"));
	return 0;
}

static int mc_model_refusal(const struct config *cfg, struct diag *d)
{
	return mc_refined_refusal(mc_cfg(cfg), d);
}

static int check_net(const struct mc_net_cfg *n, const char *name, struct diag *d)
{
	char path[64];
	bool direct = !isnan(n->t_cn) || !isnan(n->t_cs);
	bool link = !isnan(n->a_n) || !isnan(n->a_s) || !isnan(n->bandwidth) ||
		    !isnan(n->flit_bytes);

	snprintf(path, sizeof path, "network.%s", name);
	if (direct && link)
		return diag_set(d, path, "timing given twice: give either t_cn and t_cs, or "
				"a_n, a_s, bandwidth and flit_bytes, not both");
	if (!direct && !link)
		return diag_set(d, path, "missing timing (allowed: t_cn and t_cs, or a_n, a_s, "
				"bandwidth and flit_bytes)");
	const char *missing = NULL;
	if (direct) {
		if (isnan(n->t_cn))
			missing = "t_cn";
		else if (isnan(n->t_cs))
			missing = "t_cs";
	} else {
		if (isnan(n->a_n))
			missing = "a_n";
		else if (isnan(n->a_s))
			missing = "a_s";
		else if (isnan(n->bandwidth))
			missing = "bandwidth";
		else if (isnan(n->flit_bytes))
			missing = "flit_bytes";
	}
	if (missing) {
		snprintf(path + strlen(path), sizeof path - strlen(path), ".%s", missing);
		return diag_set(d, path, "missing required field (allowed: %s)",
				direct ? "t_cn and t_cs together"
				       : "a_n, a_s, bandwidth and flit_bytes together");
	}
	if (link) {
		/* Derived flit times obey the bound of given ones (T_FLIT_MAX):
		 * every latency of the model then stays finite. */
		struct mc_timing t = mc_timing_from_link(n->a_n, n->a_s, n->bandwidth,
							 n->flit_bytes);
		if (!(t.t_cn <= T_FLIT_MAX && t.t_cs <= T_FLIT_MAX))
			return diag_set(d, path, "the flit times derived from a_n, a_s, bandwidth "
					"and flit_bytes are t_cn = %g, t_cs = %g (allowed: at most "
					"%g time units/flit, as when given directly)", t.t_cn, t.t_cs,
					T_FLIT_MAX);
	}
	return 0;
}

static int mc_validate(const struct config *cfg, struct diag *d)
{
	const struct mc_config *c = mc_cfg(cfg);
	long C = 0;

	for (size_t i = 0; i < c->nclusters; i++) {
		const struct mc_group_params *g = &c->clusters[i];
		char path[64];
		int64_t Ni = ft_nodes(c->m, g->n);
		snprintf(path, sizeof path, "clusters.%zu.n", i);
		if (Ni < 0 || Ni > MC_MAX_NODES_PER_CLUSTER)
			return diag_set(d, path, "the %d-port %d-tree is too large (allowed: at most "
					"%lld nodes per cluster, i.e. 2(m/2)^n <= %lld)", c->m, g->n,
					(long long)MC_MAX_NODES_PER_CLUSTER,
					(long long)MC_MAX_NODES_PER_CLUSTER);
		if (c->traffic.pattern != FT_UNIFORM && (Ni & (Ni - 1)) != 0)
			return diag_set(d, "traffic.pattern",
					"%s needs a power-of-two number of nodes per cluster, but "
					"clusters.%zu has N_i = 2(%d/2)^%d = %lld (allowed: uniform, or "
					"m = 4, 8, 16, 32, 64)", pattern_names[c->traffic.pattern], i,
					c->m, g->n, (long long)Ni);
		C += g->count;
	}
	if (C < 2 || C > MC_MAX_CLUSTERS)
		return diag_set(d, "clusters", "%ld cluster%s in all (allowed: 2 to %d clusters, "
				"the sum of the groups' counts)", C, C == 1 ? "" : "s",
				MC_MAX_CLUSTERS);
	if (check_net(&c->network.icn1, "icn1", d) || check_net(&c->network.ecn1, "ecn1", d) ||
	    check_net(&c->network.icn2, "icn2", d))
		return -1;

	bool has_len = !isnan(c->traffic.message_length);
	if (has_len && c->traffic.nmix > 0)
		return diag_set(d, "traffic.mix", "message length given twice: give either "
				"message_length or mix, not both");
	if (!has_len && c->traffic.nmix == 0)
		return diag_set(d, "traffic.message_length", "missing required field (allowed: "
				"a length in flits, or a mix list of {length, prob})");
	if (c->traffic.nmix > 0) {
		double sum = 0;
		for (size_t i = 0; i < c->traffic.nmix; i++)
			sum += c->traffic.mix[i].prob;
		if (fabs(sum - 1.0) > 1e-9)
			return diag_set(d, "traffic.mix", "probabilities sum to %.10g (allowed: "
					"probabilities summing to 1)", sum);
	}
	if (!isnan(c->load.to) && !(c->load.to > c->load.from))
		return diag_set(d, "load.to", "%g is not above load.from = %g (allowed: a "
				"number > load.from, or auto)", c->load.to, c->load.from);
	return mc_check_curve_cost(c, (size_t)c->load.points, "load.points", d);
}

int mc_check_curve_cost(const struct mc_config *c, size_t points, const char *path,
			struct diag *d)
{
	struct mc_params p;
	long C = 0;
	mc_config_params(c, &p);
	for (size_t i = 0; i < c->nclusters; i++)
		C += c->clusters[i].count;
	double per = mc_stages_per_eval(&p, ft_levels_for(c->m, C));
	if ((double)points * per > MC_CURVE_STAGE_BUDGET)
		return diag_set(d, path, "a curve of %zu points needs %.3g stage evaluations "
				"(%.3g per point; allowed: at most %.0e, about ten seconds): use "
				"at most %.0f points, or fewer or smaller cluster groups", points,
				(double)points * per, per, MC_CURVE_STAGE_BUDGET,
				floor(MC_CURVE_STAGE_BUDGET / per));
	return 0;
}

static int mc_prepare(const struct config *cfg, const struct run_req *req, void **prep,
		      struct diag *d)
{
	struct mc_prepared *pm = malloc(sizeof *pm);
	struct mc_params p;
	char err[256];

	if (!pm)
		return diag_set(d, "", "out of memory");
	mc_config_params(mc_cfg(cfg), &p);
	int rc = mc_model_init(&pm->mdl, &p, req->cancel, err, sizeof err);
	if (rc) {
		free(pm);
		return rc < 0 ? diag_set(d, "", "%s", err) : 1;
	}
	pm->sat = mc_saturation(&pm->mdl);
	if (isnan(pm->sat)) {   /* an evaluation met a NaN: a bug, reported */
		free(pm);
		return diag_set(d, "", "model error: the saturation search met a NaN");
	}
	/* a refined model of a system it does not express is left out (the
	 * batch mode refuses the run first: family.model_refusal) */
	struct diag rd;
	diag_clear(&rd);
	pm->refined = mc_cfg(cfg)->options.model == MC_CFG_MODEL_REFINED &&
		mc_refined_refusal(mc_cfg(cfg), &rd) == 0;
	if (pm->refined) {
		struct mc_refined_system sys;
		struct mc_params rp;
		mc_cfg_refined_system(mc_cfg(cfg), &sys);
		mc_refined_params(&p, &sys, &rp);
		rc = mc_model_init(&pm->ref, &rp, req->cancel, err, sizeof err);
		if (rc) {
			free(pm);
			return rc < 0 ? diag_set(d, "", "%s", err) : 1;
		}
		pm->sat_ref = mc_saturation(&pm->ref);
		pm->sat_ref95 = mc_saturation_accepted(&pm->ref, 0.95);
		if (isnan(pm->sat_ref) || isnan(pm->sat_ref95)) {
			free(pm);
			return diag_set(d, "", "model error: the refined saturation search met a NaN");
		}
	}
	family_stat_add(FSTAT_PREPARE);
	family_stat_add(FSTAT_SATURATION);
	*prep = pm;
	return 0;
}

static double mc_sat_of(const void *prep)
{
	return ((const struct mc_prepared *)prep)->sat;
}

static int mc_sweep(const struct config *cfg, const struct run_req *req, double *from,
		    double *to, size_t *n, struct diag *d)
{
	const struct mc_config *c = mc_cfg(cfg);

	return family_sweep_below_saturation(cfg, req, c->load.from, c->load.to, c->load.points,
					     mc_sat_of, from, to, n, d);
}

extern const struct output_desc mc_outputs[];

/* The simulator's settings of a configuration (family.sim_config). */
static const struct sim_config *sim_settings(const struct config *cfg)
{
	return &mc_cfg(cfg)->sim.common;
}

const struct family mc_family = {
	.schema = {
		.name = "multicluster",
		.title = "multi-cluster fat-trees",
		.papers = "Javadi et al., ADCOM 2006; Sharifi et al., 2008",
		.params = mc_fields,
		.cfg_size = sizeof(struct mc_config),
		.validate = mc_validate,
		.family = &mc_family,
	},
	.x = { "load", "lambda_g", "msg/node/time unit", "offered load", false,
	       .quantity = XQ_LOAD },
	.sweep = mc_sweep,
	.prepare = mc_prepare,
	.release = free,
	.outputs = mc_outputs,
	.sim_config = sim_settings,
	.model_refusal = mc_model_refusal,
	.model_off = "options.model=paper",
	.simulates = "by default the system javadi Eq. 32 describes: concentrators and "
		"dispatchers that store whole messages in unbounded FIFOs (sim.concentrator = "
		"buffered; virtual cut-through when empty, so nothing is added at zero load; the "
		"dispatcher's FIFO sits in front of the ICN2 link into it), external messages "
		"leaving and entering ECN1 after r and v links drawn as Eqs. 22-23 weight them "
		"(sim.ecn1_exit = model), and a virtual channel taken again the cycle its tail "
		"leaves (sim.release = same-cycle).  What a real system adds: sim.concentrator = "
		"cut-through (a bufferless switch: head-of-line blocking), sim.ecn1_exit = roots "
		"(the concentrator at the ECN1 roots), sim.release = next-cycle (a release "
		"cycle).  sim.timing = booksim needs sim.concentrator = cut-through.",
	.validation = "against its own system (buffered concentrators, the ECN1 exit drawn "
		"from P_r, M-flit holding) the model is within 3% up to 30% of its saturation "
		"load (javadi-n544/n1120, sharifi-n592/n1144: +2.6/+0.3/-2.9/0.0% at 30%) and "
		"underestimates beyond (-22/-5/-47/-14% at 50%): the simulated system saturates "
		"first, lambda_g* 49/10/57/26% above it.  Eq. 32 does not count the wormhole "
		"path between the queues (one ICN2 down-link per destination cluster, held back "
		"to the concentrator); the refined model (options.model = refined) does, and "
		"puts its 95% load within -4..+5% of the simulated saturation.  What a real "
		"system adds: cut-through concentrators -4..-13% of saturation, the ECN1-roots "
		"attachment 0.7-1.3 time units at light load, M+1 holding -3..+3% of "
		"saturation.  The simulation supports the default readings source_rate = node "
		"(up to 30%) and eq23 = destination; the others move the model by less than it "
		"can tell.",
};
