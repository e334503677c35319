/*
 * multicluster.c: the multi-cluster fat-tree latency model (see
 * multicluster.h; equation numbers are javadi's unless marked "sharifi").
 *
 * The per-stage recursion (Eqs. 14-16; sharifi 24-28) runs backwards from the
 * destination: S_{K-1} = M t_cn, S_k = sum_{a>k} W_a + M t_cs(k), with
 * W_a = S_a P_B(a) / 2 and P_B(a) = lambda_c(a) S_a.  Journeys that share
 * their tail share that part of the recursion, so the journeys of every
 * length are produced incrementally: a 2(h+1)-link journey is a 2h-link one
 * with two more stages in front, and the merged ECN1+ICN2 journey (r, l, v)
 * is built from its destination end.  That keeps a load point at
 * O(sum over pairs of n_i n_c n_j) operations.
 */
#include "model/multicluster.h"
#include "model/mc_refined.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct mc_timing mc_timing_from_link(double a_n, double a_s, double bandwidth,
				     double flit_bytes)
{
	struct mc_timing t;
	double b_n = 1.0 / bandwidth;          /* time per byte */
	t.t_cn = 0.5 * a_n + flit_bytes * b_n; /* Eq. (3) */
	t.t_cs = a_s + flit_bytes * b_n;       /* Eq. (4) */
	return t;
}

static int fail(char *err, size_t n, const char *msg, long a)
{
	if (err && n)
		snprintf(err, n, msg, a);
	return -1;
}

static double mean_links(const double *P, int n)
{
	double d = 0;
	for (int h = 1; h <= n; h++)
		d += 2.0 * h * P[h];              /* Eq. (11) */
	return d;
}

/* javadi Eq. (12) with its denominator as printed:
 * ((m n - 2n - 1)(m/2)^n + 1) / ((m/2)^n - (m/2 - 1)/2). */
static double eq12_printed(int m, int n)
{
	double k = m / 2.0, kn = pow(k, n);
	return ((double)(m * n - 2 * n - 1) * kn + 1.0) / (kn - 0.5 * (k - 1.0));
}

/* P[h] = counts[h]/pairs; a distribution with no pairs stays all zero. */
static void normalise(const double *counts, double pairs, int n, double *P)
{
	P[0] = 0;
	for (int h = 1; h <= n; h++)
		P[h] = pairs > 0 ? counts[h] / pairs : 0;
}

/* The clusters of group g before address a (groups in order, clusters of
 * a group consecutive): a prefix count over addresses. */
static double group_before(const struct mc_model *mdl, int g, long a)
{
	long first = 0;
	for (int i = 0; i < g; i++)
		first += mdl->p.g[i].count;
	long last = first + mdl->p.g[g].count;
	return (double)(a < first ? 0 : a > last ? last - first : a - first);
}

/* mdl->P2: for each source cluster a, the clusters of group j in a's
 * level-h subtree (addresses a / k^h alike, k = m/2; h = n_c: the whole
 * tree) less those in its level-(h-1) subtree are at distance h; averaged
 * over the clusters of group i, normalised over group j's others. */
static void icn2_pairs(struct mc_model *mdl)
{
	const struct mc_params *p = &mdl->p;
	long k = p->m / 2, a = 0;

	memset(mdl->P2, 0, sizeof mdl->P2);
	for (int i = 0; i < p->ngroups; i++) {
		for (int c = 0; c < p->g[i].count; c++, a++) {
			for (int j = 0; j < p->ngroups; j++) {
				double prev = 1.0 * (i == j), others = p->g[j].count - (i == j);
				long span = 1;
				if (!(others > 0))
					continue;
				for (int h = 1; h <= mdl->n_c; h++) {
					double in;
					span *= k;
					if (h == mdl->n_c) {
						in = p->g[j].count;
					} else {
						long lo = a / span * span;
						in = group_before(mdl, j, lo + span) - group_before(mdl, j, lo);
					}
					mdl->P2[i][j][h] += (in - prev) / others / p->g[i].count;
					prev = in;
				}
			}
		}
	}
}

/* mdl->up_coef (needs Q, w_dest and P2). */
static void icn2_up_rates(struct mc_model *mdl)
{
	const struct mc_params *p = &mdl->p;
	double beyond[MC_MAX_GROUPS][MC_MAX_NC + 1], rate[MC_MAX_GROUPS];
	int grp[MC_MAX_CLUSTERS];
	long k = p->m / 2, a = 0;

	for (int g = 0; g < p->ngroups; g++) {
		/* a cluster of group g's messages leaving its level-h subtree */
		rate[g] = mdl->N_i[g] * mdl->Q[g] / (1.0 - p->g[g].tau);
		for (int h = 0; h <= mdl->n_c; h++) {
			beyond[g][h] = 0;
			for (int j = 0; j < p->ngroups; j++)
				for (int l = h + 1; l <= mdl->n_c; l++)
					beyond[g][h] += mdl->w_dest[g][j] * mdl->P2[g][j][l];
		}
		for (int c = 0; c < p->g[g].count; c++)
			grp[a++] = g;
	}
	memset(mdl->up_coef, 0, sizeof mdl->up_coef);
	for (long c = 0; c < mdl->C; c++) {
		long span = 1;
		for (int h = 1; h < mdl->n_c; h++) {
			span *= k;
			long lo = c / span * span;
			double sum = 0;
			for (long b = lo; b < lo + span && b < mdl->C; b++)
				sum += rate[grp[b]] * beyond[grp[b]][h];
			mdl->up_coef[grp[c]][h] += sum / (double)span / p->g[grp[c]].count;
		}
	}
}

int mc_model_init(struct mc_model *mdl, const struct mc_params *p,
		  const atomic_int *cancel, char *err, size_t errlen)
{
	double counts[FT_MAX_N + 1], pairs, fixed;

	memset(mdl, 0, sizeof *mdl);
	mdl->p = *p;
	if (p->m < 4 || p->m % 2)
		return fail(err, errlen, "m = %ld: need an even switch size >= 4", p->m);
	if (p->ngroups < 1 || p->ngroups > MC_MAX_GROUPS)
		return fail(err, errlen, "%ld cluster groups: need 1..32", p->ngroups);
	if (!(p->M > 0))
		return fail(err, errlen, "message length must be positive", 0);

	mdl->C = 0;
	for (int i = 0; i < p->ngroups; i++) {
		const struct mc_group_params *g = &p->g[i];
		if (g->count < 1 || g->n < 1 || g->n > FT_MAX_N || !(g->tau >= 0 && g->tau < 1))
			return fail(err, errlen, "cluster group %ld is invalid", i);
		int64_t Ni = ft_nodes(p->m, g->n);
		if (Ni < 0 || Ni > MC_MAX_NODES_PER_CLUSTER)
			return fail(err, errlen, "cluster group %ld has too many nodes", i);
		mdl->N_i[i] = (double)Ni;
		mdl->C += g->count;
		mdl->N += (double)g->count * (double)Ni;
	}
	if (mdl->C < 2 || mdl->C > MC_MAX_CLUSTERS)
		return fail(err, errlen, "%ld clusters: need 2..4096", mdl->C);
	mdl->n_c = ft_levels_for(p->m, mdl->C);

	for (int i = 0; i < p->ngroups; i++) {
		int n = p->g[i].n;
		int64_t Ni = (int64_t)mdl->N_i[i];

		/* Q^(i): javadi Eq. (6), or sharifi's theta. */
		mdl->Q[i] = isnan(p->theta) ? 1.0 - (mdl->N_i[i] - 1.0) / (mdl->N - 1.0) : p->theta;

		ft_uniform_closed_form(p->m, n, mdl->P_uni[i]);          /* Eq. (9) */
		if (p->pattern == FT_TRANSPOSE && p->transpose_counts == MC_TC_PRINTED) {
			/* sharifi Eqs. (6)-(10) as printed; Eq. (9) normalises. */
			if (ft_transpose_printed(p->m, n, counts, &fixed) < 0)
				return fail(err, errlen, "transpose: m/2 = %ld is not a power of two",
					    p->m / 2);
			normalise(counts, (double)Ni - fixed, n, mdl->P_icn1[i]);
			mdl->fixed_icn1[i] = fixed;
		} else if (p->pattern == FT_UNIFORM) {
			memcpy(mdl->P_icn1[i], mdl->P_uni[i], sizeof mdl->P_uni[i]);
		} else {
			int rc = ft_hop_distribution(p->m, n, Ni, p->pattern, counts, &pairs,
						     &fixed, cancel);
			if (rc == 1)
				return 1;
			if (rc < 0)
				return fail(err, errlen,
					    "pattern needs a power-of-two number of nodes per "
					    "cluster (N_i = %ld)", (long)Ni);
			normalise(counts, pairs, n, mdl->P_icn1[i]);
			mdl->fixed_icn1[i] = fixed;
		}
		mdl->d_icn1[i] = mean_links(mdl->P_icn1[i], n);
		mdl->d_ecn1[i] = mean_links(mdl->P_uni[i], n);
		if (p->eq12 == MC_EQ12_PRINTED) {      /* Eq. (12) for uniform traffic */
			if (p->pattern == FT_UNIFORM)
				mdl->d_icn1[i] = eq12_printed(p->m, n);
			mdl->d_ecn1[i] = eq12_printed(p->m, n);
		}
	}

	/* ICN2: the C clusters sit at addresses 0..C-1 of an m-port n_c-tree. */
	int rc = ft_hop_distribution(p->m, mdl->n_c, mdl->C, FT_UNIFORM, counts, &pairs, &fixed,
				     cancel);
	if (rc == 1)
		return 1;
	if (rc < 0)
		return fail(err, errlen, "ICN2 hop distribution failed", 0);
	normalise(counts, pairs, mdl->n_c, mdl->P_icn2);
	mdl->d_icn2 = mean_links(mdl->P_icn2, mdl->n_c);
	if (mdl->n_c > MC_MAX_NC)
		return fail(err, errlen, "ICN2 of %ld levels: too deep", mdl->n_c);
	icn2_pairs(mdl);

	/* Destination weights (Eq. 28 or uniform over destination nodes). */
	for (int i = 0; i < p->ngroups; i++) {
		for (int j = 0; j < p->ngroups; j++) {
			double others = p->g[j].count - (i == j);
			if (p->weighting == MC_W_NODES)
				mdl->w_dest[i][j] = others * mdl->N_i[j] / (mdl->N - mdl->N_i[i]);
			else
				mdl->w_dest[i][j] = others / (mdl->C - 1.0);
		}
	}
	icn2_up_rates(mdl);
	return 0;
}

/* Tracks the largest utilisation seen during one evaluation.  A NaN is a
 * bug of the model, never a utilisation: it is kept (nan, nan_what), not
 * overwritten by a later value, and the evaluation reports it. */
struct util {
	double max;
	double max_other;      /* the largest but the concentrators' */
	const char *what;
	bool nan;
	const char *nan_what;
};

/* The refined model's queues whose overload only caps their throughput
 * (mc_point.accepted): the concentrators, the dispatchers and the ICN2
 * down-links into a cluster, the ICN2 up-links (fed by concentrators,
 * which saturate with them: a concentrator's service holds the up-link's
 * wait), and, cut-through, the source's ECN1 held behind a
 * concentrator. */
static const char Q_CONC[] = "concentrator", Q_DSP[] = "dispatcher",
		  Q_DOWN[] = "ICN2 down-link", Q_BEHIND[] = "ECN1 behind the concentrator",
		  Q_UP[] = "ICN2 up-link";

static bool is_queue(const char *what)
{
	return what == Q_CONC || what == Q_DSP || what == Q_DOWN || what == Q_BEHIND ||
	       what == Q_UP;
}

static void note(struct util *u, double v, const char *what)
{
	if (isnan(v)) {
		if (!u->nan)
			u->nan_what = what;
		u->nan = true;
	} else {
		if (v > u->max) {
			u->max = v;
			u->what = what;
		}
		if (v > u->max_other && !is_queue(what))
			u->max_other = v;
	}
}

/* A weight times a value, where a zero weight means "never taken": it adds
 * nothing even when the value has overflowed (0 * inf would be NaN). */
static double wmul(double w, double v)
{
	return w == 0 ? 0 : w * v;
}

/* M/G/1 source queue with the Draper-Ghosh variance (Eq. 19, sharifi 29):
 * W = xi (S^2 + (S - M t_cn)^2) / (2 (1 - xi S)). */
static double source_wait(double xi, double S, double Mtcn, double var_len)
{
	if (xi == 0)
		return 0;   /* no arrivals, no wait (even if S overflowed) */
	return xi * (S * S + (S - Mtcn) * (S - Mtcn) + var_len) / (2.0 * (1.0 - xi * S));
}

/* One backward stage: service time S = sumW + M t, then its wait joins
 * sumW.  The channel is held S + q (q = p->hold: 0 in the printed model,
 * one simulator cycle under next-cycle release; mc_refined.h). */
static double stage(double *sumW, double lc, double Mt, double q, double *pb)
{
	double S = *sumW + Mt, H = S + q;
	if (lc == 0) {                        /* an unused channel: no wait */
		*pb = 0;
		return S;
	}
	*pb = lc * H;                         /* Eq. (15) */
	*sumW += 0.5 * H * *pb;               /* Eq. (14) */
	return S;
}

/* One ICN2 up-link of the refined model on the way out of a subtree
 * (mc_uplink_wait): service S = *sumW (the waits it holds, above it) + M t,
 * held S + q; its wait joins *sumW and the wait's variance *var (0 with
 * probability 1 - pw, else exponential: E[W^2] = 2 W^2 / pw), which also
 * enters the link's own second moment. */
static double up_stage(double *sumW, double *var, double lc, double Mt, double q, double k,
		       double cv2, double *pb)
{
	double S = *sumW + Mt, H = S + q, pw;
	if (lc == 0) {
		*pb = 0;
		return S;
	}
	*pb = lc * H;
	double w = mc_uplink_wait(lc, H, H * H + cv2 * Mt * Mt, k, &pw);
	*sumW += w;
	if (pw > 0 && isfinite(w))
		*var += w * w * (2 / pw - 1);
	return S;
}

/* Intra-cluster latency of group i (Eqs. 8-21, sharifi 14-21). */
static void intra(const struct mc_model *mdl, int i, double lam_i, double div,
		  struct mc_group_point *gp, struct util *u)
{
	const struct mc_params *p = &mdl->p;
	int n = p->g[i].n;
	double M = p->M, tcn = p->icn1.t_cn, tcs = p->icn1.t_cs;
	double xi = (1.0 - mdl->Q[i]) * lam_i;           /* per-node rate into ICN1 */
	double lc = xi * mdl->d_icn1[i] / (div * n);      /* Eq. (13) */
	if (p->senders == MC_SENDERS_SENDING && mdl->fixed_icn1[i] > 0)
		lc *= (mdl->N_i[i] - mdl->fixed_icn1[i]) / mdl->N_i[i];
	double sumW = 0, S_h, pb, Sbar = 0, R = 0, q = p->hold;
	double PB[MC_MAX_STAGES];

	gp->lc_icn1 = lc;
	/* h = 1: a single stage K - 1 = 0 served in M t_cn. */
	S_h = stage(&sumW, lc, M * tcn, q, &pb);
	PB[0] = pb;
	note(u, pb, "ICN1 blocking");
	for (int h = 1; h <= n; h++) {
		if (h > 1 && p->stage0 == MC_STAGE0_NODE_LINK) {
			/* Stage 1 at M t_cs joins the tail; stage 0, the node link, is
			 * served in t_cn + (M-1) max(t_cn, t_cs) on top of the waits
			 * ahead.  The chain still adds a t_cs stage in its place: it is
			 * stage 2 of the longer journeys (unused, unnoted when h = n). */
			stage(&sumW, lc, M * tcs, q, &pb);
			PB[2 * h - 3] = pb;
			note(u, pb, "ICN1 blocking");
			S_h = sumW + tcn + (M - 1) * fmax(tcn, tcs);
			double pb0 = lc * (S_h + q);
			note(u, pb0, "ICN1 blocking");
			stage(&sumW, lc, M * tcs, q, &pb);
			PB[2 * h - 2] = h == n ? pb0 : pb;
			if (h < n)
				note(u, pb, "ICN1 blocking");
		} else if (h > 1) {
			/* Two more switch-to-switch stages in front of the 2(h-1)-link
			 * journey give the 2h-link one (K = 2h - 1 stages). */
			for (int s = 0; s < 2; s++) {
				S_h = stage(&sumW, lc, M * tcs, q, &pb);
				PB[2 * h - 3 + s] = pb;
			}
			note(u, pb, "ICN1 blocking");
		}
		Sbar += wmul(mdl->P_icn1[i][h], S_h);                   /* Eq. (8) */
		/* Eq. (20), sharifi Eq. (21): the tail under the pattern's (or
		 * the uniform) distribution */
		double Pt = p->eq21 == MC_EQ21_UNIFORM ? mdl->P_uni[i][h] : mdl->P_icn1[i][h];
		R += wmul(Pt, (2 * h - 2) * tcs + tcn);
	}
	/* PB was filled from the destination end; present it from stage 0. */
	gp->nstages = 2 * n - 1;
	for (int k = 0; k < gp->nstages; k++)
		gp->PB[k] = PB[gp->nstages - 1 - k];
	/* Eq. (19) with Eq. (10)'s cluster total, or one node's rate */
	double xs = p->source_rate == MC_SRC_CLUSTER ? mdl->N_i[i] * xi : xi;
	gp->util_src_in = wmul(xs, Sbar + q);
	note(u, gp->util_src_in, "ICN1 source queue");
	gp->S_in = Sbar;
	gp->R_in = R;
	gp->W_in = source_wait(xs, Sbar + q, M * tcn, p->cv2 * M * tcn * M * tcn);
	gp->T_in = gp->W_in + gp->S_in + gp->R_in;            /* Eq. (21) */
}

/* The merged ECN1+ICN2 journey from a cluster of group i to one of group j
 * (Eqs. 22-31; sharifi 22-31).  Adds the weighted W, S, R into *W, *S, *R. */
static void inter_pair(const struct mc_model *mdl, int i, int j, const double *lam,
		       double div, double lc_i2, struct mc_group_point *gp,
		       struct util *u, double *W, double *S, double *R, double *T_pair)
{
	const struct mc_params *p = &mdl->p;
	int ni = p->g[i].n, nj = p->g[j].n, nc = mdl->n_c;
	double M = p->M;
	double Me_cs = M * p->ecn1.t_cs, Me_cn = M * p->ecn1.t_cn, Mi_cs = M * p->icn2.t_cs;
	/* Eq. (24)/(26): the ECN1 of i carries i's and j's external traffic. */
	double lE1 = mdl->N_i[i] * mdl->Q[i] * lam[i] + mdl->N_i[j] * mdl->Q[j] * lam[j];
	double lc_e1 = lE1 * mdl->d_ecn1[i] / (div * ni * mdl->N_i[i]);
	double sumW_v = 0, pb, S_dest = 0, Spair = 0, Rpair = 0, q = p->hold;
	bool eq30p = p->eq30 == MC_EQ30_PRINTED;
	/* Eq. (30): the rate of the source's ECN1 stages 0..r-1 */
	double lc_src = eq30p ? lc_i2 : lc_e1;

	/* Destination part: v ECN1 stages, the last served in M t_cn^E1. */
	for (int v = 1; v <= nj; v++) {
		S_dest = stage(&sumW_v, lc_e1, v == 1 ? Me_cn : Me_cs, q, &pb);
		note(u, pb, "ECN1 blocking");
		gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
		double sumW_l = sumW_v;
		/* Eq. (23): P_v of the destination cluster, or as printed of the
		 * source cluster (its Eq. 9 has no v > n_i: zero) */
		double Pv = p->eq23 == MC_EQ23_SOURCE ? (v <= ni ? mdl->P_uni[i][v] : 0)
						      : mdl->P_uni[j][v];
		for (int l = 1; l <= nc; l++) {
			/* ICN2 stages r .. r+2l-2 (sharifi Eq. 25/28): 2l - 1 of them,
			 * two more for each further level.  Printed Eq. (30) keeps
			 * stage r at the ECN1 rate: the shared chain then holds the
			 * 2l - 2 stages r+1 .. r+2l-2 and stage r is added per l. */
			int more = eq30p ? (l == 1 ? 0 : 2) : (l == 1 ? 1 : 2);
			for (int s = 0; s < more; s++) {
				stage(&sumW_l, lc_i2, Mi_cs, q, &pb);
				note(u, pb, "ICN2 blocking");
				gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
			}
			double sumW_r = sumW_l, Pvl = Pv * mdl->P_icn2[l];
			if (eq30p) {
				stage(&sumW_r, lc_e1, Mi_cs, q, &pb);      /* stage r */
				note(u, pb, "ICN2 blocking");
				gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
			}
			for (int r = 1; r <= ni; r++) {
				double S0;
				if (p->stage0 == MC_STAGE0_NODE_LINK) {
					/* stage 0 as a node link: t_cn(E1), then the body at
					 * the pace of the slowest link of this journey (its
					 * ECN1 switch links only when r + v > 2); the t_cs
					 * stage the chain adds is stage 1 of the r+1 journey */
					double tmax = fmax(p->ecn1.t_cn, p->icn2.t_cs);
					if (r + v > 2)
						tmax = fmax(tmax, p->ecn1.t_cs);
					S0 = sumW_r + p->ecn1.t_cn + (M - 1) * tmax;
					double pb0 = lc_src * (S0 + q);
					note(u, pb0, eq30p ? "ICN2 blocking" : "ECN1 blocking");
					gp->PB_ex_max = fmax(gp->PB_ex_max, pb0);
					stage(&sumW_r, lc_src, Me_cs, q, &pb);
					if (r < ni) {
						note(u, pb, eq30p ? "ICN2 blocking" : "ECN1 blocking");
						gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
					}
				} else {
					S0 = stage(&sumW_r, lc_src, Me_cs, q, &pb);
					note(u, pb, eq30p ? "ICN2 blocking" : "ECN1 blocking");
					gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
				}
				double P = mdl->P_uni[i][r] * Pvl;               /* Eq. (23) */
				Spair += wmul(P, S0);                             /* Eq. (22) */
				Rpair += wmul(P, (r + v - 2) * p->ecn1.t_cs + 2 * l * p->icn2.t_cs
					      + p->ecn1.t_cn);                    /* sharifi (31) */
			}
		}
	}
	(void)S_dest;
	/* per-node rate into ECN1, or Eq. (31)'s l_E1^(i,j) as printed */
	double xi = p->source_rate == MC_SRC_CLUSTER ? lE1 : mdl->Q[i] * lam[i];
	double util = wmul(xi, Spair);
	note(u, util, "ECN1 source queue");
	gp->util_src_ex = fmax(gp->util_src_ex, util);
	double w = mdl->w_dest[i][j];
	double Wpair = source_wait(xi, Spair, Me_cn, 0);  /* sharifi Eq. (29) */
	*T_pair = Wpair + Spair + Rpair;
	*W += wmul(w, Wpair);
	*S += wmul(w, Spair);
	*R += wmul(w, Rpair);
}

/* M/G/1 wait at rate lam, service moments x1 = E[x], x2 = E[x^2]. */
double mc_mg1_wait(double lam, double x1, double x2)
{
	if (lam == 0)
		return 0;
	if (!(lam * x1 < 1))
		return INFINITY;
	return lam * x2 / (2.0 * (1.0 - lam * x1));
}

/* icnx's refined external journeys (model/mc_refined.h): the dispatchers of
 * every destination group, computed once per load. */
struct mc_dsp {
	double in[MC_MAX_GROUPS];                   /* messages into one cluster */
	double lc[MC_MAX_GROUPS];                   /* its ECN1 down-channel rate */
	double W[MC_MAX_GROUPS];                    /* the wait for the ICN2 down-
	                                               link into its leaf switch
	                                               (l >= 2), held by the links
	                                               behind */
	double Wf[MC_MAX_GROUPS];                   /* the wait for the dispatcher's
	                                               link (cut-through: held) */
	double util[MC_MAX_GROUPS];                 /* its dispatcher's utilisation */
	double below[MC_MAX_GROUPS][FT_MAX_N + 1];  /* waits of the v - 1 ECN1
	                                               stages after the dispatcher */
	double lc_up[FT_MAX_N + 1];                 /* an ICN2 up-link at level k */
};

/* What a stage added to a sum of waits (INFINITY once it overflowed). */
static double gained(double after, double before)
{
	return isinf(after) ? INFINITY : after - before;
}

/* Rate out of one cluster of each group, N_i Q_i lambda_i. */
static double out_rate(const struct mc_model *mdl, const double *lam, int i)
{
	return mdl->N_i[i] * mdl->Q[i] * lam[i];
}

/* P(l > k) for the ICN2 journey */
static double icn2_beyond(const struct mc_model *mdl, int k)
{
	double s = 0;
	for (int l = k + 1; l <= mdl->n_c; l++)
		s += mdl->P_icn2[l];
	return s;
}

/* Karol-Hluchyj-Morgan: a link fed over input links that each carry one
 * message at a time waits (1 - sum_a s_a^2) of the M/G/1 wait, s_a the
 * share of input a (KHM's (N-1)/N for N equal inputs; 0 for one input,
 * whose messages arrive one after the other).  khm_pair: an input carrying
 * share a and `sib` inputs sharing b equally. */
static double khm_pair(double a, double b, double sib)
{
	return fmax(0.0, 1.0 - a * a - (sib > 0 ? b * b / sib : 0));
}

/* The concentrator's inputs: the r-th ECN1 link comes from an element at
 * level r - 2 (a node when r = 1): N_i nodes, 2 (m/2)^(n_i - 1) switches a
 * level. */
static double concentrator_inputs(const struct mc_model *mdl, int i)
{
	const struct mc_params *p = &mdl->p;
	double h = 0, sw = 2.0 * pow(p->m / 2.0, p->g[i].n - 1);
	for (int r = 1; r <= p->g[i].n; r++) {
		double P = mdl->P_uni[i][r];
		h += P * P / (r == 1 ? mdl->N_i[i] : sw);
	}
	return fmax(0.0, 1.0 - h);
}

static void dispatchers(const struct mc_model *mdl, const double *lam, struct mc_dsp *D,
			struct util *u)
{
	const struct mc_params *p = &mdl->p;
	double M = p->M, q = p->hold, pb, sum_out = 0;
	double sib = fmin(p->m / 2 - 1, mdl->C - 1);   /* clusters sharing a leaf switch */
	double kk = p->m / 2;
	bool ct = p->conc == MC_CONC_CUT_THROUGH;

	for (int i = 0; i < p->ngroups; i++)
		sum_out += p->g[i].count * out_rate(mdl, lam, i);
	for (int k = 0; k <= mdl->n_c; k++)
		D->lc_up[k] = sum_out / mdl->C * icn2_beyond(mdl, k);

	for (int j = 0; j < p->ngroups; j++) {
		/* into one cluster of group j: each source cluster's external
		 * traffic times its chance of choosing that cluster; in2 of it
		 * from beyond j's ICN2 leaf switch */
		double in = 0, in2 = 0, inl[MC_MAX_NC + 1] = { 0 };
		for (int i = 0; i < p->ngroups; i++) {
			double others = p->g[j].count - (i == j);
			if (others > 0) {
				double r = (i == j ? others : p->g[i].count) * out_rate(mdl, lam, i) *
					   mdl->w_dest[i][j] / others;
				in += r;
				in2 += r * (1 - mdl->P2[i][j][1]);
				for (int l = 2; l <= mdl->n_c; l++)
					inl[l] += r * mdl->P2[i][j][l];
			}
		}
		D->in[j] = in;
		/* incoming messages cross v = d_avg(E1)/2 links on average, over
		 * the n_j N_j down-channels of ECN1 */
		D->lc[j] = in * 0.5 * mdl->d_ecn1[j] / (p->g[j].n * mdl->N_i[j]);
		double sumW = 0, x1 = 0, x2 = 0;
		for (int v = 1; v <= p->g[j].n; v++) {
			double Mt = M * (v == 1 ? p->ecn1.t_cn : p->ecn1.t_cs);
			double x = sumW + Mt + q, P = mdl->P_uni[j][v];
			D->below[j][v] = sumW;
			x1 += wmul(P, x);
			x2 += wmul(P, x * x + p->cv2 * Mt * Mt);
			stage(&sumW, D->lc[j], Mt, q, &pb);
			if (v < p->g[j].n)
				note(u, pb, "ECN1 blocking");
		}
		D->util[j] = in * x1;
		note(u, D->util[j], Q_DSP);
		/* the dispatcher's link, behind its other inputs (KHM): the
		 * down-link from beyond the leaf switch and the concentrators
		 * sharing the leaf switch */
		double f = in > 0 ? khm_pair(in2 / in, 1 - in2 / in, sib) : 0;
		D->Wf[j] = wmul(f, mc_mg1_wait(in, x1, x2));
		/* the down-link into j's leaf switch carries j's messages from
		 * beyond it alone (destination-mod-k): held M t_cs while the
		 * message streams into the FIFO (buffered), or until it is
		 * through the dispatcher (cut-through) */
		double hm = M * p->icn2.t_cs, h = hm + q;
		double h2 = h * h + p->cv2 * hm * hm;
		if (ct) {
			h = x1 + D->Wf[j];
			h2 = x2 + 2 * x1 * D->Wf[j] + D->Wf[j] * D->Wf[j];
		}
		/* The down-links from the top towards j's leaf switch carry j's
		 * messages alone (destination-mod-k), one after the other: one
		 * server whose inputs (KHM) are the up-links joining it, at the
		 * level-(l-1) switch the sibling subtrees' (l = 2..n_c), each
		 * carrying one message at a time. */
		double share[MC_MAX_NC + 1] = { 0 }, inputs[MC_MAX_NC + 1] = { 0 }, span = 1;
		for (int l = 2; l <= mdl->n_c; l++) {
			span *= kk;   /* the clusters under a level-(l-2) switch */
			share[l] = in2 > 0 ? inl[l] / in2 : 0;
			inputs[l] = l == mdl->n_c ? ceil(mdl->C / span) - 1 : kk - 1;
		}
		double fd = in2 > 0 ? mc_khm_inputs(share, inputs, mdl->n_c + 1) : 0;
		D->W[j] = in2 > 0 ? wmul(fd, mc_mg1_wait(in2, h, h2)) : 0;
		note(u, in2 * h, Q_DOWN);
		D->util[j] = fmax(D->util[j], in2 * h);
	}
}

/* The refined external latency of group i (mc_refined.h): stages by link,
 * source ECN1 0..r-1, the concentrator's link r, ICN2 up-links, the
 * down-links into the destination cluster, the dispatcher's link, ECN1
 * below it.  The queues' waits are the waits of their links.  Buffered,
 * the dispatcher's and the concentrator's FIFOs end a segment: the links
 * before one are held without the waits after it; cut-through, every wait
 * holds every link behind it (Eqs. 14-16 through all stages).  The
 * down-links' waits are held in both systems: they come before the
 * dispatcher's FIFO. */
static void inter_refined(const struct mc_model *mdl, int i, const double *lam,
			  const struct mc_dsp *D, struct mc_group_point *gp, struct util *u)
{
	double lam_g = lam[i] * (1.0 - mdl->p.g[i].tau);
	const struct mc_params *p = &mdl->p;
	int ni = p->g[i].n, nc = mdl->n_c;
	double M = p->M, q = p->hold, pb;
	double Me_cs = M * p->ecn1.t_cs, Me_cn = M * p->ecn1.t_cn, Mi_cs = M * p->icn2.t_cs;
	bool ct = p->conc == MC_CONC_CUT_THROUGH;
	double out = out_rate(mdl, lam, i);
	double lc_src = out * 0.5 * mdl->d_ecn1[i] / (ni * mdl->N_i[i]);
	double c1 = 0, c2 = 0, xs1 = 0, Wc = 0, Wq = 0;

	/* Pass 0: the concentrator's service moments; pass 1: the journeys. */
	for (int pass = 0; pass < 2; pass++) {
		for (int j = 0; j < p->ngroups; j++) {
			double w = mdl->w_dest[i][j], Sj = 0, Rj = 0, xj = 0;
			if (!(w > 0))
				continue;
			for (int v = 1; v <= p->g[j].n; v++) {
				double Pv = mdl->P_uni[j][v];
				double below = D->below[j][v];
				for (int l = 1; l <= nc; l++) {
					double Pvl = Pv * mdl->P2[i][j][l];
					/* from the dispatcher back: the wait for the link
					 * into it (held), the FIFO's (not), then the ICN2
					 * up-links at levels l-1..1 */
					double held = (l >= 2 ? D->W[j] : 0) + (ct ? D->Wf[j] : 0);
					double H = (ct ? below : 0) + held;
					double Lw = below + (l >= 2 ? D->W[j] : 0) + D->Wf[j];
					/* up-links: held while the message streams and
					 * waits for the up-links above and the down-links
					 * (cut-through: the dispatcher's wait is left to
					 * the concentrator's service, mc_refined.h) */
					double Hu = l >= 2 ? D->W[j] : 0, vu = 0;
					for (int k = l - 1; k >= 1; k--) {
						double h0 = Hu;
						up_stage(&Hu, &vu, mdl->up_coef[i][k] * lam_g, Mi_cs, q,
							 p->m / 2, p->cv2, &pb);
						H += gained(Hu, h0);
						Lw += gained(Hu, h0);
						if (pass == 0) {
							note(u, pb, Q_UP);
							gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
						}
					}
					double xc = H + Mi_cs + q;
					if (pass == 0) {
						c1 += wmul(w * Pvl, xc);
						c2 += wmul(w * Pvl, xc * xc + p->cv2 * Mi_cs * Mi_cs + vu);
						continue;
					}
					Wq += wmul(w * Pvl, (l >= 2 ? D->W[j] : 0) + D->Wf[j]);
					/* the concentrator's wait, then the source's ECN1 */
					double Hr = ct ? H + Wc : 0, Lr = Lw + Wc;
					for (int r = 1; r <= ni; r++) {
						double Mt0 = Me_cs;
						if (p->stage0 == MC_STAGE0_NODE_LINK) {
							double tmax = fmax(p->ecn1.t_cn, p->icn2.t_cs);
							if (r + v > 2)
								tmax = fmax(tmax, p->ecn1.t_cs);
							Mt0 = p->ecn1.t_cn + (M - 1) * tmax;
						}
						double P = mdl->P_uni[i][r] * Pvl;
						double xs = Hr + Mt0 + q;
						note(u, lc_src * xs, ct ? Q_BEHIND : "ECN1 blocking");
						Sj += wmul(P, Lr + Mt0);
						xj += wmul(P, xs);
						Rj += wmul(P, (r + v - 2) * p->ecn1.t_cs + 2 * l * p->icn2.t_cs
							   + p->ecn1.t_cn);
						double h0 = Hr;
						stage(&Hr, lc_src, Me_cs, q, &pb);
						Lr += gained(Hr, h0);
						if (r < ni) {
							note(u, pb, ct ? Q_BEHIND : "ECN1 blocking");
							gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
						}
					}
				}
			}
			if (pass == 1) {
				gp->S_ex += wmul(w, Sj);
				gp->R_ex += wmul(w, Rj);
				xs1 += wmul(w, xj);
				gp->T_pair[j] = Sj + Rj;    /* W_s added below */
				gp->util_dsp = fmax(gp->util_dsp, D->util[j]);
			}
		}
		if (pass == 0) {
			gp->util_con = out * c1;
			note(u, gp->util_con, Q_CONC);
			Wc = gp->util_con < 1 ? concentrator_inputs(mdl, i) * mc_mg1_wait(out, c1, c2)
					      : INFINITY;
		}
	}
	/* One ECN1 source queue per node (Eq. 29's form, all destinations). */
	double xi = mdl->Q[i] * lam[i];
	gp->util_src_ex = wmul(xi, xs1);
	note(u, gp->util_src_ex, ct ? Q_BEHIND : "ECN1 source queue");
	gp->W_ex = source_wait(xi, xs1, Me_cn, p->cv2 * Me_cn * Me_cn);
	for (int j = 0; j < p->ngroups; j++)
		gp->T_pair[j] += gp->W_ex;
	gp->W_c = Wc;
	/* S_ex without the queues' waits (the concentrator, the down-links,
	 * the dispatcher), which 2 W_d reports */
	gp->W_d = 0.5 * (Wc + Wq);
	gp->S_ex -= Wc + Wq;
	gp->T_out = gp->W_ex + gp->S_ex + gp->R_ex + 2.0 * gp->W_d;
}

int mc_eval(const struct mc_model *mdl, double lambda_g, struct mc_point *out)
{
	const struct mc_params *p = &mdl->p;
	double lam[MC_MAX_GROUPS];
	double div = p->divisor == MC_DIV_EXACT ? 2.0 : 4.0;
	struct util u = { 0, 0, "none", false, NULL };

	memset(out, 0, sizeof *out);
	out->lambda_g = lambda_g;
	out->ngroups = p->ngroups;

	double sum_ext = 0;
	for (int i = 0; i < p->ngroups; i++) {
		lam[i] = lambda_g / (1.0 - p->g[i].tau);       /* effective rate */
		sum_ext += p->g[i].count * mdl->N_i[i] * mdl->Q[i] * lam[i]; /* Eq. (25) */
	}
	double lc_i2 = sum_ext * mdl->d_icn2 / (div * mdl->C * mdl->n_c); /* Eq. (27) */
	out->lc_icn2 = lc_i2;
	struct mc_dsp D;
	if (p->conc != MC_CONC_PRINTED)
		dispatchers(mdl, lam, &D, &u);

	/* Refined: weights by delivered messages, as the simulation averages:
	 * tau_i's rates, and a permutation's fixed points send no internal
	 * message (their share phi_i). */
	double msgs[MC_MAX_GROUPS], share[MC_MAX_GROUPS], all_msgs = 0;
	for (int i = 0; i < p->ngroups; i++) {
		double phi = mdl->fixed_icn1[i] / mdl->N_i[i];
		share[i] = (1.0 - mdl->Q[i]) * (1.0 - phi) + mdl->Q[i];
		msgs[i] = p->g[i].count * mdl->N_i[i] * share[i] / (1.0 - p->g[i].tau);
		all_msgs += msgs[i];
	}
	for (int i = 0; i < p->ngroups; i++) {
		struct mc_group_point *gp = &out->g[i];
		double wi = p->g[i].count * mdl->N_i[i] / mdl->N;   /* Eq. (7) weight */
		double Q = mdl->Q[i];
		if (p->conc != MC_CONC_PRINTED && all_msgs > 0 && share[i] > 0) {
			wi = msgs[i] / all_msgs;
			Q = mdl->Q[i] / share[i];
		}

		intra(mdl, i, lam[i], div, gp, &u);
		if (p->conc != MC_CONC_PRINTED) {
			for (int j = 0; j < p->ngroups; j++)
				gp->T_pair[j] = NAN;
			inter_refined(mdl, i, lam, &D, gp, &u);
			goto weigh;
		}
		for (int j = 0; j < p->ngroups; j++) {
			gp->T_pair[j] = NAN;
			if (mdl->w_dest[i][j] > 0)
				inter_pair(mdl, i, j, lam, div, lc_i2, gp, &u, &gp->W_ex,
					   &gp->S_ex, &gp->R_ex, &gp->T_pair[j]);
		}
		/* Concentrator/dispatcher: M/D/1 with service M t_cs^I2 (Eq. 32). */
		double xi2 = mdl->N_i[i] * Q * lam[i];
		double sv = p->M * p->icn2.t_cs;
		gp->util_con = xi2 * sv;
		note(&u, gp->util_con, "concentrator/dispatcher");
		gp->W_d = xi2 * sv * sv / (2.0 * (1.0 - xi2 * sv));
		gp->T_out = gp->W_ex + gp->S_ex + gp->R_ex + 2.0 * gp->W_d;  /* Eq. (33) */
		gp->W_c = gp->W_d;
		for (int j = 0; j < p->ngroups; j++)
			gp->T_pair[j] += 2.0 * gp->W_d;
weigh:
		gp->T = wmul(1.0 - Q, gp->T_in) + wmul(Q, gp->T_out);     /* Eq. (5) */

		out->T += wmul(wi, gp->T);
		out->W_s += wmul(wi, wmul(1.0 - Q, gp->W_in) + wmul(Q, gp->W_ex));
		out->S += wmul(wi, wmul(1.0 - Q, gp->S_in) + wmul(Q, gp->S_ex));
		out->R += wmul(wi, wmul(1.0 - Q, gp->R_in) + wmul(Q, gp->R_ex));
		out->W_d += wmul(wi * Q, 2.0 * gp->W_d);
		out->T_in += wmul(wi, gp->T_in);
		out->T_out += wmul(wi, gp->T_out);
	}
	/* Refined: the share of the offered messages carried when only
	 * concentrators, dispatchers and the down-links into them are
	 * overloaded (each passes 1/util of its messages); 0 when anything
	 * else is. */
	out->accepted = u.max < 1 ? 1 : 0;
	if (p->conc != MC_CONC_PRINTED && u.max_other < 1 && all_msgs > 0) {
		out->accepted = 0;
		for (int i = 0; i < p->ngroups; i++) {
			double Qm = share[i] > 0 ? mdl->Q[i] / share[i] : 0;
			/* a message to j passes the concentrator and then the
			 * dispatcher: the slower of the two caps it */
			double ext = 0;
			double uc = mdl->con_sat[i] > 0 ? lambda_g / mdl->con_sat[i]
							 : out->g[i].util_con;
			for (int j = 0; j < p->ngroups; j++) {
				double um = fmax(uc, D.util[j]);
				ext += mdl->w_dest[i][j] * (um > 1 ? 1 / um : 1);
			}
			out->accepted += msgs[i] / all_msgs * (1 - Qm + Qm * ext);
		}
	}
	out->util_max = u.max;
	out->bottleneck = u.what;
	out->saturated = !(u.max < 1.0);
	if (u.nan) {
		out->util_max = NAN;
		out->bottleneck = u.nan_what;
		return -1;
	}
	if (!out->saturated && !(isfinite(out->T) && out->T >= 0)) {
		out->bottleneck = "the total latency";
		return -1;
	}
	return out->saturated ? 1 : 0;
}

double mc_stages_per_eval(const struct mc_params *p, int n_c)
{
	/* Mirrors the loops of intra() and inter_pair(): 2 n_i - 1 stages
	 * inside group i; for each destination group j that has a cluster
	 * other than the source's, n_j (1 + (2 n_c - 1) + n_c n_i). */
	double total = 0;
	for (int i = 0; i < p->ngroups; i++) {
		int ni = p->g[i].n;
		total += 2.0 * ni - 1;
		for (int j = 0; j < p->ngroups; j++)
			if (p->g[j].count - (i == j) > 0)
				total += (double)p->g[j].n * (2.0 * n_c + (double)n_c * ni);
	}
	return total;
}

/* The load at which group i's concentrator reaches utilisation 1 (to
 * 1e-9), searched upwards from hi (lo below it) over 20 doublings;
 * INFINITY when it does not within them or an evaluation fails there (the
 * caller then keeps the 1/utilisation rule). */
static double concentrator_saturation(const struct mc_model *mdl, int i, double lo, double hi)
{
	struct mc_point pt;
	int n;

	for (n = 0; n < 20; n++, hi *= 2) {
		if (mc_eval(mdl, hi, &pt) < 0)
			return INFINITY;
		if (!(pt.g[i].util_con < 1))
			break;
		lo = hi;
	}
	if (n == 20)
		return INFINITY;
	for (int k = 0; k < 200 && hi - lo > 1e-9 * hi; k++) {
		double mid = 0.5 * (lo + hi);
		if (mc_eval(mdl, mid, &pt) < 0)
			return INFINITY;
		if (pt.g[i].util_con < 1)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

double mc_saturation_accepted(const struct mc_model *mdl0, double frac)
{
	struct mc_point pt;
	double lo = mc_saturation(mdl0), hi;
	struct mc_model cs = *mdl0;
	const struct mc_model *mdl = &cs;

	if (!isfinite(lo) || lo <= 0)
		return lo;
	/* Beyond its own saturation lambda*_i a concentrator carries what it
	 * carried there, lambda*_i / lambda of its messages: the ICN2 behind
	 * it sees that rate, not the offered one, so its service stops
	 * growing (mc_point.accepted with con_sat). */
	if (cs.p.conc != MC_CONC_PRINTED)
		for (int i = 0; i < cs.p.ngroups; i++) {
			double s = concentrator_saturation(mdl0, i, 0, lo);
			cs.con_sat[i] = isfinite(s) ? s : 0;
		}
	if (mc_eval(mdl, lo, &pt) < 0)
		return NAN;
	if (pt.accepted < frac)
		return lo;
	for (hi = 2 * lo;; hi *= 2) {
		if (mc_eval(mdl, hi, &pt) < 0)
			return NAN;
		if (pt.accepted < frac)
			break;
		lo = hi;
		if (hi > 1e300)
			return INFINITY;
	}
	for (int k = 0; k < 200 && hi - lo > 1e-9 * hi; k++) {
		double mid = 0.5 * (lo + hi);
		if (mc_eval(mdl, mid, &pt) < 0)
			return NAN;
		if (pt.accepted >= frac)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

double mc_saturation(const struct mc_model *mdl)
{
	struct mc_point pt;
	double lo = 0, hi = 1e-6;
	int rc;

	/* Utilisations grow monotonically with lambda_g: bracket, then bisect.
	 * A model error (NaN) stops the search: it is reported, never bisected. */
	while ((rc = mc_eval(mdl, hi, &pt)) == 0) {
		if (hi > 1e300)
			return INFINITY;   /* nothing ever reaches 1 */
		lo = hi;
		hi *= 2;
	}
	if (rc < 0)
		return NAN;
	for (int k = 0; k < 200 && hi - lo > 1e-9 * hi; k++) {
		double mid = 0.5 * (lo + hi);
		rc = mc_eval(mdl, mid, &pt);
		if (rc < 0)
			return NAN;
		if (rc == 0)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}
