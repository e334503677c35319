/*
 * mc_refined.h: icnx's refined multi-cluster model (issue 20), an option
 * beside javadi's and sharifi's printed model (model/multicluster.h), not a
 * reading of either paper.  It predicts the system the simulator runs, with
 * the printed model's own stage recursion (Eqs. 14-16) and no constant
 * fitted to a simulation.  What it changes (equations in icnx-models(7),
 * REFINED MODELS):
 *
 *   channel rates: the simulated channels, not the papers' divisor: ICN1
 *     and ICN2 carry lambda d over their 2 n N one-way channels; an ECN1
 *     carries its cluster's outgoing messages (r = d_avg/2 links each) on
 *     its n_i N_i up-channels and its incoming ones on the down-channels;
 *   destinations: uniform over the other nodes when theta is auto
 *     (N_j / (N - N_i), the simulator's traffic), 1/(C-1) otherwise;
 *     a permutation's fixed points send nothing;
 *   flit times: the simulator's, whole cycles of its quantum;
 *   concentrator i and dispatcher j as M/G/1 queues whose service is the
 *     holding time of their link (service second moment with the length
 *     mix's C^2):
 *   the ICN2 up-links out of a subtree: fed by the k = m/2 links below
 *     their switch, each delivering one message at a time: a message
 *     queues behind the other inputs' traffic (mc_uplink_wait), its
 *     service M t_cs plus the waits held above it (the up-links further
 *     up, the down-links towards the destination); the concentrator holds
 *     its link through these waits, and their variance (a wait is 0 or
 *     exponential) joins its service's second moment;
 *   the down-links from the ICN2 top towards a destination cluster's leaf
 *     switch carry its messages alone (destination-mod-k routing): one
 *     M/G/1 server (wait W_j, held by every link behind it) whose inputs
 *     are the up-links of the sibling subtrees joining it, each carrying
 *     one message at a time: KHM's factor over those inputs;
 *       buffered (Eq. 32's system): FIFOs cut the journey into three
 *         wormhole segments; the concentrator holds its link M t_cs plus
 *         the ICN2 waits to the dispatcher's FIFO, the dispatcher M t plus
 *         the destination ECN1's waits; the source's ECN1 links are held
 *         without either queue's wait;
 *       cut-through: one wormhole journey whose queue waits hold every link
 *         behind them: concentrator service M t_cs + ICN2 waits + W_d,j
 *         + the ECN1 waits below (Karol-Hluchyj-Morgan's head-of-line
 *         blocking: 2 - sqrt 2 of the link for equal clusters), and the
 *         source ECN1 stages' holding times include W_c;
 *   release (sim.release = next-cycle): every channel is held one cycle q
 *     longer per message (M + 1 cycles between routers), in every blocking
 *     probability, queue service and utilisation, not in the latency.
 *
 * Pure C11: no I/O, no globals.
 */
#ifndef ICNX_MODEL_MC_REFINED_H
#define ICNX_MODEL_MC_REFINED_H

#include "model/multicluster.h"

/* The simulated system the refined model predicts. */
struct mc_refined_system {
	enum mc_conc conc;          /* MC_CONC_BUFFERED or MC_CONC_CUT_THROUGH */
	double hold;                /* 0 (same-cycle release) or the cycle q */
	double cv2;                 /* the length mix's Var(M)/M^2 */
	bool quantised;             /* use icn1/ecn1/icn2 below */
	struct mc_timing icn1, ecn1, icn2;   /* the simulator's flit times */
};

/* The refined model's parameters from the printed ones (p) and the system
 * (sys): *r = *p with the changes above.  sys->conc must not be
 * MC_CONC_PRINTED. */
void mc_refined_params(const struct mc_params *p, const struct mc_refined_system *sys,
		       struct mc_params *r);

/* M/G/1 mean wait at arrival rate lam with service moments x1 = E[x],
 * x2 = E[x^2] (Pollaczek-Khinchine); 0 when lam = 0, INFINITY when
 * lam x1 >= 1. */
double mc_mg1_wait(double lam, double x1, double x2);

/* Karol-Hluchyj-Morgan's factor of a link fed by inputs that each carry
 * one message at a time: its wait is (1 - sum_a s_a^2) of the M/G/1 wait,
 * s_a the share of input a.  Here entry l has share[l] of the messages
 * split equally over inputs[l] inputs (skipped when inputs[l] < 1), n
 * entries: 1 - sum_l share[l]^2 / inputs[l], not below 0. */
double mc_khm_inputs(const double *share, const double *inputs, int n);

/* The wait for a link fed by k inputs of equal share that each deliver one
 * message at a time (an ICN2 up-link: the k links below its switch): a
 * message queues only behind the other inputs' traffic, (k - 1)/k of the
 * link's, so W = PK(lam (k - 1)/k; x1, x2), an M/G/1 wait at the others'
 * rate; *pw (may be NULL) the probability of waiting, lam (k - 1)/k x1.
 * To first order in lam this is KHM's (k-1)/k of the M/G/1 wait; with
 * deterministic service an input saturates at rho (1 + W/x1) = 1, rho =
 * 3 - sqrt 5 = 0.764 for k = 2 and 2/3 for k = 4 against KHM's finite-N
 * head-of-line limits 0.75 and 0.655, and 2 - sqrt 2 as k -> infinity.  0 when
 * k <= 1 or lam = 0; INFINITY when lam x1 >= 1 (the link itself). */
double mc_uplink_wait(double lam, double x1, double x2, double k, double *pw);

/* Squared coefficient of variation of a length mix (lengths L, probs F, n
 * entries; F need not be normalised): 0 for one length. */
double mc_mix_cv2(const double *L, const double *F, int n);

#endif
