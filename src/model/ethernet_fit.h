/*
 * ethernet_fit.h: calibration of the switched-Ethernet model (ethernet.h)
 * from measured times, by least squares over several message sizes (the
 * paper, Section 4.1, solves the same equations as simultaneous equations).
 *
 * What can be identified.  A one-way time i -> j of M bytes is
 *     T = C_i + C_j + (t_i + t_j) M + M/beta_ij            (Eq. 5)
 * A ping-pong's slope is t_i + t_j + 1/beta_ij, so the link rates cannot be
 * separated from the per-byte delays: beta_ij are inputs (inv_beta below).
 * With them, each measurement is linear in the 2N unknowns C_i, t_i.  A
 * pair gives only sums C_i + C_j and t_i + t_j; the sums determine the
 * single values when the pairs of every connected group of nodes contain
 * an odd cycle (the triangle i-j, j-k, i-k is the smallest): so three or
 * more nodes, every node in a pair, and two or more distinct sizes (to tell
 * C from t).  A round trip counts as two one-way times: T/2 is used.
 * Broadcast times then give Gamma + tau M = T - max path (Eq. 8), fitted
 * over two or more sizes; without broadcast rows Gamma = tau = 0.
 *
 * Weights: by default a residual counts relative to the measured time
 * ((model - measured)/measured), because sizes span several decades and an
 * absolute fit would let the largest messages decide alone; `absolute`
 * minimises the plain residuals in seconds instead.  The normal equations
 * (2N unknowns, at most 512) are scaled to a unit diagonal and solved by
 * Cholesky; a pivot below 1e-10 means the data do not determine the
 * parameters (reported, never guessed).
 *
 * Pure C11: no I/O, no globals, no threads.  Units: seconds, bytes,
 * s/byte.  Errors: -1 and a message in err saying what is missing, and
 * *bad_row the index of the measurement it concerns (-1 if none).
 */
#ifndef ICNX_MODEL_ETHERNET_FIT_H
#define ICNX_MODEL_ETHERNET_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/ethernet.h"

enum eth_meas_kind {
	ETH_MEAS_ONEWAY = 0,    /* src -> dst, one message */
	ETH_MEAS_ROUNDTRIP,     /* src -> dst -> src (a ping-pong) */
	ETH_MEAS_BCAST,         /* MPI_Bcast from src over all N nodes; dst unused */
};

struct eth_meas {
	enum eth_meas_kind kind;
	int src, dst;           /* nodes; dst -1 for a broadcast */
	double bytes;           /* M, >= 0 */
	double seconds;         /* measured time, > 0 */
};

struct eth_fit_input {
	const struct eth_meas *meas;
	size_t nmeas;
	int n;                  /* nodes 0..n-1, 1..ETH_MAX_NODES */
	const double *inv_beta; /* n*n, 1/beta_ij in s/byte (0 = no network
	                           term), symmetric */
	enum eth_tree tree;     /* the broadcast's tree */
	bool absolute;          /* unweighted residuals (default: relative) */
};

struct eth_fit_result {
	int n;
	double C[ETH_MAX_NODES];        /* s */
	double t[ETH_MAX_NODES];        /* s/byte */
	bool has_bcast;
	double Gamma, tau;              /* s, s/byte; 0 without broadcast rows */
	size_t np2p, nbcast;            /* rows of each */
	double rms_abs;                 /* root mean square residual, s */
	double rms_rel;                 /* root mean square relative residual */
	double max_rel;                 /* largest |relative residual| */
};

/* Fit.  model_out (may be NULL) receives nmeas predicted times (for a
 * round trip: the round trip, 2 T_ij).  Returns 0, or -1 with err. */
int eth_fit(const struct eth_fit_input *in, struct eth_fit_result *res, double *model_out,
	    char *err, size_t errlen, long *bad_row);

/* Predicted time of one measurement under fitted parameters (same units
 * as its `seconds`). */
double eth_fit_predict(const struct eth_fit_input *in, const struct eth_fit_result *res,
		       const struct eth_meas *m);

/* Solve the symmetric positive definite system A x = b (n unknowns, A row
 * major, both overwritten: A by its Cholesky factor, b by x), after scaling
 * A to a unit diagonal.  Returns 0, or the 1-based index of the first
 * unknown whose pivot falls below tol (the system is rank-deficient there). */
int eth_spd_solve(double *A, double *b, int n, double tol);

#endif
