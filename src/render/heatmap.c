/*
 * heatmap.c: shaded matrix renderer (see heatmap.h for the rules).
 *
 * Steps: find the scale k that shows the most detail without a legend,
 * then the first legend place (right, below, compact) that costs little
 * detail, sizing its legend from the shown (block mean) values; draw the
 * title, labels, cells and legend.
 */
#include "render/heatmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/axis.h"
#include "render/glyphs.h"

#define LABEL_MAX 8        /* row / column labels are cut to this width */
#define ENTRY_MAX 40

enum legend_place { LEG_NONE, LEG_RIGHT, LEG_BELOW, LEG_COMPACT };

struct hm_layout {
	int k, cw, drows, dcols;
	int br0, bc0;          /* first shown block (zoom window; 0 when fitted) */
	int rl_w;              /* row label width, 0 = none */
	int title_y, collab_y; /* -1 = none */
	int mx0, my0;          /* first shaded cell */
	enum legend_place place;
	int legend_w, legend_rows;
};

void
heatmap_spec_init(struct heatmap_spec *s)
{
	memset(s, 0, sizeof *s);
	s->v_min = s->v_max = NAN;
	s->cursor_row = s->cursor_col = -1;
	s->labels = true;
	s->legend = true;
}

static int
div_up(int a, int b)
{
	return (a + b - 1) / b;
}

/* Mean of the finite values of block (bi, bj) of matrix vals (rows x cols
 * as s says) at scale k; NaN if none. */
static double
block_mean_of(const struct heatmap_spec *s, const double *vals, int k, int bi, int bj)
{
	double sum = 0;
	int i, j, n = 0;

	for (i = bi * k; i < (bi + 1) * k && i < s->rows; i++)
		for (j = bj * k; j < (bj + 1) * k && j < s->cols; j++) {
			double v = vals[(size_t)i * (size_t)s->cols + (size_t)j];

			if (isfinite(v)) {
				sum += v;
				n++;
			}
		}
	return n > 0 ? sum / n : NAN;
}

/* Block (bi, bj) of the shown matrix. */
static double
block_mean(const struct heatmap_spec *s, int k, int bi, int bj)
{
	return block_mean_of(s, s->values, k, bi, bj);
}

/*
 * How the shown values map to shades (heatmap.h, "Shading"):
 * SH_VALUES  one level per distinct value (no more than the ramp has shades);
 * SH_DIGITS  a few more distinct values than shades: each cell prints its
 *            value (cells wide enough), the level only picks the colour;
 * SH_BINS    many values: every shade used, each bin a run of neighbouring
 *            values, the legend states the exact range of its members;
 * SH_RANGE   v_min / v_max given: equal bins of that range;
 * SH_DIVERGE signed classes around 0, each with its own glyph.
 */
enum shade_mode {
	SH_VALUES = HEATMAP_VALUES, SH_DIGITS = HEATMAP_DIGITS,
	SH_BINS = HEATMAP_BINS, SH_RANGE = HEATMAP_RANGE,
	SH_DIVERGE = HEATMAP_DIVERGING
};

#define DISTINCT_MAX HEATMAP_MAX_VALUES
#define DIGITS_CW_MAX 5    /* widest cell that prints a value */

/* Range and binning of the shown values. */
struct shade {
	enum shade_mode mode;
	double lo, hi;
	int levels;
	/* SH_VALUES, SH_DIGITS: level i is the value val[i] (ascending).
	 * SH_BINS, SH_RANGE: level i holds [bmin[i], bmax[i]]; a value goes to
	 * the first level whose cut[i] it does not exceed. */
	double val[DISTINCT_MAX];
	double bmin[HEATMAP_MAX_LEVELS], bmax[HEATMAP_MAX_LEVELS];
	double cut[HEATMAP_MAX_LEVELS];
	int ndistinct;         /* distinct shown values, DISTINCT_MAX + 1 = more */
	int prec;              /* significant digits that tell the labels apart */
	int label_w;           /* SH_DIGITS candidates: widest value label */
	bool any_nan;          /* some shown cell is empty */
	const char *ramp[GLYPHS_MAXRAMP];
	int nramp;
	/* SH_DIVERGE: level i is the class dclass[i] (0..4: far below 0,
	 * below, 0, above, far above), classes without values left out;
	 * dzero and dfar are the class limits |v| <= dzero, |v| > dfar. */
	int dclass[5];
	double dzero, dfar;
};

/* Shadings already computed in this render, by scale (layout tries several
 * legend places at the same scale). */
struct shade_cache {
	int key[6];            /* 2 k + digits allowed */
	struct shade sh[6];
	int n;
};

static bool
same_value(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

/* v with p significant digits (p <= 3: the axis format, "1.25", "12k"). */
static char *
fmt_prec(char *buf, size_t n, double v, int p)
{
	if (p <= 3)
		return axis_fmt_value(buf, n, v);
	snprintf(buf, n, "%.*g", p, v);
	return buf;
}

/* The fewest significant digits (3..12) that print the ascending values
 * v[0..n-1] so that two neighbours that differ never print the same. */
static int
choose_prec(const double *v, int n)
{
	char a[32], b[32];
	int p, i;

	for (p = 3; p < 12; p++) {
		for (i = 1; i < n; i++) {
			if (same_value(v[i - 1], v[i]))
				continue;
			if (strcmp(fmt_prec(a, sizeof a, v[i - 1], p),
				   fmt_prec(b, sizeof b, v[i], p)) == 0)
				break;
		}
		if (i >= n)
			break;
	}
	return p;
}

/* sh->prec from the edges of its bins (bmin, bmax of each level): four
 * digits at most, a bin's range is read, not compared. */
static void
bin_edges_prec(struct shade *sh)
{
	double edges[2 * HEATMAP_MAX_LEVELS];

	for (int i = 0; i < sh->levels; i++) {
		edges[2 * i] = sh->bmin[i];
		edges[2 * i + 1] = sh->bmax[i];
	}
	sh->prec = choose_prec(edges, 2 * sh->levels);
	if (sh->prec > 4)
		sh->prec = 4;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Insert v into the ascending distinct list val[0..*n-1] (at most max). */
static void
add_distinct(double *val, int *n, int max, double v)
{
	int lo = 0, hi = *n;

	if (*n > max)
		return;
	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (same_value(val[mid], v))
			return;
		if (val[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && same_value(val[lo - 1], v))
		return;
	if (*n == max) {
		(*n)++;          /* too many to list */
		return;
	}
	memmove(val + lo + 1, val + lo, sizeof *val * (size_t)(*n - lo));
	val[lo] = v;
	(*n)++;
}

/*
 * Many values: L bins of neighbouring values with about the same number of
 * cells each, every bin non-empty (a value is never split between bins).
 * all[0..n-1] are the shown values, sorted.
 */
static void
quantile_bins(struct shade *sh, const double *all, size_t n, int L)
{
	size_t i = 0, end, target;
	int b;

	for (b = 0; b < L; b++) {
		/* Distinct values still needed for the bins after this one. */
		int need = L - 1 - b;
		size_t j, last_ok;

		sh->bmin[b] = all[i];
		target = (size_t)((double)(b + 1) * (double)n / L + 0.5);
		if (target <= i)
			target = i + 1;
		/* end: one past the run of values equal to all[target - 1]. */
		end = target;
		while (end < n && same_value(all[end], all[end - 1]))
			end++;
		/* Leave at least `need` distinct values for the later bins. */
		last_ok = n;
		for (j = n; need > 0 && j > i; j--) {
			if (j == n || !same_value(all[j], all[j - 1])) {
				last_ok = j;
				if (--need == 0)
					break;
			}
		}
		if (b == L - 1 || end > last_ok)
			end = b == L - 1 ? n : last_ok;
		if (end <= i)
			end = i + 1;
		while (end < n && same_value(all[end], all[end - 1]))
			end++;
		sh->bmax[b] = all[end - 1];
		i = end;
		if (i >= n) {
			b++;
			break;
		}
	}
	sh->levels = b;
	for (b = 0; b + 1 < sh->levels; b++)
		sh->cut[b] = 0.5 * (sh->bmax[b] + sh->bmin[b + 1]);
	sh->cut[sh->levels - 1] = INFINITY;
}

/* The class (0..4) of a signed value v (SH_DIVERGE). */
static int
diverge_class(const struct shade *sh, double v)
{
	if (fabs(v) <= sh->dzero)
		return 2;
	if (v < 0)
		return v < -sh->dfar ? 0 : 1;
	return v > sh->dfar ? 4 : 3;
}

/* SH_DIVERGE: the classes present and each one's exact range. */
static void
diverge_classes(const struct heatmap_spec *s, const double *const *src, int nsrc, int k,
		struct shade *sh)
{
	double m = fmax(fabs(sh->lo), fabs(sh->hi)), cmin[5], cmax[5];
	int nbr = div_up(s->rows, k), nbc = div_up(s->cols, k), q, i, j, c;
	bool seen[5] = { false };

	if (!isfinite(m))
		m = 0;
	sh->mode = SH_DIVERGE;
	sh->dzero = 1e-9 * m;
	sh->dfar = 0.5 * m;
	for (q = 0; q < nsrc; q++)
		for (i = 0; i < nbr; i++)
			for (j = 0; j < nbc; j++) {
				double v = block_mean_of(s, src[q], k, i, j);

				if (isnan(v))
					continue;
				c = diverge_class(sh, v);
				cmin[c] = seen[c] ? fmin(cmin[c], v) : v;
				cmax[c] = seen[c] ? fmax(cmax[c], v) : v;
				seen[c] = true;
			}
	sh->levels = 0;
	for (c = 0; c < 5; c++) {
		if (!seen[c])
			continue;
		sh->dclass[sh->levels] = c;
		sh->bmin[sh->levels] = c == 2 ? 0 : cmin[c];
		sh->bmax[sh->levels] = c == 2 ? 0 : cmax[c];
		sh->levels++;
	}
	if (sh->levels == 0) {          /* no data: one class, 0 */
		sh->dclass[0] = 2;
		sh->levels = 1;
	}
	bin_edges_prec(sh);
}

/* Range and levels of the values shown at scale k (see heatmap.h). */
static void
shade_compute(const struct heatmap_spec *s, const struct glyphs *g, int k,
	      bool digits, struct shade *sh)
{
	double lo = INFINITY, hi = -INFINITY;
	int i, j, maxl, nbr = div_up(s->rows, k), nbc = div_up(s->cols, k);
	char buf[32];

	const double *src[2] = { s->values, s->shared };
	int nsrc = s->shared != NULL ? 2 : 1, q;

	memset(sh, 0, sizeof *sh);
	for (q = 0; q < nsrc; q++)
		for (i = 0; i < nbr; i++)
			for (j = 0; j < nbc; j++) {
				double v = block_mean_of(s, src[q], k, i, j);

				if (isnan(v)) {
					sh->any_nan = true;
					continue;
				}
				lo = fmin(lo, v);
				hi = fmax(hi, v);
				add_distinct(sh->val, &sh->ndistinct, DISTINCT_MAX, v);
			}
	/* The ramp: without its blank when blank must mean "no data". */
	for (i = sh->any_nan ? 1 : 0; i < g->nheat; i++)
		sh->ramp[sh->nramp++] = g->heat[i];
	maxl = s->levels > 0 && s->levels < sh->nramp ? s->levels : sh->nramp;
	if (maxl > HEATMAP_MAX_LEVELS)
		maxl = HEATMAP_MAX_LEVELS;
	if (!isfinite(lo)) {            /* no data at all */
		lo = hi = 0;
		sh->ndistinct = 0;
	}
	sh->lo = lo;
	sh->hi = hi;
	if (s->diverging) {
		for (i = 0; i < 5; i++)
			sh->ramp[i] = g->diverge[i];
		sh->nramp = 5;
		diverge_classes(s, src, nsrc, k, sh);
		return;
	}
	if (!isnan(s->v_min) || !isnan(s->v_max)) {
		sh->mode = SH_RANGE;
		sh->lo = !isnan(s->v_min) ? s->v_min : lo;
		sh->hi = !isnan(s->v_max) ? s->v_max : hi;
		if (!(sh->hi > sh->lo))
			sh->hi = sh->lo;
		sh->levels = sh->hi > sh->lo ? maxl : 1;
		for (i = 0; i < sh->levels; i++) {
			sh->bmin[i] = sh->lo + (sh->hi - sh->lo) * i / sh->levels;
			sh->bmax[i] = sh->lo + (sh->hi - sh->lo) * (i + 1) / sh->levels;
			sh->cut[i] = i == sh->levels - 1 ? INFINITY : sh->bmax[i];
		}
		sh->prec = choose_prec(sh->bmax, sh->levels);
		return;
	}
	if (sh->ndistinct <= 1) {
		sh->mode = SH_VALUES;
		sh->levels = 1;
		sh->val[0] = lo;
		sh->prec = 3;
		return;
	}
	if (sh->ndistinct <= maxl) {
		sh->mode = SH_VALUES;
		sh->levels = sh->ndistinct;
		sh->prec = choose_prec(sh->val, sh->levels);
		return;
	}
	if (digits && sh->ndistinct <= DISTINCT_MAX) {
		/* Digits when the cells are wide enough (layout decides). */
		sh->mode = SH_DIGITS;
		sh->levels = sh->ndistinct;
		sh->prec = choose_prec(sh->val, sh->levels);
		for (i = 0; i < sh->levels; i++) {
			int w = canvas_text_width(fmt_prec(buf, sizeof buf, sh->val[i],
							   sh->prec));
			if (w > sh->label_w)
				sh->label_w = w;
		}
		return;
	}
	sh->mode = SH_BINS;
	{
		size_t n = 0, cap = (size_t)nbr * (size_t)nbc * (size_t)nsrc;
		double *all = malloc(sizeof *all * (cap > 0 ? cap : 1));

		if (all == NULL) {
			/* Out of memory: equal bins of the range. */
			sh->mode = SH_RANGE;
			sh->levels = maxl;
			for (i = 0; i < maxl; i++) {
				sh->bmin[i] = lo + (hi - lo) * i / maxl;
				sh->bmax[i] = lo + (hi - lo) * (i + 1) / maxl;
				sh->cut[i] = i == maxl - 1 ? INFINITY : sh->bmax[i];
			}
			sh->prec = choose_prec(sh->bmax, maxl);
			return;
		}
		for (q = 0; q < nsrc; q++)
			for (i = 0; i < nbr; i++)
				for (j = 0; j < nbc; j++) {
					double v = block_mean_of(s, src[q], k, i, j);

					if (!isnan(v))
						all[n++] = v;
				}
		qsort(all, n, sizeof *all, cmp_double);
		quantile_bins(sh, all, n, maxl);
		free(all);
		bin_edges_prec(sh);
	}
}

/* shade_compute() once per scale within one render. */
static const struct shade *
shade_at(struct shade_cache *sc, const struct heatmap_spec *s,
	 const struct glyphs *g, int k, bool digits)
{
	int i, key = 2 * k + (digits ? 1 : 0);

	for (i = 0; i < sc->n; i++)
		if (sc->key[i] == key)
			return &sc->sh[i];
	i = sc->n < 6 ? sc->n++ : 5;
	sc->key[i] = key;
	shade_compute(s, g, k, digits, &sc->sh[i]);
	return &sc->sh[i];
}

/*
 * The shading at scale k for cells *cw columns wide, dcols of them in aw
 * columns: digits need label_w + 1 columns per cell, so the cells widen to
 * that when they still fit (up to DIGITS_CW_MAX), else the values are binned.
 */
static const struct shade *
shade_fit(struct shade_cache *sc, const struct heatmap_spec *s,
	  const struct glyphs *g, int k, int aw, int dcols, int *cw)
{
	const struct shade *sh = shade_at(sc, s, g, k, true);
	int need = sh->label_w + 1;

	if (sh->mode != SH_DIGITS || need <= *cw)
		return sh;
	if (need <= DIGITS_CW_MAX && dcols * need <= aw) {
		*cw = need;
		return sh;
	}
	return shade_at(sc, s, g, k, false);
}

static int
level_of(const struct shade *sh, double v)
{
	int l;

	if (sh->mode == SH_DIVERGE) {
		int c = diverge_class(sh, v);

		for (l = 0; l < sh->levels; l++)
			if (sh->dclass[l] == c)
				return l;
		return 0;
	}
	if (sh->levels <= 1)
		return 0;
	if (sh->mode == SH_VALUES || sh->mode == SH_DIGITS) {
		int best = 0;

		for (l = 1; l < sh->levels; l++)
			if (fabs(sh->val[l] - v) < fabs(sh->val[best] - v))
				best = l;
		return best;
	}
	for (l = 0; l < sh->levels - 1; l++)
		if (v <= sh->cut[l])
			break;
	return l;
}

static const char *
level_glyph(const struct shade *sh, int l)
{
	if (sh->mode == SH_DIVERGE)
		return sh->ramp[sh->dclass[l]];
	if (sh->levels <= 1)
		return sh->ramp[sh->nramp - 1];
	if (sh->levels > sh->nramp)     /* SH_DIGITS: the glyph is unused */
		return sh->ramp[sh->nramp - 1];
	return sh->ramp[(int)lround((double)l * (sh->nramp - 1) / (sh->levels - 1))];
}

static int
level_style(const struct shade *sh, int l)
{
	/* far below 0, below, 0, above, far above: blue to yellow, the
	 * glyphs tell the sign without colour */
	static const int dsty[5] = { STY_HEAT0, STY_HEAT2, STY_DIM, STY_HEAT7, STY_HEAT9 };

	if (sh->mode == SH_DIVERGE)
		return dsty[sh->dclass[l]];
	if (sh->levels <= 1)
		return STY_HEAT0 + CANVAS_NHEAT_STY - 1;
	return STY_HEAT0 + (int)lround((double)l * (CANVAS_NHEAT_STY - 1) /
				       (sh->levels - 1));
}

/* The value of level l (one value) or its exact range "0.5..1". */
static void
level_text(const struct shade *sh, int l, char *buf, size_t n)
{
	char a[32], b[32];

	if (sh->mode == SH_VALUES || sh->mode == SH_DIGITS) {
		snprintf(buf, n, "%s", fmt_prec(a, sizeof a, sh->val[l], sh->prec));
		return;
	}
	fmt_prec(a, sizeof a, sh->bmin[l], sh->prec);
	fmt_prec(b, sizeof b, sh->bmax[l], sh->prec);
	if (strcmp(a, b) == 0)
		snprintf(buf, n, "%s", a);
	else
		snprintf(buf, n, "%s..%s", a, b);
}

/* Legend entries with a swatch (none in SH_DIGITS: the cells say it). */
static int
legend_levels(const struct shade *sh)
{
	return sh->mode == SH_DIGITS ? 0 : sh->levels;
}

/* Columns legend entry l takes (nl levels, then the NaN entry). */
static int
entry_width(const struct shade *sh, int l, int nl)
{
	char buf[ENTRY_MAX];

	if (l >= nl)
		return 10;
	level_text(sh, l, buf, sizeof buf);
	return 3 + canvas_text_width(buf);
}

/* Widest legend entry ("gg text") and the number of entries. */
static int
legend_entries(const struct heatmap_spec *s, const struct shade *sh, int *width)
{
	char buf[ENTRY_MAX];
	int l, w, n = legend_levels(sh) + (sh->any_nan ? 1 : 0);

	*width = 0;
	for (l = 0; l < legend_levels(sh); l++) {
		level_text(sh, l, buf, sizeof buf);
		w = 3 + canvas_text_width(buf);
		if (w > *width)
			*width = w;
	}
	if (sh->any_nan && *width < 10)
		*width = 10;                    /* "   no data" */
	if (s->unit != NULL && *s->unit != '\0') {
		w = canvas_text_width(s->unit) + 2;
		if (w > *width)
			*width = w;
		n++;
	}
	if (s->legend_note != NULL && *s->legend_note != '\0') {
		w = canvas_text_width(s->legend_note);
		if (w > *width)
			*width = w;
		n++;
	}
	return n;
}

/* Rows of the legend packed into width w (entries separated by 2). */
static int
legend_packed_rows(const struct heatmap_spec *s, const struct shade *sh, int w)
{
	int l, x = 0, rows = 1, ew, nl = legend_levels(sh);
	int n = nl + (sh->any_nan ? 1 : 0);

	if (s->legend_note != NULL && *s->legend_note != '\0')
		x = canvas_text_width(s->legend_note);
	if (s->unit != NULL && *s->unit != '\0')
		x += (x > 0 ? 2 : 0) + canvas_text_width(s->unit) + 2;
	for (l = 0; l < n; l++) {
		ew = entry_width(sh, l, nl);
		if (x > 0 && x + 2 + ew > w) {
			rows++;
			x = ew;
		} else {
			x += (x > 0 ? 2 : 0) + ew;
		}
	}
	return rows;
}

/* Label i of a row or column: labels[i], or the index when there is none. */
static const char *
index_label(const char *const *labels, int i, char *buf, size_t n)
{
	if (labels != NULL && labels[i] != NULL)
		snprintf(buf, n, "%s", labels[i]);
	else
		snprintf(buf, n, "%d", i);
	return buf;
}

static const char *
row_label(const struct heatmap_spec *s, int i, char *buf, size_t n)
{
	return index_label(s->row_labels, i, buf, n);
}

static const char *
col_label(const struct heatmap_spec *s, int j, char *buf, size_t n)
{
	return index_label(s->col_labels, j, buf, n);
}

/* The widest of labels 0, step, 2 step, ... below count, at most LABEL_MAX. */
static int
labels_width(const char *const *labels, int count, int step)
{
	char buf[64];
	int i, w = 0, lw;

	for (i = 0; i < count; i += step) {
		lw = canvas_text_width(index_label(labels, i, buf, sizeof buf));
		if (lw > w)
			w = lw;
	}
	return w > LABEL_MAX ? LABEL_MAX : w;
}

static int
col_label_width(const struct heatmap_spec *s)
{
	return labels_width(s->col_labels, s->cols, 1);
}

/*
 * Scale k and cell width for a matrix area of aw x ah cells: two columns
 * per cell when that costs no detail (square look), three when unscaled
 * and the column labels need them.
 */
static void
choose_scale(const struct heatmap_spec *s, int aw, int ah, int *k, int *cw)
{
	int kr = div_up(s->rows, ah), k1, k2, lw;

	k1 = kr > div_up(s->cols, aw) ? kr : div_up(s->cols, aw);
	k2 = aw >= 2 ? (kr > div_up(s->cols, aw / 2) ? kr : div_up(s->cols, aw / 2))
		     : k1 + 1;
	*k = k1 < 1 ? 1 : k1;
	*cw = k2 <= *k ? 2 : 1;
	if (*k == 1 && *cw == 2 && s->labels && s->cols * 3 <= aw) {
		lw = col_label_width(s);
		if (lw >= 2)
			*cw = 3;
	}
}

static int
row_label_width(const struct heatmap_spec *s, int k)
{
	return labels_width(s->row_labels, s->rows, k);
}

/*
 * Try legend place p: the scale k and cell width for the area left, then
 * the exact shading at that scale, and whether its legend really fits.
 * Returns false if the place does not fit.
 */
static bool
try_place(const struct heatmap_spec *s, const struct glyphs *g,
	  struct shade_cache *sc, struct canvas_rect r, int top, int rl_w,
	  enum legend_place p, const struct shade *est, struct hm_layout *L,
	  struct shade *sh)
{
	int aw0 = r.w - (rl_w > 0 ? rl_w + 1 : 0), ah0 = r.y + r.h - top;
	int below = r.y + r.h - (r.h >= 3 ? r.y + 1 : r.y);
	int aw = aw0, ah = ah0, ew, n, rows = 0, pass;
	const struct shade *cur = est;

	/* Size the legend from the raw values, choose the scale, then size it
	 * again from the values shown at that scale, until it settles. */
	for (pass = 0; pass < 4; pass++) {
		aw = aw0;
		ah = ah0;
		n = legend_entries(s, cur, &ew);
		if (p == LEG_RIGHT) {
			aw -= ew + 2;
			if (n > below)
				return false;
		} else if (p == LEG_BELOW) {
			rows = legend_packed_rows(s, cur, r.w);
			ah -= rows;
		} else if (p == LEG_COMPACT) {
			rows = 1;
			ah -= rows;
		}
		if (aw < 2 || ah < 1)
			return false;
		if (pass > 0 && div_up(s->rows, L->k) <= ah &&
		    div_up(s->cols, L->k) * L->cw <= aw)
			break;
		choose_scale(s, aw, ah, &L->k, &L->cw);
		cur = shade_fit(sc, s, g, L->k, aw, div_up(s->cols, L->k), &L->cw);
	}
	L->drows = div_up(s->rows, L->k);
	L->dcols = div_up(s->cols, L->k);
	if (L->drows > ah || L->dcols * L->cw > aw)
		return false;
	*sh = *cur;
	L->place = p;
	L->legend_w = ew;
	L->legend_rows = rows;
	return true;
}

/* Zoom: the window of blocks that fits an area of aw x ah cells, moved back
 * from the wanted first block so that it is as full as the matrix allows. */
static void
zoom_window(const struct heatmap_spec *s, int aw, int ah, struct hm_layout *L)
{
	int nbr = div_up(s->rows, L->k), nbc = div_up(s->cols, L->k);
	int fit_r = ah < nbr ? ah : nbr, fit_c = aw / L->cw < nbc ? aw / L->cw : nbc;

	L->drows = fit_r < 0 ? 0 : fit_r;
	L->dcols = fit_c < 0 ? 0 : fit_c;
	L->br0 = s->row0 > 0 ? s->row0 / L->k : 0;
	L->bc0 = s->col0 > 0 ? s->col0 / L->k : 0;
	if (L->br0 > nbr - L->drows)
		L->br0 = nbr - L->drows;
	if (L->bc0 > nbc - L->dcols)
		L->bc0 = nbc - L->dcols;
	if (L->br0 < 0)
		L->br0 = 0;
	if (L->bc0 < 0)
		L->bc0 = 0;
}

/* Zoom layout: the caller's scale and cell width; the legend on the right
 * or below when it keeps two thirds of the window, else a compact line. */
static bool
layout_zoom(const struct heatmap_spec *s, const struct glyphs *g,
	    struct shade_cache *sc, struct canvas_rect r, int top,
	    struct hm_layout *L, struct shade *sh)
{
	struct hm_layout none = *L, t;
	struct shade est;
	int aw0 = r.w - (L->rl_w > 0 ? L->rl_w + 1 : 0), ah0 = r.y + r.h - top, ew, n;

	none.k = s->scale;
	none.cw = s->cell_w >= 1 && s->cell_w <= 3 ? s->cell_w : 2;
	/* The whole matrix's shading at this scale: it stays as the window
	 * moves (digits widen the cells when one still fits). */
	est = *shade_fit(sc, s, g, none.k, aw0, 1, &none.cw);
	zoom_window(s, aw0, ah0, &none);
	if (none.drows < 1 || none.dcols < 1)
		return false;
	*L = none;
	if (!s->legend)
		goto done;
	n = legend_entries(s, &est, &ew);
	/* right */
	t = none;
	if (n <= r.h - (r.h >= 3 ? 1 : 0)) {
		zoom_window(s, aw0 - ew - 2, ah0, &t);
		if (t.dcols >= 1 && 3 * t.dcols >= 2 * none.dcols) {
			t.place = LEG_RIGHT;
			t.legend_w = ew;
			*L = t;
			goto done;
		}
	}
	t = none;
	t.legend_rows = legend_packed_rows(s, &est, r.w);
	zoom_window(s, aw0, ah0 - t.legend_rows, &t);
	if (t.drows >= 1 && 3 * t.drows >= 2 * none.drows) {
		t.place = LEG_BELOW;
		t.legend_w = ew;
		*L = t;
		goto done;
	}
	t = none;
	t.legend_rows = 1;
	zoom_window(s, aw0, ah0 - 1, &t);
	if (t.drows >= 1) {
		t.place = LEG_COMPACT;
		t.legend_w = ew;
		*L = t;
	}
done:
	*sh = est;
	return true;
}

/*
 * Choose the legend place and the scale.  Without a legend the map shows
 * the most detail (scale kmin, cell width cw); a legend place is taken,
 * in the order right, below, compact, if it costs at most half as much
 * again in scale and does not halve the cell width.
 */
static bool
layout(const struct heatmap_spec *s, const struct glyphs *g,
       struct canvas_rect r, struct hm_layout *L, struct shade *sh)
{
	static const enum legend_place order[] = { LEG_RIGHT, LEG_BELOW,
						   LEG_COMPACT };
	struct hm_layout best, t;
	struct shade tsh;
	struct shade_cache sc;
	const struct shade *est;
	int top, i;

	sc.n = 0;
	memset(L, 0, sizeof *L);
	L->title_y = r.h >= 3 ? r.y : -1;
	top = r.y + (L->title_y >= 0 ? 1 : 0);
	L->rl_w = s->labels && r.w >= 12 ? row_label_width(s, 1) : 0;
	L->collab_y = s->labels && r.h >= 6 ? top++ : -1;
	if (s->scale >= 1) {
		if (!layout_zoom(s, g, &sc, r, top, L, sh))
			return false;
		L->mx0 = r.x + (L->rl_w > 0 ? L->rl_w + 1 : 0);
		L->my0 = top;
		return true;
	}
	est = shade_at(&sc, s, g, 1, true);
	best = *L;
	if (!try_place(s, g, &sc, r, top, L->rl_w, LEG_NONE, est, &best, sh))
		return false;
	*L = best;
	for (i = 0; s->legend && i < 3; i++) {
		t = best;
		if (!try_place(s, g, &sc, r, top, L->rl_w, order[i], est, &t, &tsh))
			continue;
		if (2 * t.k > 3 * best.k + 1 || (t.cw < best.cw))
			continue;
		*L = t;
		*sh = tsh;
		break;
	}
	if (L->rl_w > 0)
		L->rl_w = row_label_width(s, L->k);
	L->mx0 = r.x + (L->rl_w > 0 ? L->rl_w + 1 : 0);
	L->my0 = top;
	return true;
}

static void
draw_labels(struct canvas *c, const struct canvas_rect *clip,
	    const struct heatmap_spec *s, const struct hm_layout *L, int cur_bi,
	    int cur_bj)
{
	char buf[64];
	int i, j, x, w, last_end = -1000;
	int right = L->place == LEG_RIGHT ? L->mx0 + L->dcols * L->cw + 1
					  : clip->x + clip->w;

	if (L->rl_w > 0)
		for (i = 0; i < L->drows; i++) {
			struct canvas_rect cl = { clip->x, clip->y, L->rl_w, clip->h };

			row_label(s, (L->br0 + i) * L->k, buf, sizeof buf);
			w = canvas_text_width(buf);
			if (w > L->rl_w)
				w = L->rl_w;
			cl = canvas_rect_clip(cl, *clip);
			canvas_puts(c, &cl, clip->x + L->rl_w - w, L->my0 + i, buf,
				    i == cur_bi ? STY_CURSOR : STY_LABEL);
		}
	if (L->collab_y < 0)
		return;
	for (j = 0; j < L->dcols; j++) {
		x = L->mx0 + j * L->cw;
		col_label(s, (L->bc0 + j) * L->k, buf, sizeof buf);
		w = canvas_text_width(buf);
		if (w > LABEL_MAX)
			w = LABEL_MAX;
		/* Always the cursor's column; others when they do not touch
		 * and stay clear of a legend on the right. */
		if (j != cur_bj && (x <= last_end + 1 || x + w > right))
			continue;
		if (j == cur_bj && x <= last_end + 1)
			continue;
		{
			struct canvas_rect cl = { x, L->collab_y,
						  x + w > right ? right - x : w, 1 };

			cl = canvas_rect_clip(cl, *clip);
			canvas_puts(c, &cl, x, L->collab_y, buf,
				    j == cur_bj ? STY_CURSOR : STY_LABEL);
		}
		last_end = x + w - 1;
	}
}

static void
draw_cells(struct canvas *c, const struct canvas_rect *clip,
	   const struct heatmap_spec *s, const struct hm_layout *L,
	   const struct shade *sh, int cur_bi, int cur_bj)
{
	const struct glyphs *g = glyphs_get(c->charset);
	char buf[32];
	int i, j, q;

	for (i = 0; i < L->drows; i++)
		for (j = 0; j < L->dcols; j++) {
			double v = block_mean(s, L->k, L->br0 + i, L->bc0 + j);
			const char *gl = " ";
			int sty = STY_DIM, l = 0, x = L->mx0 + j * L->cw, y = L->my0 + i;
			bool cur = i == cur_bi && j == cur_bj;

			if (!isnan(v)) {
				l = level_of(sh, v);
				gl = level_glyph(sh, l);
				sty = level_style(sh, l);
			}
			if (sh->mode == SH_DIGITS) {
				/* The value itself, left-aligned like the column labels. */
				struct canvas_rect cl = { x, y, L->cw, 1 };

				cl = canvas_rect_clip(cl, *clip);
				if (!isnan(v))
					canvas_puts(c, &cl, x, y,
						    fmt_prec(buf, sizeof buf, sh->val[l],
							     sh->prec),
						    cur ? STY_CURSOR : sty);
				else if (cur)
					canvas_put(c, &cl, x, y, g->cursor, STY_CURSOR);
				continue;
			}
			if (cur) {
				/* A mark that shows on any shade in any mode: the
				 * cell's shade between brackets, or the cursor glyph. */
				if (L->cw == 1) {
					canvas_put(c, clip, x, y, g->cursor, STY_CURSOR);
					continue;
				}
				for (q = 1; q + 1 < L->cw; q++)
					canvas_put(c, clip, x + q, y, gl, STY_CURSOR);
				canvas_put(c, clip, x, y, "[", STY_CURSOR);
				canvas_put(c, clip, x + L->cw - 1, y, "]", STY_CURSOR);
				continue;
			}
			for (q = 0; q < L->cw; q++)
				canvas_put(c, clip, x + q, y, gl, sty);
		}
}

/* One legend entry at (x, y): "gg text"; l < 0 is "no data".  Returns width. */
static int
draw_entry(struct canvas *c, const struct canvas_rect *clip,
	   const struct shade *sh, int l, int x, int y)
{
	char buf[ENTRY_MAX];

	if (l < 0) {
		canvas_puts(c, clip, x + 3, y, "no data", STY_DIM);
		return 10;
	}
	canvas_put(c, clip, x, y, level_glyph(sh, l), level_style(sh, l));
	canvas_put(c, clip, x + 1, y, level_glyph(sh, l), level_style(sh, l));
	level_text(sh, l, buf, sizeof buf);
	return 3 + canvas_puts(c, clip, x + 3, y, buf, STY_LABEL);
}

static void
draw_legend(struct canvas *c, const struct canvas_rect *clip,
	    const struct heatmap_spec *s, const struct hm_layout *L,
	    const struct shade *sh)
{
	char buf[ENTRY_MAX + 16], a[32], b[32];
	bool unit = s->unit != NULL && *s->unit != '\0';
	int nl = legend_levels(sh), n = nl + (sh->any_nan ? 1 : 0), l, x, y, ew;

	bool note = s->legend_note != NULL && *s->legend_note != '\0';

	if (L->place == LEG_RIGHT) {
		x = L->mx0 + L->dcols * L->cw + 2;
		y = L->title_y >= 0 ? L->title_y + 1 : clip->y;
		if (note)
			canvas_puts(c, clip, x, y++, s->legend_note, STY_BOLD);
		if (unit) {
			snprintf(buf, sizeof buf, "[%s]", s->unit);
			canvas_puts(c, clip, x, y++, buf, STY_LABEL);
		}
		for (l = 0; l < n; l++)
			draw_entry(c, clip, sh, l < nl ? l : -1, x, y++);
		return;
	}
	y = L->my0 + L->drows;
	if (L->place == LEG_COMPACT) {
		x = clip->x;
		for (l = 0; l < nl; l++)
			canvas_put(c, clip, x++, y, level_glyph(sh, l),
				   level_style(sh, l));
		snprintf(buf, sizeof buf, "%s%s..%s", nl > 0 ? " " : "",
			 fmt_prec(a, sizeof a, sh->lo, sh->prec),
			 fmt_prec(b, sizeof b, sh->hi, sh->prec));
		x += canvas_puts(c, clip, x, y, buf, STY_LABEL);
		if (unit && x + 1 + canvas_text_width(s->unit) <= clip->x + clip->w)
			x += 1 + canvas_puts(c, clip, x + 1, y, s->unit, STY_LABEL);
		if (note && x + 2 + canvas_text_width(s->legend_note) <= clip->x + clip->w)
			canvas_puts(c, clip, x + 2, y, s->legend_note, STY_BOLD);
		return;
	}
	if (L->place != LEG_BELOW)
		return;
	x = clip->x;
	if (note)
		x += canvas_puts(c, clip, x, y, s->legend_note, STY_BOLD);
	if (unit) {
		if (x > clip->x)
			x += 2;
		snprintf(buf, sizeof buf, "[%s]", s->unit);
		x += canvas_puts(c, clip, x, y, buf, STY_LABEL);
	}
	for (l = 0; l < n; l++) {
		ew = entry_width(sh, l, nl);
		if (x > clip->x && x + 2 + ew > clip->x + clip->w) {
			y++;
			x = clip->x;
		} else if (x > clip->x) {
			x += 2;
		}
		if (y >= L->my0 + L->drows + L->legend_rows)
			return;
		x += draw_entry(c, clip, sh, l < nl ? l : -1, x, y);
	}
}

static void
draw_title(struct canvas *c, const struct canvas_rect *clip,
	   const struct heatmap_spec *s, const struct hm_layout *L)
{
	char buf[192], rl[64], cl[64], v[AXIS_LABEL_MAX], ro[160];
	int tw, rw;

	char note[96];
	const char *title = s->title != NULL ? s->title : "";

	bool windowed = s->scale >= 1 && (L->drows * L->k < s->rows ||
					  L->dcols * L->k < s->cols);

	if (windowed) {
		int r1 = (L->br0 + L->drows) * L->k, c1 = (L->bc0 + L->dcols) * L->k;
		snprintf(note, sizeof note, "rows %d-%d, cols %d-%d of %dx%d%s",
			 L->br0 * L->k, (r1 < s->rows ? r1 : s->rows) - 1, L->bc0 * L->k,
			 (c1 < s->cols ? c1 : s->cols) - 1, s->rows, s->cols,
			 L->k > 1 ? ", 1:" : "");
		if (L->k > 1)
			snprintf(note + strlen(note), sizeof note - strlen(note), "%d", L->k);
	} else if (L->k > 1)
		snprintf(note, sizeof note, "%dx%d scaled 1:%d", s->rows,
			 s->cols, L->k);
	else
		snprintf(note, sizeof note, "%dx%d", s->rows, s->cols);
	/* The scale must show: drop the title before the note if need be. */
	if (*title == '\0')
		snprintf(buf, sizeof buf, "%s", note);
	else if (canvas_text_width(title) + 2 + canvas_text_width(note) <= clip->w)
		snprintf(buf, sizeof buf, "%s  %s", title, note);
	else
		snprintf(buf, sizeof buf, "%s", L->k > 1 || windowed ? note : title);
	if (s->cursor_row < 0 || s->cursor_col < 0 ||
	    s->cursor_row >= s->rows || s->cursor_col >= s->cols) {
		canvas_puts(c, clip, clip->x, L->title_y, buf, STY_TITLE);
		return;
	}
	axis_fmt_value(v, sizeof v,
		       s->values[(size_t)s->cursor_row * (size_t)s->cols +
				 (size_t)s->cursor_col]);
	snprintf(ro, sizeof ro, "%s,%s = %s%s%s",
		 row_label(s, s->cursor_row, rl, sizeof rl),
		 col_label(s, s->cursor_col, cl, sizeof cl),
		 v, s->unit != NULL && *s->unit ? " " : "",
		 s->unit != NULL ? s->unit : "");
	rw = canvas_text_width(ro);
	/* Zoomed, the read-out goes before the title (the note stays). */
	if (windowed && canvas_text_width(buf) + 2 + rw > clip->w)
		snprintf(buf, sizeof buf, "%s", note);
	tw = canvas_puts(c, clip, clip->x, L->title_y, buf, STY_TITLE);
	if (tw + 2 + rw <= clip->w)
		canvas_puts(c, clip, clip->x + clip->w - rw, L->title_y, ro,
			    STY_CURSOR);
}

void
heatmap_render(struct canvas *c, struct canvas_rect r,
	       const struct heatmap_spec *s, struct heatmap_info *info)
{
	struct canvas_rect all = { 0, 0, c->width, c->height };
	const struct glyphs *g = glyphs_get(c->charset);
	struct shade sh;
	struct hm_layout L;
	int cur_bi = -1, cur_bj = -1;

	r = canvas_rect_clip(r, all);
	if (info != NULL)
		memset(info, 0, sizeof *info);
	canvas_fill(c, r, " ", STY_NORMAL);
	if (r.w <= 0 || r.h <= 0)
		return;
	if (s->values == NULL || s->rows <= 0 || s->cols <= 0) {
		canvas_puts(c, &r, r.x, r.y, s->title, STY_TITLE);
		if (r.h >= 2)
			canvas_puts(c, &r, r.x, r.y + 1, "(no data)", STY_DIM);
		return;
	}
	if (!layout(s, g, r, &L, &sh)) {
		canvas_puts(c, &r, r.x, r.y, s->title, STY_TITLE);
		return;
	}
	if (s->cursor_row >= 0 && s->cursor_col >= 0 &&
	    s->cursor_row < s->rows && s->cursor_col < s->cols) {
		cur_bi = s->cursor_row / L.k - L.br0;
		cur_bj = s->cursor_col / L.k - L.bc0;
	}
	if (L.title_y >= 0)
		draw_title(c, &r, s, &L);
	draw_labels(c, &r, s, &L, cur_bi, cur_bj);
	draw_cells(c, &r, s, &L, &sh, cur_bi, cur_bj);
	draw_legend(c, &r, s, &L, &sh);
	if (info != NULL) {
		info->area.x = L.mx0;
		info->area.y = L.my0;
		info->area.w = L.dcols * L.cw;
		info->area.h = L.drows;
		info->scale = L.k;
		info->cell_w = L.cw;
		info->shown_rows = L.drows;
		info->shown_cols = L.dcols;
		info->lo = sh.lo;
		info->hi = sh.hi;
		info->levels = sh.levels;
		info->shading = (enum heatmap_shading)sh.mode;
		info->row0 = L.br0 * L.k;
		info->col0 = L.bc0 * L.k;
	}
}
