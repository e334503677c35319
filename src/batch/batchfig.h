/*
 * batchfig.h: --figure FILE: a curve output's table written as a gnuplot
 * figure (base/figure.h), atomically (config/save.h's save_atomic); a
 * missing directory is refused, never created.
 */
#ifndef ICNX_BATCH_BATCHFIG_H
#define ICNX_BATCH_BATCHFIG_H

#include <stdbool.h>

#include "base/diag.h"
#include "base/table.h"
#include "config/load.h"
#include "family/family.h"

/* Does path's directory exist (checked before computing: a figure never
 * creates directories)? */
bool batch_figure_dir_ok(const char *path);

/* Write the figure of t (the table output out printed for l) to path;
 * command (may be NULL) is written as a comment.  Returns 0, or -1 with d
 * set (not a curve, a missing directory, a write error). */
int batch_figure(const char *path, const struct loaded *l, const struct output_desc *out,
		 const struct table *t, const char *command, struct diag *d);

#endif
