/* pool.c: the executors of pool.h (in order, and a pthread pool). */
#define _GNU_SOURCE
#include "base/pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

void executor_run(const struct executor *ex, size_t n, void (*task)(void *ctx, size_t i),
		  void (*done)(void *ctx, size_t i), void *ctx)
{
	if (ex && ex->run) {
		ex->run(ex, n, task, done, ctx);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		task(ctx, i);
		if (done)
			done(ctx, i);
	}
}

/* One run of the pool: the next index to claim, the lock that keeps done
 * calls one at a time. */
struct run {
	size_t n;
	atomic_size_t next;
	pthread_mutex_t mu;
	void (*task)(void *ctx, size_t i);
	void (*done)(void *ctx, size_t i);
	void *ctx;
};

static void *helper(void *arg)
{
	struct run *r = arg;

	for (;;) {
		size_t i = atomic_fetch_add(&r->next, 1);
		if (i >= r->n)
			break;
		r->task(r->ctx, i);
		if (r->done) {
			pthread_mutex_lock(&r->mu);
			r->done(r->ctx, i);
			pthread_mutex_unlock(&r->mu);
		}
	}
	return NULL;
}

static void pool_run(const struct executor *ex, size_t n, void (*task)(void *ctx, size_t i),
		     void (*done)(void *ctx, size_t i), void *ctx)
{
	struct run r = { .n = n, .task = task, .done = done, .ctx = ctx };
	size_t want = ex->threads > 1 ? (size_t)ex->threads - 1 : 0, started = 0;
	pthread_t *th;

	if (want >= n)
		want = n ? n - 1 : 0;
	th = want ? calloc(want, sizeof *th) : NULL;
	if (!th)
		want = 0;
	atomic_init(&r.next, 0);
	pthread_mutex_init(&r.mu, NULL);
	for (size_t j = 0; j < want; j++)
		if (pthread_create(&th[started], NULL, helper, &r) == 0)
			started++;
	helper(&r);
	for (size_t j = 0; j < started; j++)
		pthread_join(th[j], NULL);
	pthread_mutex_destroy(&r.mu);
	free(th);
}

struct executor pool_executor(int threads)
{
	return (struct executor){ pool_run, threads > 1 ? threads : 1 };
}

int pool_default_threads(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		int n = CPU_COUNT(&set);
		return n > 0 ? n : 1;
	}
	return 1;
}
