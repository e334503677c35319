/*
 * worker.c: the recompute thread (see worker.h for the protocol).
 *
 * Shared state is split in two: the request slot (cfg, gen, view,
 * view_gen, quit) and the published slot (pub, pub_bits), both under mu.
 * The stale flag, the busy flag and the progress are atomics, read by the
 * UI without the lock for the status line.
 */
#include "ui/worker.h"

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
	struct config cfg;
	unsigned long gen, view_gen;
	struct view_req view;
	bool quit;

	/* published slot (mu) */
	struct results pub;
	unsigned pub_bits;

	/* worker-private */
	double last_wake;          /* monotonic seconds of the last progress byte */
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
}

/* Publish one table (moved) with its bit; error text when rc < 0. */
static void publish(struct worker *w, unsigned bit, struct table *t, unsigned long gen,
		    const struct view_req *view, bool full, double ms)
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
		break;
	case RES_MATRIX:
		table_move(&w->pub.matrix, t);
		w->pub.matrix_gen = gen;
		w->pub.matrix_view = *view;
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
 * whose title is the message, shown in its pane. */
static int run_output(struct worker *w, const struct config *cfg, unsigned long gen,
		      const struct output_desc *o, struct run_req *req, struct table *t,
		      bool view)
{
	struct diag d;
	char msg[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
	diag_clear(&d);
	table_init(t, "");
	atomic_store(&w->permille, 0);
	int rc = o->run(cfg, req, t, &d);
	if (rc < 0 && !view && !atomic_load(&w->stale))
		publish_error(w, gen, o->name, &d);
	if (rc)
		table_free(t);
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

	if (oc) {
		double from, to, xs[WORKER_COARSE];
		size_t n;
		struct diag d;
		diag_clear(&d);
		int rc = f->sweep(cfg, &from, &to, &n, &w->stale, &d);
		if (rc == 1)
			return 1;
		if (rc < 0) {
			publish_error(w, gen, oc->name, &d);
		} else {
			/* Coarse first, unless the sweep is small anyway. */
			if (n > 2 * WORKER_COARSE) {
				for (size_t k = 0; k < WORKER_COARSE; k++)
					xs[k] = from + (to - from) * (double)k / (WORKER_COARSE - 1);
				req_for(w, &req);
				req.x = xs;
				req.nx = WORKER_COARSE;
				rc = run_output(w, cfg, gen, oc, &req, &t, false);
				if (rc == 1)
					return 1;
				if (rc == 0)
					publish(w, RES_CURVE, &t, gen, NULL, false, 0);
			}
			req_for(w, &req);
			rc = run_output(w, cfg, gen, oc, &req, &t, false);
			if (rc == 1)
				return 1;
			if (rc == 0)
				publish(w, RES_CURVE, &t, gen, NULL, true, 1000 * (now_s() - t0));
		}
	}
	if (atomic_load(&w->stale))
		return 1;
	if (os) {
		req_for(w, &req);
		int rc = run_output(w, cfg, gen, os, &req, &t, false);
		if (rc == 1)
			return 1;
		if (rc == 0)
			publish(w, RES_SUMMARY, &t, gen, NULL, true, 0);
	}
	return atomic_load(&w->stale) ? 1 : 0;
}

/* The view's outputs at the cursor.  Returns 1 if cancelled. */
static int compute_view(struct worker *w, const struct config *cfg, unsigned long gen,
			const struct view_req *v)
{
	const struct output_desc *outs = cfg->family->outputs;
	size_t nout = 0;
	struct run_req req;
	struct table t;

	while (outs[nout].name)
		nout++;
	int idx[2] = { v->detail_out, v->matrix_out };
	unsigned bits[2] = { RES_DETAIL, RES_MATRIX };
	for (int k = 0; k < 2; k++) {
		if (idx[k] < 0 || (size_t)idx[k] >= nout)
			continue;
		req_for(w, &req);
		req.at = v->at;
		req.select = v->select;
		int rc = run_output(w, cfg, gen, &outs[idx[k]], &req, &t, true);
		if (rc == 1)
			return 1;
		/* On failure an empty table carrying the message: the pane then shows
		 * it instead of stale numbers. */
		publish(w, bits[k], &t, gen, v, true, 0);
	}
	return 0;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct config *cfg = malloc(sizeof *cfg);
	unsigned long done_gen = 0, done_view = 0;

	if (!cfg)
		return NULL;
	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->quit && w->gen == done_gen && w->view_gen == done_view)
			pthread_cond_wait(&w->cv, &w->mu);
		if (w->quit)
			break;
		*cfg = w->cfg;
		unsigned long gen = w->gen, vgen = w->view_gen;
		struct view_req view = w->view;
		atomic_store(&w->stale, 0);
		atomic_store(&w->busy_gen, gen);
		atomic_store(&w->busy, 1);
		pthread_mutex_unlock(&w->mu);

		int rc = 0;
		if (gen != done_gen) {
			rc = compute_config(w, cfg, gen);
			if (rc == 0)
				done_gen = gen;
		}
		if (rc == 0 && !atomic_load(&w->stale)) {
			rc = compute_view(w, cfg, gen, &view);
			if (rc == 0)
				done_view = vgen;
		}
		atomic_store(&w->busy, 0);
		wake(w);
		pthread_mutex_lock(&w->mu);
	}
	pthread_mutex_unlock(&w->mu);
	free(cfg);
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
	pthread_mutex_lock(&w->mu);
	if (gen != w->gen) {
		w->cfg = *cfg;
		w->gen = gen;
		atomic_store(&w->stale, 1);
	}
	w->view = *view;
	w->view_gen = view_gen;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
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
	if (bits & RES_SUMMARY)
		table_move(&r->summary, &w->pub.summary);
	if (bits & (RES_CURVE | RES_SUMMARY))
		r->gen = w->pub.gen;
	if (bits & RES_DETAIL) {
		table_move(&r->detail, &w->pub.detail);
		r->detail_gen = w->pub.detail_gen;
		r->detail_view = w->pub.detail_view;
	}
	if (bits & RES_MATRIX) {
		table_move(&r->matrix, &w->pub.matrix);
		r->matrix_gen = w->pub.matrix_gen;
		r->matrix_view = w->pub.matrix_view;
	}
	if (bits & RES_ERROR) {
		r->error_gen = w->pub.error_gen;
		snprintf(r->error, sizeof r->error, "%s", w->pub.error);
	}
	pthread_mutex_unlock(&w->mu);
	return bits;
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
	free(w);
}

void results_free(struct results *r)
{
	table_free(&r->curve);
	table_free(&r->summary);
	table_free(&r->detail);
	table_free(&r->matrix);
}
