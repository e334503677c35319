/*
 * fuzz_irregular_sim: the irregular family's simulated outputs, run
 * through the family descriptor as batch and the explorer run them, on
 * small random networks, degenerate ones included.
 *
 * Input: a network of 1 to 8 switches (a random spanning tree plus a few
 * extra links, duplicates dropped), 0 to 3 nodes per switch (often 0 or 1,
 * sometimes per switch with switch_nodes: networks in which no node sends,
 * or one node only), the root; the simulator's section kept small (warm-up
 * 0-200, 100-300 measured messages, budget 1000-200000 cycles, buffer, V,
 * M 1-8 flits, routing, timing, and a pattern: a permutation often maps
 * every node of a tiny network onto itself, so no pair exists); a load
 * from the smallest positive double (5e-324) through 1e-300, 1e-17 and
 * powers of ten up to twice the channel-load bound, as sim.load or --at;
 * then one of the outputs curve (3 loads), pairs, saturation, correlation,
 * by-distance, correlation-load (3 loads).
 *
 * Invariants: an output either runs or refuses with a message; what it
 * prints never says "nan" (title and column labels: an undefined r says
 * why); no cell is -inf; an r lies in [-1, 1].  Guards against: the crash
 * of issue 22 (a refusal formatted from freed memory when no node sends),
 * memory errors and UB (float-to-integer overflow at tiny loads) in the
 * glue, the simulator and its measurement, and hangs (the budget bounds
 * every run; libFuzzer's -timeout catches the rest).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "base/table.h"
#include "base/strbuf.h"
#include "family/family.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const outputs[] = { "curve", "pairs", "saturation", "correlation",
				       "by-distance", "correlation-load" };
static const char *const patterns[] = { "uniform", "bit-reversal", "perfect-shuffle",
					"butterfly" };

/* The network and simulator section as a preset's text, from f. */
static void network_text(struct fdp *f, struct strbuf *b)
{
	int S = (int)fdp_range(f, 1, 8), nl = 0;
	int la[32], lb[32];

	strbuf_printf(b, "model: irregular\nswitches: %d\nports: 8\nnodes: %ld\nroot: %ld\n", S,
		      fdp_u8(f) < 96 ? fdp_range(f, 0, 1) : fdp_range(f, 0, 3),
		      fdp_range(f, 0, S - 1));
	if (fdp_u8(f) < 48) {         /* per-switch nodes: zeros and ones mostly */
		strbuf_puts(b, "switch_nodes:\n");
		for (int s = 0; s < S; s++)
			if (fdp_u8(f) < 128)
				strbuf_printf(b, "  - [%d, %ld]\n", s, fdp_range(f, 0, 2));
	}
	for (int s = 1; s < S; s++) {  /* a spanning tree: connected */
		la[nl] = (int)fdp_range(f, 0, s - 1);
		lb[nl++] = s;
	}
	for (long k = fdp_range(f, 0, 4); k > 0 && S > 2 && nl < 32; k--) {
		int a = (int)fdp_range(f, 0, S - 1), c = (int)fdp_range(f, 0, S - 1), dup = 0;
		if (a == c)
			continue;
		if (a > c) {
			int t = a;
			a = c;
			c = t;
		}
		for (int i = 0; i < nl; i++)
			dup |= (la[i] == a && lb[i] == c) || (la[i] == c && lb[i] == a);
		if (!dup) {
			la[nl] = a;
			lb[nl++] = c;
		}
	}
	strbuf_puts(b, nl ? "links:\n" : "links: []\n");
	for (int i = 0; i < nl; i++)
		strbuf_printf(b, "  - [%d, %d]\n", la[i], lb[i]);
	strbuf_printf(b, "sim:\n  seed: %u\n  warmup: %ld\n  measured: %ld\n  batches: %ld\n"
		      "  buffer: %ld\n  budget: %ld\n  M: %ld\n  V: %ld\n  routing: %s\n"
		      "  timing: %s\n  pattern: %s\n  points: 3\n",
		      fdp_u8(f), fdp_range(f, 0, 200), fdp_range(f, 100, 300), fdp_range(f, 2, 10),
		      fdp_range(f, 1, 4), fdp_range(f, 1000, 200000), fdp_range(f, 1, 8),
		      fdp_range(f, 1, 3), fdp_u8(f) & 1 ? "deterministic" : "adaptive",
		      fdp_u8(f) < 200 ? "paper" : "booksim", patterns[fdp_u8(f) % 4]);
}

/* A load in msg/node/cycle (for --at) or flits/node/cycle (sim.load):
 * the smallest positive double, tiny ones, or a power of ten to 1. */
static double a_load(struct fdp *f)
{
	static const double tiny[] = { 4.9406564584124654e-324, 2.2250738585072014e-308,
				       1e-300, 1e-100, 1e-17, 1e-15 };
	unsigned w = fdp_u8(f);
	if (w < 64)
		return tiny[w % 6];
	return pow(10, -6 * fdp_unit(f)) * (0.5 + fdp_unit(f));    /* 5e-7 .. 1.5 */
}

static bool says_nan(const char *s)
{
	for (const char *p = s; (p = strstr(p, "nan")); p++)
		if ((p == s || !((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z'))) &&
		    !((p[3] >= 'a' && p[3] <= 'z') || (p[3] >= 'A' && p[3] <= 'Z')))
			return true;
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdp f = { data, size };
	struct strbuf b;
	struct diag d;
	char val[64];

	strbuf_init(&b);
	network_text(&f, &b);
	if (b.failed)
		fuzz_fail("out of memory");
	struct config *cfg = fuzz_load(b.s, b.len, NULL, &d);
	if (!cfg) {
		strbuf_free(&b);
		return 0;
	}
	const char *name = outputs[fdp_u8(&f) % (sizeof outputs / sizeof *outputs)];
	const struct output_desc *o = family_output(cfg->family, name);
	if (!o)
		fuzz_fail("irregular has no output %s", name);
	double x[3], at = a_load(&f);
	struct run_req req;
	run_req_init(&req);
	if (o->at) {
		if (fdp_u8(&f) & 1) {
			req.at = at;                       /* --at, msg/node/cycle */
		} else {
			snprintf(val, sizeof val, "%.17g", at > 1 ? 1 : at);
			config_set(cfg, "sim.load", val, &d);   /* refused: auto */
		}
	} else if (o->loads || !strcmp(name, "curve") || !strcmp(name, "correlation-load")) {
		x[0] = at;                                 /* --load X1,X2,X3 */
		x[1] = at * 2;
		x[2] = at * 4;
		req.x = x;
		req.nx = 3;
	}
	if (getenv("FUZZ_SIM_SHOW"))       /* debugging aid: what a unit runs */
		fprintf(stderr, "-o %s, at %.17g (%s)\n%s", name, at,
			!isnan(req.at) ? "--at" : req.x ? "--load at, 2 at, 4 at" : "sim.load", b.s);
	struct table t;
	table_init(&t, "");
	diag_clear(&d);
	int rc = o->run(cfg, &req, &t, &d);
	if (rc != 0 && !d.msg[0])
		fuzz_fail("-o %s refused without a message\n%s", name, b.s);
	if (rc == 0) {
		if (says_nan(t.title))
			fuzz_fail("-o %s: title says nan: %s\n%s", name, t.title, b.s);
		for (size_t c = 0; c < t.ncols; c++) {
			const char *cn = t.cols[c].name;
			bool is_r = !strcmp(cn, "r") || !strncmp(cn, "r_", 2);
			if (says_nan(t.cols[c].label))
				fuzz_fail("-o %s: column %s's label says nan: %s\n%s", name, cn,
					  t.cols[c].label, b.s);
			for (size_t r = 0; t.cols[c].kind == COL_NUM && r < t.nrows; r++) {
				double v = table_get(&t, r, c);
				if (v == -INFINITY || (is_r && (v < -1 - 1e-12 || v > 1 + 1e-12)))
					fuzz_fail("-o %s: row %zu column %s is %g\n%s", name, r, cn,
						  v, b.s);
			}
		}
	}
	table_free(&t);
	fuzz_cfg_free(cfg);
	strbuf_free(&b);
	return 0;
}
