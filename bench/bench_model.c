/*
 * bench_model.c: model timings for `make bench`.  Each row is the median of
 * repeated runs of a whole output (model set-up included) on a preset, as
 * the explorer and the batch mode run it, printed as
 *   name | median | target | verdict
 * Usage: bench_model [PRESET...]  (default: the shipped multi-cluster presets)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config/load.h"
#include "family/family.h"
#include "family/multicluster.h"
#include "model/multicluster.h"
#include "topo/fattree.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median seconds of running output `out` on cfg with npoints x values. */
static double time_output(const struct config *cfg, const char *out, size_t npoints)
{
	const struct output_desc *o = family_output(cfg->family, out);
	double xs[1000], t[64];
	double from, to;
	size_t n;
	struct diag d;
	struct run_req rq;
	run_req_init(&rq);
	cfg->family->sweep(cfg, &rq, &from, &to, &n, &d);
	for (size_t k = 0; k < npoints; k++)
		xs[k] = from + (to - from) * (double)k / (double)(npoints - 1);
	int reps = 0;
	double start = now();
	for (; reps < 64 && (reps < 5 || now() - start < 1.0); reps++) {
		struct run_req req;
		struct table tab;
		run_req_init(&req);
		req.x = xs;
		req.nx = npoints;
		table_init(&tab, "");
		double t0 = now();
		if (o->run(cfg, &req, &tab, &d)) {
			fprintf(stderr, "bench: %s failed: %s\n", out, d.msg);
			exit(1);
		}
		t[reps] = now() - t0;
		table_free(&tab);
	}
	qsort(t, (size_t)reps, sizeof t[0], cmp);
	return t[reps / 2];
}

static void row(const char *name, double secs, double target)
{
	printf("%-52s | %9.3f ms | < %7.1f ms | %s\n", name, secs * 1e3, target * 1e3,
	       secs < target ? "ok" : "SLOW");
}

int main(int argc, char **argv)
{
	static const char *const defaults[] = { "javadi-n1120", "javadi-n544", "sharifi-n1144",
						  "sharifi-n592", NULL };
	const char *const *presets = argc > 1 ? (const char *const *)argv + 1 : defaults;
	for (size_t i = 0; presets[i]; i++) {
		struct loaded l;
		struct diag d;
		char name[128];
		if (load_arg(presets[i], &l, &d)) {
			fprintf(stderr, "bench: %s: %s\n", presets[i], d.msg);
			return 1;
		}
		snprintf(name, sizeof name, "curve, 100 points: %s", presets[i]);
		/* Targets: 1 ms for the uniform model, 2 ms with a permutation. */
		row(name, time_output(&l.cfg, "curve", 100),
		    mc_cfg(&l.cfg)->traffic.pattern == FT_UNIFORM ? 1e-3 : 2e-3);
		snprintf(name, sizeof name, "summary (incl. saturation search): %s", presets[i]);
		row(name, time_output(&l.cfg, "summary", 2), 5e-3);
		loaded_free(&l);
	}
	if (argc > 1)
		return 0;
	/* The largest cluster the schema accepts: 2^22 nodes (m = 4, n = 21). */
	double counts[FT_MAX_N + 1], pairs, fixed, t0 = now();
	ft_hop_distribution(4, 21, ft_nodes(4, 21), FT_TRANSPOSE, counts, &pairs, &fixed, NULL);
	row("transpose hop distribution, 2^22-node cluster", now() - t0, 1.0);
	return 0;
}
