/*
 * star_refined.h: icnx's refined star model (issue 20), an option beside
 * kiasari's printed model (model/star.h), not a reading of the paper.  It
 * predicts the system the simulator runs.  No constant is fitted to a
 * simulation.  Three ways a physical channel's virtual channels share it
 * (options.multiplex):
 *
 *   worm (the default): the worm moves at the pace of its most shared
 *     channel.  With one-flit buffers a message's flits fill every channel
 *     of its path at once (M >> h), so the whole worm advances one flit
 *     when its slowest channel passes one.  Each channel is a processor-
 *     sharing server of flits at utilisation u = lambda_c M (network,
 *     lambda_c = lambda_g d-bar/(n-1)) or u_e = lambda_g M (the ejection
 *     channel): an arriving message finds N others there, P(N >= j) = u^j
 *     (M/G/1-PS, PASTA), and is served one flit in 1 + N cycles.  Taking
 *     the h network channels and the ejection channel as independent, a
 *     message to distance h spends per flit
 *       e_h = E[max_k (1 + N_k)]
 *           = 1 + sum_{j>=1} (1 - (1 - u_1^j)(1 - u^j)^(h-1)(1 - u_e^j))
 *     cycles (u_1 = u, or, one-port node, u - lambda_g M/(n-1): the node's
 *     own messages never share its first channel with it); so
 *       S_h = h + M e_h,   S-bar = sum_h P(h) S_h,
 *     and the message leaves its source queue when its tail enters the
 *     network, h flits (one per channel buffer) before the end:
 *       x = sum_h P(h) (S_h - h e_h).
 *     Source queue, M/D/1 with service x at lambda_s = lambda_g / V (per-
 *     vc, Eq. 16's V queues) or lambda_g (one port):
 *       W_s = lambda_s x^2 / (2 (1 - lambda_s x)),  Latency = S-bar + W_s,
 *     saturated where lambda_s x >= 1 or u, u_e >= 1.  At zero load e_h = 1
 *     and Latency = M + d-bar.  Virtual-channel blocking is not in it (the
 *     channel has V >= 4 virtual channels; measured, it shows at V = 4).
 *     V-bar_refined is the mean pace sum_h P(h) e_h (cycles per flit).
 *
 *   vbar / ps: the printed fixed point (S-bar, rho, P_v of Eqs. 3-15, 18,
 *     Eq. 16 read as text) with a source queue for the injection:
 *     multiplexing, vbar: Eq. 19's V-bar; ps: a message finds v of the V
 *       virtual channels busy with the paper's Eq. 18 chance P_v and shares
 *       the physical channel min(v + 1, V) ways:
 *       V-bar_PS = sum_v P_v min(v + 1, V) = (1 - rho^V) / (1 - rho)
 *     per-vc injection (V source queues, Eq. 16's system):
 *       Latency = (S-bar + W_s) V-bar_m, W_s = Eq. 16 at lambda_g/V
 *       (= the printed Eq. 1 with options.ws = text when V-bar_m = Eq. 19)
 *     single injection (one port per node): an M/G/1 queue at lambda_g
 *       whose server is the port, held for the multiplexed network latency
 *       less the tail's trip:  x = S-bar V-bar_m - d-bar, deterministic:
 *       Latency = S-bar V-bar_m + lambda_g x^2 / (2 (1 - lambda_g x)).
 *     release (sim.release = next-cycle): a channel is held M + 1 cycles
 *       per message, so the fixed point runs with M + 1, and the latency's
 *       own transfer is M again: S-bar less one cycle.
 *   With worm, next-cycle release changes nothing: the release cycle takes
 *   no flit time of the channel (another virtual channel passes a flit
 *   then), and the model has no virtual-channel blocking.
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
enum star_mux { STAR_MUX_PS = 0, STAR_MUX_VBAR, STAR_MUX_WORM, STAR_MUX_COUNT };

/* Option names: "per-vc" "single"; "ps" "vbar" "worm"; -1 / NULL when unknown. */
const char *star_mux_name(enum star_mux v);
int star_mux_parse(const char *s);

struct star_refined {
	struct star_model base;   /* the printed model with ws = text */
	enum star_inject inject;
	enum star_mux mux;
	int hold;                 /* 1: next-cycle release (base runs at M + 1;
	                             worm: no effect) */
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
	double S;          /* network latency, cycles: worm, S-bar above (its
	                      multiplexing included); vbar and ps, the printed
	                      S-bar (hold removed), which V-bar_m multiplies;
	                      INFINITY when saturated */
	double Vbar;       /* worm: the mean pace sum_h P(h) e_h, cycles per
	                      flit; V-bar_PS or Eq. 19 (ps, vbar).  INFINITY
	                      when the network saturates (kept where only the
	                      source queue does) */
	double Ws;         /* source-queue wait, cycles */
	double x;          /* the source queue's service time (worm; single
	                      with ps, vbar); NAN where there is none */
	struct star_point net;   /* the printed model's point (ws = text);
	                            worm: not evaluated (status 0, zeros) */
	int status;        /* STAR_OK or STAR_SATURATED */
};

/* The worm's pace e_h (cycles per flit) through h network channels at flit
 * utilisation u (the first at u1) and an ejection channel at ue:
 * E[max_k (1 + N_k)] with P(N_k >= j) = u_k^j.  h = 1, ue = 0 is one
 * processor-sharing channel, 1/(1 - u).  NAN outside 1 <= h <=
 * STAR_MAX_DIAM or a utilisation outside [0, 1). */
double star_worm_pace(int h, double u, double u1, double ue);

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
