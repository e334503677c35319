/*
 * star_refined.c: icnx's refined star model (equations and what is icnx's
 * in star_refined.h and docs/models-star.md).
 */
#include "model/star_refined.h"

#include <math.h>
#include <string.h>

static const char *const mux_names[] = { "ps", "vbar" };

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
	out->latency = out->Ws = out->Vbar = INFINITY;
	out->x = NAN;
	out->status = STAR_SATURATED;
}

int star_refined_eval(const struct star_refined *r, double lambda_g,
		      struct star_refined_point *out, const atomic_int *cancel)
{
	const struct star_model *m = &r->base;
	const struct star_point *pt = &out->net;
	int st;

	memset(out, 0, sizeof *out);
	out->lambda_g = lambda_g;
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
		out->latency = (pt->S - r->hold) * out->Vbar + out->Ws;
	} else {
		out->x = NAN;
		out->Ws = pt->Ws;
		out->latency = (pt->S - r->hold + pt->Ws) * out->Vbar;
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
	return star_bisect_load(&r->base, rel_tol, refined_status, r, lambda_sat, cancel);
}
