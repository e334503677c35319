/*
 * ethernet_calib.c: the Ethernet calibrator's core (see ethernet_calib.h):
 * the CSV parser, the fit through src/model/ethernet_fit, and the preset
 * printed with residual comments, all from text to text; reading the file
 * and printing are batch/calibrate.c's.
 */
#include "family/ethernet_calib.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/version.h"
#include "base/textcheck.h"
#include "config/config.h"
#include "config/yaml_dump.h"

#define MAX_FIELDS 8

enum { F_KIND, F_SRC, F_DST, F_BYTES, F_SECONDS, F_BETA, F_COUNT };
static const char *const col_names[F_COUNT] = {
	"kind", "src", "dst", "bytes", "seconds", "beta",
};

void calib_data_free(struct calib_data *c)
{
	if (!c)
		return;
	free(c->meas);
	free(c->line);
	free(c->beta);
	c->meas = NULL;
	c->line = NULL;
	c->beta = NULL;
	c->n = c->cap = 0;
}

static int at_line(struct diag *d, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int at_line(struct diag *d, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	diag_clear(d);
	snprintf(d->file, sizeof d->file, "%s", file);
	d->line = line;
	d->col = 0;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* Trim spaces (and a trailing CR) in place. */
static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

/* Split line at commas into at most MAX_FIELDS trimmed fields. */
static int split(char *line, char **f)
{
	int n = 0;
	for (char *p = line;; n++) {
		char *c = strchr(p, ',');
		if (n == MAX_FIELDS)
			return n + 1;
		if (c)
			*c = '\0';
		f[n] = trim(p);
		if (!c)
			return n + 1;
		p = c + 1;
	}
}

static int parse_real(const char *s, double *v)
{
	char *end;
	if (!*s)
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	return *end || errno == ERANGE ? -1 : 0;
}

static int parse_node(const char *s, int *v)
{
	char *end;
	if (!*s)
		return -1;
	long x = strtol(s, &end, 10);
	if (*end || x < 0 || x >= ETH_MAX_NODES)
		return -1;
	*v = (int)x;
	return 0;
}

static int push(struct calib_data *c, const struct eth_meas *m, int line, double beta)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 256;
		struct eth_meas *nm = realloc(c->meas, cap * sizeof *nm);
		if (!nm)
			return -1;
		c->meas = nm;
		int *nl = realloc(c->line, cap * sizeof *nl);
		if (!nl)
			return -1;
		c->line = nl;
		double *nb = realloc(c->beta, cap * sizeof *nb);
		if (!nb)
			return -1;
		c->beta = nb;
		c->cap = cap;
	}
	c->meas[c->n] = *m;
	c->line[c->n] = line;
	c->beta[c->n] = beta;
	c->n++;
	return 0;
}

/* "# node R NAME": remember NAME for node R. */
static void node_comment(struct calib_data *c, const char *s)
{
	int r, used = 0;
	while (*s == '#' || *s == ' ')
		s++;
	if (sscanf(s, "node %d %n", &r, &used) < 1 || used == 0 || r < 0 || r >= ETH_MAX_NODES)
		return;
	/* The name goes into a comment and a YAML text field: it follows the
	 * text rule (controls, CR, NEL, separators become '?') and is cut at a
	 * character boundary. */
	char name[4 * ETH_NAME_MAX];
	snprintf(name, sizeof name, "%s", s + used);
	text_sanitize(name);
	char *e = name + strlen(name);
	while (e > name && e[-1] == ' ')
		*--e = '\0';
	name[text_cut(name, sizeof c->names[r] - 1)] = '\0';
	memcpy(c->names[r], name, strlen(name) + 1);
}

int calib_parse_csv(const char *text, size_t len, const char *file, struct calib_data *out,
		    struct diag *d)
{
	int col[F_COUNT], ncols = 0, lineno = 0;
	bool header = false;
	char *buf = malloc(len + 1), *p;

	memset(out, 0, sizeof *out);
	if (!buf)
		return at_line(d, file, 0, "out of memory");
	memcpy(buf, text, len);
	buf[len] = '\0';
	if (memchr(text, '\0', len)) {
		free(buf);
		return at_line(d, file, 0, "not a text file (it contains NUL bytes)");
	}
	for (int k = 0; k < F_COUNT; k++)
		col[k] = -1;
	p = buf;
	while (p && *p) {
		char *nl = strchr(p, '\n'), *f[MAX_FIELDS + 1];
		if (nl)
			*nl = '\0';
		char *line = trim(p);
		p = nl ? nl + 1 : NULL;
		lineno++;
		if (*line == '\0')
			continue;
		if (*line == '#') {
			node_comment(out, line);
			continue;
		}
		int nf = split(line, f);
		if (!header) {
			if (nf > F_COUNT) {
				at_line(d, file, lineno, "%d or more columns in the header (expected: "
					"kind,src,dst,bytes,seconds[,beta])", nf);
				goto fail;
			}
			for (int k = 0; k < nf; k++) {
				int which = -1;
				for (int q = 0; q < F_COUNT; q++)
					if (strcmp(f[k], col_names[q]) == 0)
						which = q;
				if (which < 0) {
					at_line(d, file, lineno, "unknown column '%s' (allowed: kind, src, "
						"dst, bytes, seconds, and optionally beta)", f[k]);
					goto fail;
				}
				if (col[which] >= 0) {
					at_line(d, file, lineno, "column '%s' given twice", f[k]);
					goto fail;
				}
				col[which] = k;
			}
			for (int q = 0; q < F_BETA; q++)
				if (col[q] < 0) {
					at_line(d, file, lineno, "the header lacks column '%s' (expected: "
						"kind,src,dst,bytes,seconds[,beta])", col_names[q]);
					goto fail;
				}
			ncols = nf;
			out->has_beta = col[F_BETA] >= 0;
			header = true;
			continue;
		}
		if (nf != ncols) {
			at_line(d, file, lineno, "%d fields, the header has %d", nf, ncols);
			goto fail;
		}
		struct eth_meas m = { 0, 0, -1, 0, 0 };
		const char *kind = f[col[F_KIND]];
		if (strcmp(kind, "oneway") == 0)
			m.kind = ETH_MEAS_ONEWAY;
		else if (strcmp(kind, "roundtrip") == 0)
			m.kind = ETH_MEAS_ROUNDTRIP;
		else if (strcmp(kind, "bcast") == 0)
			m.kind = ETH_MEAS_BCAST;
		else {
			at_line(d, file, lineno, "kind: unknown '%s' (allowed: oneway, roundtrip, "
				"bcast)", kind);
			goto fail;
		}
		if (parse_node(f[col[F_SRC]], &m.src)) {
			at_line(d, file, lineno, "src: '%s' is not a node (allowed: an integer in "
				"[0, %d])", f[col[F_SRC]], ETH_MAX_NODES - 1);
			goto fail;
		}
		const char *dst = f[col[F_DST]];
		if (m.kind == ETH_MEAS_BCAST) {
			if (*dst && strcmp(dst, "*") != 0) {
				at_line(d, file, lineno, "dst: '%s' in a bcast row (allowed: empty or *; "
					"a broadcast spans every node)", dst);
				goto fail;
			}
		} else {
			if (parse_node(dst, &m.dst)) {
				at_line(d, file, lineno, "dst: '%s' is not a node (allowed: an integer "
					"in [0, %d])", dst, ETH_MAX_NODES - 1);
				goto fail;
			}
			if (m.dst == m.src) {
				at_line(d, file, lineno, "dst: %d is also src (allowed: two different "
					"nodes)", m.dst);
				goto fail;
			}
		}
		if (parse_real(f[col[F_BYTES]], &m.bytes) || !(m.bytes >= 0) || !isfinite(m.bytes)) {
			at_line(d, file, lineno, "bytes: '%s' (allowed: a size in bytes >= 0)",
				f[col[F_BYTES]]);
			goto fail;
		}
		if (parse_real(f[col[F_SECONDS]], &m.seconds) || !(m.seconds > 0) ||
		    !isfinite(m.seconds)) {
			at_line(d, file, lineno, "seconds: '%s' (allowed: a time in seconds > 0)",
				f[col[F_SECONDS]]);
			goto fail;
		}
		double beta = NAN;
		if (out->has_beta && *f[col[F_BETA]]) {
			if (m.kind == ETH_MEAS_BCAST) {
				at_line(d, file, lineno, "beta: given in a bcast row (allowed: empty; "
					"the tree's links take their pairs' rates)");
				goto fail;
			}
			if (parse_real(f[col[F_BETA]], &beta) || !(beta > 0) || !isfinite(beta) ||
			    beta > 1e15) {
				at_line(d, file, lineno, "beta: '%s' (allowed: a rate in bytes/s in "
					"(0, 1e15], or empty for the default)", f[col[F_BETA]]);
				goto fail;
			}
		}
		if (push(out, &m, lineno, beta)) {
			at_line(d, file, lineno, "out of memory");
			goto fail;
		}
		if (m.src + 1 > out->nodes)
			out->nodes = m.src + 1;
		if (m.dst + 1 > out->nodes)
			out->nodes = m.dst + 1;
	}
	free(buf);
	if (!header)
		return at_line(d, file, 0, "no header line (expected: kind,src,dst,bytes,seconds"
			       "[,beta])");
	if (out->n == 0)
		return at_line(d, file, 0, "no measurements after the header");
	return 0;
fail:
	free(buf);
	calib_data_free(out);
	return -1;
}

static const char *kind_name(enum eth_meas_kind k)
{
	return k == ETH_MEAS_ONEWAY ? "oneway" : k == ETH_MEAS_ROUNDTRIP ? "roundtrip" : "bcast";
}

/* Apply "KEY=VALUE" overrides to the preset being built. */
static int apply_sets(struct config *cfg, const char *const *sets, size_t nsets,
		      struct diag *d)
{
	for (size_t i = 0; i < nsets; i++) {
		char key[DIAG_PATH_MAX];
		const char *eq = strchr(sets[i], '=');
		size_t kl = eq ? (size_t)(eq - sets[i]) : strlen(sets[i]);
		if (kl >= sizeof key)
			kl = sizeof key - 1;
		memcpy(key, sets[i], kl);
		key[kl] = '\0';
		if (!eq || param_set_path(cfg->family->schema.params, config_body(cfg), key, eq + 1, d)) {
			if (!eq)
				diag_set(d, key, "expected KEY=VALUE");
			snprintf(d->file, sizeof d->file, "--set %s", sets[i]);
			d->line = d->col = 0;
			return -1;
		}
	}
	return 0;
}

/* The link rates of the pairs: the beta column where given (one rate per
 * pair), else link_rate.  Fills inv (n*n, s/byte) and, in the config,
 * an override for every pair whose rate differs from link_rate. */
static int pair_rates(const struct calib_data *cd, const char *file, struct config *cfg,
		      double *inv, struct diag *d)
{
	struct eth_config *ec = eth_cfg_mut(cfg);
	const struct param *links = param_find(cfg->family->schema.params, "links");
	size_t n = (size_t)cd->nodes;
	int *first = calloc(n * n, sizeof *first);
	if (!first)
		return at_line(d, file, 0, "out of memory");
	for (size_t k = 0; k < n * n; k++)
		inv[k] = (k / n == k % n) ? 0.0 : 1.0 / ec->link_rate;
	int rc = 0;
	for (size_t r = 0; r < cd->n && rc == 0; r++) {
		const struct eth_meas *m = &cd->meas[r];
		if (m->kind == ETH_MEAS_BCAST || isnan(cd->beta[r]))
			continue;
		size_t a = (size_t)m->src, b = (size_t)m->dst;
		if (first[a * n + b]) {
			if (1.0 / cd->beta[r] != inv[a * n + b])
				rc = at_line(d, file, cd->line[r], "beta: %g bytes/s for the pair "
					     "%d-%d, but line %d gave %g (allowed: one rate per "
					     "pair)", cd->beta[r], m->src, m->dst, first[a * n + b],
					     1.0 / inv[a * n + b]);
			continue;
		}
		first[a * n + b] = first[b * n + a] = cd->line[r];
		inv[a * n + b] = inv[b * n + a] = 1.0 / cd->beta[r];
		if (cd->beta[r] != ec->link_rate) {
			if (ec->nlinks == ETH_MAX_LINKS) {
				rc = at_line(d, file, cd->line[r], "more than %d pairs with their own "
					     "beta (allowed: at most %d overrides)", ETH_MAX_LINKS,
					     ETH_MAX_LINKS);
				break;
			}
			struct eth_link_cfg *lk = param_list_push(links, ec);
			if (!lk) {
				rc = at_line(d, file, 0, "out of memory");
				break;
			}
			*lk = (struct eth_link_cfg){
				m->src < m->dst ? m->src : m->dst, m->src < m->dst ? m->dst : m->src,
				cd->beta[r] };
		}
	}
	free(first);
	return rc;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* How many different sizes the rows have: sorted, O(n log n) (was a
 * comparison of every row with all earlier ones). */
static size_t distinct_sizes(const struct calib_data *cd)
{
	double *b = malloc(cd->n * sizeof *b);
	size_t k = 0;
	if (!b)
		return 0;
	for (size_t r = 0; r < cd->n; r++)
		b[r] = cd->meas[r].bytes;
	qsort(b, cd->n, sizeof *b, cmp_double);
	for (size_t r = 0; r < cd->n; r++)
		k += r == 0 || b[r] != b[r - 1];
	free(b);
	return k;
}

/* The fitted values go through the fields' own parser, so they obey the
 * same ranges as a value typed in a file (C <= 1000 s, t <= 1 s/byte,
 * Gamma, tau...): a fit out of range is an error, never a preset icnx
 * cannot load. */
static int check_fitted_ranges(struct config *cfg, const char *file, struct diag *d)
{
	const struct eth_config *ec = eth_cfg(cfg);
	char path[DIAG_PATH_MAX], val[64], msg[DIAG_MSG_MAX];
	for (size_t i = 0; i < ec->nclasses + 1; i++) {
		const char *keys[2];
		double v[2];
		if (i < ec->nclasses) {
			keys[0] = "C", keys[1] = "t";
			v[0] = ec->classes[i].C, v[1] = ec->classes[i].t;
		} else {
			keys[0] = "Gamma", keys[1] = "tau";
			v[0] = ec->broadcast.Gamma, v[1] = ec->broadcast.tau;
		}
		for (int k = 0; k < 2; k++) {
			if (i < ec->nclasses)
				snprintf(path, sizeof path, "classes.%zu.%s", i, keys[k]);
			else
				snprintf(path, sizeof path, "broadcast.%s", keys[k]);
			snprintf(val, sizeof val, "%.17g", v[k]);
			struct diag pd;
			diag_clear(&pd);
			if (param_set_path(cfg->family->schema.params, config_body(cfg), path, val, &pd)) {
				snprintf(msg, sizeof msg, "%s", pd.msg);
				return at_line(d, file, 0, "the fit gives %s = %.6g, which no preset "
					       "may hold (%s); are the times in seconds and the "
					       "sizes in bytes?", path, v[k], msg);
			}
		}
	}
	return 0;
}

int calibrate_text(const char *text, size_t len, const char *file, const char *const *sets,
		   size_t nsets, struct strbuf *out, struct diag *d)
{
	struct calib_data cd;
	struct config cfg;
	struct eth_fit_result res;
	double *inv = NULL, *model = NULL;
	char err[512];
	long bad = -1;
	int rc = -1;

	if (calib_parse_csv(text, len, file, &cd, d))
		return -1;
	if (config_defaults(&cfg, &eth_family.schema)) {
		calib_data_free(&cd);
		return 1;
	}
	if (apply_sets(&cfg, sets, nsets, d))
		goto out;
	struct eth_config *ec = eth_cfg_mut(&cfg);
	size_t n = (size_t)cd.nodes;
	inv = malloc(n * n * sizeof *inv);
	model = malloc(cd.n * sizeof *model);
	if (!inv || !model) {
		rc = 1;
		goto out;
	}
	if (pair_rates(&cd, file, &cfg, inv, d))
		goto out;
	struct eth_fit_input in = {
		.meas = cd.meas, .nmeas = cd.n, .n = cd.nodes, .inv_beta = inv,
		.tree = (enum eth_tree)ec->broadcast.tree, .absolute = false,
	};
	if (eth_fit(&in, &res, model, err, sizeof err, &bad)) {
		at_line(d, file, bad >= 0 ? cd.line[bad] : 0, "%s", err);
		goto out;
	}
	for (int i = 0; i < cd.nodes; i++) {
		const char *sym = res.C[i] < 0 ? "C" : res.t[i] < 0 ? "t" : NULL;
		if (!sym)
			continue;
		at_line(d, file, 0, "the fit gives %s_%d = %.4g %s, below 0 (allowed: delays "
			">= 0): the times of node %d's pairs grow more slowly than 1/beta = %.4g "
			"s/byte allows, or their intercept is noise; give the real link rate "
			"(--set link_rate=BYTES_PER_S or a beta column) or measure more sizes",
			sym, i, sym[0] == 'C' ? res.C[i] : res.t[i],
			sym[0] == 'C' ? "s" : "s/byte", i, 1.0 / ec->link_rate);
		goto out;
	}

	/* The preset. */
	snprintf(cfg.title, sizeof cfg.title, "calibrated from %s", file);
	const struct param *classes = param_find(cfg.family->schema.params, "classes");
	param_list_clear(classes, ec);
	for (size_t i = 0; i < n; i++) {
		struct eth_class_cfg *cl = param_list_push(classes, ec);
		if (!cl) {
			rc = 1;
			goto out;
		}
		memset(cl, 0, sizeof *cl);
		char name[ETH_NAME_MAX + 32];
		if (cd.names[i][0])
			snprintf(name, sizeof name, "rank%zu %s", i, cd.names[i]);
		else
			snprintf(name, sizeof name, "rank%zu", i);
		name[text_cut(name, sizeof cl->name - 1)] = '\0';   /* whole characters */
		memcpy(cl->name, name, strlen(name) + 1);
		cl->count = 1;
		cl->C = res.C[i];
		cl->t = res.t[i];
		cl->nic_rate = NAN;
	}
	if (res.has_bcast) {
		ec->broadcast.Gamma = res.Gamma;
		ec->broadcast.tau = res.tau;
	}
	if (check_fitted_ranges(&cfg, file, d))
		goto out;
	if (ec->operation.src >= (int)n)
		ec->operation.src = 0;
	if (ec->operation.dst >= (int)n || ec->operation.dst == ec->operation.src)
		ec->operation.dst = ec->operation.src == 0 ? 1 : 0;
	if (ec->operation.root >= (int)n)
		ec->operation.root = 0;
	if (config_validate(&cfg, d)) {
		char msg[DIAG_MSG_MAX + DIAG_PATH_MAX];
		snprintf(msg, sizeof msg, "%s%s%s", d->path, d->path[0] ? ": " : "", d->msg);
		at_line(d, file, 0, "the fitted preset is not valid: %s", msg);
		goto out;
	}
	char *yaml = config_dump(&cfg);
	if (!yaml) {
		rc = 1;
		goto out;
	}
	size_t nsizes = distinct_sizes(&cd);
	strbuf_printf(out, "# icnx --calibrate %s (icnx %s)\n", file, icnx_version);
	strbuf_printf(out, "# %d nodes; %zu point-to-point and %zu bcast rows over %zu sizes.\n",
		      cd.nodes, res.np2p, res.nbcast, nsizes);
	strbuf_printf(out, "# C_i and t_i by least squares on one-way times (a roundtrip "
		      "counts as two),\n# residuals relative to the measured times; beta "
		      "is an input: link_rate = %g bytes/s%s.\n", ec->link_rate,
		      ec->nlinks ? " and the links below (beta column)" :
		      cd.has_beta ? " (beta column)" : " for every pair");
	if (res.has_bcast)
		strbuf_printf(out, "# Gamma, tau: bcast time minus the longest path of the %s "
			      "binomial tree (Eq. 8).\n", eth_tree_name(in.tree));
	else
		strbuf_puts(out, "# No bcast rows: Gamma and tau are not measured (left as "
			    "given, default 0).\n");
	for (size_t i = 0; i < n; i++)
		if (cd.names[i][0])
			strbuf_printf(out, "# node %zu: %s\n", i, cd.names[i]);
	strbuf_puts(out, yaml);
	free(yaml);
	strbuf_puts(out, "\n# Residuals (model - measured), seconds; roundtrip rows compare "
		    "round trips:\n");
	strbuf_printf(out, "# %6s %-9s %4s %4s %10s %12s %12s %12s %9s\n", "line", "kind", "src",
		      "dst", "bytes", "measured", "model", "residual", "relative");
	for (size_t r = 0; r < cd.n; r++) {
		const struct eth_meas *m = &cd.meas[r];
		char dst[16];
		if (m->kind == ETH_MEAS_BCAST)
			snprintf(dst, sizeof dst, "*");
		else
			snprintf(dst, sizeof dst, "%d", m->dst);
		strbuf_printf(out, "# %6d %-9s %4d %4s %10.0f %12.5g %12.5g %12.4g %+8.2f%%\n",
			      cd.line[r], kind_name(m->kind), m->src, dst, m->bytes, m->seconds,
			      model[r], model[r] - m->seconds,
			      100 * (model[r] - m->seconds) / m->seconds);
	}
	strbuf_printf(out, "# RMS residual %.4g s; RMS relative residual %.2f%%; largest "
		      "%.2f%% (%zu rows)\n", res.rms_abs, 100 * res.rms_rel, 100 * res.max_rel,
		      cd.n);
	rc = out->failed ? 1 : 0;
out:
	free(inv);
	free(model);
	config_free(&cfg);
	calib_data_free(&cd);
	return rc;
}
