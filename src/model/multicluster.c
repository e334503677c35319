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
	return 0;
}

/* Tracks the largest utilisation seen during one evaluation.  A NaN is a
 * bug of the model, never a utilisation: it is kept (nan, nan_what), not
 * overwritten by a later value, and the evaluation reports it. */
struct util {
	double max;
	const char *what;
	bool nan;
	const char *nan_what;
};

static void note(struct util *u, double v, const char *what)
{
	if (isnan(v)) {
		if (!u->nan)
			u->nan_what = what;
		u->nan = true;
	} else if (v > u->max) {
		u->max = v;
		u->what = what;
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
static double source_wait(double xi, double S, double Mtcn)
{
	if (xi == 0)
		return 0;   /* no arrivals, no wait (even if S overflowed) */
	return xi * (S * S + (S - Mtcn) * (S - Mtcn)) / (2.0 * (1.0 - xi * S));
}

/* One backward stage: service time S = sumW + M t, then its wait joins sumW. */
static double stage(double *sumW, double lc, double Mt, double *pb)
{
	double S = *sumW + Mt;
	*pb = lc * S;                         /* Eq. (15) */
	*sumW += 0.5 * S * *pb;               /* Eq. (14) */
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
	double sumW = 0, S_h, pb, Sbar = 0, R = 0;
	double PB[MC_MAX_STAGES];

	gp->lc_icn1 = lc;
	/* h = 1: a single stage K - 1 = 0 served in M t_cn. */
	S_h = stage(&sumW, lc, M * tcn, &pb);
	PB[0] = pb;
	note(u, pb, "ICN1 blocking");
	for (int h = 1; h <= n; h++) {
		if (h > 1 && p->stage0 == MC_STAGE0_NODE_LINK) {
			/* Stage 1 at M t_cs joins the tail; stage 0, the node link, is
			 * served in t_cn + (M-1) max(t_cn, t_cs) on top of the waits
			 * ahead.  The chain still adds a t_cs stage in its place: it is
			 * stage 2 of the longer journeys (unused, unnoted when h = n). */
			stage(&sumW, lc, M * tcs, &pb);
			PB[2 * h - 3] = pb;
			note(u, pb, "ICN1 blocking");
			S_h = sumW + tcn + (M - 1) * fmax(tcn, tcs);
			double pb0 = lc * S_h;
			note(u, pb0, "ICN1 blocking");
			stage(&sumW, lc, M * tcs, &pb);
			PB[2 * h - 2] = h == n ? pb0 : pb;
			if (h < n)
				note(u, pb, "ICN1 blocking");
		} else if (h > 1) {
			/* Two more switch-to-switch stages in front of the 2(h-1)-link
			 * journey give the 2h-link one (K = 2h - 1 stages). */
			for (int s = 0; s < 2; s++) {
				S_h = stage(&sumW, lc, M * tcs, &pb);
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
	gp->util_src_in = wmul(xs, Sbar);
	note(u, gp->util_src_in, "ICN1 source queue");
	gp->S_in = Sbar;
	gp->R_in = R;
	gp->W_in = source_wait(xs, Sbar, M * tcn);
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
	double sumW_v = 0, pb, S_dest = 0, Spair = 0, Rpair = 0;
	bool eq30p = p->eq30 == MC_EQ30_PRINTED;
	/* Eq. (30): the rate of the source's ECN1 stages 0..r-1 */
	double lc_src = eq30p ? lc_i2 : lc_e1;

	/* Destination part: v ECN1 stages, the last served in M t_cn^E1. */
	for (int v = 1; v <= nj; v++) {
		S_dest = stage(&sumW_v, lc_e1, v == 1 ? Me_cn : Me_cs, &pb);
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
				stage(&sumW_l, lc_i2, Mi_cs, &pb);
				note(u, pb, "ICN2 blocking");
				gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
			}
			double sumW_r = sumW_l, Pvl = Pv * mdl->P_icn2[l];
			if (eq30p) {
				stage(&sumW_r, lc_e1, Mi_cs, &pb);      /* stage r */
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
					double pb0 = lc_src * S0;
					note(u, pb0, eq30p ? "ICN2 blocking" : "ECN1 blocking");
					gp->PB_ex_max = fmax(gp->PB_ex_max, pb0);
					stage(&sumW_r, lc_src, Me_cs, &pb);
					if (r < ni) {
						note(u, pb, eq30p ? "ICN2 blocking" : "ECN1 blocking");
						gp->PB_ex_max = fmax(gp->PB_ex_max, pb);
					}
				} else {
					S0 = stage(&sumW_r, lc_src, Me_cs, &pb);
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
	double Wpair = source_wait(xi, Spair, Me_cn);  /* sharifi Eq. (29) */
	*T_pair = Wpair + Spair + Rpair;
	*W += wmul(w, Wpair);
	*S += wmul(w, Spair);
	*R += wmul(w, Rpair);
}

int mc_eval(const struct mc_model *mdl, double lambda_g, struct mc_point *out)
{
	const struct mc_params *p = &mdl->p;
	double lam[MC_MAX_GROUPS];
	double div = p->divisor == MC_DIV_EXACT ? 2.0 : 4.0;
	struct util u = { 0, "none", false, NULL };

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

	for (int i = 0; i < p->ngroups; i++) {
		struct mc_group_point *gp = &out->g[i];
		double wi = p->g[i].count * mdl->N_i[i] / mdl->N;   /* Eq. (7) weight */
		double Q = mdl->Q[i];

		intra(mdl, i, lam[i], div, gp, &u);
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
		for (int j = 0; j < p->ngroups; j++)
			gp->T_pair[j] += 2.0 * gp->W_d;
		gp->T = wmul(1.0 - Q, gp->T_in) + wmul(Q, gp->T_out);     /* Eq. (5) */

		out->T += wmul(wi, gp->T);
		out->W_s += wmul(wi, wmul(1.0 - Q, gp->W_in) + wmul(Q, gp->W_ex));
		out->S += wmul(wi, wmul(1.0 - Q, gp->S_in) + wmul(Q, gp->S_ex));
		out->R += wmul(wi, wmul(1.0 - Q, gp->R_in) + wmul(Q, gp->R_ex));
		out->W_d += wmul(wi * Q, 2.0 * gp->W_d);
		out->T_in += wmul(wi, gp->T_in);
		out->T_out += wmul(wi, gp->T_out);
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
