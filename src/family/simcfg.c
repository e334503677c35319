/*
 * simcfg.c: the shared `sim` section and the simulated curve table
 * (simcfg.h).
 */
#include "family/simcfg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vsim.h"
#include "family/family.h"
#include "family/outkit.h"
#include "sim/iqrouter.h"
#include "sim/routelen.h"

const char *const sim_routing_names[] = { "adaptive", "deterministic", NULL };
const char *const sim_timing_names[] = { "paper", "booksim", NULL };
const char *const sim_spacing_names[] = { "saturation", "even", NULL };
const char *const sim_release_names[] = { "same-cycle", "next-cycle", NULL };

int sim_check_system(const struct sim_config *sc, struct diag *d)
{
	if (sc->timing != SIMCFG_TIMING_BOOKSIM || sc->release == SIM_RELEASE_SAME_CYCLE)
		return 0;
	d->usage = true;
	return diag_set(d, "sim.release", "sim.timing=booksim simulates BookSim2's router, which "
			"frees an output virtual channel the cycle after a tail was granted through "
			"it, on its own timing: sim.release=next-cycle is the paper engine's release "
			"cycle, which BookSim cannot express; leave sim.release at same-cycle, or "
			"set sim.timing=paper");
}

int sim_refined_refuse_timing(const struct sim_config *sc, struct diag *d)
{
	if (sc->timing != SIMCFG_TIMING_BOOKSIM)
		return 0;
	return diag_set(d, "sim.timing", "BookSim2's router is not in options.model="
			"refined, which predicts the paper timing's system (zero router "
			"delay, a flit per flit time; BookSim's 4 cycles per router and "
			"link, credits and iSLIP allocation are not modelled)"
			SIM_REFINED_FIX("sim.timing=paper"));
}

int sim_refined_refuse_buffer(const struct sim_config *sc, const char *whose, struct diag *d)
{
	if (sc->buffer == 1)
		return 0;
	return diag_set(d, "sim.buffer", "options.model=refined has one-flit buffers, "
			"%s (a blocked worm holds every channel behind it; "
			"%d-flit buffers absorb part of a blocked worm, which it does not "
			"model)" SIM_REFINED_FIX("sim.buffer=1"), whose, sc->buffer);
}

const char *sim_system_text(const struct sim_config *sc, const char *part, bool paper,
			    const char *other, char *buf, size_t n)
{
	char own[64];

	paper = paper && sc->release == SIM_RELEASE_SAME_CYCLE;
	snprintf(own, sizeof own, "%s", part);
	if (sc->timing == SIMCFG_TIMING_BOOKSIM) {   /* its own release timing */
		size_t l = strlen(own);
		if (l >= 2)
			own[l - 2] = 0;        /* no trailing ", " */
		snprintf(buf, n, "; BookSim2's router%s%s", *own ? ": " : "", own);
		return buf;
	}
	{               /* what else the paper's system does not have */
		char more[64] = "";

		if (sc->buffer != 1)
			snprintf(more, sizeof more, ", %d-flit buffers", sc->buffer);
		snprintf(more + strlen(more), sizeof more - strlen(more), "%s", other);
		snprintf(buf, n, "; %s: %s%s release%s",
			 *more ? "a variant" : paper ? "the model's system" : "a physical variant",
			 own, sim_release_names[sc->release], more);
	}
	return buf;
}

const struct sim_config *sim_config_of(const struct config *cfg)
{
	return cfg->family && cfg->family->sim_config ? cfg->family->sim_config(cfg) : NULL;
}

double sim_point_load(const struct sim_config *sc, int k, int n, double top)
{
	double f = (double)k / (n + 1);
	if (sc && sc->spacing == SIMCFG_SPACING_EVEN)
		return top * f;
	double u = 1.0 - f;
	return top * (1.0 - u * u);
}

void sim_config_method(const struct sim_config *sc, size_t index, struct sim_method *mm)
{
	sim_method_default(mm);
	mm->seed = (uint64_t)sc->seed;
	mm->stream = index;
	mm->warmup = sc->warmup;
	mm->measured = sc->measured;
	mm->batches = sc->batches;
	mm->max_cycles = isnan(sc->budget) ? 0 : (int64_t)sc->budget;
	if (sc->timing == SIMCFG_TIMING_BOOKSIM)
		mm->engine = &sim_iqrouter_engine;
	sim_method_work(mm, SIM_WORK_POINT);
}

void sim_method_work(struct sim_method *mm, int64_t max_work)
{
	mm->max_work = max_work;
	mm->probe_work = max_work / SIM_WORK_PROBE_DIV;
}

int64_t sim_work_share(size_t points)
{
	return points <= SIM_RUN_POINTS ? SIM_WORK_POINT : SIM_WORK_RUN / (int64_t)points;
}


/*
 * The events floor of one message of mean length len crossing `channels`
 * channels (0: the route unknown).  Known route: every flit occupies each
 * buffer of its route for at least one cycle, and the core counts an
 * occupied buffer once a cycle (sim/core.h), so a message costs at least
 * 1 + len x channels events while the network keeps up.  Calibrated
 * against the work sim_measure reports (events / ((warmup + measured)
 * (1 + M (r + 2))), r the mean up*-down* route length): 1.04 to 1.30 at
 * 10% of the channel-load bound on arnau-autonet10/random16/random24
 * (every pattern), generated 64- to 1024-switch networks (4 and 32 nodes
 * a switch), M = 1 to 256, buffers 1 to 16, V = 4, deterministic routing,
 * booksim timing, node links of 3 cycles; more as the load rises (7 to
 * 18 just below saturation).  SIM_WORK_FLOOR_MARGIN takes 10% off the
 * floor for configurations not measured, so a refusal means the point
 * needs at least 1/0.9 x 1.04 = 1.16 times its limit.
 */
#define SIM_WORK_FLOOR_MARGIN 0.9

/* The replications of a point of sc on `senders` sending nodes (0:
 * unknown, the most), or 1 for a saturation probe (one run, simsat.c). */
static int point_runs(const struct sim_config *sc, int senders, bool probe)
{
	struct sim_method mm;

	if (probe)
		return 1;
	sim_config_method(sc, 0, &mm);
	return sim_replications(&mm, senders);
}

/* The floor check over `channels` channels (0: unknown), the route named
 * `what` in the message: each of the point's `runs` replications
 * generates its own warm-up. */
static int check_work(const struct sim_config *sc, const struct sim_mix *mix, double channels,
		      const char *what, int runs, int64_t max_work, struct diag *d)
{
	double len = 0, per, need, fit;
	char route[96] = "", pt[96];

	for (int i = 0; i < mix->n; i++)
		len += mix->prob[i] * mix->length[i];
	if (channels > 0) {
		per = SIM_WORK_FLOOR_MARGIN * (1 + len * channels);
		snprintf(route, sizeof route, " over %.3g channels (%s, node links included)",
			 channels, what);
	} else {
		per = 1 + len;
	}
	need = ((double)runs * sc->warmup + sc->measured) * per;
	if (need <= (double)max_work)
		return 0;
	fit = floor((double)max_work / per) - (double)runs * sc->warmup;
	if (runs > 1)
		snprintf(pt, sizeof pt, "%d x %d + %d messages (%d replications, a warm-up each)",
			 runs, sc->warmup, sc->measured, runs);
	else
		snprintf(pt, sizeof pt, "%d + %d messages", sc->warmup, sc->measured);
	d->usage = true;
	if (fit >= 100)
		return diag_set(d, "sim.measured", "a point of %s of %.4g flits%s needs at least "
				"%.3g simulator events, above the limit of %.3g per point "
				"(icnx.yaml(5) LIMITS): at most %.0f measured messages fit",
				pt, len, route, need, (double)max_work, fit);
	return diag_set(d, "sim.warmup", "a point of %s of %.4g flits%s needs at least %.3g "
			"simulator events, above the limit of %.3g per point (icnx.yaml(5) "
			"LIMITS): fewer or shorter messages", pt, len, route, need,
			(double)max_work);
}

int sim_check_route_work(const struct sim_config *sc, const struct sim_mix *mix, double channels,
			 int senders, bool probe, int64_t max_work, struct diag *d)
{
	return check_work(sc, mix, channels, "the mean up*/down* route",
			  point_runs(sc, senders, probe), max_work, d);
}

int sim_check_work(const struct sim_config *sc, const struct sim_net *net,
		   const struct sim_mix *mix, bool probe, int64_t max_work, struct diag *d)
{
	return check_work(sc, mix, sim_mean_channels(net, (uint64_t)sc->seed), "the mean route",
			  point_runs(sc, net->senders ? net->nsenders : net->nodes, probe),
			  max_work, d);
}

int sim_check_result(const struct sim_config *sc, const struct sim_result *r,
		     int64_t max_work, double load, const char *unit, struct diag *d)
{
	char at[64];      /* the load as the screen and the command line show it */
	snprintf(at, sizeof at, "%g%s%s", load, unit && unit[0] ? " " : "", unit ? unit : "");
	if (r->limit == SIM_LIMIT_CLOCK) {
		d->usage = true;
		return diag_set(d, "", "load %s is too small to simulate (%.3g messages per "
				"sending node per simulator cycle): its %d + %d messages take about "
				"%.3g cycles to be generated, beyond the simulator's clock (%.3g "
				"cycles); a load %.3g times as large runs (at such loads every message "
				"crosses an empty network: the latency is the zero-load latency)",
				at, r->offered, sc->warmup, sc->measured, r->need,
				SIM_CLOCK_MAX / 2, r->need / (SIM_CLOCK_MAX / 2) * 1.001);
	}
	if (r->limit == SIM_LIMIT_BUDGET) {
		d->usage = true;
		return diag_set(d, "sim.budget", "the budget of %.3g cycles ran out before the "
				"%d warm-up and %d measured messages were generated at load %s (they "
				"take about %.3g cycles): not a verdict on the network; raise "
				"sim.budget or leave it auto", sc->budget, sc->warmup, sc->measured,
				at, r->need);
	}
	if (r->status != SIM_WORK || r->saturated)
		return 0;
	d->usage = true;
	return diag_set(d, "sim.measured", "the point at load %s reached the simulator's limit "
			"of %.3g events (icnx.yaml(5) LIMITS) before its %d measured messages "
			"drained, while the network still kept up with the offered load (not "
			"saturated): lower sim.measured or sim.warmup", at,
			(double)max_work, sc->measured);
}

int sim_run_point(const struct sim_net *net, const struct sim_mix *mix,
		  const struct sim_config *sc, double x, double at, const char *unit,
		  const struct sim_method *mm, const atomic_int *cancel, struct sim_result *r,
		  struct diag *d)
{
	int rc = sim_measure(net, mix, x, mm, r, cancel);

	if (rc == 1)
		return 1;
	if (rc < 0)
		return diag_set(d, "sim", "the simulator could not run (out of memory?)");
	if (r->status == SIM_DEADLOCK)
		return diag_set(d, "sim", "deadlock at load %g %s: no flit moved for %d "
				"cycles (a bug: the routing is meant to be deadlock-free)",
				at, unit, mm->watchdog);
	if (r->status == SIM_ROUTE_ERROR)
		return diag_set(d, "sim", "routing error at load %g %s (a bug)", at, unit);
	return sim_check_result(sc, r, mm->max_work, at, unit, d) ? -1 : 0;
}

int sim_loads_below(double top, double **xs, size_t *n, struct diag *d)
{
	*xs = malloc(SIM_DEFAULT_LOADS * sizeof **xs);
	if (!*xs)
		return diag_set(d, "", "out of memory");
	for (int k = 0; k < SIM_DEFAULT_LOADS; k++)
		(*xs)[k] = top * (k + 1) / (double)SIM_DEFAULT_LOADS;
	*n = SIM_DEFAULT_LOADS;
	return 0;
}

int sim_sweep_loads(const struct config *cfg, const struct run_req *req, double **xs,
		    size_t *n, struct diag *d)
{
	double from, to;
	size_t np;
	int rc = cfg->family->sweep(cfg, req, &from, &to, &np, d);

	return rc ? rc : sim_loads_below(to, xs, n, d);
}

int sim_curve_cols(struct table *t)
{
	int c0 = (int)t->ncols;

	OUT_COL(t, "sim_latency", "cycles", "simulated mean latency");
	OUT_COL(t, "sim_lower", "cycles", "simulated latency, lower 95% bound");
	OUT_COL(t, "sim_upper", "cycles", "simulated latency, upper 95% bound");
	OUT_COL(t, "sim_wait", "cycles", "simulated source-queue wait");
	OUT_COL(t, "sim_network", "cycles", "simulated network latency (model S + R)");
	OUT_COL(t, "sim_accepted", "msg/node/cycle", "simulated accepted load");
	OUT_COL(t, "sim_messages", "messages", "messages measured");
	/* a label fits struct table_col's 63 characters (JSON and the UI print
	 * it whole): the whole run counts warm-up and drain */
	OUT_COL(t, "sim_flit_hops", "flit-hops", "flits x channels crossed, whole run "
		"(warm-up, drain included)");
	if (t->nomem)
		return -1;
	table_set_role(t, (size_t)c0 + 1, COL_LOWER, c0);
	table_set_role(t, (size_t)c0 + 2, COL_UPPER, c0);
	table_set_role(t, (size_t)c0 + 3, COL_COMPONENT, c0);
	table_set_role(t, (size_t)c0 + 4, COL_COMPONENT, c0);
	table_set_measure(t, (size_t)c0 + 3, CM_SOURCE_WAIT);
	table_set_measure(t, (size_t)c0 + 4, CM_AFTER_SOURCE);
	table_set_measure(t, (size_t)c0 + 7, CM_WORK);
	return c0;
}

void sim_curve_row(struct table *t, size_t row, int col, const struct sim_result *r)
{
	size_t c = (size_t)col;
	double inf = INFINITY;

	if (r->saturated) {
		for (size_t k = 0; k < 5; k++)
			table_set(t, row, c + k, inf);
	} else {
		double h = isnan(r->latency.half) ? 0 : r->latency.half;
		table_set(t, row, c, r->latency.mean);
		/* a latency is never negative: the t interval of a short, noisy
		 * run (few messages per batch) is cut at 0, not printed below it;
		 * a run that did not settle has no interval (sim_settled 0) */
		table_set(t, row, c + 1, r->settled ? fmax(0.0, r->latency.mean - h) : NAN);
		table_set(t, row, c + 2, r->settled ? r->latency.mean + h : NAN);
		table_set(t, row, c + 3, r->wait.mean);
		table_set(t, row, c + 4, r->network.mean);
	}
	table_set(t, row, c + 5, r->accepted);
	table_set(t, row, c + 6, (double)r->messages);
	table_set(t, row, c + 7, (double)r->flit_hops);
}

void sim_point_progress(void *ctx, double f)
{
	const struct sim_point_progress *p = ctx;

	req_progress(p->req, ((double)p->k + f) / (double)p->nx);
}

/* A point's sums per class (sim_classes), filled by sim_method.delivered. */
struct class_acc {
	const struct sim_classes *cls;
	double sum[2][SIM_MAX_GROUPS];  /* [0 intra, 1 inter][source group] */
	long cnt[2][SIM_MAX_GROUPS];
};

static void class_add(void *ctx, int src, int dst, double lat)
{
	struct class_acc *a = ctx;
	int cs = a->cls->cluster[src], cd = a->cls->cluster[dst];

	if (cs < 0 || cd < 0)
		return;
	int g = a->cls->group[cs], k = cs != cd;
	a->sum[k][g] += lat;
	a->cnt[k][g]++;
}

/* The class columns of a point: intra, inter, then per group. */
static void class_fill(const struct class_acc *a, double *v)
{
	const struct sim_classes *c = a->cls;
	for (int k = 0; k < 2; k++) {
		double s = 0;
		for (int g = 0; g < c->ngroups; g++)
			if (c->weight[g] > 0)
				s += c->weight[g] * (a->cnt[k][g] ? a->sum[k][g] / (double)a->cnt[k][g] : NAN);
		v[k] = s;
	}
	for (int g = 0; g < c->ngroups; g++) {
		long n = a->cnt[0][g] + a->cnt[1][g];
		v[2 + g] = n ? (a->sum[0][g] + a->sum[1][g]) / (double)n : NAN;
	}
}

int sim_curve_table(const struct sim_net *net, const struct sim_mix *mix,
		    const struct sim_config *sc, const double *xs, const double *shown,
		    size_t nx, size_t point0, const char *xname, const char *xunit,
		    const char *xlabel, const struct run_req *req, struct table *t,
		    struct diag *d)
{
	return sim_curve_table_classes(net, mix, sc, xs, shown, nx, point0, xname, xunit, xlabel,
				       NULL, req, t, d);
}

int sim_curve_table_classes(const struct sim_net *net, const struct sim_mix *mix,
			    const struct sim_config *sc, const double *xs, const double *shown,
			    size_t nx, size_t point0, const char *xname, const char *xunit,
			    const char *xlabel, const struct sim_classes *cls,
			    const struct run_req *req, struct table *t, struct diag *d)
{
	int col, rc = 0;
	struct class_acc acc;
	double cv[2 + SIM_MAX_GROUPS];

	if (table_add_col(t, xname, xunit, xlabel, COL_NUM) < 0)
		goto nomem;
	table_set_role(t, 0, COL_X, -1);
	col = sim_curve_cols(t);
	if (col < 0)
		goto nomem;
	/* a network with queues (multi-cluster concentrators and dispatchers):
	 * the waiting there, a part of sim_network, as the last column */
	int qc = -1;
	if (net->queue_router) {
		qc = table_add_col(t, "sim_queue_wait", "cycles", "simulated concentrator/dispatcher "
				   "wait (the model's 2W_d)", COL_NUM);
		if (qc < 0)
			goto nomem;
		table_set_role(t, (size_t)qc, COL_COMPONENT, col);
		table_set_measure(t, (size_t)qc, CM_QUEUE_WAIT);
	}
	/* settled or not (measure.h): a flag of sim_latency */
	int sc_col = table_add_col(t, "sim_settled", "", "1: reached a steady state; 0: did "
				   "not settle (no interval)", COL_NUM);
	if (sc_col < 0)
		goto nomem;
	table_set_role(t, (size_t)sc_col, COL_SETTLED, col);
	/* after it the classes of messages (cls), each a COL_CLASS of sim_latency */
	if (cls && (cls->ngroups < 1 || cls->ngroups > SIM_MAX_GROUPS))
		return diag_set(d, "", "%d groups of messages (at most %d)", cls->ngroups,
				SIM_MAX_GROUPS);
	int cc0 = (int)t->ncols, ncc = cls ? 2 + cls->ngroups : 0;
	for (int k = 0; k < ncc; k++) {
		char name[32], label[64];
		if (k < 2) {
			snprintf(name, sizeof name, "%s", k ? "sim_T_out" : "sim_T_in");
			snprintf(label, sizeof label, "simulated %s-cluster latency (groups as Eq. 7)",
				 k ? "inter" : "intra");
		} else {
			snprintf(name, sizeof name, "sim_T_group%d", k - 2);
			snprintf(label, sizeof label, "simulated latency of group %d's messages",
				 k - 2);
		}
		int c = table_add_col(t, name, "cycles", label, COL_NUM);
		if (c < 0)
			goto nomem;
		table_set_role(t, (size_t)c, COL_CLASS, col);
		table_set_measure(t, (size_t)c, k == 0 ? CM_INTRA : k == 1 ? CM_INTER : CM_GROUP);
		table_set_col_group(t, (size_t)c, k < 2 ? -1 : k - 2);
	}
	t->samples = (size_t)sc->measured;
	int64_t work = sim_work_share(req->run_points > nx ? req->run_points : nx);

	if (sim_check_work(sc, net, mix, false, work, d))
		return -1;
	for (size_t k = 0; k < nx; k++) {
		struct sim_method mm;
		struct sim_result r;
		long row;

		if (req_cancelled(req)) {
			rc = 1;
			goto out;
		}
		struct sim_point_progress pp = { req, k, nx };

		sim_config_method(sc, point0 + k, &mm);
		sim_method_work(&mm, work);
		mm.progress = sim_point_progress;
		mm.progress_ctx = &pp;
		mm.stop_saturated = true;      /* a saturated point prints inf */
		if (cls) {                     /* sums only: the same numbers */
			memset(&acc, 0, sizeof acc);
			acc.cls = cls;
			mm.delivered = class_add;
			mm.delivered_ctx = &acc;
		}
		if (!(xs[k] > 0)) {             /* no traffic: nothing to measure */
			memset(&r, 0, sizeof r);
			r.latency.mean = r.wait.mean = r.network.mean = NAN;
			row = table_add_row(t);
			if (row < 0)
				goto nomem;
			table_set(t, (size_t)row, 0, shown ? shown[k] : xs[k]);
			for (int c = 1; c < (int)t->ncols; c++)
				table_set(t, (size_t)row, (size_t)c, NAN);
			continue;
		}
		double at = shown ? shown[k] : xs[k];   /* the load as shown */
		rc = sim_run_point(net, mix, sc, xs[k], at, xunit, &mm, req->cancel, &r, d);
		if (rc)
			goto out;
		row = table_add_row(t);
		if (row < 0)
			goto nomem;
		table_set(t, (size_t)row, 0, at);
		sim_curve_row(t, (size_t)row, col, &r);
		if (qc >= 0)
			table_set(t, (size_t)row, (size_t)qc, r.saturated ? INFINITY : r.qwait.mean);
		if (cls) {
			class_fill(&acc, cv);
			for (int c = 0; c < ncc; c++)
				table_set(t, (size_t)row, (size_t)(cc0 + c), r.saturated ? INFINITY : cv[c]);
		}
		table_set(t, (size_t)row, (size_t)sc_col, r.saturated ? NAN : r.settled);
		req_point_done(req, t, k + 1, nx);
	}
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	return rc;
}
