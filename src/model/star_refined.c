/*
 * star_refined.c: icnx's refined star model (equations and what is icnx's
 * in star_refined.h, docs/models-star.md and icnx-models(7)).
 */
#include "model/star_refined.h"

#include <math.h>
#include <string.h>

static const char *const mux_names[] = { "ps", "vbar", "worm" };

const char *star_mux_name(enum star_mux v)
{
	return (int)v >= 0 && v < STAR_MUX_COUNT ? mux_names[v] : NULL;
}

int star_mux_parse(const char *s)
{
	for (int i = 0; s && i < STAR_MUX_COUNT; i++)
		if (strcmp(s, mux_names[i]) == 0)
			return i;
	return -1;
}

int star_refined_init(struct star_refined *r, const struct star_params *p,
		      enum star_inject inject, enum star_mux mux, int hold, char *msg,
		      size_t len)
{
	struct star_params q = *p;

	memset(r, 0, sizeof *r);
	q.ws = STAR_WS_TEXT;
	q.M += hold;          /* every channel held M + hold cycles */
	r->inject = inject;
	r->mux = mux;
	r->hold = hold;
	return star_model_init(&r->base, &q, msg, len);
}

void star_refined_free(struct star_refined *r)
{
	if (r)
		star_model_free(&r->base);
}

double star_vbar_ps(int V, double rho)
{
	/* sum_{v<V} (1-rho) rho^v (v+1) + rho^V V = sum_{k<V} rho^k */
	double s = 0.0, pw = 1.0;

	if (!(rho > 0.0))
		return 1.0;
	for (int k = 0; k < V; k++) {
		s += pw;
		pw *= rho;
	}
	return s;
}

/* A saturated point: latency, W_s and V-bar are INFINITY, as the printed
 * model's columns are there (a saturated network multiplexes without
 * bound); x, the single port's service time, has no value. */
static void saturate(struct star_refined_point *out)
{
	out->latency = out->S = out->Ws = out->Vbar = INFINITY;
	out->x = NAN;
	out->status = STAR_SATURATED;
}

/* The message's pace through h = 1..H network channels at flit
 * utilisation u (the first at u1) and the ejection channel at ue, into
 * e[h]: e_h = E[max_k (1 + N_k)], P(N_k >= j) = u_k^j, = 1 + sum_{j>=1}
 * P(max_k N_k >= j).  Every u below WORM_U_MAX; the terms fall at least as
 * fast as max(u)^j. */
static void worm_pace(int H, double u, double u1, double ue, double *e)
{
	double pu = u, pu1 = u1, pe = ue;

	for (int h = 1; h <= H; h++)
		e[h] = 1.0;
	for (;;) {
		double q = 1.0 - pu, qh = 1.0, last = 0.0;

		for (int h = 1; h <= H; h++) {
			last = 1.0 - (1.0 - pu1) * qh * (1.0 - pe);
			e[h] += last;
			qh *= q;
		}
		if (last < 1e-15)     /* the largest h has the largest term */
			break;
		pu *= u;
		pu1 *= u1;
		pe *= ue;
	}
}

double star_worm_pace(int h, double u, double u1, double ue)
{
	double e[STAR_MAX_DIAM + 1];

	if (h < 1 || h > STAR_MAX_DIAM || !(u >= 0.0 && u < 1.0 && u1 >= 0.0 && u1 < 1.0 &&
					    ue >= 0.0 && ue < 1.0))
		return NAN;
	worm_pace(h, u, u1, ue, e);
	return e[h];
}

/* A channel passing a flit in all but 1e-6 of the cycles is taken as
 * saturated: its pace would pass 1e6 cycles per flit (and the sum above
 * would need about 3e7 terms). */
#define WORM_U_MAX (1.0 - 1e-6)

/* The lowest load at which a network channel or the ejection channel
 * reaches WORM_U_MAX: the worm model is saturated there. */
static double worm_bound(const struct star_model *m, int M)
{
	double net = WORM_U_MAX * (m->p.n - 1) / (m->dbar * M), ej = WORM_U_MAX / M;

	return net < ej ? net : ej;
}

static int worm_eval(const struct star_refined *r, double lambda_g,
		     struct star_refined_point *out)
{
	const struct star_model *m = &r->base;
	int n = m->p.n, M = m->p.M - r->hold;
	double nodes = 0.0, u = lambda_g * m->dbar / (n - 1) * M, ue = lambda_g * M;
	double u1 = r->inject == STAR_INJECT_SINGLE ? u - lambda_g * M / (n - 1) : u;
	double S = 0.0, x = 0.0, pace = 0.0, e[STAR_MAX_DIAM + 1];

	if (!(u < WORM_U_MAX && ue < WORM_U_MAX)) {
		saturate(out);
		return STAR_SATURATED;
	}
	worm_pace(m->H, u, u1, ue, e);
	for (int h = 1; h <= m->H; h++)
		nodes += m->topo.dist_count[h];
	for (int h = 1; h <= m->H; h++) {
		double p = m->topo.dist_count[h] / nodes;

		S += p * (h + M * e[h]);
		x += p * (M * e[h] - h * (e[h] - 1.0));
		pace += p * e[h];
	}
	double ls = r->inject == STAR_INJECT_SINGLE ? lambda_g : lambda_g / m->p.V;
	out->S = S;
	out->Vbar = pace;
	out->x = x;
	if (ls * x >= 1.0) {
		out->latency = out->Ws = INFINITY;
		out->status = STAR_SATURATED;
		return STAR_SATURATED;
	}
	out->Ws = ls * x * x / (2.0 * (1.0 - ls * x));
	out->latency = S + out->Ws;
	out->status = STAR_OK;
	return STAR_OK;
}

int star_refined_eval(const struct star_refined *r, double lambda_g,
		      struct star_refined_point *out, const atomic_int *cancel)
{
	const struct star_model *m = &r->base;
	const struct star_point *pt = &out->net;
	int st;

	memset(out, 0, sizeof *out);
	out->lambda_g = lambda_g;
	if (r->mux == STAR_MUX_WORM)
		return worm_eval(r, lambda_g, out);
	st = star_eval(m, lambda_g, &out->net, cancel);
	if (st == STAR_CANCELLED)
		return st;
	if (st != STAR_OK) {
		/* per-vc: the network or Eq. 16 saturates.  single: lambda_g
		 * S-bar / V >= 1, so lambda_g x >= V - lambda_g d-bar > 1. */
		saturate(out);
		return STAR_SATURATED;
	}
	out->Vbar = r->mux == STAR_MUX_VBAR ? pt->Vbar : star_vbar_ps(m->p.V, pt->rho);
	if (r->inject == STAR_INJECT_SINGLE) {
		double x = pt->S * out->Vbar - m->dbar, u = lambda_g * x;

		if (u >= 1.0) {
			double vb = out->Vbar;   /* the network is still unsaturated */
			saturate(out);
			out->Vbar = vb;
			return STAR_SATURATED;
		}
		out->x = x;
		out->Ws = lambda_g * x * x / (2.0 * (1.0 - u));
		out->S = pt->S - r->hold;
		out->latency = out->S * out->Vbar + out->Ws;
	} else {
		out->x = NAN;
		out->Ws = pt->Ws;
		out->S = pt->S - r->hold;
		out->latency = (out->S + pt->Ws) * out->Vbar;
	}
	out->status = STAR_OK;
	return STAR_OK;
}

static int refined_status(const void *ctx, double lambda_g, const atomic_int *cancel)
{
	struct star_refined_point pt;

	return star_refined_eval(ctx, lambda_g, &pt, cancel);
}

int star_refined_saturation(const struct star_refined *r, double rel_tol,
			    double *lambda_sat, const atomic_int *cancel)
{
	if (r->mux == STAR_MUX_WORM)
		return star_bisect_below(worm_bound(&r->base, r->base.p.M - r->hold), rel_tol,
					 refined_status, r, lambda_sat, cancel);
	return star_bisect_load(&r->base, rel_tol, refined_status, r, lambda_sat, cancel);
}
