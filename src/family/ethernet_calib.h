/*
 * ethernet_calib.h: the core of `icnx --calibrate FILE.csv`: parse measured
 * MPI times, fit the ethernet model's C_i, t_i (and Gamma, tau) with
 * src/model/ethernet_fit, and write the result as a YAML preset with the
 * residuals as comments (text in, text out; no I/O).
 *
 * The CSV (written by tools/mpi/icnx-mpi-probe; docs/calibration.md):
 *   - lines starting with '#' are comments; "# node R NAME" names node R;
 *     blank lines are skipped;
 *   - the first other line is the header: the columns kind, src, dst,
 *     bytes, seconds in any order, and optionally beta;
 *   - kind: oneway (one message src -> dst), roundtrip (a ping-pong
 *     src -> dst -> src: its time is two one-way times), or bcast (an
 *     MPI_Bcast from root src over every node of the file; dst empty or *);
 *   - src, dst: node numbers (MPI ranks) 0..255; the nodes are 0..N-1
 *     where N - 1 is the largest number in the file;
 *   - bytes: message size (>= 0); seconds: the time (> 0), a median of
 *     repetitions;
 *   - beta (optional): the link rate of the pair in bytes/s, empty for the
 *     default; one rate per pair.  The default is link_rate (1.25e8 bytes/s,
 *     gigabit Ethernet) or what `--set link_rate=RATE` says.
 * Other --set options apply to the printed preset (threshold, broadcast.tree,
 * sizes...); broadcast.tree also chooses the tree the bcast rows are fitted
 * against.
 */
#ifndef ICNX_FAMILY_ETHERNET_CALIB_H
#define ICNX_FAMILY_ETHERNET_CALIB_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "family/ethernet.h"
#include "model/ethernet_fit.h"

struct calib_data {
	struct eth_meas *meas;   /* owned */
	int *line;               /* owned; 1-based line of each row */
	double *beta;            /* owned; the row's beta or NaN */
	size_t n, cap;
	int nodes;               /* 1 + the largest node number */
	bool has_beta;           /* the file has a beta column */
	char names[ETH_MAX_NODES][ETH_NAME_MAX]; /* from "# node R NAME" */
};

/* Parse CSV text (len bytes; `file` names it in messages).  Returns 0, or
 * -1 with *d (file, line, message).  calib_data_free releases *out either
 * way (and is a no-op on NULL). */
int calib_parse_csv(const char *text, size_t len, const char *file, struct calib_data *out,
		    struct diag *d);
void calib_data_free(struct calib_data *c);

/* Parse, fit and write the preset (with residual comments) into *out.
 * sets are "KEY=VALUE" overrides of the preset.  Returns 0, -1 with *d on
 * bad data (exit 2), or 1 out of memory. */
int calibrate_text(const char *text, size_t len, const char *file, const char *const *sets,
		   size_t nsets, struct strbuf *out, struct diag *d);

#endif
