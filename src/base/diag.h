/*
 * diag.h: user-facing error messages ("diagnostics") for bad input.
 *
 * A diagnostic names where the problem is (file, line, column, all 1-based,
 * 0 when unknown), the field (a dotted path such as "clusters.1.tau") and what
 * is wrong, including the allowed values.  Functions that can fail on user
 * input take a `struct diag *` (which may be NULL), fill it and return -1;
 * the caller owns the struct and decides how to show it.  Pure: no I/O.
 */
#ifndef ICNX_DIAG_H
#define ICNX_DIAG_H

#include <stdbool.h>
#include <stddef.h>

#define DIAG_PATH_MAX 128
#define DIAG_MSG_MAX 512

struct diag {
	char file[256];            /* "" when not from a file; "--set" for overrides */
	int line, col;             /* 1-based; 0 = unknown */
	char path[DIAG_PATH_MAX];  /* the field, dotted; "" for the whole file */
	char msg[DIAG_MSG_MAX];    /* what is wrong, with "(allowed: ...)" */
	bool usage;                /* the request itself was invalid (exit 2),
	                              not the computation (exit 1) */
};

/* Clear *d (no-op for NULL). */
void diag_clear(struct diag *d);

/* Set the field path and printf-style message; keeps file/line/col.
 * Always returns -1 so callers can `return diag_set(...)`.  d may be NULL. */
int diag_set(struct diag *d, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Format as "FILE:LINE:COL: path: msg" (parts that are unknown are omitted)
 * into buf of size n.  Returns buf. */
char *diag_format(const struct diag *d, char *buf, size_t n);

#endif
