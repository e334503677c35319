/*
 * axis.c: nice tick values and compact labels for linear and log10 axes.
 */
#include "render/axis.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define EPS 1e-9

double
axis_nice_ceil(double v)
{
	double p, m;

	if (!(v > 0) || !isfinite(v))
		return 1;
	p = pow(10, floor(log10(v)));
	m = v / p;
	if (m <= 1 + EPS)
		return p;
	if (m <= 2 + EPS)
		return 2 * p;
	if (m <= 5 + EPS)
		return 5 * p;
	return 10 * p;
}

/* The next nice step after step (1 -> 2 -> 5 -> 10). */
static double
nice_next(double step)
{
	return axis_nice_ceil(step * 1.01);
}

/* Remove trailing zeros after a decimal point, and a "-0" result. */
static void
trim_number(char *s)
{
	char *dot = strchr(s, '.'), *end;

	if (dot != NULL) {
		end = dot + strlen(dot);
		while (end > dot + 1 && end[-1] == '0')
			end--;
		if (end == dot + 1)
			end = dot;
		*end = '\0';
	}
	if (strcmp(s, "-0") == 0)
		strcpy(s, "0");
}

/* "1.5e-04" -> "1.5e-4", "2e+05" -> "2e5". */
static void
trim_exponent(char *s)
{
	char *e = strchr(s, 'e'), *p, *q;

	if (e == NULL)
		return;
	*e = '\0';
	trim_number(s);
	p = s + strlen(s);
	*p++ = 'e';
	q = e + 1;
	if (*q == '-')
		*p++ = *q++;
	else if (*q == '+')
		q++;
	while (*q == '0' && q[1] != '\0')
		q++;
	memmove(p, q, strlen(q) + 1);
}

static int
decimals_for(double step)
{
	int d = (int)ceil(-log10(step) - EPS);

	return d < 0 ? 0 : d > 9 ? 9 : d;
}

char *
axis_fmt_value(char *buf, size_t n, double v)
{
	static const char suffix[] = { 'k', 'M', 'G', 'T' };
	double a = fabs(v), s = 1;
	int i = -1, d;

	if (n == 0)
		return buf;
	if (isnan(v)) {
		snprintf(buf, n, "nan");
		return buf;
	}
	if (isinf(v)) {
		snprintf(buf, n, v > 0 ? "inf" : "-inf");
		return buf;
	}
	if (a == 0) {
		snprintf(buf, n, "0");
		return buf;
	}
	if (a < 1e-3 || a >= 1e15) {
		snprintf(buf, n, "%.2e", v);
		trim_exponent(buf);
		return buf;
	}
	/* 1000..9999 stay plain; from 10k on, engineering suffixes. */
	if (a >= 9999.5)
		while (a / s >= 999.5 && i < 3) {
			s *= 1000;
			i++;
		}
	a /= s;
	/* Round to 3 significant digits first, then pick the decimals. */
	d = a >= 99.95 ? 0 : a >= 9.995 ? 1 : a >= 0.9995 ? 2 : 2 - (int)floor(log10(a));
	if (d > 6)
		d = 6;
	snprintf(buf, n, "%.*f", d, v / s);
	trim_number(buf);
	if (i >= 0) {
		size_t l = strlen(buf);

		if (l + 1 < n) {
			buf[l] = suffix[i];
			buf[l + 1] = '\0';
		}
	}
	return buf;
}

/* A linear tick label: as many decimals as the step needs. */
static void
fmt_tick(char *buf, size_t n, double v, double step, double amax)
{
	static const char suffix[] = { 'k', 'M', 'G', 'T' };
	double s = 1;
	int i = -1, digits;

	if (amax >= 1e4 && amax < 1e15) {
		/* One suffix for the whole axis, chosen by its largest value. */
		while (amax / s >= 1000 && i < 3) {
			s *= 1000;
			i++;
		}
		snprintf(buf, n, "%.*f", decimals_for(step / s), v / s);
		trim_number(buf);
		if (i >= 0 && strcmp(buf, "0") != 0) {
			size_t l = strlen(buf);

			if (l + 1 < n) {
				buf[l] = suffix[i];
				buf[l + 1] = '\0';
			}
		}
		return;
	}
	if (step < 1e-3 || amax >= 1e15) {
		if (fabs(v) < step * 1e-6) {
			snprintf(buf, n, "0");
			return;
		}
		digits = (int)floor(log10(fabs(v))) - (int)floor(log10(step) + EPS);
		digits = digits < 0 ? 0 : digits > 6 ? 6 : digits;
		snprintf(buf, n, "%.*e", digits, v);
		trim_exponent(buf);
		return;
	}
	snprintf(buf, n, "%.*f", decimals_for(step), v);
	trim_number(buf);
}

static void
layout_linear(struct axis *a, double lo, double hi, double fix_lo,
	      double fix_hi, int max_ticks)
{
	double step, alo, ahi, amax;
	long k0, k1, k;
	int guard;

	if (!(hi - lo > fabs(hi) * 1e-12)) {
		/* One value: centre it, or start at 0 when it is 0. */
		double pad = lo == 0 ? 1 : fabs(lo) * 0.1;

		if (isnan(fix_lo) && lo != 0)
			lo -= pad;
		if (isnan(fix_hi))
			hi += pad;
		if (!(hi > lo))
			hi = lo + pad;
	}
	step = axis_nice_ceil((hi - lo) / (max_ticks - 1));
	for (guard = 0; guard < 64; guard++) {
		k0 = (long)(isnan(fix_lo) ? floor(lo / step + EPS) : ceil(lo / step - EPS));
		k1 = (long)(isnan(fix_hi) ? ceil(hi / step - EPS) : floor(hi / step + EPS));
		if (k1 - k0 + 1 <= max_ticks)
			break;
		step = nice_next(step);
	}
	alo = isnan(fix_lo) ? (double)k0 * step : lo;
	ahi = isnan(fix_hi) ? (double)k1 * step : hi;
	if (!(ahi > alo))
		ahi = alo + step;
	a->lo = alo;
	a->hi = ahi;
	a->step = step;
	amax = fabs(alo) > fabs(ahi) ? fabs(alo) : fabs(ahi);
	a->nticks = 0;
	for (k = k0; k <= k1 && a->nticks < AXIS_MAX_TICKS; k++) {
		double v = (double)k * step;

		if (v < alo - step * EPS || v > ahi + step * EPS)
			continue;
		a->tick[a->nticks] = v;
		fmt_tick(a->label[a->nticks], AXIS_LABEL_MAX, v, step, amax);
		a->nticks++;
	}
}

/* Log axes over less than this many decades end on the 1-2-5 ladder. */
#define LOG_LADDER_SPAN 2.0

/* The largest 1, 2 or 5 x 10^d not above v > 0 (with EPS slack, so that a
 * value already on the ladder stays). */
static double
ladder_floor(double v)
{
	static const double m[] = { 5, 2, 1 };
	double p = pow(10, floor(log10(v) + EPS));

	for (int i = 0; i < 3; i++)
		if (m[i] * p <= v * (1 + EPS))
			return m[i] * p;
	return p;
}

/* The smallest 1, 2 or 5 x 10^d not below v > 0. */
static double
ladder_ceil(double v)
{
	static const double m[] = { 1, 2, 5, 10 };
	double p = pow(10, floor(log10(v) + EPS));

	for (int i = 0; i < 4; i++)
		if (m[i] * p >= v * (1 - EPS))
			return m[i] * p;
	return 10 * p;
}

static void
layout_log(struct axis *a, double lo, double hi, double fix_lo, double fix_hi,
	   int max_ticks)
{
	static const double sub[] = { 2, 5 };
	int dlo, dhi, d, stride, i, ndec;
	bool ladder;
	double v;

	if (!(lo > 0))
		lo = hi > 0 ? hi / 10 : 1;
	if (!(hi > lo))
		hi = lo * 10;
	dlo = (int)floor(log10(lo) + EPS);
	dhi = (int)ceil(log10(hi) - EPS);
	if (dhi <= dlo)
		dhi = dlo + 1;
	ladder = log10(hi / lo) < LOG_LADDER_SPAN;
	if (ladder) {
		/* Data spanning under two decades: whole decades could leave up
		 * to two thirds of the height empty and flatten what changes, so
		 * the ends round out to the 1-2-5 ladder instead (0.0922..0.976
		 * -> 0.05..1, not 0.01..1). */
		a->lo = isnan(fix_lo) ? ladder_floor(lo) : lo;
		a->hi = isnan(fix_hi) ? ladder_ceil(hi) : hi;
	} else {
		a->lo = isnan(fix_lo) ? pow(10, dlo) : lo;
		a->hi = isnan(fix_hi) ? pow(10, dhi) : hi;
	}
	a->step = 0;
	ndec = dhi - dlo + 1;
	stride = (ndec + max_ticks - 1) / max_ticks;
	if (stride < 1)
		stride = 1;
	a->nticks = 0;
	for (d = dlo; d <= dhi; d++) {
		for (i = -1; i < 2; i++) {
			bool few = stride > 1 || ndec * 3 > max_ticks;

			v = (i < 0 ? 1 : sub[i]) * pow(10, d);
			/* With few ticks, 2 and 5 only where a ladder end is
			 * (an axis labels both its ends). */
			if (i >= 0 && few && !(ladder && (fabs(v / a->lo - 1) < EPS ||
							  fabs(v / a->hi - 1) < EPS)))
				continue;
			if (i < 0 && (d - dlo) % stride != 0)
				continue;
			if (v < a->lo * (1 - EPS) || v > a->hi * (1 + EPS))
				continue;
			if (a->nticks >= AXIS_MAX_TICKS)
				return;
			a->tick[a->nticks] = v;
			axis_fmt_value(a->label[a->nticks], AXIS_LABEL_MAX, v);
			a->nticks++;
		}
	}
}

void
axis_layout(struct axis *a, enum axis_scale scale, double data_lo,
	    double data_hi, double fix_lo, double fix_hi, int max_ticks)
{
	double lo, hi;

	if (max_ticks < 2)
		max_ticks = 2;
	if (max_ticks > AXIS_MAX_TICKS)
		max_ticks = AXIS_MAX_TICKS;
	if (scale == AXIS_LOG10) {
		if (!(fix_lo > 0) || !isfinite(fix_lo))
			fix_lo = NAN;
		if (!(fix_hi > 0) || !isfinite(fix_hi))
			fix_hi = NAN;
	} else {
		if (!isfinite(fix_lo))
			fix_lo = NAN;
		if (!isfinite(fix_hi))
			fix_hi = NAN;
	}
	if (!isnan(fix_lo) && !isnan(fix_hi) && !(fix_hi > fix_lo))
		fix_lo = fix_hi = NAN;
	lo = isnan(fix_lo) ? data_lo : fix_lo;
	hi = isnan(fix_hi) ? data_hi : fix_hi;
	if (!isfinite(lo) && !isfinite(hi)) {
		lo = scale == AXIS_LOG10 ? 1 : 0;
		hi = scale == AXIS_LOG10 ? 10 : 1;
	} else if (!isfinite(lo)) {
		lo = scale == AXIS_LOG10 ? hi / 10 : hi - 1;
	} else if (!isfinite(hi)) {
		hi = scale == AXIS_LOG10 ? lo * 10 : lo + 1;
	}
	if (lo > hi) {
		double t = lo;

		lo = hi;
		hi = t;
	}
	a->scale = scale;
	if (scale == AXIS_LOG10)
		layout_log(a, lo, hi, fix_lo, fix_hi, max_ticks);
	else
		layout_linear(a, lo, hi, fix_lo, fix_hi, max_ticks);
}

double
axis_frac(const struct axis *a, double v)
{
	if (isnan(v))
		return NAN;
	if (a->scale == AXIS_LOG10) {
		if (!(v > 0))
			return NAN;
		return (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
	}
	return (v - a->lo) / (a->hi - a->lo);
}

int
axis_label_width(const struct axis *a)
{
	int i, w = 0, l;

	for (i = 0; i < a->nticks; i++) {
		l = (int)strlen(a->label[i]);
		if (l > w)
			w = l;
	}
	return w;
}
