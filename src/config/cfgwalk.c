/* cfgwalk.c: walking, diffing and stepping configuration fields (see cfgwalk.h). */
#include "config/cfgwalk.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_scalar(const struct param *p)
{
	return p->type != PT_SECTION && p->type != PT_LIST && p->type != PT_END;
}

void cfg_walk(const struct param *fields, const void *base, const char *prefix,
	      cfg_scalar_fn fn, void *ctx)
{
	char path[DIAG_PATH_MAX];

	for (const struct param *p = fields; p->type != PT_END; p++) {
		snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "", p->key);
		if (is_scalar(p)) {
			fn(path, p, base, ctx);
		} else if (p->type == PT_SECTION) {
			cfg_walk(p->sub, (const char *)base + p->off, path, fn, ctx);
		} else {
			size_t n = param_list_count(p, base);
			for (size_t i = 0; i < n; i++) {
				char ip[DIAG_PATH_MAX];
				snprintf(ip, sizeof ip, "%s.%zu", path, i);
				cfg_walk(p->sub, param_list_celem(p, base, i), ip, fn, ctx);
			}
		}
	}
}

/* --- diff ------------------------------------------------------------------ */

struct diff_ctx {
	const struct config *base;
	struct cfg_change *out;
	size_t max, n;
};

static void diff_visit(const char *path, const struct param *p, const void *holder, void *ctx)
{
	struct diff_ctx *dc = ctx;
	char now[CFG_TEXT_MAX], was[CFG_TEXT_MAX];
	const struct param *bp = NULL;
	bool absent = param_is_absent(p, holder);
	bool was_absent = true;

	param_format(p, holder, now, sizeof now);
	/* An absent value formats as "" ("auto" is a value). */
	if (param_get_path(dc->base->schema->params, config_cbody(dc->base), path, was,
			   sizeof was, &bp) == 0)
		was_absent = was[0] == '\0';
	else
		was[0] = '\0';
	if (bp && strcmp(now, was) == 0 && absent == was_absent)
		return;
	if (dc->n < dc->max) {
		struct cfg_change *c = &dc->out[dc->n];
		snprintf(c->path, sizeof c->path, "%s", path);
		snprintf(c->text, sizeof c->text, "%s", now);
		c->absent = absent;
		c->was_absent = !bp || was_absent;
	}
	dc->n++;
}

static bool lists_shrunk(const struct param *fields, const void *a, const void *b)
{
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (p->type == PT_SECTION) {
			if (lists_shrunk(p->sub, (const char *)a + p->off, (const char *)b + p->off))
				return true;
		} else if (p->type == PT_LIST) {
			size_t na = param_list_count(p, a), nb = param_list_count(p, b);
			if (nb < na)
				return true;
			for (size_t i = 0; i < na; i++)
				if (lists_shrunk(p->sub, param_list_celem(p, a, i),
						 param_list_celem(p, b, i)))
					return true;
		}
	}
	return false;
}

size_t cfg_diff(const struct config *base, const struct config *cur,
		struct cfg_change *out, size_t max, bool *shrunk)
{
	struct diff_ctx dc = { base, out, max, 0 };

	*shrunk = base->schema != cur->schema || strcmp(base->title, cur->title) != 0;
	if (base->schema != cur->schema)
		return 0;
	if (lists_shrunk(cur->schema->params, config_cbody(base), config_cbody(cur)))
		*shrunk = true;
	cfg_walk(cur->schema->params, config_cbody(cur), "", diff_visit, &dc);
	return dc.n;
}

bool cfg_equal(const struct config *a, const struct config *b)
{
	return config_equal(a, b);
}

/* --- stepping ---------------------------------------------------------------- */

/* v rounded to `sig` significant digits. */
static double round_sig(double v, int sig)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.*g", sig, v);
	return strtod(buf, NULL);
}

/* The shortest text that reads back as v, without an exponent when the
 * magnitude allows ("550", "0.022"). */
static void fmt_real(double v, char *out, size_t n)
{
	if (fabs(v) >= 1e-4 && fabs(v) < 1e15) {
		for (int prec = 0; prec <= 20; prec++) {
			snprintf(out, n, "%.*f", prec, v);
			if (strtod(out, NULL) == v)
				return;
		}
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(out, n, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

int cfg_step(const struct param *p, const char *cur, int dir, char *out, size_t n)
{
	char *end;
	double v;

	switch (p->type) {
	case PT_ENUM: {
		int k = 0, cnt = 0, at = -1;
		for (; p->choices[cnt]; cnt++)
			if (strcmp(p->choices[cnt], cur) == 0)
				at = cnt;
		if (cnt == 0)
			return -1;
		k = at < 0 ? 0 : (at + (dir > 0 ? 1 : cnt - 1)) % cnt;
		snprintf(out, n, "%s", p->choices[k]);
		return 0;
	}
	case PT_BOOL:
		snprintf(out, n, "%s", strcmp(cur, "true") == 0 ? "false" : "true");
		return 0;
	case PT_INT:
	case PT_REAL:
		break;
	default:
		snprintf(out, n, "type a new value (Enter)");
		return -1;
	}
	if (cur[0] == '\0' || strcmp(cur, "auto") == 0) {
		snprintf(out, n, "no value to step from (%s); type one (Enter)",
			 cur[0] ? "auto" : "not set");
		return -1;
	}
	v = strtod(cur, &end);
	if (end == cur || !isfinite(v)) {
		snprintf(out, n, "'%s' is not a number", cur);
		return -1;
	}
	if (p->type == PT_INT) {
		long iv = (long)v;
		if (p->flags & PF_POW2)
			iv = dir > 0 ? iv * 2 : iv / 2;
		else
			iv += (dir > 0 ? 1 : -1) * ((p->flags & PF_EVEN) ? 2 : 1);
		snprintf(out, n, "%ld", iv);
		return 0;
	}
	double w = dir > 0 ? 1 : -1;
	if (isfinite(p->max - p->min) && p->max - p->min <= 1) {
		/* Probabilities, shares, overheads: steps of 0.01. */
		double t = round(v * 100 + w) / 100;
		fmt_real(t, out, n);
		return 0;
	}
	if (v == 0) {
		fmt_real(dir > 0 ? 0.01 : -0.01, out, n);
		return 0;
	}
	double target = dir > 0 ? v * 1.1 : v / 1.1;
	if (v < 0)
		target = dir > 0 ? v / 1.1 : v * 1.1;
	double t = target;
	for (int sig = 2; sig <= 15; sig++) {
		t = round_sig(target, sig);
		if (t != v && (dir > 0 ? t > v : t < v))
			break;
	}
	fmt_real(t, out, n);
	return 0;
}

/* --- clearing ---------------------------------------------------------------- */

static int clear_visit(const struct param *p, void *holder, const char *path, void *ctx)
{
	struct diag *d = ctx;
	char *f = (char *)holder + p->off;

	if (!(p->flags & (PF_OPTIONAL | PF_AUTO)) && !p->def)
		return diag_set(d, path, "is required and cannot be cleared");
	switch (p->type) {
	case PT_REAL: { double v = NAN; memcpy(f, &v, sizeof v); break; }
	case PT_INT: { int v = INT_MIN; memcpy(f, &v, sizeof v); break; }
	case PT_ENUM: { int v = -1; memcpy(f, &v, sizeof v); break; }
	case PT_STR: f[0] = '\0'; break;
	default: return diag_set(d, path, "cannot be cleared");
	}
	if (p->def && !(p->flags & PF_OPTIONAL))
		return param_parse(p, holder, p->def, path, d);
	return 0;
}

int cfg_clear_field(struct config *cfg, const char *path, struct diag *d)
{
	struct config tmp;

	if (config_copy(&tmp, cfg))
		return diag_set(d, path, "out of memory");
	if (param_resolve(tmp.schema->params, config_body(&tmp), path, false, clear_visit, d, d)) {
		config_free(&tmp);
		return -1;
	}
	config_free(cfg);
	config_move(cfg, &tmp);
	return 0;
}

int cfg_clear(struct config *cfg, const char *path, struct diag *d)
{
	struct config tmp;

	if (config_copy(&tmp, cfg))
		return diag_set(d, path, "out of memory");
	if (cfg_clear_field(&tmp, path, d) || config_validate(&tmp, d)) {
		config_free(&tmp);
		return -1;
	}
	config_free(cfg);
	config_move(cfg, &tmp);
	return 0;
}
