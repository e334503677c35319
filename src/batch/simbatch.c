/* simbatch.c: parallel simulated load points and the join (simbatch.h). */
#define _GNU_SOURCE
#include "batch/simbatch.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/simmem.h"
#include "family/outkit.h"

int simbatch_default_jobs(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		int n = CPU_COUNT(&set);
		return n > 0 ? n : 1;
	}
	return 1;
}

struct task {
	const struct output_desc *out;
	const struct config *cfg;
	const struct run_req *req;
	struct table *rows;        /* one table per point */
	struct diag *diags;
	int *rc;
	atomic_size_t next;
};

static void run_point(struct task *tk, size_t i)
{
	struct run_req r = *tk->req;

	r.x = tk->req->x + i;
	r.nx = 1;
	r.point0 = tk->req->point0 + i;
	r.progress = NULL;
	r.publish = NULL;
	table_free(&tk->rows[i]);
	table_init(&tk->rows[i], "");
	diag_clear(&tk->diags[i]);
	tk->rc[i] = output_run(tk->out, tk->cfg, &r, &tk->rows[i], &tk->diags[i]);
}

static void *worker(void *arg)
{
	struct task *tk = arg;

	for (;;) {
		size_t i = atomic_fetch_add(&tk->next, 1);

		if (i >= tk->req->nx)
			break;
		run_point(tk, i);
	}
	return NULL;
}

int simbatch_run(const struct output_desc *out, const struct config *cfg,
		 const struct run_req *req, int jobs, struct table *t, struct diag *d)
{
	size_t n = req->nx;
	struct task tk;
	pthread_t *th;
	int started = 0, rc = 0;

	if (n == 0)
		return output_run(out, cfg, req, t, d);
	if (jobs < 1)
		jobs = 1;
	if ((size_t)jobs > n)
		jobs = (int)n;
	jobs = simmem_jobs(jobs);      /* each thread holds a point (simmem.h) */
	memset(&tk, 0, sizeof tk);
	tk.out = out;
	tk.cfg = cfg;
	tk.req = req;
	tk.rows = calloc(n, sizeof *tk.rows);
	tk.diags = calloc(n, sizeof *tk.diags);
	tk.rc = calloc(n, sizeof *tk.rc);
	th = calloc((size_t)jobs, sizeof *th);
	if (!tk.rows || !tk.diags || !tk.rc || !th) {
		rc = diag_set(d, "", "out of memory");
		goto out;
	}
	atomic_init(&tk.next, 0);
	for (size_t i = 0; i < n; i++) {
		table_init(&tk.rows[i], "");
		diag_clear(&tk.diags[i]);
	}
	for (int j = 1; j < jobs; j++)
		if (pthread_create(&th[j], NULL, worker, &tk) == 0)
			started++;
	worker(&tk);
	for (int j = 1; j <= started; j++)
		pthread_join(th[j], NULL);
	/* A point that failed while others ran beside it may have lacked only
	 * the memory they held (simmem.h plans the messages, not the
	 * networks): it runs again alone, and, seeded by its index, gives the
	 * rows it would have given. */
	for (size_t i = 0; started > 0 && i < n; i++)
		if (tk.rc[i] < 0 && !tk.diags[i].usage) {
			run_point(&tk, i);
			if (tk.rc[i] == 0)
				fprintf(stderr, "icnx: -j %d: point %zu failed beside the others (out "
					"of memory?) and ran again alone\n", jobs, (size_t)req->point0 + i);
		}
	for (size_t i = 0; i < n; i++)
		if (tk.rc[i]) {
			*d = tk.diags[i];
			rc = tk.rc[i];
			goto out;
		}
	/* gather: the first point's table gives the columns */
	table_move(t, &tk.rows[0]);
	for (size_t i = 1; i < n; i++)
		for (size_t r = 0; r < tk.rows[i].nrows; r++) {
			long row = table_add_row(t);
			if (row < 0) {
				rc = diag_set(d, "", "out of memory");
				goto out;
			}
			for (size_t c = 0; c < t->ncols; c++)
				table_set(t, (size_t)row, c, table_get(&tk.rows[i], r, c));
		}
out:
	if (tk.rows)
		for (size_t i = 0; i < n; i++)
			table_free(&tk.rows[i]);
	free(tk.rows);
	free(tk.diags);
	free(tk.rc);
	free(th);
	return rc;
}

int simbatch_join(const struct table *m, const struct table *s, struct table *out)
{
	return table_join(m, s, out);
}
