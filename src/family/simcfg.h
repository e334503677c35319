/*
 * simcfg.h: the simulator settings every network family shares (the
 * flit-level simulator of src/sim), their parameter-table entries, the
 * simulator glue every simulated output goes through (one point and its
 * checks, default loads, work limits) and the simulated curve table.
 *
 * struct sim_config holds the shared settings (seed, warmup, measured,
 * batches, buffer, routing, timing, budget, release, and the explorer's
 * points and spacing of key r); each family's own sim struct
 * (star_sim_config: injection; mc_sim_config: V, resolution, ecn1_exit,
 * concentrator; irr_sim_config: M, V, pattern, load) embeds it first as
 * `common`, and its own `sim` section table starts with
 * SIM_COMMON_FIELDS.  No family's field lives here.
 *
 * Simulated columns (typed roles, table.h): sim_latency (COL_VALUE),
 * sim_lower / sim_upper (COL_LOWER / COL_UPPER of sim_latency: the 95%
 * batch-means interval), sim_wait and sim_network (COL_COMPONENT of
 * sim_latency: source-queue wait and the rest, the model's S + R; their
 * measures CM_SOURCE_WAIT and CM_AFTER_SOURCE pair them with a model's),
 * and, on a network with queue routers (multi-cluster), sim_queue_wait
 * last (COL_COMPONENT, CM_QUEUE_WAIT: the concentrators' and dispatchers'
 * waiting, a part of sim_network),
 * sim_accepted (delivered messages per sending node per cycle),
 * sim_messages (messages measured), sim_flit_hops (flits x channels
 * crossed in the whole run: the throughput unit, as BookSim counts), and
 * last sim_settled (COL_SETTLED of sim_latency: 1 the run reached a
 * steady state, 0 it did not settle and sim_lower/sim_upper are NaN, NaN
 * at a saturated point; sim/measure.h states the test).  At a saturated
 * point every latency column is INFINITY ("inf", JSON null); accepted and
 * messages keep what was measured.
 *
 * Pure apart from allocation.
 */
#ifndef ICNX_FAMILY_SIMCFG_H
#define ICNX_FAMILY_SIMCFG_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/table.h"
#include "config/config.h"
#include "config/param.h"
#include "sim/measure.h"

struct run_req;

/* Bytes of messages one simulated point may hold whatever its load
 * (sim/measure.h's SIM_MSG_MEMORY, icnx(1) LIMITS): what the batch layer
 * plans per thread (batch/simmem.h). */
#define SIM_POINT_MEMORY SIM_MSG_MEMORY

/* Limits (icnx.yaml(5) states them; sim_check refuses with the reason). */
#define SIM_CFG_MAX_MEASURED 10000000   /* messages per point */
#define SIM_CFG_MAX_FLITS 40000000L     /* buffers: channels x V x B */
#define SIM_CFG_MAX_POINTS 64           /* the explorer's simulated loads */
/* Work limits, in the engine's events (sim/core.h: a buffer visited in a
 * cycle, a routing candidate, a cycle stepped, a message generated), never
 * wall time, so results are the same on every machine.  One point may do
 * SIM_WORK_POINT events; one run of an output (a curve request, a
 * saturation bisection, the explorer's simulated points) at most
 * SIM_WORK_RUN events: up to SIM_RUN_POINTS points at SIM_WORK_POINT each
 * (batch refuses a longer simulated sweep and names --points), an output
 * that simulates more points by itself divides SIM_WORK_RUN among them
 * (sim_work_share).
 * icnx.yaml(5) LIMITS states them with the CPU time they mean. */
#define SIM_WORK_POINT 1000000000LL
#define SIM_RUN_POINTS 10
#define SIM_WORK_RUN (SIM_WORK_POINT * SIM_RUN_POINTS)
/* A point whose network has fallen behind when its work reaches a fifth of
 * its limit stops there, saturated (sim_method.probe_work). */
#define SIM_WORK_PROBE_DIV 5

enum sim_routing_cfg { SIMCFG_ADAPTIVE = 0, SIMCFG_DETERMINISTIC };
enum sim_timing_cfg { SIMCFG_TIMING_PAPER = 0, SIMCFG_TIMING_BOOKSIM };
enum sim_spacing_cfg { SIMCFG_SPACING_SATURATION = 0, SIMCFG_SPACING_EVEN };
/* The simulated system: each default is the system the paper's model
 * describes, the other value what a real router adds (icnx(1) SIMULATED
 * SYSTEMS).  sim.release is enum sim_release (sim/core.h) itself. */

/* The settings every simulated family shares: the first member (named
 * `common`) of each family's own sim struct (star_sim_config,
 * mc_sim_config, irr_sim_config, in the family's header), so a family's
 * settings are its own and the shared functions below read these alone. */
struct sim_config {
	int seed;          /* stream of point k: (seed, k) */
	int warmup;        /* messages discarded before measuring */
	int measured;      /* messages measured per point */
	int batches;       /* batch means */
	int buffer;        /* flits per virtual-channel buffer */
	int routing;       /* enum sim_routing_cfg */
	int timing;        /* enum sim_timing_cfg */
	double budget;     /* cycles per point; NaN = auto */
	int release;       /* enum sim_release: a virtual channel is taken
	                      again the cycle its tail leaves, or the next */
	int points;        /* the explorer's simulated loads (key r) */
	int spacing;       /* enum sim_spacing_cfg: how they spread below L */
};

/* The parameter-table entries of the shared settings, for a family's own
 * `sim` section table (struct sim_config first in the family's struct, so
 * these offsets hold): SIM_COMMON_FIELDS(SIM_ROUTING_ADAPTIVE) or
 * (SIM_ROUTING_TREES), then the family's own entries, then { 0 }. */
extern const char *const sim_routing_names[];
extern const char *const sim_timing_names[];
extern const char *const sim_spacing_names[];
extern const char *const sim_release_names[];
#define SIM_CF(f) offsetof(struct sim_config, f)
/* The star and irregular simulators route adaptively by default; the
 * multi-cluster trees route deterministically only (mc_simctx_build
 * refuses adaptive). */
#define SIM_ROUTING_ADAPTIVE \
	{ "routing", PT_ENUM, SIM_CF(routing), 0, 0, 0, "adaptive", "", "", \
	  "adaptive (the paper's routing) or deterministic", .choices = sim_routing_names }
#define SIM_ROUTING_TREES \
	{ "routing", PT_ENUM, SIM_CF(routing), 0, 0, 0, "deterministic", "", "", \
	  "deterministic only: in every tree a message goes up by its destination's " \
	  "digit (destination mod k), which balances the up-links; adaptive is refused", \
	  .choices = sim_routing_names }
#define SIM_COMMON_FIELDS(ROUTING_FIELD) \
	{ "seed", PT_INT, SIM_CF(seed), 0, 2147483647, 0, "1", "", "", \
	  "random seed; point k of a sweep uses the stream (seed, k), so any point " \
	  "can be recomputed alone and -j, --points give the same numbers" }, \
	{ "warmup", PT_INT, SIM_CF(warmup), 0, 10000000, 0, "5000", "messages", "", \
	  "messages generated and discarded before measuring" }, \
	{ "measured", PT_INT, SIM_CF(measured), 100, SIM_CFG_MAX_MEASURED, 0, "50000", "messages", "", \
	  "messages measured per load point (then the network drains them)" }, \
	{ "batches", PT_INT, SIM_CF(batches), 2, SIM_MAX_BATCHES, 0, "20", "", "", \
	  "batches of a replication's measured messages (the settle test; the interval of a one-run point)" }, \
	{ "buffer", PT_INT, SIM_CF(buffer), 1, 64, 0, "1", "flits", "", \
	  "flit buffer per virtual channel (1: the papers' one-flit buffers, which " \
	  "still stream one flit per flit time)" }, \
	ROUTING_FIELD, \
	{ "timing", PT_ENUM, SIM_CF(timing), 0, 0, 0, "paper", "", "", \
	  "paper (zero router delay, the models' timing) or booksim (BookSim2's input-queued " \
	  "router, an engine of its own: credits, iSLIP allocation, 4 cycles per router and " \
	  "link, zero-load (M-1) + 2 + 4R over R routers, buffers under 5 flits throttle, " \
	  "Bernoulli injection; for cross-checks)", .choices = sim_timing_names }, \
	{ "budget", PT_REAL, SIM_CF(budget), 1000, 1e12, PF_AUTO, "auto", "cycles", "", \
	  "simulated cycles per point before it is declared saturated; auto = 20 times the " \
	  "cycles its messages take to be generated, plus 100000" }, \
	{ "points", PT_INT, SIM_CF(points), 1, SIM_CFG_MAX_POINTS, 0, "6", "loads", "", \
	  "loads the explorer's r simulates, up to the model's saturation load L (the " \
	  "budget of each: measured, warmup, budget; batch: --load)" }, \
	{ "spacing", PT_ENUM, SIM_CF(spacing), 0, 0, 0, "even", "", "", \
	  "how r spreads its loads x_k, k = 1..points, below L: even, L k/(points+1); or " \
	  "saturation, L (1 - (1 - k/(points+1))^2), denser near L (the simulated " \
	  "saturation is often well below the model's L)", \
	  .choices = sim_spacing_names }, \
	{ "release", PT_ENUM, SIM_CF(release), 0, 0, 0, "same-cycle", "", "", \
	  "when a virtual channel whose tail flit left its buffer can be taken again: " \
	  "same-cycle (the papers' channel holding of exactly M flit times: one channel fed " \
	  "by Poisson sources is M/D/1 with D = M) or next-cycle (what a real router adds: " \
	  "the buffer is freed the cycle after, a release/credit cycle, M + 1 per message " \
	  "on a channel between routers); the paper timing's: sim.timing=booksim frees " \
	  "virtual channels on BookSim's timing and refuses next-cycle", .choices = sim_release_names }

/* Which simulated system sc names, for a title: "; the model's system:
 * PART same-cycle release" when the family's own settings are the paper's
 * (`paper`: sim.injection for the star, sim.concentrator and sim.ecn1_exit
 * for the multi-cluster) and sim.release is, else "; a physical variant:
 * ..."; "; a variant: ..., 4-flit buffers OTHER" when sim.buffer differs
 * from the papers' 1 or the family says what else does (`other`, e.g.
 * ", V = 2"); "; BookSim2's router: PART" under sim.timing booksim.  part
 * ends in ", " (or is ""): the family's settings, e.g. "per-vc injection, ".
 * Writes at most n bytes to buf (always terminated) and returns buf. */
const char *sim_system_text(const struct sim_config *sc, const char *part, bool paper,
			    const char *other, char *buf, size_t n);

/* Refuse (d->usage, -1) a sim section whose settings name no one system:
 * sim.release = next-cycle with sim.timing = booksim (BookSim's router
 * frees an output virtual channel on its own timing; sim.release is the
 * paper engine's).  The families refuse sim.injection = per-vc and
 * sim.concentrator = buffered with booksim themselves.  0 = fine. */
int sim_check_system(const struct sim_config *sc, struct diag *d);

/* The refined models' refusals of shared settings they do not express
 * (the families' model_refusal, called only with options.model =
 * refined): each ends with SIM_REFINED_FIX(v), what is allowed.  -1 with
 * *d at the setting's path, or 0 = fine.  sim.timing = booksim: the
 * refined models predict the paper timing's system.  sim.buffer != 1:
 * they have one-flit buffers, `whose` (e.g. "the paper's"). */
#define SIM_REFINED_FIX(v) " (allowed with options.model=refined: " v "; or options.model=" \
	"paper, the printed model alone: the simulation runs either way)"
int sim_refined_refuse_timing(const struct sim_config *sc, struct diag *d);
int sim_refined_refuse_buffer(const struct sim_config *sc, const char *whose, struct diag *d);

/* The configuration's simulator settings (the family's own accessor,
 * family.sim_config), or NULL for a family without a simulator. */
const struct sim_config *sim_config_of(const struct config *cfg);

/* The explorer's simulated load k (1..n) below top (the model's saturation
 * load L): sc->spacing saturation, L (1 - (1 - k/(n+1))^2), denser near L;
 * even, L k/(n+1).  sc NULL: saturation. */
double sim_point_load(const struct sim_config *sc, int k, int n, double top);

/* The measurement method for point `index` of a sweep (max_work =
 * SIM_WORK_POINT, probe_work = max_work / SIM_WORK_PROBE_DIV; a caller that
 * changes max_work sets probe_work with sim_method_work). */
void sim_config_method(const struct sim_config *sc, size_t index, struct sim_method *mm);

/* The work limit of each point of a run of `points` points:
 * SIM_WORK_POINT up to SIM_RUN_POINTS points, else SIM_WORK_RUN / points. */
int64_t sim_work_share(size_t points);
/* Set mm's work limit to max_work and its probe to max_work / SIM_WORK_PROBE_DIV. */
void sim_method_work(struct sim_method *mm, int64_t max_work);

/*
 * Before simulating: refuse (d->usage, -1) a configuration whose points
 * cannot fit the work limit max_work on net: (n warmup + measured)
 * messages of mean length L over net's mean route of c channels
 * (sim_mean_channels, sim/routelen.h) need at least about (1 + L c)
 * events each, as sim_check_route_work below; n is the point's
 * replications (sim_replications, sim/measure.h: each has its own
 * warm-up), 1 for a saturation probe (`probe`: one run, simsat.h).  The
 * message names the most measured messages that fit.  0 = fine.
 */
int sim_check_work(const struct sim_config *sc, const struct sim_net *net,
		   const struct sim_mix *mix, bool probe, int64_t max_work, struct diag *d);
/*
 * The same with the route known: each message's flits cross `channels`
 * channels on average (node links included; 0 = unknown, as
 * sim_check_work), so a point that keeps up needs at least about
 * (n warmup + measured) x (1 + length x channels) events (simcfg.c states
 * the calibration and the margin), n as sim_check_work on `senders`
 * sending nodes.  Callers with a routing table (the irregular family)
 * check each point's share before simulating anything.
 */
int sim_check_route_work(const struct sim_config *sc, const struct sim_mix *mix, double channels,
			 int senders, bool probe, int64_t max_work, struct diag *d);

/*
 * After sim_measure: a point that reached the work limit without a sign of
 * saturation (r->status SIM_WORK, not saturated) is refused (d->usage, -1)
 * with the reason and what to lower, and so is one the simulator did not
 * run to a verdict (r->limit: a load too small for its clock, a budget
 * shorter than the generation of its messages); any other result gives 0.
 * load and unit are the point's load as the user sees it (the family's x
 * axis: time units, not the simulator's cycles), quoted in the message.
 */
int sim_check_result(const struct sim_config *sc, const struct sim_result *r,
		     int64_t max_work, double load, const char *unit, struct diag *d);

/*
 * One simulated point, the one way every simulated output runs one:
 * sim_measure of net at load x (messages per sending node per cycle) with
 * method mm into *r, then the checks: the simulator could not run (out of
 * memory), a deadlock, a routing error (bugs, said so: every family's
 * routing is meant to be deadlock-free and total), and sim_check_result's
 * refusals.  at is x as the family shows it, in unit, quoted in every
 * message.  Returns 0, 1 cancelled, -1 with *d.
 */
int sim_run_point(const struct sim_net *net, const struct sim_mix *mix,
		  const struct sim_config *sc, double x, double at, const char *unit,
		  const struct sim_method *mm, const atomic_int *cancel, struct sim_result *r,
		  struct diag *d);

/* The default loads of a simulated curve (output_desc.loads, when the
 * request gives none): SIM_DEFAULT_LOADS loads top k / SIM_DEFAULT_LOADS,
 * k = 1..SIM_DEFAULT_LOADS, up to top (the model's sweep end, just below
 * its saturation; the channel-load bound).  *xs allocated.  0 or -1 (*d). */
#define SIM_DEFAULT_LOADS 10
int sim_loads_below(double top, double **xs, size_t *n, struct diag *d);
/* The same below the end of cfg's family sweep: a family's
 * output_desc.loads when its model has a sweep.  0, 1 cancelled, -1. */
int sim_sweep_loads(const struct config *cfg, const struct run_req *req, double **xs,
		    size_t *n, struct diag *d);

/*
 * The simulated curve: sim_measure at xs[0..nx-1] (point k seeded with
 * index point0 + k) into t (initialised empty by the caller): the x column
 * (xname, xunit, xlabel) and the simulated columns above.  xs are in
 * messages per node per simulator cycle; shown[k] is xs[k] as the family's
 * x axis shows it (in xunit; NULL: xs itself), written in the x column and
 * quoted in every refusal.  Polls req->cancel, reports progress.  Returns
 * 0, 1 cancelled, -1 with *d.
 */
int sim_curve_table(const struct sim_net *net, const struct sim_mix *mix,
		    const struct sim_config *sc, const double *xs, const double *shown,
		    size_t nx, size_t point0, const char *xname, const char *xunit,
		    const char *xlabel, const struct run_req *req, struct table *t,
		    struct diag *d);

/*
 * Classes of messages a simulated curve measures beside the whole (the
 * multi-cluster family): intra-cluster (source and destination in one
 * cluster), inter-cluster, and every message of a cluster group's nodes.
 * Columns after sim_settled: sim_T_in (CM_INTRA), sim_T_out (CM_INTER),
 * then sim_T_group<g> (CM_GROUP, group g), each role COL_CLASS of
 * sim_latency, so each pairs with the model's column of the same measure
 * and group (base/vsim.h).  sim_T_group<g> is the mean over the messages
 * sent by group g's nodes; sim_T_in and sim_T_out weigh each group's mean
 * of that class with weight[g], as the model weighs its groups (Eq. 7:
 * its share of the nodes), NaN when a group with weight has no message of
 * the class.  Latencies are whole (the source wait included), in cycles.
 */
struct sim_classes {
	const int *cluster;        /* per node of the sim_net: its cluster;
	                              -1 for a node that is not a processor */
	const int *group;          /* per cluster: its group, 0..ngroups-1 */
	const double *weight;      /* per group (summing to 1) */
	int ngroups;               /* 1..SIM_MAX_GROUPS */
};
#define SIM_MAX_GROUPS 32

/* sim_curve_table with the classes cls (NULL: none) as columns after the
 * simulated ones (after sim_settled), INFINITY at a saturated point. */
int sim_curve_table_classes(const struct sim_net *net, const struct sim_mix *mix,
			    const struct sim_config *sc, const double *xs, const double *shown,
			    size_t nx, size_t point0, const char *xname, const char *xunit,
			    const char *xlabel, const struct sim_classes *cls,
			    const struct run_req *req, struct table *t, struct diag *d);

/* Progress within point k of nx of a request, for sim_method.progress
 * (ctx: a struct sim_point_progress): the run's fraction f scaled into the
 * request's (k + f) / nx. */
struct sim_point_progress {
	const struct run_req *req;
	size_t k, nx;
};
void sim_point_progress(void *ctx, double f);

/* Append the simulated columns (no rows yet) to t; returns the index of
 * sim_latency, or -1 (ENOMEM). */
int sim_curve_cols(struct table *t);
/* Write result r into row `row` of t, whose simulated columns start at
 * col (sim_curve_cols' return). */
void sim_curve_row(struct table *t, size_t row, int col, const struct sim_result *r);

#endif
