/*
 * mc_refined.c: the parameters of icnx's refined multi-cluster model (what
 * it changes: mc_refined.h; its evaluation shares multicluster.c's stage
 * recursion, MC_CONC_BUFFERED / MC_CONC_CUT_THROUGH there).
 */
#include "model/mc_refined.h"

#include <math.h>

void mc_refined_params(const struct mc_params *p, const struct mc_refined_system *sys,
		       struct mc_params *r)
{
	*r = *p;
	r->divisor = MC_DIV_EXACT;
	r->weighting = isnan(p->theta) ? MC_W_NODES : MC_W_PUBLISHED;
	r->senders = MC_SENDERS_SENDING;
	r->source_rate = MC_SRC_NODE;
	r->eq23 = MC_EQ23_DEST;
	r->eq30 = MC_EQ30_INTENDED;
	r->conc = sys->conc;
	r->hold = sys->hold;
	r->cv2 = sys->cv2;
	if (sys->quantised) {
		r->icn1 = sys->icn1;
		r->ecn1 = sys->ecn1;
		r->icn2 = sys->icn2;
	}
}

double mc_mix_cv2(const double *L, const double *F, int n)
{
	double s = 0, m1 = 0, m2 = 0;

	for (int k = 0; k < n; k++) {
		s += F[k];
		m1 += F[k] * L[k];
		m2 += F[k] * L[k] * L[k];
	}
	if (!(s > 0) || !(m1 > 0))
		return 0;
	m1 /= s;
	m2 /= s;
	return fmax(0.0, m2 / (m1 * m1) - 1.0);
}

double mc_khm_inputs(const double *share, const double *inputs, int n)
{
	double s2 = 0;

	for (int l = 0; l < n; l++)
		if (inputs[l] >= 1)
			s2 += share[l] * share[l] / inputs[l];
	return fmax(0.0, 1.0 - s2);
}

double mc_uplink_wait(double lam, double x1, double x2, double k, double *pw)
{
	double lo = k > 1 ? lam * (k - 1) / k : 0;

	if (pw)
		*pw = lo * x1;
	if (!(lam * x1 < 1))
		return INFINITY;
	return lo > 0 ? mc_mg1_wait(lo, x1, x2) : 0;
}
