/*
 * linfit.c: Pearson r and the least-squares line (see linfit.h).
 */
#include "model/linfit.h"

#include <math.h>

static double weight(const double *w, size_t i)
{
	return w ? (w[i] > 0 ? w[i] : 0) : 1;   /* NaN > 0 is false: left out */
}

int linfit(const double *x, const double *y, const double *w, size_t n, struct linfit *f)
{
	double sw = 0, sx = 0, sy = 0, mx, my, sxx = 0, syy = 0, sxy = 0;
	size_t used = 0;

	f->n = 0;
	f->wsum = 0;
	f->r = f->slope = f->intercept = NAN;
	f->undef = LINFIT_FEW;
	for (size_t i = 0; i < n; i++) {
		double wi = weight(w, i);
		if (wi == 0)
			continue;
		if (!isfinite(x[i]) || !isfinite(y[i]) || !isfinite(wi))
			return -1;
		sw += wi;
		sx += wi * x[i];
		sy += wi * y[i];
		used++;
	}
	f->n = used;
	f->wsum = sw;
	if (used < 2)
		return 0;
	mx = sx / sw;
	my = sy / sw;
	for (size_t i = 0; i < n; i++) {
		double wi = weight(w, i), dx, dy;
		if (wi == 0)
			continue;
		dx = x[i] - mx;
		dy = y[i] - my;
		sxx += wi * dx * dx;
		syy += wi * dy * dy;
		sxy += wi * dx * dy;
	}
	f->undef = sxx > 0 ? (syy > 0 ? LINFIT_DEFINED : LINFIT_Y_SAME) : LINFIT_X_SAME;
	if (sxx > 0) {
		f->slope = sxy / sxx;
		f->intercept = my - f->slope * mx;
		if (syy > 0) {
			f->r = sxy / sqrt(sxx * syy);
			if (f->r > 1)           /* rounding */
				f->r = 1;
			if (f->r < -1)
				f->r = -1;
		}
	}
	return 0;
}
