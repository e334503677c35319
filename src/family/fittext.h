/*
 * fittext.h: the words of a fitted line (model/linfit.h) in a title or a
 * column label: its r and its line as numbers, or what is undefined and
 * why ("r undefined: every pair has the same T_ij"), never "nan".  Pure:
 * writes into the caller's buffer.
 */
#ifndef ICNX_FAMILY_FITTEXT_H
#define ICNX_FAMILY_FITTEXT_H

#include <stddef.h>

#include "model/linfit.h"

/* Why f's r is undefined, in words, for points named `point` (singular:
 * "pair") against x named `x` and y named `y`: "every pair has the same
 * T_ij", "every pair has the same latency", "fewer than 2 pairs measured";
 * "" when r is defined.  Returns buf. */
const char *fit_why(const struct linfit *f, const char *point, const char *x, const char *y,
		    char *buf, size_t n);

/* The r's of fits f[0..k-1] (k <= 8) on the x's named x[0..k-1], for a
 * title: "r T_ij 0.9000, length 1.0000, hops 0.7517"; the undefined ones
 * grouped by reason, named unless all are: "r undefined: every pair has
 * the same T_ij, length, hops", "r T_ij 0.9000; r hops undefined: every
 * pair has the same hops".  Returns buf. */
const char *fit_r_list(const struct linfit *f, const char *const *x, int k, const char *point,
		       const char *y, char *buf, size_t n);

/* f as "r 0.9000, 33.27 + 0.9916 <xs>"; "r undefined (<why>), 35 + 0 <xs>"
 * when only r is; "none (<why>)" when the line is undefined too.  xs: the
 * symbol of x in the line.  Returns buf. */
const char *fit_line_text(const struct linfit *f, const char *point, const char *x,
			  const char *xs, const char *y, char *buf, size_t n);

/* v with format "%.4g", or `none` (e.g. "none measured") when v is not
 * finite.  Returns buf. */
const char *num_or(double v, const char *none, char *buf, size_t n);

#endif
