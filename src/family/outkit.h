/*
 * outkit.h: small pieces every family's outputs share: the cancel and
 * progress hooks of a run request, column macros, summary rows, square
 * matrix columns.  (The x values of a curve: family/curve.h.)  Pure apart from allocation.
 */
#ifndef ICNX_OUTKIT_H
#define ICNX_OUTKIT_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "family/family.h"

/* Add a numeric / text column.  A failure latches table.nomem (table.h):
 * the next table_add_row fails, and output_run reports a table that was
 * never given a row, so no `goto` is needed here. */
/* A literal label longer than a column's label field (63 characters) would
 * be cut in JSON and the UI: refused at compile time (a label held in a
 * pointer is not checked). */
#define OUT_LABEL_FITS(lab) \
	((void)sizeof(struct { _Static_assert(sizeof(lab) <= \
		sizeof(((struct column *)0)->label), "column label too long"); int x; }))
#define OUT_COL(t, name, unit, lab) \
	(OUT_LABEL_FITS(lab), (void)table_add_col(t, name, unit, lab, COL_NUM))
#define OUT_TCOL(t, name, lab) \
	(OUT_LABEL_FITS(lab), (void)table_add_col(t, name, "", lab, COL_TEXT))

/* True once the request has been superseded (req->cancel set). */
bool req_cancelled(const struct run_req *req);
/* Report progress in [0, 1] if the request asked for it. */
void req_progress(const struct run_req *req, double fraction);
/* After point `done` of `total` of a progressive output: report progress
 * done/total and, while points remain, publish t as a partial table (the
 * rows so far) if the request asked for partial results. */
void req_point_done(const struct run_req *req, struct table *t, size_t done, size_t total);

/* The summary layout: quantity, value, unit, symbol, note.  Returns 0/-1. */
int summary_cols(struct table *t);
int summary_row(struct table *t, const char *quantity, double value, const char *unit,
		const char *symbol, const char *note);
/* The same for a row that is `role` to its readers (ROW_SATURATION: the
 * saturation load the plot marks and stops the cursor at; ROW_MARKER: an
 * x the plot marks). */
int summary_row_as(struct table *t, enum row_role role, const char *quantity, double value,
		   const char *unit, const char *symbol, const char *note);
/* The same for a row derived from the configuration section `about` (its
 * parameter-table entry): the explorer shows it under that section. */
int summary_row_about(struct table *t, const struct param *about, const char *quantity,
		      double value, const char *unit, const char *symbol, const char *note);
/* The same for a row about group g (table_set_group): "group<g>.<what>",
 * quantity written from g and what.  Every group of one table has the same
 * rows in the same order, so the k-th row of group g and of group 0 are the
 * same quantity (the explorer's columns of a PF_GROUPS list rely on it). */
int summary_group_row(struct table *t, int g, const char *what, double value,
		      const char *unit, const char *symbol, const char *note);

/* Run output o (same contract as output_desc.run) and enforce the numbers
 * rule on its summary-layout tables (OUT_SUMMARY, and per-point breakdowns
 * that use summary_cols): every value is a finite non-negative number or
 * +inf (saturated); a NaN, -inf or negative value fails the run with a
 * "model error" naming the quantity, so nothing is printed blank or
 * negative.  (Curves: the same rule in curve.c.)  Every caller that runs an
 * output (batch, worker) goes through here. */
int output_run(const struct output_desc *o, const struct config *cfg,
	       const struct run_req *req, struct table *t, struct diag *d);

/* The check of output_run on a table t of cfg's output: 0, or -1 with *d.
 * A row echoing a real input whose allowed range includes negatives (its
 * quantity is the field's key, its value the configured one) may be
 * negative. */
int summary_check(const struct config *cfg, const struct table *t, struct diag *d);

/* A square matrix: a text column `first` (row labels, e.g. "node"), then one
 * numeric column per item named 0..n-1.  Returns 0, or -1 (ENOMEM). */
int matrix_cols(struct table *t, size_t n, const char *first, const char *label);

#endif
