/*
 * axis.h: axis ranges, "nice" tick values and compact number labels, shared
 * by the plot and the other renderers.
 *
 * Linear axes tick at multiples of 1, 2 or 5 x 10^k; log10 axes tick at
 * powers of ten (with 2 and 5 between them when there is room).  Labels are
 * short: "0.25", "1500", "20k", "1.5M", "5e-4".  Pure: no I/O, no state.
 */
#ifndef ICNX_RENDER_AXIS_H
#define ICNX_RENDER_AXIS_H

#include <stddef.h>

enum axis_scale {
	AXIS_LINEAR = 0,
	AXIS_LOG10     /* values <= 0 cannot be shown */
};

#define AXIS_MAX_TICKS 40
#define AXIS_LABEL_MAX 16

struct axis {
	enum axis_scale scale;
	double lo, hi;      /* the range the axis spans; lo < hi (log: 0 < lo) */
	double step;        /* linear tick spacing (0 for log axes) */
	int nticks;         /* 0..AXIS_MAX_TICKS, increasing values */
	double tick[AXIS_MAX_TICKS];
	char label[AXIS_MAX_TICKS][AXIS_LABEL_MAX];
};

/*
 * Lay out an axis for data in [data_lo, data_hi] with at most max_ticks
 * ticks (clamped to 2..AXIS_MAX_TICKS).  fix_lo / fix_hi pin an end of the
 * range exactly; NaN lets that end grow outward to the next tick.  Bad
 * input (NaN data, lo >= hi, log with values <= 0) gives a sensible default
 * range, never an error.
 */
void axis_layout(struct axis *a, enum axis_scale scale, double data_lo,
		 double data_hi, double fix_lo, double fix_hi, int max_ticks);

/* Position of v on the axis: 0 at lo, 1 at hi, outside [0,1] beyond the
 * range, NaN where v cannot be shown (NaN, or <= 0 on a log axis). */
double axis_frac(const struct axis *a, double v);

/* Width in columns of the widest tick label. */
int axis_label_width(const struct axis *a);

/* Format v with about 3 significant digits, compactly: "0.125", "12.3",
 * "1234", "12.3k", "1.5M", "1.23e-4", "inf", "-inf", "nan".  Returns buf. */
char *axis_fmt_value(char *buf, size_t n, double v);

/* The smallest 1, 2 or 5 x 10^k that is >= v (v > 0). */
double axis_nice_ceil(double v);

#endif
