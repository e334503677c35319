/*
 * fittext.c: the words of a fitted line (see fittext.h).
 */
#include "family/fittext.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *fit_why(const struct linfit *f, const char *point, const char *x, const char *y,
		    char *buf, size_t n)
{
	switch (f->undef) {
	case LINFIT_FEW:
		snprintf(buf, n, "fewer than 2 %ss measured", point);
		break;
	case LINFIT_X_SAME:
		snprintf(buf, n, "every %s has the same %s", point, x);
		break;
	case LINFIT_Y_SAME:
		snprintf(buf, n, "every %s has the same %s", point, y);
		break;
	default:
		snprintf(buf, n, "%s", "");
	}
	return buf;
}

/* Append to buf (size n) at *len, cut at its end. */
static void add(char *buf, size_t n, size_t *len, const char *s)
{
	if (*len + 1 < n) {
		snprintf(buf + *len, n - *len, "%s", s);
		*len += strlen(buf + *len);
	}
}

const char *fit_r_list(const struct linfit *f, const char *const *x, int k, const char *point,
		       const char *y, char *buf, size_t n)
{
	static const enum linfit_undef reasons[] = { LINFIT_FEW, LINFIT_X_SAME, LINFIT_Y_SAME };
	char num[64];
	size_t len = 0;
	int defined = 0;

	buf[0] = '\0';
	for (int i = 0; i < k; i++) {
		if (f[i].undef != LINFIT_DEFINED)
			continue;
		snprintf(num, sizeof num, "%s%s %.4f", defined ? ", " : "r ", x[i], f[i].r);
		add(buf, n, &len, num);
		defined++;
	}
	for (size_t r = 0; r < sizeof reasons / sizeof reasons[0]; r++) {
		int m = 0, first = -1;
		char names[256] = "", why[160];
		size_t nl = 0;

		for (int i = 0; i < k; i++)
			if (f[i].undef == reasons[r]) {
				if (first < 0)
					first = i;
				add(names, sizeof names, &nl, m++ ? ", " : "");
				add(names, sizeof names, &nl, x[i]);
			}
		if (!m)
			continue;
		add(buf, n, &len, len ? "; r " : "r ");
		if (m < k) {
			add(buf, n, &len, names);
			add(buf, n, &len, " ");
		}
		add(buf, n, &len, "undefined: ");
		if (reasons[r] == LINFIT_X_SAME) {
			snprintf(why, sizeof why, "every %s has the same %s", point, names);
			add(buf, n, &len, why);
		} else {
			add(buf, n, &len, fit_why(&f[first], point, x[first], y, why, sizeof why));
		}
	}
	return buf;
}

const char *fit_line_text(const struct linfit *f, const char *point, const char *x,
			  const char *xs, const char *y, char *buf, size_t n)
{
	char why[160];

	if (f->undef == LINFIT_DEFINED)
		snprintf(buf, n, "r %.4f, %.4g + %.4g %s", f->r, f->intercept, f->slope, xs);
	else if (isfinite(f->slope))
		snprintf(buf, n, "r undefined (%s), %.4g + %.4g %s",
			 fit_why(f, point, x, y, why, sizeof why), f->intercept, f->slope, xs);
	else
		snprintf(buf, n, "none (%s)", fit_why(f, point, x, y, why, sizeof why));
	return buf;
}

const char *num_or(double v, const char *none, char *buf, size_t n)
{
	if (isfinite(v))
		snprintf(buf, n, "%.4g", v);
	else
		snprintf(buf, n, "%s", none);
	return buf;
}
