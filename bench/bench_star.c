/*
 * bench_star.c: star-family timings for `make bench`, in the rows of
 * bench_model.c (name | median | target | verdict):
 *   - the whole `curve` output as the batch mode runs it (model set-up, the
 *     saturation search of the default sweep, 100 points) for S5
 *     (kiasari-s5-v6, target 5 ms), S10 and S12 (V = 12, target 100 ms);
 *   - memory: the heap the model holds for S12 against S10.  n! grows 132
 *     times; the model works per cycle-type class (97 -> 195 classes), so
 *     its memory grows about 2.6 times; the row fails at a tenth of n!'s
 *     growth.
 * Usage: bench_star  (run from the source tree: it loads presets/).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "config/load.h"
#include "family/family.h"
#include "family/star.h"
#include "model/star.h"

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

/* Median seconds of the whole default `curve` output of cfg. */
static double time_curve(const struct config *cfg)
{
	const struct output_desc *o = family_output(cfg->family, "curve");
	double t[64];
	struct diag d;
	int reps = 0;
	double start = now();

	for (; reps < 64 && (reps < 5 || now() - start < 1.0); reps++) {
		struct run_req req;
		struct table tab;
		run_req_init(&req);
		table_init(&tab, "");
		double t0 = now();
		if (o->run(cfg, &req, &tab, &d) || tab.nrows != 100) {
			fprintf(stderr, "bench: curve failed: %s\n", d.msg);
			exit(1);
		}
		t[reps] = now() - t0;
		table_free(&tab);
	}
	qsort(t, (size_t)reps, sizeof t[0], cmp);
	return t[reps / 2];
}

static void row(const char *name, double secs, double target, const char *verdict)
{
	printf("%-52s | %9.3f ms | < %7.1f ms | %s\n", name, secs * 1e3, target * 1e3,
	       verdict ? verdict : secs < target ? "ok" : "SLOW");
}

/* Bytes a built model holds (heap in use after star_model_init minus
 * before, glibc), or what its buffers add up to elsewhere. */
static double model_bytes(const struct star_params *p, double *init_secs)
{
	struct star_model m;
	char err[512];
	double bytes, t0;
#ifdef __GLIBC__
	struct mallinfo2 a = mallinfo2(), b;
#endif

	t0 = now();
	if (star_model_init(&m, p, err, sizeof err) < 0) {
		fprintf(stderr, "bench: S%d: %s\n", p->n, err);
		exit(1);
	}
	*init_secs = now() - t0;
#ifdef __GLIBC__
	b = mallinfo2();
	bytes = (double)b.uordblks - (double)a.uordblks;
#else
	{
		double n = p->n, H = m.H, W = p->V + 1.0;
		bytes = m.topo.nclass * (double)sizeof(struct star_class) +
			(double)star_profile_len(&m.topo) * 8 + (H + 1) * n * 8 +
			(H + 1) * (H + 1) * n * 8 + 2 * W * W * 8;
	}
#endif
	star_model_free(&m);
	return bytes;
}

int main(void)
{
	static const struct { int n; const char *label; double target; } cases[] = {
		{ 5, "star curve, 100 pts + saturation: S5 (kiasari-s5-v6)", 5e-3 },
		{ 10, "star curve, 100 pts + saturation: S10, V = 12", 100e-3 },
		{ 12, "star curve, 100 pts + saturation: S12, V = 12", 100e-3 },
	};
	struct loaded l;
	struct diag d;
	char verdict[128], name[128];

	if (load_arg("kiasari-s5-v6", &l, &d)) {
		fprintf(stderr, "bench: kiasari-s5-v6: %s\n", d.msg);
		return 1;
	}
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct config c;
		char v[16];

		if (config_copy(&c, &l.cfg))
			return 1;
		if (cases[i].n != 5) {
			snprintf(v, sizeof v, "%d", cases[i].n);
			if (config_set(&c, "V", "12", &d) || config_set(&c, "n", v, &d)) {
				fprintf(stderr, "bench: S%d: %s\n", cases[i].n, d.msg);
				return 1;
			}
		}
		row(cases[i].label, time_curve(&c), cases[i].target, NULL);
		config_free(&c);
	}
	loaded_free(&l);

	struct star_params p;
	double init10, init12, b10, b12;
	star_params_default(&p);
	p.V = 12;
	p.n = 10;
	b10 = model_bytes(&p, &init10);
	p.n = 12;
	b12 = model_bytes(&p, &init12);
	snprintf(name, sizeof name, "star model memory: S12 %.0f KiB vs S10 %.0f KiB",
		 b12 / 1024, b10 / 1024);
	/* Memory follows the classes (97 -> 195) and the diameter, not n!
	 * (x132): anything near n!'s growth would be a regression. */
	snprintf(verdict, sizeof verdict, "%s: x%.1f vs n! x132 (time: model set-up)",
		 b12 < 13.2 * b10 ? "ok" : "GROWS WITH n!", b12 / b10);
	row(name, init12, 100e-3, verdict);
	return 0;
}
