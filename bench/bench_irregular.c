/*
 * bench_irregular.c: timings of the `irregular` family for `make bench`:
 * the table of equivalent distances (the `distances` output through the
 * family descriptor: generating the network, up*-down* routing, the table
 * and the result table, as the batch mode and the explorer run it) for
 * generated networks in the paper's style (8-port switches, 4 nodes and 3
 * links per switch) of 16, 64, 256 and 1024 switches, and the summary
 * (table plus PAM clustering, k = 4) of the largest.  Each row is the
 * median of repeated runs; the name gives the peak heap the run used
 * (glibc's mallinfo2, sampled at every progress report and at the end),
 * printed as bench_model.c does:
 *   name | median | target | verdict
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "config/config.h"
#include "config/yaml_load.h"

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

/* Bytes of heap in use (0 where glibc's mallinfo2 is not available). */
static size_t heap_in_use(void)
{
#ifdef __GLIBC__
	struct mallinfo2 m = mallinfo2();
	return m.uordblks + m.hblkhd;
#else
	return 0;
#endif
}

struct peak {
	size_t base, max;
};

static void sample(void *ctx, double fraction)
{
	struct peak *p = ctx;
	size_t h = heap_in_use();
	(void)fraction;
	if (h > p->max)
		p->max = h;
}

/* Median seconds of output `out` on cfg; *peak_bytes = the largest heap
 * growth seen during a run. */
static double time_output(const struct config *cfg, const char *out, size_t *peak_bytes)
{
	const struct output_desc *o = family_output(cfg->family, out);
	double t[64];
	struct diag d;
	int reps = 0;
	double start = now();

	*peak_bytes = 0;
	for (; reps < 64 && (reps < 3 || now() - start < 1.0); reps++) {
		struct run_req req;
		struct table tab;
		struct peak pk = { heap_in_use(), 0 };
		pk.max = pk.base;
		run_req_init(&req);
		req.progress = sample;
		req.progress_ctx = &pk;
		table_init(&tab, "");
		double t0 = now();
		if (o->run(cfg, &req, &tab, &d)) {
			fprintf(stderr, "bench: %s failed: %s\n", out, d.msg);
			exit(1);
		}
		t[reps] = now() - t0;
		sample(&pk, 1);
		if (pk.max - pk.base > *peak_bytes)
			*peak_bytes = pk.max - pk.base;
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

static void generated(struct config *cfg, int S)
{
	char text[256];
	struct diag d;
	snprintf(text, sizeof text, "model: irregular\nclusters: 4\ngenerate: {switches: %d, "
		 "nodes: 4, free_ports: 4, links: 3, seed: %d}\n", S, S);
	if (config_parse_text(cfg, text, strlen(text), "bench", NULL, &d) ||
	    config_validate(cfg, &d)) {
		fprintf(stderr, "bench: %d switches: %s\n", S, d.msg);
		exit(1);
	}
}

int main(void)
{
	static const struct { int S; double target; } sizes[] = {
		{ 16, 0.005 }, { 64, 0.05 }, { 256, 0.5 }, { 1024, 10.0 },
	};
	struct config *cfg = malloc(sizeof *cfg);
	char name[96];
	size_t peak;

	if (!cfg)
		return 1;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		generated(cfg, sizes[i].S);
		double t = time_output(cfg, "distances", &peak);
		snprintf(name, sizeof name, "irregular table, %d switches (heap %.2f MB)",
			 sizes[i].S, (double)peak / 1e6);
		row(name, t, sizes[i].target);
	}
	generated(cfg, 1024);
	double t = time_output(cfg, "summary", &peak);
	snprintf(name, sizeof name, "irregular summary+PAM k=4, 1024 sw. (heap %.1f MB)",
		 (double)peak / 1e6);
	row(name, t, 10.0);
	free(cfg);
	return 0;
}
