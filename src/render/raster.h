/*
 * raster.h: line segments on an integer grid (braille dots or cells):
 * clipping to a box, then Bresenham's algorithm.  Pure: no state.
 */
#ifndef ICNX_RENDER_RASTER_H
#define ICNX_RENDER_RASTER_H

#include <stdbool.h>

/* Called once per grid point of a line, in order from its start. */
typedef void (*raster_dot_fn)(void *ctx, int x, int y);

/*
 * Clip the segment (x0,y0)-(x1,y1) to the box [0, w-1] x [0, h-1]
 * (Liang-Barsky).  The end points are moved onto the box in place.
 * Returns false if no part of the segment lies inside.
 */
bool raster_clip(double *x0, double *y0, double *x1, double *y1, double w,
		 double h);

/* Call dot(ctx, x, y) for every point of the line from (x0,y0) to (x1,y1),
 * both ends included (Bresenham; 8-connected, one point per major step). */
void raster_line(int x0, int y0, int x1, int y1, raster_dot_fn dot, void *ctx);

#endif
