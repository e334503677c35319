/*
 * fuzz_sim: the flit-level simulator's limits and results on random small
 * configurations.
 *
 * Input: one byte picks a shipped star or multi-cluster preset, then up to
 * 6 edits of its `sim` section (seed, warm-up and measured messages kept
 * small, batches, buffer, routing, timing, budget, resolution) and, for the
 * star, n and V; then a load from 0 to twice the model's saturation load.
 * Edits the validator refuses are skipped.  `-o sim` at that load must
 * finish (libFuzzer -timeout: the budget bounds every run) with every cell
 * finite and >= 0 or inf (saturated; blank only at load 0, where nothing
 * is generated) and the mean inside its 95% interval.  Guards against: hangs,
 * memory errors and UB in the simulator, NaN or negative results.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "base/table.h"
#include "family/family.h"
#include "config/param.h"
#include "config/yaml_dump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_NODE_CYCLES 2e6   /* per unit: sim.budget x nodes, see below */

static const char *const star_fields[] = { "n", "V" };
static const char *const sim_fields[] = {
	"sim.seed", "sim.warmup", "sim.measured", "sim.batches", "sim.buffer",
	"sim.routing", "sim.timing", "sim.budget", "sim.resolution",
};

static double summary_value(const struct table *t, const char *quantity)
{
	int q = table_col(t, "quantity"), v = table_col(t, "value");
	for (size_t r = 0; q >= 0 && v >= 0 && r < t->nrows; r++) {
		const char *s = table_get_text(t, r, (size_t)q);
		if (s && strcmp(s, quantity) == 0)
			return table_get(t, r, (size_t)v);
	}
	return NAN;
}

static int run(const struct config *cfg, const char *name, const struct run_req *req,
	       struct table *t)
{
	const struct output_desc *o = family_output(cfg->family, name);
	struct diag d;
	table_init(t, "");
	diag_clear(&d);
	if (!o || o->run(cfg, req, t, &d) != 0) {
		table_free(t);
		return -1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdp f = { data, size };
	size_t np = fuzz_presets(), cand[64], nc = 0;
	struct diag d;

	for (size_t i = 0; i < np && nc < 64; i++)
		if (family_output(fuzz_preset_cfg(i)->family, "sim"))
			cand[nc++] = i;
	if (!nc)
		return 0;
	struct config *cfg = fuzz_cfg_dup(fuzz_preset_cfg(cand[fdp_u8(&f) % nc]));
	bool star = strcmp(cfg->family->schema.name, "star") == 0;
	char val[64];

	/* small runs: the budget is the fuzzer's time */
	config_set(cfg, "sim.warmup", "100", &d);
	config_set(cfg, "sim.measured", "300", &d);
	if (star)
		config_set(cfg, "n", "4", &d);
	for (int k = 0; k < 6 && f.n; k++) {
		unsigned w = fdp_u8(&f);
		const char *path;
		if (star && w < 48) {
			path = star_fields[w % 2];
			snprintf(val, sizeof val, "%ld", w % 2 ? fdp_range(&f, 1, 16)
							      : fdp_range(&f, 2, 5));
		} else {
			path = sim_fields[w % (sizeof sim_fields / sizeof *sim_fields)];
			const struct param *p = NULL;
			char cur[64];
			if (param_get_path(cfg->family->schema.params, config_cbody(cfg), path, cur,
					   sizeof cur, &p) != 0 || !p)
				continue;
			if (!strcmp(path, "sim.warmup") || !strcmp(path, "sim.measured"))
				snprintf(val, sizeof val, "%ld", fdp_range(&f, 0, 1500));
			else if (!strcmp(path, "sim.budget"))
				snprintf(val, sizeof val, "%ld", fdp_range(&f, 500, 2000000));
			else
				fuzz_value(&f, p, val, sizeof val);
		}
		config_set(cfg, path, val, &d);   /* refused: unchanged */
	}

	struct run_req req;
	struct table t;
	run_req_init(&req);
	if (run(cfg, "summary", &req, &t) != 0) {
		fuzz_cfg_free(cfg);
		return 0;
	}
	double sat = summary_value(&t, "saturation_load");
	double nodes = summary_value(&t, "nodes");
	table_free(&t);
	/* One unit's work is the fuzzer's time, not the product's limit: at most
	 * FUZZ_NODE_CYCLES node-cycles, whatever budget the edits chose (a
	 * 1120-node preset past saturation under the fuzz build otherwise runs
	 * for a minute and trips libFuzzer's timeout in make ci). */
	if (nodes > 0) {
		const struct param *bp = NULL;
		char cur[64];
		double cap = fmax(1000.0, FUZZ_NODE_CYCLES / nodes);
		if (param_get_path(cfg->family->schema.params, config_cbody(cfg), "sim.budget", cur,
				   sizeof cur, &bp) == 0 && !(strtod(cur, NULL) > 0 &&
							      strtod(cur, NULL) <= cap)) {
			snprintf(val, sizeof val, "%.0f", cap);
			config_set(cfg, "sim.budget", val, &d);
		}
	}
	if (!(sat > 0 && isfinite(sat))) {
		fuzz_cfg_free(cfg);
		return 0;   /* fuzz_model checks the model */
	}
	double x = 2.0 * sat * fdp_unit(&f);
	req.x = &x;
	req.nx = 1;
	if (getenv("FUZZ_SIM_SHOW"))       /* debugging aid: what a slow unit runs */
		fprintf(stderr, "x = %.17g\n%s", x, config_dump(cfg));
	if (run(cfg, "sim", &req, &t) == 0) {
		int lat = table_col(&t, "sim_latency"), lo = table_col(&t, "sim_lower"),
		    hi = table_col(&t, "sim_upper"), st = table_role(&t, COL_SETTLED);
		for (size_t r = 0; r < t.nrows; r++) {
			/* The settled flag (table.h COL_SETTLED) is NaN exactly at a
			 * saturated row (latency +inf); 0 means no interval, so the
			 * bound columns are NaN then. */
			double mean = lat >= 0 ? table_get(&t, r, (size_t)lat) : NAN;
			double flag = st >= 0 ? table_get(&t, r, (size_t)st) : 1.0;
			if (st >= 0 && x > 0 && isnan(flag) != isinf(mean))
				fuzz_fail("%s -o sim at %.17g: sim_settled %g with latency %g",
					  cfg->family->schema.name, x, flag, mean);
			for (size_t c = 0; c < t.ncols; c++) {
				double v = table_get(&t, r, c);
				bool undefined_ok = (int)c == st ||
					(flag == 0 && ((int)c == lo || (int)c == hi));
				/* at load 0 nothing is generated: the row is blank */
				if (t.cols[c].kind == COL_NUM &&
				    ((isnan(v) && x > 0 && !undefined_ok) || v < 0))
					fuzz_fail("%s -o sim at %.17g: column %s is %g\n--- configuration ---\n%s",
						  cfg->family->schema.name, x, t.cols[c].name, v, config_dump(cfg));
			}
			if (lat >= 0 && lo >= 0 && hi >= 0 && isfinite(mean) && flag != 0) {
				double m = table_get(&t, r, (size_t)lat);
				if (m < table_get(&t, r, (size_t)lo) - 1e-9 * m ||
				    m > table_get(&t, r, (size_t)hi) + 1e-9 * m)
					fuzz_fail("%s -o sim at %.17g: mean %g outside [%g, %g]",
						  cfg->family->schema.name, x, m,
						  table_get(&t, r, (size_t)lo), table_get(&t, r, (size_t)hi));
			}
		}
		table_free(&t);
	}
	fuzz_cfg_free(cfg);
	return 0;
}
