/*
 * star.h: the analytical model of fully adaptive wormhole routing in the
 * star graph S_n (Kiasari, Sarbazi-Azad, Ould-Khaoua, IPDPS 2006, Eqs. 1-19).
 *
 * Units: time in network cycles (one flit crosses one channel per cycle),
 * message length M in flits, load lambda_g in messages per node per cycle.
 *
 *   Latency   = (S-bar + W_s) V-bar                          (Eq. 1)
 *   S-bar     = mean over destination classes of
 *               S_i = M + h_i + sum_k P_block(i,k) w          (Eqs. 4-7)
 *   P_block   = E[ P_chan(d)^f ] over the paths, f the profitable channels
 *               at the hop, d the hops still to go               (Eq. 8)
 *   P_chan(d) = the blocking mix of groups A, B-, B+           (Eqs. 9-11)
 *   w         = M/G/1 wait at a channel                    (Eqs. 12-15)
 *   W_s       = M/G/1 wait at the source                      (Eq. 16)
 *   P_v, V-bar = busy virtual channels, multiplexing degree (Eqs. 18-19)
 * S-bar and w depend on each other; star_eval solves the fixed point.
 * Every reading of what the paper leaves open is an option below and is
 * explained in docs/models-star.md (icnx-models(7)).
 *
 * Virtual channels: V per physical channel, split into V1 fully adaptive
 * channels (class a) and V2 negative-hop escape channels with bonus cards
 * (class b, Nbc).  Deadlock freedom needs V2 >= L = ceil(H/2) (H the
 * diameter, L the negative hops a message may need, paper Section 3) and
 * V1 >= 1, so V >= L + 1.  Default split: V2 = L, V1 = V - L (the fewest
 * escape channels, every other channel adaptive).
 *
 * Pure C11: no I/O, no globals, no threads.  A struct star_model owns its
 * buffers (star_model_free releases them); star_eval and friends only read
 * it, so one model may serve several threads at once.
 */
#ifndef ICNX_MODEL_STAR_H
#define ICNX_MODEL_STAR_H

#include <stdatomic.h>
#include <stddef.h>

#include "topo/star.h"

#define STAR_MAX_V 64             /* virtual channels per physical channel */
#define STAR_MAX_M 1000000        /* flits */
#define STAR_DEFAULT_TOL 1e-9     /* relative, on S-bar */
#define STAR_DEFAULT_MAX_ITER 100000

/* Return codes of star_eval / star_curve / star_saturation. */
enum {
	STAR_OK = 0,
	STAR_SATURATED = 1,
	STAR_CANCELLED = 2
};

/* Eq. (9): its prose (blocked when all V - ceil(d/2) + 1 selectable
 * channels are busy) or its printed limits (v from ceil(d/2) + 1, which
 * agree with the prose only when V = 2 ceil(d/2)). */
enum star_eq9 {
	STAR_EQ9_PROSE = 0,
	STAR_EQ9_PRINTED,
	STAR_EQ9_COUNT
};

/* Eq. (16), the source queue: arrival rate lambda_g/V in numerator and
 * denominator (the text's rate, a consistent M/G/1 queue: default), as
 * printed (lambda_g above, lambda_g/V below), or lambda_g in both (one
 * queue per node). */
enum star_ws {
	STAR_WS_TEXT = 0,
	STAR_WS_PRINTED,
	STAR_WS_NODE,
	STAR_WS_COUNT
};

/* The mean distance d-bar in Eq. (3): exact, [n + 2/n - 4 + H_n] n!/(n!-1)
 * (default), or Eq. (2) as printed, n - 4 + 2/n + H_{n-1} n!/(n!-1). */
enum star_dbar {
	STAR_DBAR_EXACT = 0,
	STAR_DBAR_PRINTED,
	STAR_DBAR_COUNT
};

struct star_params {
	int n;                   /* S_n, STAR_MIN_N..STAR_MAX_N */
	int V;                   /* virtual channels per physical channel */
	int V2;                  /* class-b (negative-hop) channels; 0 = default
	                            star_neg_levels(n).  V1 = V - V2. */
	int M;                   /* message length, flits, 1..STAR_MAX_M */
	enum star_paths paths;   /* Eq. 7 path weighting (topo/star.h) */
	enum star_eq9 eq9;
	enum star_ws ws;
	enum star_dbar dbar;
	double tol;              /* relative tolerance on S-bar; 0 = default */
	int max_iter;            /* cap on fixed-point steps; 0 = default */
};

/* The paper's Figure 1 set-up: n = 5, V = 6, M = 32, default readings. */
void star_params_default(struct star_params *p);

/* Option names (as in presets and --set): "adaptive" "minimal" "sets";
 * "prose" "printed"; "text" "printed" "node"; "exact" "printed".  NULL for
 * an out-of-range value.  The *_parse functions return the value or -1. */
const char *star_paths_name(enum star_paths v);
const char *star_eq9_name(enum star_eq9 v);
const char *star_ws_name(enum star_ws v);
const char *star_dbar_name(enum star_dbar v);
int star_paths_parse(const char *s);
int star_eq9_parse(const char *s);
int star_ws_parse(const char *s);
int star_dbar_parse(const char *s);

/* Smallest V that is deadlock-free in S_n: star_neg_levels(n) + 1. */
int star_min_v(int n);

/* The parameter of struct star_params a refusal is about (star_check). */
enum star_field {
	STAR_FIELD_NONE, STAR_FIELD_N, STAR_FIELD_V, STAR_FIELD_V2, STAR_FIELD_M,
	STAR_FIELD_PATHS, STAR_FIELD_EQ9, STAR_FIELD_WS, STAR_FIELD_DBAR,
	STAR_FIELD_TOL, STAR_FIELD_MAX_ITER, STAR_FIELD_COUNT
};
/* Its member name in struct star_params ("V2"); "" for STAR_FIELD_NONE. */
const char *star_field_name(enum star_field f);

/*
 * Check *p.  Returns 0 (*field = STAR_FIELD_NONE), or -1 with *field the
 * parameter at fault (field may be NULL) and in msg (caller's buffer of size
 * len, may be NULL) what is wrong and the allowed range, without the
 * parameter's name; a V too small for deadlock freedom is refused with the
 * minimum V in the message.
 */
int star_check(const struct star_params *p, enum star_field *field, char *msg, size_t len);

/*
 * star_check with the message as "name: what is wrong".  Returns 0, or -1 with a message in msg (caller's buffer of
 * size len, may be NULL) naming the field and the allowed range; a V too
 * small for deadlock freedom is refused with the minimum V in the message.
 */
int star_validate(const struct star_params *p, char *msg, size_t len);

struct star_model {
	struct star_params p;    /* copy: V2, tol, max_iter resolved */
	int V1, V2;              /* class a / class b virtual channels */
	int H;                   /* diameter */
	double dbar;             /* exact mean distance (Eq. 5's mean of h_i) */
	double dbar_eq3;         /* the d-bar used in Eq. 3 (option dbar) */
	struct star_topo topo;   /* the classes */
	double *profile;         /* star_profile(topo, p.paths) */
	double *agg;             /* [(d) n + f]: sum_c size_c profile_c / (n!-1) */
	double *byh;             /* [((h)(H+1) + d) n + f]: sum over classes at
	                            distance h of size_c profile_c */
	double *binom;           /* [a (V+1) + b] = C(a, b), a, b <= V */
	double *ratio;           /* [s (V+1) + v] = C(V-s, v-s) / C(V, v): chance
	                            that s given channels are among v busy ones */
};

/*
 * Validate *p and precompute everything that does not depend on the load.
 * Returns 0, or -1 (invalid parameters, msg filled; or out of memory; m is
 * then empty and star_model_free(m) is harmless).  Allocates; the caller
 * frees with star_model_free.
 */
int star_model_init(struct star_model *m, const struct star_params *p,
		    char *msg, size_t len);
/* Release m's buffers.  m may be NULL; freeing twice is harmless. */
void star_model_free(struct star_model *m);

/* One operating point.  Arrays are indexed from 1 (index 0 unused). */
struct star_point {
	double lambda_g;         /* messages / node / cycle (input) */
	double lambda_c;         /* Eq. 3: messages / channel / cycle */
	double latency;          /* Eq. 1, cycles */
	double S;                /* S-bar, Eq. 5, cycles */
	double Ws;               /* W_s, Eq. 16, cycles */
	double w;                /* w, Eq. 15, cycles */
	double Vbar;             /* V-bar, Eq. 19 (1 at zero load) */
	double rho;              /* lambda_c S-bar, the channel utilisation */
	double pblock_mean;      /* P_block averaged over every hop made */
	double pchan[STAR_MAX_DIAM + 1];      /* [d]: Eq. 8's bracket, the chance
	                                         one profitable channel is blocked
	                                         with d hops to go */
	double pblock_hop[STAR_MAX_DIAM + 1]; /* [k]: P_block on hop k, averaged
	                                         over messages making a k-th hop
	                                         (k = 1..H) */
	int iterations;          /* evaluations of the fixed-point map */
	int status;              /* STAR_OK or STAR_SATURATED */
};

/*
 * Solve the model at load lambda_g >= 0.  Returns STAR_OK (out filled),
 * STAR_SATURATED (no fixed point with utilisation below 1, or none found
 * within max_iter steps: latency, S, Ws, w are INFINITY, the others NAN), or
 * STAR_CANCELLED (*cancel became non-zero; out is unspecified).  cancel may
 * be NULL; it is polled every few dozen steps.
 */
int star_eval(const struct star_model *m, double lambda_g, struct star_point *out,
	      const atomic_int *cancel);

/*
 * Saturation load: bisection on the load for the STAR_SATURATED predicate
 * (which is monotone: the fixed-point map rises with the load) until the
 * bracket is within rel_tol (0 = 1e-6) of its top.  *lambda_sat gets the
 * largest load found unsaturated.  Returns STAR_OK or STAR_CANCELLED.
 */
int star_saturation(const struct star_model *m, double rel_tol, double *lambda_sat,
		    const atomic_int *cancel);

/* The bisection star_saturation runs, on any status predicate monotone in
 * the load (STAR_OK below some load, STAR_SATURATED above, or
 * STAR_CANCELLED): status(ctx, lambda_g, cancel).  Starts from m's bound
 * lambda_c (M + d-bar) = 1.  Returns STAR_OK or STAR_CANCELLED. */
typedef int (*star_status_fn)(const void *ctx, double lambda_g, const atomic_int *cancel);
int star_bisect_load(const struct star_model *m, double rel_tol, star_status_fn status,
		     const void *ctx, double *lambda_sat, const atomic_int *cancel);
/* The same bisection on [0, hi], hi a load known to be saturated. */
int star_bisect_below(double hi, double rel_tol, star_status_fn status, const void *ctx,
		      double *lambda_sat, const atomic_int *cancel);

/*
 * A curve: star_eval at lambda[0..npts-1] into out[0..npts-1] (each
 * point's status in out[i].status).  Returns STAR_OK once every point is
 * done, or STAR_CANCELLED.  The function the benchmark times.
 */
int star_curve(const struct star_model *m, const double *lambda, int npts,
	       struct star_point *out, const atomic_int *cancel);

/* Eq. (4) for destination class c at a solved (STAR_OK) point: S_i, the
 * network latency to any destination of class c (NAN for the source's own
 * class m->topo.identity, a bad index, or a saturated point). */
double star_class_latency(const struct star_model *m, const struct star_point *pt, int c);

/* Eqs. (8)-(11) and (18) on their own: the bracket of Eq. 8 (the chance one
 * profitable channel is blocked) with d >= 1 hops to go when the channel
 * utilisation is rho in [0, 1).  For tests and teaching views. */
double star_pchan(const struct star_model *m, double rho, int d);

/* Eq. (19) at utilisation rho in [0, 1): V-bar (1 at rho = 0). */
double star_vbar(int V, double rho);

#endif
