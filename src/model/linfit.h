/*
 * linfit.h: Pearson's correlation coefficient and the least-squares
 * regression line y = intercept + slope * x of n points, optionally
 * weighted (arnau Figures 6-8: per switch pair latency against a distance;
 * Figure 8 weights each distinct distance by its occurrences).
 *
 * Pure C11: no I/O, no allocation, no globals.
 */
#ifndef ICNX_MODEL_LINFIT_H
#define ICNX_MODEL_LINFIT_H

#include <stddef.h>

/* Why r (and perhaps the line) is undefined: the contract behind a NaN. */
enum linfit_undef {
	LINFIT_DEFINED,     /* r, slope and intercept are numbers */
	LINFIT_FEW,         /* fewer than 2 points: all three NaN */
	LINFIT_X_SAME,      /* every point has the same x: all three NaN */
	LINFIT_Y_SAME,      /* every point has the same y: r NaN, the line
	                       (slope 0) defined */
};

struct linfit {
	enum linfit_undef undef;
	size_t n;          /* points used (weight > 0) */
	double wsum;       /* sum of their weights (n when unweighted) */
	double r;          /* Pearson r in [-1, 1]; NaN when x or y is constant
	                      or fewer than 2 points */
	double slope;      /* least-squares slope; NaN when x is constant or
	                      fewer than 2 points */
	double intercept;  /* mean(y) - slope * mean(x); NaN with slope */
};

/*
 * Fit y against x over points 0..n-1.  w: weights (NULL = all 1); a point
 * with w[i] <= 0 (or NaN) is left out.  Every x[i], y[i] of a used point
 * must be finite.  The weighted forms: means mx = sum w x / sum w (my
 * alike), Sxx = sum w (x - mx)^2, Syy, Sxy; slope = Sxy / Sxx,
 * r = Sxy / sqrt(Sxx Syy) (two passes, centred sums).  Returns 0, or -1
 * when a used point is not finite (*f then holds NaNs).
 */
int linfit(const double *x, const double *y, const double *w, size_t n, struct linfit *f);

#endif
