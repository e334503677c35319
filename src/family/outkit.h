/*
 * outkit.h: small pieces every family's outputs share: the cancel and
 * progress hooks of a run request, column macros, summary rows, square
 * matrix columns, and the x values of a curve.  Pure apart from allocation.
 */
#ifndef ICNX_OUTKIT_H
#define ICNX_OUTKIT_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"

/* Add a numeric / text column or `goto nomem` (the function's ENOMEM exit). */
#define OUT_COL(t, name, unit, label) \
	do { if (table_add_col(t, name, unit, label, COL_NUM) < 0) goto nomem; } while (0)
#define OUT_TCOL(t, name, label) \
	do { if (table_add_col(t, name, "", label, COL_TEXT) < 0) goto nomem; } while (0)

/* True once the request has been superseded (req->cancel set). */
bool req_cancelled(const struct run_req *req);
/* Report progress in [0, 1] if the request asked for it. */
void req_progress(const struct run_req *req, double fraction);

/* The summary layout: quantity, value, unit, symbol, note.  Returns 0/-1. */
int summary_cols(struct table *t);
int summary_row(struct table *t, const char *quantity, double value, const char *unit,
		const char *symbol, const char *note);

/* A square matrix: a text column `first` (row labels, e.g. "node"), then one
 * numeric column per item named 0..n-1.  Returns 0, or -1 (ENOMEM). */
int matrix_cols(struct table *t, size_t n, const char *first, const char *label);

/* The x values of a curve: req->x when given, otherwise the family's sweep,
 * spaced linearly or logarithmically as family->x.log says (both ends
 * exact).  *x points at the values (owned by req, or by *owned, which the
 * caller frees).  Returns 0, 1 cancelled, -1 with *d. */
int curve_points(const struct config *cfg, const struct run_req *req, const double **x,
		 size_t *n, double **owned, struct diag *d);

#endif
