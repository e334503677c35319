/*
 * fuzz_model: invariants of the models on random valid configurations.
 *
 * Input: one byte picks a shipped preset (every family), then up to 6
 * edits of its fields (values mostly inside the allowed ranges, see
 * fuzz_value); edits the validator refuses are skipped, so what is run is
 * always a configuration icnx accepts.  Then, through the family
 * descriptor (the same calls as ./icnx --batch):
 *  - every output's cells are finite and >= 0, or inf (saturated); a NaN
 *    or a negative number is a failure (the numbers rule of issue 14);
 *    summary rows may be blank (NaN) only where they are text-only notes;
 *  - load families (x = load): the summary's saturation_load lambda* is
 *    finite and > 0; the default sweep is finite below lambda*; on a grid from 0 to 2 lambda* the mean latency is
 *    non-decreasing within the solver's relative tolerance (options.tol,
 *    at least 1e-9; stated on the fixed point S-bar for the star, so S
 *    must not fall by more than tol, and a larger fall of the latency is
 *    accepted only where S fell within tol), finite below lambda* (1 - BAND) and inf above
 *    lambda* (1 + BAND), BAND = 1e-6 being the bisections' stated
 *    relative band (star: 1e-6; multicluster: 1e-9);
 *  - size families (ethernet): every time finite and >= 0.
 * Irregular networks above 64 switches are skipped (the table is O(S^2)
 * solves; fuzz_irregular_read covers the reader).  Guards against: NaN or
 * negative results, saturation misreported, non-monotone curves, and
 * memory errors or UB in the model code (issue 14 #2, #12, #13).
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "base/table.h"
#include "config/param.h"
#include "config/yaml_dump.h"
#include "family/irregular.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_FIELDS 4096
#define BAND 1e-6
#define GRID 24

static struct fuzz_field fields[MAX_FIELDS];

static void describe(const struct config *cfg, char *buf, size_t n)
{
	/* the --set list that reproduces cfg from its family's defaults is long;
	 * the dump is exact */
	char *y = config_dump(cfg);
	snprintf(buf, n, "%s", y ? y : "(no dump)");
	free(y);
}

static void fail_cfg(const struct config *cfg, const char *what, double x, double v)
{
	static char dump[1 << 16];
	describe(cfg, dump, sizeof dump);
	fuzz_fail("%s: %s at x = %.17g: %.17g\n--- configuration ---\n%s", cfg->family->schema.name,
		  what, x, v, dump);
}

/* Run output `name` with req; returns 0 and fills t, or -1 (refused or not
 * offered: the caller skips). */
static int run(const struct config *cfg, const char *name, const struct run_req *req,
	       struct table *t)
{
	const struct output_desc *o = family_output(cfg->family, name);
	struct diag d;
	table_init(t, "");
	if (!o)
		return -1;
	diag_clear(&d);
	int rc = o->run(cfg, req, t, &d);
	if (rc != 0) {
		if (rc < 0 && !d.msg[0])
			fuzz_fail("%s -o %s failed without a message", cfg->family->schema.name, name);
		table_free(t);
		return -1;
	}
	return 0;
}

/* True when some field of the family, whose symbol is sym, allows negative
 * values (a summary row that echoes it may be negative: Gamma). */
static bool negative_field(const struct param *list, const char *sym)
{
	for (const struct param *p = list; sym && p->type != PT_END; p++) {
		if ((p->type == PT_SECTION || p->type == PT_LIST) && negative_field(p->sub, sym))
			return true;
		if ((p->type == PT_REAL || p->type == PT_INT) && p->min < 0 && p->symbol &&
		    strcmp(p->symbol, sym) == 0)
			return true;
	}
	return false;
}

/* Every numeric cell finite >= 0 or +inf.  In a saturated row of a curve
 * (latency inf) a component may be blank (NaN: not defined there). */
static void check_cells(const struct config *cfg, const struct table *t, const char *what)
{
	int lc = table_col(t, "latency"), sc = table_col(t, "symbol");
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			if (t->cols[c].kind != COL_NUM)
				continue;
			double v = table_get(t, r, c);
			bool saturated = lc >= 0 && table_get(t, r, (size_t)lc) == INFINITY;
			if (v < 0 && sc >= 0 &&
			    negative_field(cfg->family->schema.params, table_get_text(t, r, (size_t)sc)))
				continue;
			if ((isnan(v) && !saturated) || v < 0) {
				char m[160];
				snprintf(m, sizeof m, "%s: column %s row %zu is %s", what,
					 t->cols[c].name, r, isnan(v) ? "NaN" : "negative");
				fail_cfg(cfg, m, t->cols[0].kind == COL_NUM ? table_get(t, r, 0) : (double)r,
					 v);
			}
		}
}

static double summary_value(const struct table *t, const char *quantity)
{
	int q = table_col(t, "quantity"), v = table_col(t, "value");
	if (q < 0 || v < 0)
		return NAN;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *s = table_get_text(t, r, (size_t)q);
		if (s && strcmp(s, quantity) == 0)
			return table_get(t, r, (size_t)v);
	}
	return NAN;
}

static void check_load_family(const struct config *cfg, const struct table *sum)
{
	double sat = summary_value(sum, "saturation_load");
	if (!(sat > 0 && isfinite(sat)))
		fail_cfg(cfg, "saturation_load is not finite and > 0", 0, sat);

	double tol = 1e-9;
	char buf[64];
	const struct param *tp;
	if (param_get_path(cfg->family->schema.params, config_cbody(cfg), "options.tol", buf, sizeof buf,
			   &tp) == 0 && buf[0])
		tol = fmax(tol, strtod(buf, NULL));

	struct run_req req;
	struct table t;
	run_req_init(&req);
	if (run(cfg, "curve", &req, &t) == 0) {    /* the default sweep */
		int lc = table_col(&t, "latency");
		check_cells(cfg, &t, "default sweep");
		for (size_t r = 0; lc >= 0 && r < t.nrows; r++)
			if (table_get(&t, r, 0) < sat * (1 - BAND) &&
			    !isfinite(table_get(&t, r, (size_t)lc)))
				fail_cfg(cfg, "default sweep: saturated below lambda*", 
					 table_get(&t, r, 0), table_get(&t, r, (size_t)lc));
		table_free(&t);
	}

	double x[GRID + 4];
	size_t n = 0;
	for (int i = 0; i <= GRID; i++)
		x[n++] = 2.0 * sat * i / GRID;
	x[n++] = sat * (1 - 2 * BAND);
	x[n++] = sat * (1 + 2 * BAND);
	/* sorted: insert the two band points in place */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && x[j - 1] > x[j]; j--) {
			double s = x[j]; x[j] = x[j - 1]; x[j - 1] = s;
		}
	req.x = x;
	req.nx = n;
	if (run(cfg, "curve", &req, &t) != 0)
		return;
	check_cells(cfg, &t, "grid to 2 lambda*");
	int lc = table_col(&t, "latency");
	if (lc < 0)
		fuzz_fail("%s: curve without a latency column", cfg->family->schema.name);
	/* The solver's tolerance is stated on its fixed-point quantity (the
	 * star's S-bar, column S): near saturation the latency amplifies an
	 * error of S within tol.  A fall of the latency beyond tol is accepted
	 * only when S fell too, by no more than tol. */
	int sc = table_col(&t, "S");
	double prev = 0, prev_s = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		double xv = table_get(&t, r, 0), v = table_get(&t, r, (size_t)lc);
		double sv = sc >= 0 ? table_get(&t, r, (size_t)sc) : NAN;
		bool s_within_tol = sc >= 0 && isfinite(sv) && sv < prev_s && sv >= prev_s * (1 - tol);
		if (xv < sat * (1 - BAND) && !isfinite(v))
			fail_cfg(cfg, "inf below the reported saturation", xv, v);
		if (xv > sat * (1 + BAND) && isfinite(v))
			fail_cfg(cfg, "finite past the reported saturation", xv, v);
		if (sc >= 0 && isfinite(sv) && sv < prev_s * (1 - tol) - 1e-12)
			fail_cfg(cfg, "S (the fixed point) decreases with load beyond tol", xv, sv);
		if (v < prev * (1 - tol) - 1e-12 && !s_within_tol)
			fail_cfg(cfg, "latency decreases with load", xv, v);
		prev = v;
		prev_s = isfinite(sv) ? sv : prev_s;
	}
	table_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdp f = { data, size };
	size_t np = fuzz_presets();
	struct config *cfg = fuzz_cfg_dup(fuzz_preset_cfg(fdp_u8(&f) % np));
	struct diag d;

	for (int k = 0; k < 6 && f.n; k++) {
		size_t nf = fuzz_fields(cfg, fields, MAX_FIELDS);
		const struct fuzz_field *fl = &fields[fdp_range(&f, 0, (long)nf - 1)];
		char val[256];
		fuzz_value(&f, fl->p, val, sizeof val);
		config_set(cfg, fl->path, val, &d);   /* refused: cfg unchanged */
	}
	if (strcmp(cfg->family->schema.name, "irregular") == 0 &&
	    irr_config_switches((const struct irr_config *)config_cbody(cfg)) > 64) {
		fuzz_cfg_free(cfg);
		return 0;
	}

	struct run_req req;
	struct table sum;
	run_req_init(&req);
	if (run(cfg, "summary", &req, &sum) == 0) {
		check_cells(cfg, &sum, "summary");
		if (cfg->family->x.quantity == XQ_LOAD)
			check_load_family(cfg, &sum);
		table_free(&sum);
	}
	if (cfg->family->x.quantity != XQ_LOAD) {
		struct table t;
		if (run(cfg, cfg->family->outputs[0].name, &req, &t) == 0) {
			check_cells(cfg, &t, "default output");
			table_free(&t);
		}
	}
	fuzz_cfg_free(cfg);
	return 0;
}
