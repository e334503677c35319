/*
 * star_refined.h: icnx's refined star model (issue 20), an option beside
 * kiasari's printed model (model/star.h), not a reading of the paper.  It
 * predicts the system the simulator runs, from the printed model's own
 * S-bar and channel utilisation rho (no constant fitted to a simulation):
 *
 *   multiplexing (processor sharing): a message finds v of the V virtual
 *     channels busy with the paper's Eq. 18 chance P_v and shares the
 *     physical channel flit by flit with them, min(v + 1, V) ways:
 *       V-bar_PS = sum_v P_v min(v + 1, V) = (1 - rho^V) / (1 - rho)
 *     (1 at V = 1 or rho = 0; 1/(1 - rho) as V grows: one channel under
 *     processor sharing, 1 + M/(1 - rho), where Eq. 19's V-bar gives
 *     M (1 + rho)/(1 - rho)).  STAR_MUX_VBAR keeps Eq. 19.
 *   per-vc injection (V source queues, Eq. 16's system):
 *     Latency = (S-bar + W_s) V-bar_m, W_s = Eq. 16 at lambda_g/V
 *     (= the printed Eq. 1 with options.ws = text when V-bar_m = Eq. 19)
 *   single injection (one port per node): an M/G/1 queue at lambda_g whose
 *     server is the port, held for the multiplexed network latency less the
 *     tail's trip:  x = S-bar V-bar_m - d-bar, taken as deterministic
 *     (E[x^2] = x^2, the second-moment assumption):
 *       Latency = S-bar V-bar_m + lambda_g x^2 / (2 (1 - lambda_g x)),
 *     saturated where lambda_g x >= 1.
 * S-bar, rho, P_v are the printed fixed point's (Eqs. 3-15, 18) with the
 * text reading of Eq. 16; the paper's readings (paths, eq9, dbar) carry over.
 *   release (sim.release = next-cycle): a channel is held M + 1 cycles per
 *     message, so the fixed point runs with M + 1 (every holding time,
 *     blocking probability and queue service), and the latency's own
 *     transfer is M again: S-bar less one cycle.
 *
 * Pure C11: no I/O, no globals.  A struct star_refined owns its model
 * (star_refined_free releases it); eval only reads it.
 */
#ifndef ICNX_MODEL_STAR_REFINED_H
#define ICNX_MODEL_STAR_REFINED_H

#include <stdatomic.h>
#include <stddef.h>

#include "model/star.h"

/* The simulated node's injection (sim.injection). */
enum star_inject { STAR_INJECT_PER_VC = 0, STAR_INJECT_SINGLE, STAR_INJECT_COUNT };
/* How the virtual channels of one physical channel share it. */
enum star_mux { STAR_MUX_PS = 0, STAR_MUX_VBAR, STAR_MUX_COUNT };

/* Option names: "per-vc" "single"; "ps" "vbar"; -1 / NULL when unknown. */
const char *star_mux_name(enum star_mux v);
int star_mux_parse(const char *s);

struct star_refined {
	struct star_model base;   /* the printed model with ws = text */
	enum star_inject inject;
	enum star_mux mux;
	int hold;                 /* 1: next-cycle release (base runs at M + 1) */
};

/* Build from the printed model's parameters (p->ws is ignored: the source
 * queue follows inject); hold 1 for next-cycle release, else 0.  Returns 0,
 * or -1 with msg (r is then empty and star_refined_free(r) is harmless). */
int star_refined_init(struct star_refined *r, const struct star_params *p,
		      enum star_inject inject, enum star_mux mux, int hold, char *msg,
		      size_t len);
/* Release r's model; r may be NULL; twice is harmless. */
void star_refined_free(struct star_refined *r);

struct star_refined_point {
	double lambda_g;   /* input, messages / node / cycle */
	double latency;    /* cycles; INFINITY when saturated */
	double Vbar;       /* V-bar_PS or Eq. 19 (per mux); INFINITY when the
	                      network saturates (single: kept where only the
	                      port's queue does) */
	double Ws;         /* source-queue wait, cycles */
	double x;          /* single: the port's service time; per-vc: NAN */
	struct star_point net;   /* the printed model's point (ws = text) */
	int status;        /* STAR_OK or STAR_SATURATED */
};

/* V-bar_PS = (1 - rho^V)/(1 - rho), 1 for rho <= 0; rho in [0, 1). */
double star_vbar_ps(int V, double rho);

/* One load.  Returns STAR_OK, STAR_SATURATED or STAR_CANCELLED (cancel may
 * be NULL). */
int star_refined_eval(const struct star_refined *r, double lambda_g,
		      struct star_refined_point *out, const atomic_int *cancel);

/* Largest unsaturated load by bisection to rel_tol (0 = 1e-6).  Returns
 * STAR_OK or STAR_CANCELLED. */
int star_refined_saturation(const struct star_refined *r, double rel_tol,
			    double *lambda_sat, const atomic_int *cancel);

#endif
