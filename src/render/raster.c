/*
 * raster.c: segment clipping (Liang-Barsky) and Bresenham lines.
 */
#include "render/raster.h"

#include <stdlib.h>

bool
raster_clip(double *x0, double *y0, double *x1, double *y1, double w, double h)
{
	double t0 = 0, t1 = 1, dx = *x1 - *x0, dy = *y1 - *y0;
	double p[4] = { -dx, dx, -dy, dy };
	double q[4] = { *x0, w - 1 - *x0, *y0, h - 1 - *y0 };
	int i;

	for (i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return false;
			continue;
		}
		if (p[i] < 0) {
			if (q[i] / p[i] > t1)
				return false;
			if (q[i] / p[i] > t0)
				t0 = q[i] / p[i];
		} else {
			if (q[i] / p[i] < t0)
				return false;
			if (q[i] / p[i] < t1)
				t1 = q[i] / p[i];
		}
	}
	*x1 = *x0 + t1 * dx;
	*y1 = *y0 + t1 * dy;
	*x0 = *x0 + t0 * dx;
	*y0 = *y0 + t0 * dy;
	return true;
}

void
raster_line(int x0, int y0, int x1, int y1, raster_dot_fn dot, void *ctx)
{
	int dx = abs(x1 - x0), dy = -abs(y1 - y0);
	int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy, e2;

	for (;;) {
		dot(ctx, x0, y0);
		if (x0 == x1 && y0 == y1)
			break;
		e2 = 2 * err;
		if (e2 >= dy) {
			err += dy;
			x0 += sx;
		}
		if (e2 <= dx) {
			err += dx;
			y0 += sy;
		}
	}
}
