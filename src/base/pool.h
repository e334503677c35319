/*
 * pool.h: an executor, the one way the pure layers ask for parallel work
 * without creating threads themselves: run n independent tasks, possibly
 * on several threads, and report each one's end one at a time.
 * family/simpoints.h runs simulated points through it; the batch layer
 * (-j) and the explorer's worker (key r, both cores) give it a pool.
 */
#ifndef ICNX_BASE_POOL_H
#define ICNX_BASE_POOL_H

#include <stddef.h>

struct executor {
	/* Run task(ctx, i) for i = 0..n-1 and return when every one has
	 * returned.  Tasks start in index order (task i starts only after
	 * every task j < i has started) and may run at once on different
	 * threads; done(ctx, i) (may be NULL) follows task i, never two at
	 * once, on whichever thread ran it.  NULL executor: see
	 * executor_run. */
	void (*run)(const struct executor *ex, size_t n, void (*task)(void *ctx, size_t i),
		    void (*done)(void *ctx, size_t i), void *ctx);
	int threads;     /* tasks that may run at once (>= 1) */
};

/* ex->run(...), or, for ex NULL, every task then its done in index order
 * on the calling thread. */
void executor_run(const struct executor *ex, size_t n, void (*task)(void *ctx, size_t i),
		  void (*done)(void *ctx, size_t i), void *ctx);

/* A pool of `threads` threads (the caller's one of them; < 1 means 1):
 * each run starts threads - 1 helpers and joins them before it returns
 * (a helper that cannot start leaves its share to the others).  Any
 * thread may call run; runs do not share state. */
struct executor pool_executor(int threads);

/* Threads this process may use: sched_getaffinity's count (Slurm and
 * cgroup limits respected), at least 1. */
int pool_default_threads(void);

#endif
