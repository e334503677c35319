/*
 * worker.c: the recompute threads and their result slots (see worker.h for
 * the protocol).
 *
 * Shared state is split in two: the request (cfg, gen, view, view_gen,
 * quit) and the published slots (pub, pub_bits), both under mu.  Each lane
 * (fast, slow) is one thread with its own stale flag, busy flag and
 * progress, atomics the UI reads without the lock for the status line.
 *
 * The configuration changes hands without copying under the lock: the UI
 * copies it before locking (worker_post, one copy per lane), each lane's
 * request slot owns its copy until the lane takes it (moved out, slot left
 * empty), and each side frees what it replaced after unlocking.
 */
#include "engine/worker.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "family/curve.h"
#include "family/outkit.h"
#include "base/pool.h"
#include "family/simcfg.h"
#include "family/simpoints.h"


struct worker;

/* One lane: a thread and what the UI may read of it without the lock. */
struct lane {
	struct worker *w;
	pthread_t th;
	bool started;
	atomic_int stale;          /* run_req.cancel: a newer configuration exists */
	atomic_int busy;           /* computing */
	atomic_int permille;       /* progress of the current step */
	atomic_ulong busy_gen;     /* generation being computed */
	_Atomic double last_wake;  /* seconds of the last progress byte (the slow
	                              lane's points report from two threads) */
	/* lane-private, slow lane: the slot being filled and when it last
	 * published a partial table */
	int slot;
	unsigned long slot_gen;
	double last_partial;
	/* lane-private: diag.path of the last output that failed in run_output */
	char fail_path[DIAG_PATH_MAX];
};

struct worker {
	pthread_mutex_t mu;
	pthread_cond_t cv;         /* a post, or quit (both lanes wait on it) */
	int pipe[2];
	struct lane fast, slow;

	/* request (mu) */
	struct config cfg, slow_cfg; /* owned, one per lane; empty once taken */
	unsigned long gen, view_gen;
	struct view_req view;
	bool quit;

	/* published slots (mu) */
	struct results pub;
	unsigned pub_bits;
	/* the request generations the lanes have finished with (mu), for
	 * worker_settled() */
	unsigned long settled_gen, settled_view, slow_settled_req;

	/* the simulation request (mu; worker_sim): on for configuration
	 * sim_gen; sim_req counts requests (and cancels by a new configuration),
	 * the slow lane acts on each */
	bool sim_on;
	unsigned long sim_gen, sim_req;
	int sim_points;
	double sim_top;
	int sim_out;               /* the LANE_SLOW output asked for (-1: the first) */

	/* fast-lane private: the family's prepared model of prep_gen (or NULL:
	 * outputs prepare their own) */
	void *prep;
	const struct family *prep_family;
	unsigned long prep_gen;    /* 0 = none yet */
	/* fast-lane private: wall ms of the last full sweep and its family */
	double sweep_ms;
	const struct family *sweep_family;
};

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void wake(struct worker *w)
{
	char b = 1;
	/* Non-blocking: a full pipe already guarantees a wake-up. */
	ssize_t rc = write(w->pipe[1], &b, 1);
	(void)rc;
}

static void on_progress(void *ctx, double f)
{
	struct lane *l = ctx;
	atomic_store(&l->permille, (int)(f * 1000));
	double t = now_s();
	if (t - atomic_load(&l->last_wake) > 0.1) {
		atomic_store(&l->last_wake, t);
		pthread_mutex_lock(&l->w->mu);
		l->w->pub_bits |= RES_PROGRESS;
		pthread_mutex_unlock(&l->w->mu);
		wake(l->w);
	}
}

/* Move t into slot s of the published results (mu held). */
static void put_slot(struct worker *w, int s, struct table *t, int output, unsigned long gen,
		     const struct view_req *view, const char *refusal, const char *path)
{
	struct slot *p = &w->pub.slot[s];
	table_move(&p->table, t);
	p->output = output;
	p->gen = gen;
	if (view)
		p->view = *view;
	snprintf(p->refusal, sizeof p->refusal, "%s", refusal ? refusal : "");
	snprintf(p->refusal_path, sizeof p->refusal_path, "%s",
		 refusal && refusal[0] && path ? path : "");
	w->pub_bits |= RES_SLOT(s);
}

/* Slow lane: a partial table of the running output (run_req.publish).
 * Copies at most every WORKER_PARTIAL_MS; never for a stale generation. */
static void on_partial(void *ctx, const struct table *t)
{
	struct lane *l = ctx;
	struct table copy;
	double now = now_s();

	if (now - l->last_partial < WORKER_PARTIAL_MS / 1000.0 || atomic_load(&l->stale))
		return;
	l->last_partial = now;
	if (table_copy(&copy, t))
		return;                 /* out of memory: the final table still comes */
	copy.partial = true;
	pthread_mutex_lock(&l->w->mu);
	put_slot(l->w, l->slot, &copy, l->w->pub.slot[l->slot].output, l->slot_gen, NULL, NULL, NULL);
	pthread_mutex_unlock(&l->w->mu);
	table_free(&copy);
	wake(l->w);
}

static void req_for(struct worker *w, struct lane *l, struct run_req *req)
{
	run_req_init(req);
	req->cancel = &l->stale;
	req->progress = on_progress;
	req->progress_ctx = l;
	if (l == &w->fast) {
		req->prepared = w->prep;
	} else {
		req->publish = on_partial;
		req->publish_ctx = l;
	}
}

static void drop_prepared(struct worker *w)
{
	family_release(w->prep_family, w->prep);
	w->prep = NULL;
	w->prep_family = NULL;
	w->prep_gen = 0;
}

/* Fast lane: prepare the family's shared model of cfg once per generation
 * (family.h: prepare); every fast-lane output of the generation borrows it
 * through req_for.  A failure leaves none, so each output builds its own
 * and reports its own error as before.  Returns 1 if cancelled. */
static int prepare_config(struct worker *w, const struct config *cfg, unsigned long gen)
{
	const struct family *f = cfg->family;
	struct run_req req;
	struct diag d;

	if (w->prep_gen == gen)
		return 0;
	drop_prepared(w);
	if (!f->prepare) {
		w->prep_gen = gen;
		return 0;
	}
	req_for(w, &w->fast, &req);
	diag_clear(&d);
	atomic_store(&w->fast.permille, 0);
	int rc = f->prepare(cfg, &req, &w->prep, &d);
	if (rc == 1) {
		w->prep = NULL;
		return 1;
	}
	if (rc < 0)
		w->prep = NULL;
	w->prep_family = f;
	w->prep_gen = gen;
	return 0;
}

/* Publish one table (moved) into slot s, with its refusal (NULL or "" =
 * none) and the field the refusal is about (NULL = none). */
static void publish_refused(struct worker *w, int s, struct table *t, int output,
			    unsigned long gen, const struct view_req *view, const char *refusal,
			    const char *path)
{
	pthread_mutex_lock(&w->mu);
	put_slot(w, s, t, output, gen, view, refusal, path);
	if (s == SLOT_CURVE || s == SLOT_SUMMARY)
		w->pub.gen = gen;
	pthread_mutex_unlock(&w->mu);
	wake(w);
}

/* Publish one table (moved) into slot s. */
static void publish(struct worker *w, int s, struct table *t, int output, unsigned long gen,
		    const struct view_req *view, const char *refusal)
{
	publish_refused(w, s, t, output, gen, view, refusal, NULL);
}

static void publish_error(struct worker *w, unsigned long gen, const char *what,
			  const struct diag *d)
{
	char msg[DIAG_MSG_MAX + DIAG_PATH_MAX + 64];
	diag_format(d, msg, sizeof msg);
	pthread_mutex_lock(&w->mu);
	w->pub.error_gen = gen;
	snprintf(w->pub.error, sizeof w->pub.error, "%s: %s", what, msg);
	snprintf(w->pub.error_path, sizeof w->pub.error_path, "%s", d->path);
	w->pub_bits |= RES_ERROR;
	pthread_mutex_unlock(&w->mu);
	wake(w);
}

/* Run output o of cfg on lane l; 0 done, 1 cancelled, -1 failed.  A
 * failure of the curve or summary is published as the error of the
 * generation; a failure of any other output (a matrix too large to show, a
 * simulation that failed) becomes an empty table whose title is the
 * message, shown in its pane.  For a view output with a fallback
 * (output_desc.fallback), a failure runs the fallback instead and leaves
 * "name: message" of the refusal in refusal (n bytes; "" if none). */
static int run_output(struct worker *w, struct lane *l, const struct config *cfg,
		      unsigned long gen, const struct output_desc *o, struct run_req *req,
		      struct table *t, bool view, char *refusal, size_t n)
{
	struct diag d;
	char msg[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
	diag_clear(&d);
	table_init(t, "");
	if (refusal && n)
		refusal[0] = '\0';
	atomic_store(&l->permille, 0);
	int rc = output_run(o, cfg, req, t, &d);
	snprintf(l->fail_path, sizeof l->fail_path, "%s", rc < 0 ? d.path : "");
	if (rc < 0 && !view && !atomic_load(&l->stale))
		publish_error(w, gen, o->name, &d);
	if (rc)
		table_free(t);
	const struct output_desc *fb = rc < 0 && view && o->fallback
		? family_output(cfg->family, o->fallback) : NULL;
	if (fb && fb != o && refusal && n) {
		snprintf(refusal, n, "%s: %s", o->name, diag_format(&d, msg, sizeof msg));
		diag_clear(&d);
		table_init(t, "");
		atomic_store(&l->permille, 0);
		rc = output_run(fb, cfg, req, t, &d);
		if (rc)
			table_free(t);
		if (rc == 1)
			refusal[0] = '\0';
	}
	if (rc < 0 && view) {
		table_init(t, "");
		snprintf(t->title, sizeof t->title, "%s", diag_format(&d, msg, sizeof msg));
	}
	return rc;
}

/* The index of the family's first fast-lane output of kind k, or -1. */
static int find_kind(const struct family *f, enum output_kind k)
{
	for (int i = 0; f->outputs[i].name; i++)
		if (f->outputs[i].kind == k && f->outputs[i].lane == LANE_FAST &&
		    f->outputs[i].sim == SIM_NONE)
			return i;
	return -1;
}

/* Fast lane, per configuration: the shared model, the curve (coarse, then
 * full), then the summary.  Returns 1 if cancelled. */
static int compute_config(struct worker *w, const struct config *cfg, unsigned long gen)
{
	const struct family *f = cfg->family;
	struct lane *l = &w->fast;
	int ic = find_kind(f, OUT_CURVE), is = find_kind(f, OUT_SUMMARY);
	struct run_req req;
	struct table t;
	double t0 = now_s();

	if (prepare_config(w, cfg, gen))
		return 1;
	if (ic >= 0) {
		const struct output_desc *oc = &f->outputs[ic];
		double from, to, xs[WORKER_COARSE];
		size_t n;
		struct diag d;
		diag_clear(&d);
		req_for(w, l, &req);
		int rc = f->sweep(cfg, &req, &from, &to, &n, &d);
		if (rc == 1)
			return 1;
		if (rc < 0) {
			publish_error(w, gen, oc->name, &d);
		} else {
			/* Coarse first, unless the sweep is small anyway or the
			 * family's last full sweep was fast. */
			bool fast = w->sweep_family == f && w->sweep_ms < WORKER_COARSE_SKIP_MS;
			if (n > 2 * WORKER_COARSE && !fast) {
				/* The one spacing rule (curve.h), like the full sweep. */
				curve_spacing(from, to, WORKER_COARSE, curve_axis_spacing(&f->x), xs);
				req_for(w, l, &req);
				req.x = xs;
				req.nx = WORKER_COARSE;
				rc = run_output(w, l, cfg, gen, oc, &req, &t, false, NULL, 0);
				if (rc == 1)
					return 1;
				if (rc == 0) {
					t.partial = true;
					publish(w, SLOT_CURVE, &t, ic, gen, NULL, NULL);
				}
			}
			req_for(w, l, &req);
			double ts = now_s();
			rc = run_output(w, l, cfg, gen, oc, &req, &t, false, NULL, 0);
			if (rc == 1)
				return 1;
			if (rc == 0) {
				w->sweep_ms = 1000 * (now_s() - ts);
				w->sweep_family = f;
				pthread_mutex_lock(&w->mu);
				w->pub.curve_ms = 1000 * (now_s() - t0);
				pthread_mutex_unlock(&w->mu);
				publish(w, SLOT_CURVE, &t, ic, gen, NULL, NULL);
			}
		}
	}
	if (atomic_load(&l->stale))
		return 1;
	if (is >= 0) {
		req_for(w, l, &req);
		int rc = run_output(w, l, cfg, gen, &f->outputs[is], &req, &t, false, NULL, 0);
		if (rc == 1)
			return 1;
		if (rc == 0)
			publish(w, SLOT_SUMMARY, &t, is, gen, NULL, NULL);
	}
	return atomic_load(&l->stale) ? 1 : 0;
}

/* The view slots in the order they are computed (the cheap cell detail
 * first), and what the fast lane last computed for each (lane-private). */
static const int view_slots[3] = { SLOT_CELL, SLOT_DETAIL, SLOT_MATRIX };
struct view_done {
	bool valid[3];
	unsigned long gen[3];
	struct view_req view[3];
};

static int view_out(const struct view_req *v, int s)
{
	return s == SLOT_CELL ? v->cell_out : s == SLOT_DETAIL ? v->detail_out : v->matrix_out;
}

/* Fast lane, per view: each view slot whose inputs changed since it was
 * last computed.  Returns 1 if cancelled. */
static int compute_view(struct worker *w, const struct config *cfg, unsigned long gen,
			const struct view_req *v, struct view_done *done)
{
	const struct output_desc *outs = cfg->family->outputs;
	size_t nout = 0;
	struct run_req req;
	struct table t;
	char refusal[RES_REFUSAL_MAX];

	while (outs[nout].name)
		nout++;
	for (int k = 0; k < 3; k++) {
		int s = view_slots[k], idx = view_out(v, s);
		if (idx < 0 || (size_t)idx >= nout || outs[idx].lane != LANE_FAST)
			continue;     /* a simulation never runs on the fast lane */
		if (done->valid[k] && done->gen[k] == gen &&
		    view_same(&done->view[k], v, RES_SLOT(s)))
			continue;
		req_for(w, &w->fast, &req);
		/* The cursor's x only to an output that reads that quantity (an
		 * irregular cursor is a distance, never a load). */
		if (output_at_cursor(cfg->family, &outs[idx]))
			req.at = v->at;
		req.select = s == SLOT_CELL ? v->cell_select : v->select;
		req.select2 = s == SLOT_CELL ? v->cell_select2 : -1;
		int rc = run_output(w, &w->fast, cfg, gen, &outs[idx], &req, &t, true, refusal,
				    sizeof refusal);
		if (rc == 1)
			return 1;
		/* On failure an empty table carrying the message: the pane then shows
		 * it instead of stale numbers. */
		publish(w, s, &t, idx, gen, v, refusal);
		done->valid[k] = true;
		done->gen[k] = gen;
		done->view[k] = *v;
		if (atomic_load(&w->fast.stale))
			return 1;
	}
	return 0;
}

/* The loads of a simulation request: npts loads x_k, k = 1..npts (npts <= 0:
 * the configuration's sim.points), below L = top (the model's saturation
 * load) or, if top is not a positive number, the largest of the output's
 * default loads (the sweep's end, the channel-load bound), spread as the
 * configuration's sim.spacing says (sim_point_load: by default evenly;
 * or crowding towards saturation).  Returns 0, 1 cancelled, -1 failed (*d). */
static int sim_loads(const struct output_desc *o, const struct config *cfg,
		     const struct run_req *req, int npts, double top, double **xs, size_t *n,
		     struct diag *d)
{
	if (!(isfinite(top) && top > 0)) {
		double *def = NULL;
		size_t nd = 0;
		int rc = o->loads ? o->loads(cfg, req, &def, &nd, d)
				  : diag_set(d, "", "no default loads");
		if (rc)
			return rc;
		top = 0;
		for (size_t i = 0; i < nd; i++)
			if (isfinite(def[i]) && def[i] > top)
				top = def[i];
		free(def);
	}
	if (!(top > 0))
		return diag_set(d, "", "no load to simulate at");
	const struct sim_config *sc = sim_config_of(cfg);
	if (npts <= 0)
		npts = sc ? sc->points : WORKER_SIM_POINTS;
	*xs = malloc((size_t)npts * sizeof **xs);
	if (!*xs)
		return diag_set(d, "", "out of memory");
	for (int k = 1; k <= npts; k++) {
		/* As printed by %.6g: the value `b` shows is the one simulated. */
		char num[32];
		snprintf(num, sizeof num, "%.6g", sim_point_load(sc, k, npts, top));
		(*xs)[k - 1] = strtod(num, NULL);
	}
	*n = (size_t)npts;
	return 0;
}

int worker_sim_plan(const struct config *cfg, bool *dense)
{
	const struct sim_config *sc = sim_config_of(cfg);

	*dense = !(sc && sc->spacing == SIMCFG_SPACING_EVEN);
	return sc ? sc->points : WORKER_SIM_POINTS;
}

size_t worker_sim_run_points(void)
{
	return SIM_RUN_POINTS;
}

int worker_slow_rank(const struct family *f, int out)
{
	const struct output_desc *c = family_sim_curve(f);
	int rank = 1, ic = c ? (int)(c - f->outputs) : -1;

	if (out < 0 || out == ic)
		return ic >= 0 || out >= 0 ? 0 : -1;
	for (int i = 0; f->outputs[i].name; i++) {
		if (f->outputs[i].lane != LANE_SLOW || i == ic)
			continue;
		if (i == out)
			return rank < WORKER_SLOW_MAX ? rank : -1;
		rank++;
	}
	return -1;
}

/* Slow lane: a LANE_SLOW output other than the simulated curve, once, as its own
 * default request, into slot s; its partial tables are published as it
 * goes.  Returns 1 if cancelled. */
static int compute_slow_view(struct worker *w, const struct config *cfg, unsigned long gen,
			     int i, int s)
{
	struct lane *l = &w->slow;
	struct run_req req;
	struct table t;
	char msg[RES_REFUSAL_MAX];

	struct diag d;

	req_for(w, l, &req);
	diag_clear(&d);
	table_init(&t, "");
	atomic_store(&l->permille, 0);
	int rc = output_run(&cfg->family->outputs[i], cfg, &req, &t, &d);
	if (rc == 1) {
		table_free(&t);
		return 1;
	}
	msg[0] = '\0';
	if (rc < 0) {       /* the whole message in the refusal, the title cut */
		diag_format(&d, msg, sizeof msg);
		table_free(&t);
		table_init(&t, "");
		snprintf(t.title, sizeof t.title, "%s", msg);
	}
	publish_refused(w, s, &t, i, gen, NULL, msg, d.path);
	return atomic_load(&l->stale) ? 1 : 0;
}

/* Slow lane: the simulated points gathered so far (sim_points.rows),
 * published at once (each point is news), on the thread that finished the
 * point (the pool calls this one at a time). */
static void on_points(void *ctx, const struct table *t)
{
	struct lane *l = ctx;

	l->last_partial = 0;
	on_partial(l, t);
}

/* Slow lane, on request (worker_sim_output): the family's simulated curve
 * (role SIM_CURVE) at the rule's loads, into SLOT_SLOW, by sim_points_run.  Each load is
 * its own run seeded as point k of the sweep (point0 = k), so `icnx --batch
 * ... --load X0,X1,...` reproduces every point exactly (and --points K:K
 * point K alone); the table so far is published (partial) after each.
 * Another LANE_SLOW output (out) goes to compute_slow_view.  Returns 1
 * if cancelled. */
static int compute_slow(struct worker *w, const struct config *cfg, unsigned long gen, int npts,
			double top, int out)
{
	const struct output_desc *outs = cfg->family->outputs;
	struct lane *l = &w->slow;
	struct run_req req;
	struct table t;
	struct diag d;
	char msg[RES_REFUSAL_MAX];
	double *xs = NULL;
	size_t nx = 0;
	const struct output_desc *sc = family_sim_curve(cfg->family);
	int i = sc ? (int)(sc - outs) : -1, rank = worker_slow_rank(cfg->family, out);

	if (rank < 0 || (out < 0 && i < 0))
		return 0;
	/* the model's curve beside the simulation, where both are against load */
	int ic = cfg->family->x.quantity == XQ_LOAD ? find_kind(cfg->family, OUT_CURVE) : -1;
	int s = SLOT_SLOW + rank;
	l->slot = s;
	l->slot_gen = gen;
	l->last_partial = 0;
	if (out >= 0 && out != i) {
		pthread_mutex_lock(&w->mu);
		w->pub.slot[s].output = out;
		pthread_mutex_unlock(&w->mu);
		return compute_slow_view(w, cfg, gen, out, s);
	}
	pthread_mutex_lock(&w->mu);
	w->pub.slot[s].output = i;
	pthread_mutex_unlock(&w->mu);
	req_for(w, l, &req);
	diag_clear(&d);
	int rc = sim_loads(&outs[i], cfg, &req, npts, top, &xs, &nx, &d);
	char path[DIAG_PATH_MAX];         /* the field a refusal is about */
	snprintf(path, sizeof path, "%s", rc < 0 ? d.path : "");
	if (rc == 1)
		return 1;
	if (rc < 0) {
		table_init(&t, "");
		snprintf(t.title, sizeof t.title, "%s", diag_format(&d, msg, sizeof msg));
	} else {
		/* both cores: the points are independent (family/simpoints.h) */
		int nth = pool_default_threads();
		struct executor ex = pool_executor(nth < WORKER_SIM_THREADS ? nth : WORKER_SIM_THREADS);
		struct sim_points sp = { .sim = &outs[i], .model = ic >= 0 ? &outs[ic] : NULL,
					 .model_gaps = true, .keep_failed = true, .ex = &ex,
					 .rows = on_points,
					 .rows_ctx = l };

		req.publish = NULL;
		req.x = xs;
		req.nx = nx;
		req.point0 = 0;          /* point k: the stream k of the list */
		req.run_points = nx;     /* the run's work shared (simcfg.h) */
		table_init(&t, "");
		rc = sim_points_run(&sp, cfg, &req, &t, &d);
		free(xs);
		if (rc == 1)
			return 1;
		if (rc < 0) {
			snprintf(path, sizeof path, "%s", d.path);
			table_init(&t, "");
			snprintf(t.title, sizeof t.title, "%s", diag_format(&d, msg, sizeof msg));
		}
	}
	snprintf(msg, sizeof msg, "%s", rc < 0 ? t.title : "");
	publish_refused(w, s, &t, i, gen, NULL, msg, path);
	return atomic_load(&l->stale) ? 1 : 0;
}

/* The fast lane's thread. */
static void *fast_main(void *arg)
{
	struct worker *w = arg;
	struct lane *l = &w->fast;
	struct config own = CONFIG_EMPTY, old;  /* the configuration of taken_gen */
	const struct config *cfg = &own;
	unsigned long done_gen = 0, done_view = 0, taken_gen = 0;
	struct view_done vdone;

	memset(&vdone, 0, sizeof vdone);
	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->quit && w->gen == done_gen && w->view_gen == done_view)
			pthread_cond_wait(&w->cv, &w->mu);
		if (w->quit)
			break;
		old = CONFIG_EMPTY;
		if (w->gen != taken_gen) {
			config_move(&old, &own);
			config_move(&own, &w->cfg);
			taken_gen = w->gen;
		}
		unsigned long gen = w->gen, vgen = w->view_gen;
		struct view_req view = w->view;
		atomic_store(&l->stale, 0);
		atomic_store(&l->busy_gen, gen);
		atomic_store(&l->busy, 1);
		pthread_mutex_unlock(&w->mu);
		config_free(&old);

		int rc = 0;
		if (gen != done_gen) {
			rc = compute_config(w, cfg, gen);
			if (rc == 0)
				done_gen = gen;
		}
		if (rc == 0 && !atomic_load(&l->stale)) {
			rc = compute_view(w, cfg, gen, &view, &vdone);
			if (rc == 0)
				done_view = vgen;
		}
		atomic_store(&l->busy, 0);
		pthread_mutex_lock(&w->mu);
		w->settled_gen = done_gen;
		w->settled_view = done_view;
		wake(w);
	}
	pthread_mutex_unlock(&w->mu);
	drop_prepared(w);
	config_free(&own);
	return NULL;
}

/* The slow lane's thread: acts on each simulation request (worker_sim);
 * it takes the latest configuration only then. */
static void *slow_main(void *arg)
{
	struct worker *w = arg;
	struct lane *l = &w->slow;
	struct config own = CONFIG_EMPTY, old;
	unsigned long done_req = 0, own_gen = 0;

	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->quit && w->sim_req == done_req)
			pthread_cond_wait(&w->cv, &w->mu);
		if (w->quit)
			break;
		old = CONFIG_EMPTY;
		if (own_gen != w->gen && w->slow_cfg.family) {
			config_move(&old, &own);
			config_move(&own, &w->slow_cfg);
			own_gen = w->gen;
		}
		unsigned long req = w->sim_req, gen = w->gen;
		bool run = w->sim_on && w->sim_gen == gen && own_gen == gen && own.family;
		int npts = w->sim_points, out = w->sim_out;
		double top = w->sim_top;
		atomic_store(&l->stale, 0);
		atomic_store(&l->busy_gen, gen);
		atomic_store(&l->busy, run);
		pthread_mutex_unlock(&w->mu);
		config_free(&old);

		if (run)
			compute_slow(w, &own, gen, npts, top, out);
		done_req = req;
		atomic_store(&l->busy, 0);
		pthread_mutex_lock(&w->mu);
		w->slow_settled_req = done_req;
		wake(w);
	}
	pthread_mutex_unlock(&w->mu);
	config_free(&own);
	return NULL;
}

static void lane_init(struct worker *w, struct lane *l)
{
	l->w = w;
	atomic_init(&l->stale, 0);
	atomic_init(&l->busy, 0);
	atomic_init(&l->permille, 0);
	atomic_init(&l->busy_gen, 0);
}

void results_init(struct results *r)
{
	memset(r, 0, sizeof *r);
	for (int s = 0; s < SLOT_COUNT; s++) {
		r->slot[s].output = -1;
		view_req_init(&r->slot[s].view);
		table_init(&r->slot[s].table, "");
	}
}

static void stop_threads(struct worker *w)
{
	pthread_mutex_lock(&w->mu);
	w->quit = true;
	w->gen++;
	atomic_store(&w->fast.stale, 1);
	atomic_store(&w->slow.stale, 1);
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	if (w->fast.started)
		pthread_join(w->fast.th, NULL);
	if (w->slow.started)
		pthread_join(w->slow.th, NULL);
}

struct worker *worker_start(char *err, size_t errlen)
{
	struct worker *w = calloc(1, sizeof *w);
	sigset_t all, old;

	if (!w) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	w->pipe[0] = w->pipe[1] = -1;
	if (pipe(w->pipe) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		free(w);
		return NULL;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(w->pipe[i], F_SETFL, fcntl(w->pipe[i], F_GETFL) | O_NONBLOCK);
		fcntl(w->pipe[i], F_SETFD, FD_CLOEXEC);
	}
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	lane_init(w, &w->fast);
	lane_init(w, &w->slow);
	results_init(&w->pub);

	/* The threads inherit a mask with every signal blocked, so SIGWINCH,
	 * SIGINT and SIGTERM land on the UI thread and interrupt its poll(). */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	int rc = pthread_create(&w->fast.th, NULL, fast_main, w);
	w->fast.started = rc == 0;
	if (rc == 0) {
		rc = pthread_create(&w->slow.th, NULL, slow_main, w);
		w->slow.started = rc == 0;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start the worker threads: %s", strerror(rc));
		worker_stop(w);          /* joins what started, frees the rest */
		return NULL;
	}
	return w;
}

int worker_fd(const struct worker *w)
{
	return w->pipe[0];
}

void worker_post(struct worker *w, const struct config *cfg, unsigned long gen,
		 const struct view_req *view, unsigned long view_gen)
{
	struct config fresh = CONFIG_EMPTY, fresh_slow = CONFIG_EMPTY;
	struct config old = CONFIG_EMPTY, old_slow = CONFIG_EMPTY;

	/* Only this (the UI) thread writes w->gen: reading it unlocked is safe. */
	if (gen != w->gen && (config_copy(&fresh, cfg) || config_copy(&fresh_slow, cfg))) {
		config_free(&fresh);
		return;    /* out of memory: the worker keeps the last configuration */
	}
	pthread_mutex_lock(&w->mu);
	if (gen != w->gen) {
		config_move(&old, &w->cfg);    /* not taken yet: superseded */
		config_move(&w->cfg, &fresh);
		config_move(&old_slow, &w->slow_cfg);
		config_move(&w->slow_cfg, &fresh_slow);
		w->gen = gen;
		atomic_store(&w->fast.stale, 1);
		atomic_store(&w->slow.stale, 1);
		/* A new configuration cancels a simulation of another one (or
		 * starts the one asked for it before its post). */
		if (w->sim_on) {
			if (w->sim_gen != gen)
				w->sim_on = false;
			w->sim_req++;
		}
	}
	w->view = *view;
	w->view_gen = view_gen;
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	config_free(&old);
	config_free(&old_slow);
}

unsigned worker_take(struct worker *w, struct results *r)
{
	char buf[256];
	unsigned bits;

	while (read(w->pipe[0], buf, sizeof buf) > 0)
		;
	pthread_mutex_lock(&w->mu);
	bits = w->pub_bits;
	w->pub_bits = 0;
	for (int s = 0; s < SLOT_COUNT; s++) {
		if (!(bits & RES_SLOT(s)))
			continue;
		struct slot *d = &r->slot[s], *p = &w->pub.slot[s];
		table_move(&d->table, &p->table);
		d->output = p->output;
		d->gen = p->gen;
		d->view = p->view;
		snprintf(d->refusal, sizeof d->refusal, "%s", p->refusal);
		snprintf(d->refusal_path, sizeof d->refusal_path, "%s", p->refusal_path);
	}
	if ((bits & RES_CURVE) && !r->slot[SLOT_CURVE].table.partial)
		r->curve_ms = w->pub.curve_ms;
	if (bits & (RES_CURVE | RES_SUMMARY))
		r->gen = w->pub.gen;
	if (bits & RES_ERROR) {
		r->error_gen = w->pub.error_gen;
		snprintf(r->error, sizeof r->error, "%s", w->pub.error);
		snprintf(r->error_path, sizeof r->error_path, "%s", w->pub.error_path);
	}
	pthread_mutex_unlock(&w->mu);
	return bits;
}

double worker_cpu_ms(const struct worker *w)
{
	clockid_t id;
	struct timespec ts;
	double ms = 0;
	const struct lane *lanes[2] = { &w->fast, &w->slow };
	for (int i = 0; i < 2; i++)
		if (lanes[i]->started && !pthread_getcpuclockid(lanes[i]->th, &id) &&
		    !clock_gettime(id, &ts))
			ms += (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
	return ms;
}

void worker_sim(struct worker *w, bool on, unsigned long gen, int npts, double top)
{
	worker_sim_output(w, on, gen, -1, npts, top);
}

void worker_sim_output(struct worker *w, bool on, unsigned long gen, int out, int npts,
		       double top)
{
	pthread_mutex_lock(&w->mu);
	w->sim_out = out;
	w->sim_top = top;
	w->sim_on = on;
	w->sim_gen = gen;
	w->sim_points = npts;        /* <= 0: the configuration's (compute_slow) */
	w->sim_req++;
	atomic_store(&w->slow.stale, 1);
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
}

bool worker_settled(struct worker *w)
{
	pthread_mutex_lock(&w->mu);
	bool settled = w->settled_gen == w->gen && w->settled_view == w->view_gen &&
		       w->slow_settled_req == w->sim_req &&
		       (w->pub_bits & ~(unsigned)RES_PROGRESS) == 0;
	pthread_mutex_unlock(&w->mu);
	return settled;
}

static bool lane_busy(const struct lane *cl, double *fraction, unsigned long *gen)
{
	struct lane *l = (struct lane *)cl;   /* atomics are read only */
	if (fraction)
		*fraction = atomic_load(&l->permille) / 1000.0;
	if (gen)
		*gen = atomic_load(&l->busy_gen);
	return atomic_load(&l->busy) != 0;
}

bool worker_busy(const struct worker *w, double *fraction, unsigned long *gen)
{
	return lane_busy(&w->fast, fraction, gen);
}

bool worker_slow_busy(const struct worker *w, double *fraction)
{
	return lane_busy(&w->slow, fraction, NULL);
}

void worker_stop(struct worker *w)
{
	if (!w)
		return;
	stop_threads(w);
	close(w->pipe[0]);
	close(w->pipe[1]);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
	results_free(&w->pub);
	config_free(&w->cfg);
	config_free(&w->slow_cfg);
	free(w);
}

void results_free(struct results *r)
{
	if (r == NULL)
		return;
	for (int s = 0; s < SLOT_COUNT; s++)
		table_free(&r->slot[s].table);
}

void view_req_init(struct view_req *v)
{
	v->at = NAN;
	v->select = v->detail_out = v->matrix_out = -1;
	v->cell_out = v->cell_select = v->cell_select2 = -1;
}

static bool same_x(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

bool view_same(const struct view_req *a, const struct view_req *b, unsigned bit)
{
	if (!same_x(a->at, b->at))
		return false;
	switch (bit) {
	case RES_DETAIL: return a->detail_out == b->detail_out && a->select == b->select;
	case RES_MATRIX: return a->matrix_out == b->matrix_out && a->select == b->select;
	case RES_CELL:
		return a->cell_out == b->cell_out && a->cell_select == b->cell_select &&
		       a->cell_select2 == b->cell_select2;
	default: return false;
	}
}
