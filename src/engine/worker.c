/*
 * worker.c: the recompute thread (see worker.h for the protocol).
 *
 * Shared state is split in two: the request slot (cfg, gen, view,
 * view_gen, quit) and the published slot (pub, pub_bits), both under mu.
 * The stale flag, the busy flag and the progress are atomics, read by the
 * UI without the lock for the status line.
 *
 * The configuration changes hands without copying under the lock: the UI
 * copies it before locking (worker_post), the slot owns it until the thread
 * takes it (moved out, slot left empty), and each side frees what it
 * replaced after unlocking.
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

struct worker {
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int pipe[2];
	atomic_int stale;          /* run_req.cancel: a newer configuration exists */
	atomic_int busy;           /* computing */
	atomic_int permille;       /* progress of the current step */
	atomic_ulong busy_gen;     /* generation being computed */

	/* request slot (mu) */
	struct config cfg;         /* owned; empty once the thread has taken it */
	unsigned long gen, view_gen;
	struct view_req view;
	bool quit;

	/* published slot (mu) */
	struct results pub;
	unsigned pub_bits;
	/* the request generations the worker has finished with (mu), for
	 * worker_settled() */
	unsigned long settled_gen, settled_view;

	/* worker-private */
	double last_wake;          /* monotonic seconds of the last progress byte */
	void *prep;                /* the family's prepared model of prep_gen (or
	                              NULL: outputs prepare their own) */
	const struct family *prep_family;
	unsigned long prep_gen;    /* 0 = none yet */
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
	struct worker *w = ctx;
	atomic_store(&w->permille, (int)(f * 1000));
	double t = now_s();
	if (t - w->last_wake > 0.1) {
		w->last_wake = t;
		pthread_mutex_lock(&w->mu);
		w->pub_bits |= RES_PROGRESS;
		pthread_mutex_unlock(&w->mu);
		wake(w);
	}
}

static void req_for(struct worker *w, struct run_req *req)
{
	run_req_init(req);
	req->cancel = &w->stale;
	req->progress = on_progress;
	req->progress_ctx = w;
	req->prepared = w->prep;
}

static void drop_prepared(struct worker *w)
{
	family_release(w->prep_family, w->prep);
	w->prep = NULL;
	w->prep_family = NULL;
	w->prep_gen = 0;
}

/* Prepare the family's shared model of cfg once per generation (family.h:
 * prepare): every output of the generation borrows it through req_for.  A
 * failure leaves none, so each output builds its own and reports its own
 * error as before.  Returns 1 if cancelled. */
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
	req_for(w, &req);
	diag_clear(&d);
	atomic_store(&w->permille, 0);
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

/* Publish one table (moved) with its bit; refusal: the view output's
 * refusal when its fallback is published instead (NULL or "" = none). */
static void publish(struct worker *w, unsigned bit, struct table *t, unsigned long gen,
		    const struct view_req *view, bool full, double ms, const char *refusal)
{
	pthread_mutex_lock(&w->mu);
	switch (bit) {
	case RES_CURVE:
		table_move(&w->pub.curve, t);
		w->pub.gen = gen;
		w->pub.curve_full = full;
		if (full)
			w->pub.curve_ms = ms;
		break;
	case RES_SUMMARY:
		table_move(&w->pub.summary, t);
		w->pub.gen = gen;
		break;
	case RES_DETAIL:
		table_move(&w->pub.detail, t);
		w->pub.detail_gen = gen;
		w->pub.detail_view = *view;
		snprintf(w->pub.detail_refusal, sizeof w->pub.detail_refusal, "%s",
			 refusal ? refusal : "");
		break;
	case RES_MATRIX:
		table_move(&w->pub.matrix, t);
		w->pub.matrix_gen = gen;
		w->pub.matrix_view = *view;
		snprintf(w->pub.matrix_refusal, sizeof w->pub.matrix_refusal, "%s",
			 refusal ? refusal : "");
		break;
	case RES_CELL:
		table_move(&w->pub.cell, t);
		w->pub.cell_gen = gen;
		w->pub.cell_view = *view;
		break;
	}
	w->pub_bits |= bit;
	pthread_mutex_unlock(&w->mu);
	wake(w);
}

static void publish_error(struct worker *w, unsigned long gen, const char *what,
			  const struct diag *d)
{
	char msg[DIAG_MSG_MAX + DIAG_PATH_MAX + 64];
	diag_format(d, msg, sizeof msg);
	pthread_mutex_lock(&w->mu);
	w->pub.error_gen = gen;
	snprintf(w->pub.error, sizeof w->pub.error, "%s: %s", what, msg);
	w->pub_bits |= RES_ERROR;
	pthread_mutex_unlock(&w->mu);
	wake(w);
}

/* Run output o of cfg; 0 done, 1 cancelled, -1 failed.  A failure of the
 * curve or summary is published as the error of the generation; a failure
 * of a view output (a matrix too large to show...) becomes an empty table
 * whose title is the message, shown in its pane.  For a view output with a
 * fallback (output_desc.fallback), a failure runs the fallback instead and
 * leaves "name: message" of the refusal in refusal (n bytes; "" if none). */
static int run_output(struct worker *w, const struct config *cfg, unsigned long gen,
		      const struct output_desc *o, struct run_req *req, struct table *t,
		      bool view, char *refusal, size_t n)
{
	struct diag d;
	char msg[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
	diag_clear(&d);
	table_init(t, "");
	if (refusal && n)
		refusal[0] = '\0';
	atomic_store(&w->permille, 0);
	int rc = output_run(o, cfg, req, t, &d);
	if (rc < 0 && !view && !atomic_load(&w->stale))
		publish_error(w, gen, o->name, &d);
	if (rc)
		table_free(t);
	const struct output_desc *fb = rc < 0 && view && o->fallback
		? family_output(cfg->family, o->fallback) : NULL;
	if (fb && fb != o && refusal && n) {
		snprintf(refusal, n, "%s: %s", o->name, diag_format(&d, msg, sizeof msg));
		diag_clear(&d);
		table_init(t, "");
		atomic_store(&w->permille, 0);
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

static const struct output_desc *find_kind(const struct family *f, enum output_kind k)
{
	for (const struct output_desc *o = f->outputs; o->name; o++)
		if (o->kind == k)
			return o;
	return NULL;
}

/* The curve, coarse then full, then the summary.  Returns 1 if cancelled. */
static int compute_config(struct worker *w, const struct config *cfg, unsigned long gen)
{
	const struct family *f = cfg->family;
	const struct output_desc *oc = find_kind(f, OUT_CURVE);
	const struct output_desc *os = find_kind(f, OUT_SUMMARY);
	struct run_req req;
	struct table t;
	double t0 = now_s();

	if (prepare_config(w, cfg, gen))
		return 1;
	if (oc) {
		double from, to, xs[WORKER_COARSE];
		size_t n;
		struct diag d;
		diag_clear(&d);
		req_for(w, &req);
		int rc = f->sweep(cfg, &req, &from, &to, &n, &d);
		if (rc == 1)
			return 1;
		if (rc < 0) {
			publish_error(w, gen, oc->name, &d);
		} else {
			/* Coarse first, unless the sweep is small anyway. */
			if (n > 2 * WORKER_COARSE) {
				/* The one spacing rule (curve.h), like the full sweep. */
				curve_spacing(from, to, WORKER_COARSE, f->x.log, xs);
				req_for(w, &req);
				req.x = xs;
				req.nx = WORKER_COARSE;
				rc = run_output(w, cfg, gen, oc, &req, &t, false, NULL, 0);
				if (rc == 1)
					return 1;
				if (rc == 0)
					publish(w, RES_CURVE, &t, gen, NULL, false, 0, NULL);
			}
			req_for(w, &req);
			rc = run_output(w, cfg, gen, oc, &req, &t, false, NULL, 0);
			if (rc == 1)
				return 1;
			if (rc == 0)
				publish(w, RES_CURVE, &t, gen, NULL, true, 1000 * (now_s() - t0),
						NULL);
		}
	}
	if (atomic_load(&w->stale))
		return 1;
	if (os) {
		req_for(w, &req);
		int rc = run_output(w, cfg, gen, os, &req, &t, false, NULL, 0);
		if (rc == 1)
			return 1;
		if (rc == 0)
			publish(w, RES_SUMMARY, &t, gen, NULL, true, 0, NULL);
	}
	return atomic_load(&w->stale) ? 1 : 0;
}

/* What the worker last computed for each view slot (worker-private). */
struct view_done {
	bool valid[3];
	unsigned long gen[3];
	struct view_req view[3];
};

static const unsigned slot_bit[3] = { RES_CELL, RES_DETAIL, RES_MATRIX };

static int slot_out(const struct view_req *v, int k)
{
	return k == 0 ? v->cell_out : k == 1 ? v->detail_out : v->matrix_out;
}

/* The view's outputs: the cell detail (cheap) first, then the breakdown's
 * and the heatmap's; each only when its inputs changed since it was last
 * computed.  Returns 1 if cancelled. */
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
		int idx = slot_out(v, k);
		if (idx < 0 || (size_t)idx >= nout)
			continue;
		if (done->valid[k] && done->gen[k] == gen && view_same(&done->view[k], v, slot_bit[k]))
			continue;
		req_for(w, &req);
		req.at = v->at;
		req.select = k == 0 ? v->cell_select : v->select;
		req.select2 = k == 0 ? v->cell_select2 : -1;
		int rc = run_output(w, cfg, gen, &outs[idx], &req, &t, true, refusal,
				    sizeof refusal);
		if (rc == 1)
			return 1;
		/* On failure an empty table carrying the message: the pane then shows
		 * it instead of stale numbers. */
		publish(w, slot_bit[k], &t, gen, v, true, 0, refusal);
		done->valid[k] = true;
		done->gen[k] = gen;
		done->view[k] = *v;
		if (atomic_load(&w->stale))
			return 1;
	}
	return 0;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
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
		atomic_store(&w->stale, 0);
		atomic_store(&w->busy_gen, gen);
		atomic_store(&w->busy, 1);
		pthread_mutex_unlock(&w->mu);
		config_free(&old);

		int rc = 0;
		if (gen != done_gen) {
			rc = compute_config(w, cfg, gen);
			if (rc == 0)
				done_gen = gen;
		}
		if (rc == 0 && !atomic_load(&w->stale)) {
			rc = compute_view(w, cfg, gen, &view, &vdone);
			if (rc == 0)
				done_view = vgen;
		}
		atomic_store(&w->busy, 0);
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
	atomic_init(&w->stale, 0);
	atomic_init(&w->busy, 0);
	atomic_init(&w->permille, 0);
	atomic_init(&w->busy_gen, 0);
	table_init(&w->pub.curve, "");
	table_init(&w->pub.summary, "");
	table_init(&w->pub.detail, "");
	table_init(&w->pub.matrix, "");
	table_init(&w->pub.cell, "");

	/* The thread inherits a mask with every signal blocked, so SIGWINCH,
	 * SIGINT and SIGTERM land on the UI thread and interrupt its poll(). */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	int rc = pthread_create(&w->th, NULL, worker_main, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start the worker thread: %s", strerror(rc));
		close(w->pipe[0]);
		close(w->pipe[1]);
		pthread_mutex_destroy(&w->mu);
		pthread_cond_destroy(&w->cv);
		free(w);
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
	struct config fresh = CONFIG_EMPTY, old = CONFIG_EMPTY;

	/* Only this (the UI) thread writes w->gen: reading it unlocked is safe. */
	if (gen != w->gen && config_copy(&fresh, cfg))
		return;    /* out of memory: the worker keeps the last configuration */
	pthread_mutex_lock(&w->mu);
	if (gen != w->gen) {
		config_move(&old, &w->cfg);    /* not taken yet: superseded */
		config_move(&w->cfg, &fresh);
		w->gen = gen;
		atomic_store(&w->stale, 1);
	}
	w->view = *view;
	w->view_gen = view_gen;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	config_free(&old);
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
	if (bits & RES_CURVE) {
		table_move(&r->curve, &w->pub.curve);
		r->curve_full = w->pub.curve_full;
		if (w->pub.curve_full)
			r->curve_ms = w->pub.curve_ms;
	}
	if (bits & (RES_CURVE | RES_SUMMARY))
		r->gen = w->pub.gen;
	if (bits & RES_SUMMARY) {
		table_move(&r->summary, &w->pub.summary);
		r->summary_gen = w->pub.gen;
	}
	if (bits & RES_DETAIL) {
		table_move(&r->detail, &w->pub.detail);
		r->detail_gen = w->pub.detail_gen;
		r->detail_view = w->pub.detail_view;
		snprintf(r->detail_refusal, sizeof r->detail_refusal, "%s", w->pub.detail_refusal);
	}
	if (bits & RES_MATRIX) {
		table_move(&r->matrix, &w->pub.matrix);
		r->matrix_gen = w->pub.matrix_gen;
		r->matrix_view = w->pub.matrix_view;
		snprintf(r->matrix_refusal, sizeof r->matrix_refusal, "%s", w->pub.matrix_refusal);
	}
	if (bits & RES_CELL) {
		table_move(&r->cell, &w->pub.cell);
		r->cell_gen = w->pub.cell_gen;
		r->cell_view = w->pub.cell_view;
	}
	if (bits & RES_ERROR) {
		r->error_gen = w->pub.error_gen;
		snprintf(r->error, sizeof r->error, "%s", w->pub.error);
	}
	pthread_mutex_unlock(&w->mu);
	return bits;
}

double worker_cpu_ms(const struct worker *w)
{
	clockid_t id;
	struct timespec ts;
	if (pthread_getcpuclockid(w->th, &id) || clock_gettime(id, &ts))
		return 0;
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

bool worker_settled(struct worker *w)
{
	pthread_mutex_lock(&w->mu);
	bool settled = w->settled_gen == w->gen && w->settled_view == w->view_gen &&
		       (w->pub_bits & ~(unsigned)RES_PROGRESS) == 0;
	pthread_mutex_unlock(&w->mu);
	return settled;
}

bool worker_busy(const struct worker *w, double *fraction, unsigned long *gen)
{
	struct worker *mw = (struct worker *)w;   /* atomics are read only */
	if (fraction)
		*fraction = atomic_load(&mw->permille) / 1000.0;
	if (gen)
		*gen = atomic_load(&mw->busy_gen);
	return atomic_load(&mw->busy) != 0;
}

void worker_stop(struct worker *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	w->quit = true;
	w->gen++;
	atomic_store(&w->stale, 1);
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->th, NULL);
	close(w->pipe[0]);
	close(w->pipe[1]);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
	results_free(&w->pub);
	config_free(&w->cfg);
	free(w);
}

void results_free(struct results *r)
{
	table_free(&r->curve);
	table_free(&r->summary);
	table_free(&r->detail);
	table_free(&r->matrix);
	table_free(&r->cell);
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
