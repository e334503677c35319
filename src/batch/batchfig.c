/*
 * batchfig.c: --figure FILE, a curve output written as a gnuplot figure
 * (base/figure.h) beside the printed table, as the explorer's F writes
 * its plot: the family's starting columns (x_axis.y_columns; else the
 * curve's value) as lines, beside each the refined model's column that
 * refines it (options.model = refined: column.refines; its saturated
 * points left out, its own saturation line says where), named as the
 * explorer's legend names them, simulated columns as points with their 95%
 * intervals, the summary's saturation loads (the printed and the refined
 * model's) and marker as vertical lines.
 * The y axis fits every value (the explorer's Y): a batch run has no
 * screen whose clipping it could follow.
 */
#include "batch/batchfig.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/figure.h"
#include "base/strbuf.h"
#include "config/save.h"
#include "family/outkit.h"

/* Column c of t as a fresh array (caller frees); NULL out of memory. */
static double *column(const struct table *t, int c)
{
	double *v = malloc((t->nrows ? t->nrows : 1) * sizeof *v);
	for (size_t r = 0; v && r < t->nrows; r++)
		v[r] = table_get(t, r, (size_t)c);
	return v;
}

/* The summary's value of the row typed role (NaN: none). */
static double summary_x(const struct table *sum, enum row_role role)
{
	long r = sum->ncols > SUM_VALUE ? table_role_row(sum, role) : -1;
	return r >= 0 ? table_get(sum, (size_t)r, SUM_VALUE) : NAN;
}

/* "label [unit]" of column c. */
static void col_text(const struct table *t, int c, char *buf, size_t n)
{
	const struct column *k = &t->cols[c];
	snprintf(buf, n, "%s%s%s%s", k->label[0] ? k->label : k->name, k->unit[0] ? " [" : "",
		 k->unit, k->unit[0] ? "]" : "");
}

bool batch_figure_dir_ok(const char *path)
{
	char dir[PATH_MAX];
	struct stat st;
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (!slash)
		return true;
	if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

int batch_figure(const char *path, const struct loaded *l, const struct output_desc *out,
		 const struct table *t, const char *command, struct diag *d)
{
	const struct family *f = l->cfg.family;
	struct figure fig;
	struct figure_series fs[FIGURE_MAX_SERIES];
	double *bufs[FIGURE_MAX_SERIES * 4] = { NULL };
	int nb = 0, ns = 0, rc = 0;
	char xl[160], yl[160], title[320], err[PATH_MAX + 128];
	struct table sum;
	struct strbuf b;

	if (out->kind != OUT_CURVE || t->ncols < 2 || t->cols[0].kind != COL_NUM)
		return diag_set(d, "", "--figure: -o %s is not a curve (a figure plots -o curve, "
				"with --sim its simulated points)", out->name);
	if (!batch_figure_dir_ok(path))
		return diag_set(d, "", "--figure %s: its directory does not exist (nothing "
				"written; a figure never creates directories)", path);
	figure_init(&fig);
	/* the simulated value (what its bounds are of), and the lines */
	int lc = table_role(t, COL_LOWER), uc = table_role(t, COL_UPPER);
	int sv = lc > 0 ? t->cols[lc].of : -1;
	int lines[4], nl = 0;
	for (size_t k = 0; k < 4 && f->x.y_columns[k]; k++) {
		int c = table_col(t, f->x.y_columns[k]);
		if (c >= 1 && c != sv && t->cols[c].kind == COL_NUM)
			lines[nl++] = c;
	}
	for (size_t c = 1; nl == 0 && c < t->ncols; c++)
		if (t->cols[c].role == COL_VALUE && (int)c != sv && t->cols[c].kind == COL_NUM)
			lines[nl++] = (int)c;
	double *x = bufs[nb++] = column(t, 0);
	int nref = 0;
	for (int k = 0; k < nl; k++)
		nref += table_refined(t, lines[k]) > 0;
	for (int k = 0; k < nl && x; k++) {
		double *y = bufs[nb++] = column(t, lines[k]);
		/* one line and its refined model's: named as on screen */
		fs[ns] = (struct figure_series){ nl == 1 && nref ? "printed model" :
			t->cols[lines[k]].label[0] ? t->cols[lines[k]].label :
			t->cols[lines[k]].name, x, y, t->nrows, .dash = k + 1 };
		ns++;
		if (!y)
			x = NULL;
	}
	for (int k = 0; k < nl && x && nref; k++) {
		int rf = table_refined(t, lines[k]);
		if (rf < 1)
			continue;
		double *y = bufs[nb++] = column(t, rf);
		for (size_t r = 0; y && r < t->nrows; r++)
			if (isinf(y[r]))      /* saturated: its saturation line says so */
				y[r] = NAN;
		fs[ns++] = (struct figure_series){ nl == 1 ? "refined model (icnx)" :
			t->cols[rf].label[0] ? t->cols[rf].label : t->cols[rf].name, x, y,
			t->nrows, .refined = true };
		if (!y)
			x = NULL;
	}
	if (sv > 0 && x) {
		double *y = bufs[nb++] = column(t, sv), *lo = bufs[nb++] = column(t, lc),
		       *hi = uc > 0 ? (bufs[nb++] = column(t, uc)) : NULL;
		fs[ns++] = (struct figure_series){ "simulation (95% interval)", x, y, t->nrows,
						   .points = true, .lo = lo, .hi = hi };
		if (!y || !lo || (uc > 0 && !hi))
			x = NULL;
	}
	if (!x) {
		rc = diag_set(d, "", "out of memory");
		goto done;
	}
	col_text(t, 0, xl, sizeof xl);
	col_text(t, nl ? lines[0] : sv, yl, sizeof yl);
	snprintf(title, sizeof title, "%s%s%s", l->name, l->cfg.title[0] ? ": " : "",
		 l->cfg.title);
	fig.title = title;
	fig.x_label = xl;
	fig.y_label = nl > 1 ? t->cols[lines[0]].unit : yl;
	fig.x_log = f->x.log;
	fig.y_log = f->x.y_log;
	fig.series = fs;
	fig.nseries = (size_t)ns;
	fig.command = command;
	/* the saturation load and the marker, from the family's summary */
	table_init(&sum, "");
	for (size_t k = 0; f->outputs[k].name; k++) {
		if (f->outputs[k].kind != OUT_SUMMARY)
			continue;
		struct run_req req;
		struct diag sd;
		run_req_init(&req);
		diag_clear(&sd);
		if (output_run(&f->outputs[k], &l->cfg, &req, &sum, &sd) == 0) {
			fig.sat_x = summary_x(&sum, ROW_SATURATION);
			fig.sat_label = "saturation";
			if (nref) {
				fig.ref_sat_x = summary_x(&sum, ROW_SATURATION_REFINED);
				fig.ref_sat_label = "refined sat";
			}
			fig.mark_x = summary_x(&sum, ROW_MARKER);
			long mr = table_role_row(&sum, ROW_MARKER);
			if (mr >= 0)
				fig.mark_label = table_get_text(&sum, (size_t)mr, SUM_SYMBOL);
		}
		break;
	}
	strbuf_init(&b);
	figure_gnuplot(&fig, &b);
	table_free(&sum);
	if (b.failed)
		rc = diag_set(d, "", "out of memory");
	else if (save_atomic(path, b.s, b.len, err, sizeof err))
		rc = diag_set(d, "", "--figure: %s", err);
	strbuf_free(&b);
done:
	for (int i = 0; i < nb; i++)
		free(bufs[i]);
	return rc;
}
