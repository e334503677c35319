/*
 * write.h: printing a result table as an aligned text table, CSV (RFC 4180),
 * TSV or JSON.  Numbers use the C locale; a saturated cell (INFINITY) prints
 * "inf" (JSON null), a not-applicable cell (NaN) prints empty (JSON null).
 */
#ifndef ICNX_WRITE_H
#define ICNX_WRITE_H

#include <stdio.h>

#include "base/table.h"

enum out_format { FMT_TABLE, FMT_CSV, FMT_TSV, FMT_JSON };

/* The formats' names, indexed by enum out_format, NULL-terminated. */
extern const char *const out_format_names[];

/* Parse "table", "csv", "tsv", "json"; -1 if none. */
int out_format_parse(const char *s);

/* Context printed in JSON (and as the table format's header line). */
struct write_meta {
	const char *model, *preset, *output;
};

/* Write t to fp.  Returns 0, or -1 if the stream reported an error. */
int write_table(FILE *fp, const struct table *t, enum out_format fmt,
		const struct write_meta *meta);

/* Format one numeric cell as the writers do ("inf", "" for NaN). */
char *format_number(double v, char *buf, size_t n);

#endif
