/*
 * star.c: the star-graph latency model (kiasari Eqs. 1-19, see star.h and
 * docs/models-star.md for every reading the paper leaves open).
 */
#include "model/star.h"

#include <stdbool.h>
#include <math.h>
#include <stdio.h>    /* snprintf only */
#include <stdlib.h>
#include <string.h>

static const char *const paths_names[] = { "adaptive", "minimal", "sets" };
static const char *const eq9_names[] = { "prose", "printed" };
static const char *const ws_names[] = { "text", "printed", "node" };
static const char *const dbar_names[] = { "exact", "printed" };

static const char *name_of(const char *const *names, int count, int v)
{
	return v >= 0 && v < count ? names[v] : NULL;
}

static int parse_of(const char *const *names, int count, const char *s)
{
	for (int i = 0; s && i < count; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

const char *star_paths_name(enum star_paths v) { return name_of(paths_names, STAR_PATHS_COUNT, (int)v); }
const char *star_eq9_name(enum star_eq9 v) { return name_of(eq9_names, STAR_EQ9_COUNT, (int)v); }
const char *star_ws_name(enum star_ws v) { return name_of(ws_names, STAR_WS_COUNT, (int)v); }
const char *star_dbar_name(enum star_dbar v) { return name_of(dbar_names, STAR_DBAR_COUNT, (int)v); }
int star_paths_parse(const char *s) { return parse_of(paths_names, STAR_PATHS_COUNT, s); }
int star_eq9_parse(const char *s) { return parse_of(eq9_names, STAR_EQ9_COUNT, s); }
int star_ws_parse(const char *s) { return parse_of(ws_names, STAR_WS_COUNT, s); }
int star_dbar_parse(const char *s) { return parse_of(dbar_names, STAR_DBAR_COUNT, s); }

void star_params_default(struct star_params *p)
{
	memset(p, 0, sizeof *p);
	p->n = 5;
	p->V = 6;
	p->M = 32;
	p->paths = STAR_PATHS_ADAPTIVE;
	p->eq9 = STAR_EQ9_PROSE;
	p->ws = STAR_WS_TEXT;
	p->dbar = STAR_DBAR_EXACT;
}

int star_min_v(int n)
{
	return star_neg_levels(n) + 1;
}

static int fail(enum star_field *field, enum star_field f, char *msg, size_t len,
		const char *text)
{
	if (field)
		*field = f;
	if (msg && len)
		snprintf(msg, len, "%s", text);
	return -1;
}

static const char *const field_names[STAR_FIELD_COUNT] = {
	[STAR_FIELD_NONE] = "", [STAR_FIELD_N] = "n", [STAR_FIELD_V] = "V",
	[STAR_FIELD_V2] = "V2", [STAR_FIELD_M] = "M", [STAR_FIELD_PATHS] = "paths",
	[STAR_FIELD_EQ9] = "eq9", [STAR_FIELD_WS] = "ws", [STAR_FIELD_DBAR] = "dbar",
	[STAR_FIELD_TOL] = "tol", [STAR_FIELD_MAX_ITER] = "max_iter",
};

const char *star_field_name(enum star_field f)
{
	return (int)f >= 0 && f < STAR_FIELD_COUNT ? field_names[f] : "";
}

int star_check(const struct star_params *p, enum star_field *field, char *msg, size_t len)
{
	char buf[256];
	int L, V2;

	if (p->n < STAR_MIN_N || p->n > STAR_MAX_N) {
		snprintf(buf, sizeof buf, "%d is out of range (allowed: %d..%d)",
			 p->n, STAR_MIN_N, STAR_MAX_N);
		return fail(field, STAR_FIELD_N, msg, len, buf);
	}
	L = star_neg_levels(p->n);
	if (p->V < star_min_v(p->n) || p->V > STAR_MAX_V) {
		if (p->V > STAR_MAX_V)
			snprintf(buf, sizeof buf, "%d is out of range (allowed: %d..%d)",
				 p->V, star_min_v(p->n), STAR_MAX_V);
		else
			snprintf(buf, sizeof buf,
				 "%d virtual channels are too few for deadlock-free "
				 "routing in S%d: it needs V2 >= %d negative-hop levels "
				 "(ceil(H/2), diameter H = %d) plus V1 >= 1 adaptive channel, "
				 "so V >= %d (allowed: %d..%d)",
				 p->V, p->n, L, star_diameter(p->n), L + 1, L + 1, STAR_MAX_V);
		return fail(field, STAR_FIELD_V, msg, len, buf);
	}
	V2 = p->V2 ? p->V2 : L;
	if (V2 < L || V2 > p->V - 1) {
		snprintf(buf, sizeof buf,
			 "%d class-b channels with V = %d: deadlock freedom in S%d "
			 "needs V2 >= %d (ceil(H/2), H = %d) and V1 = V - V2 >= 1 "
			 "(allowed: %d..%d, or 0 for the default %d)",
			 p->V2, p->V, p->n, L, star_diameter(p->n), L, p->V - 1, L);
		return fail(field, STAR_FIELD_V2, msg, len, buf);
	}
	if (p->M < 1 || p->M > STAR_MAX_M) {
		snprintf(buf, sizeof buf, "%d flits is out of range (allowed: 1..%d)",
			 p->M, STAR_MAX_M);
		return fail(field, STAR_FIELD_M, msg, len, buf);
	}
	if ((int)p->paths < 0 || p->paths >= STAR_PATHS_COUNT)
		return fail(field, STAR_FIELD_PATHS, msg, len,
			    "unknown weighting (allowed: adaptive, minimal, sets)");
	if ((int)p->eq9 < 0 || p->eq9 >= STAR_EQ9_COUNT)
		return fail(field, STAR_FIELD_EQ9, msg, len,
			    "unknown reading (allowed: prose, printed)");
	if ((int)p->ws < 0 || p->ws >= STAR_WS_COUNT)
		return fail(field, STAR_FIELD_WS, msg, len,
			    "unknown reading (allowed: text, printed, node)");
	if ((int)p->dbar < 0 || p->dbar >= STAR_DBAR_COUNT)
		return fail(field, STAR_FIELD_DBAR, msg, len,
			    "unknown reading (allowed: exact, printed)");
	if (!(p->tol >= 0.0 && p->tol < 1e-2)) {
		snprintf(buf, sizeof buf, "%g is out of range (allowed: 0 (default %g) .. 0.01)",
			 p->tol, STAR_DEFAULT_TOL);
		return fail(field, STAR_FIELD_TOL, msg, len, buf);
	}
	if (p->max_iter < 0) {
		snprintf(buf, sizeof buf, "%d is negative (allowed: 0 (default %d) or more)",
			 p->max_iter, STAR_DEFAULT_MAX_ITER);
		return fail(field, STAR_FIELD_MAX_ITER, msg, len, buf);
	}
	if (field)
		*field = STAR_FIELD_NONE;
	if (msg && len)
		msg[0] = '\0';
	return 0;
}

int star_validate(const struct star_params *p, char *msg, size_t len)
{
	enum star_field f;
	char buf[256];

	if (star_check(p, &f, buf, sizeof buf) == 0) {
		if (msg && len)
			msg[0] = '\0';
		return 0;
	}
	if (msg && len)
		snprintf(msg, len, "%s: %s", star_field_name(f), buf);
	return -1;
}

void star_model_free(struct star_model *m)
{
	if (!m)
		return;
	star_topo_free(&m->topo);
	free(m->profile);
	free(m->agg);
	free(m->byh);
	free(m->binom);
	free(m->ratio);
	m->profile = m->agg = m->byh = m->binom = m->ratio = NULL;
}

int star_model_init(struct star_model *m, const struct star_params *p,
		    char *msg, size_t len)
{
	size_t W, nf, stride;
	int n = p->n, H;
	double Hn1 = 0.0, nodes;

	memset(m, 0, sizeof *m);
	if (star_validate(p, msg, len) < 0)
		return -1;
	m->p = *p;
	m->V2 = p->V2 ? p->V2 : star_neg_levels(n);
	m->V1 = p->V - m->V2;
	m->p.V2 = m->V2;
	if (m->p.tol == 0.0)
		m->p.tol = STAR_DEFAULT_TOL;
	if (m->p.max_iter == 0)
		m->p.max_iter = STAR_DEFAULT_MAX_ITER;
	if (star_topo_init(&m->topo, n) < 0)
		return fail(NULL, STAR_FIELD_NONE, msg, len, "out of memory");
	H = m->H = m->topo.diameter;
	nodes = m->topo.nodes;
	m->dbar = m->topo.mean_dist;
	for (int i = 1; i <= n - 1; i++)
		Hn1 += 1.0 / i;
	/* Eq. 2 exactly as printed: the factor n!/(n!-1) binds to the sum
	 * alone, which stops at n - 1. */
	m->dbar_eq3 = p->dbar == STAR_DBAR_PRINTED
		? (n - 4) + 2.0 / n + Hn1 * nodes / (nodes - 1.0) : m->dbar;

	nf = (size_t)n;
	stride = (size_t)(H + 1) * nf;
	W = (size_t)p->V + 1;
	m->profile = malloc(star_profile_len(&m->topo) * sizeof *m->profile);
	m->agg = calloc(stride, sizeof *m->agg);
	m->byh = calloc((size_t)(H + 1) * stride, sizeof *m->byh);
	m->binom = calloc(W * W, sizeof *m->binom);
	m->ratio = calloc(W * W, sizeof *m->ratio);
	if (!m->profile || !m->agg || !m->byh || !m->binom || !m->ratio) {
		star_model_free(m);
		return fail(NULL, STAR_FIELD_NONE, msg, len, "out of memory");
	}
	star_profile(&m->topo, p->paths, m->profile);
	for (int c = 0; c < m->topo.nclass; c++) {
		const struct star_class *k = &m->topo.cls[c];
		const double *row = m->profile + (size_t)c * stride;

		for (size_t i = 0; i < stride; i++) {
			m->agg[i] += k->size * row[i] / (nodes - 1.0);
			m->byh[(size_t)k->dist * stride + i] += k->size * row[i];
		}
	}
	for (size_t a = 0; a < W; a++) {
		m->binom[a * W] = 1.0;
		for (size_t b = 1; b <= a; b++)
			m->binom[a * W + b] = m->binom[(a - 1) * W + b - 1] +
				(b < a ? m->binom[(a - 1) * W + b] : 0.0);
	}
	for (size_t s = 0; s < W; s++)
		for (size_t v = s; v < W; v++)
			m->ratio[s * W + v] = m->binom[((size_t)p->V - s) * W + (v - s)] /
				m->binom[(size_t)p->V * W + v];
	return 0;
}

/* --- one application of the model's equations at a given S-bar ---------- */

struct gstate {
	double rho, w, blk;
	double Pv[STAR_MAX_V + 1];      /* Eq. 18 */
	double Pall[STAR_MAX_V + 2];    /* [s]: s given channels all busy */
	double pchan[STAR_MAX_DIAM + 1];
};

/* Eq. 18: P_v, the chance that v of the V virtual channels are busy. */
static void busy_dist(int V, double rho, double *Pv)
{
	double r = 1.0;

	for (int v = 0; v < V; v++) {
		Pv[v] = (1.0 - rho) * r;
		r *= rho;
	}
	Pv[V] = r;
}

double star_vbar(int V, double rho)
{
	double Pv[STAR_MAX_V + 1], num = 0.0, den = 0.0;

	if (V < 1 || V > STAR_MAX_V || !(rho > 0.0))
		return 1.0;
	busy_dist(V, rho, Pv);
	for (int v = 1; v <= V; v++) {     /* Eq. 19 */
		num += (double)v * v * Pv[v];
		den += (double)v * Pv[v];
	}
	return den > 0.0 ? num / den : 1.0;
}

/*
 * Eqs. 8-11 for d hops to go, D = ceil(d/2), K = V2 - D + 1 the class-b
 * levels a message that still needs D negative hops may occupy:
 *   group A  (class a last hop, weight V1): V1 + K selectable channels
 *   group B- (level l = 1..K-1, weight 1/2): V1 + n_l, n_l = K - l
 *   group B+ (level l = 1..K,   weight 1/2): V1 + n_l + 1
 * Each group is blocked when all its selectable channels are busy, Pall[s];
 * the bracket is the weighted mean (P_vc0 = V1/W, P_vc_l = 1/W, W = V1 +
 * K - 1/2 so that the weights of Eq. 8 sum to one).
 */
static double pchan_of(const struct star_model *m, const double *Pv, const double *Pall, int d)
{
	int V = m->p.V, V1 = m->V1, D = (d + 1) / 2, K = m->V2 - D + 1;
	size_t W = (size_t)V + 1;
	double pa = 0.0, num;

	if (m->p.eq9 == STAR_EQ9_PRINTED) {
		/* sum_{v=D+1}^{V} P_v C(D-1, v-D-1) / C(V, v), as printed */
		for (int v = D + 1; v <= V && v - D - 1 <= D - 1; v++)
			pa += Pv[v] * m->binom[(size_t)(D - 1) * W + (size_t)(v - D - 1)] /
				m->binom[(size_t)V * W + (size_t)v];
	} else {
		pa = Pall[V1 + K];
	}
	num = V1 * pa;
	for (int l = 1; l <= K - 1; l++)
		num += 0.5 * Pall[V1 + K - l];
	for (int l = 1; l <= K; l++)
		num += 0.5 * Pall[V1 + K - l + 1];
	return num / (V1 + K - 0.5);
}

static void busy_sets(const struct star_model *m, double rho, struct gstate *g)
{
	int V = m->p.V;
	size_t W = (size_t)V + 1;

	busy_dist(V, rho, g->Pv);
	for (int s = 0; s <= V; s++) {
		double a = 0.0;

		for (int v = s; v <= V; v++)
			a += g->Pv[v] * m->ratio[(size_t)s * W + (size_t)v];
		g->Pall[s] = a;
	}
	for (int d = 1; d <= m->H; d++)
		g->pchan[d] = pchan_of(m, g->Pv, g->Pall, d);
}

double star_pchan(const struct star_model *m, double rho, int d)
{
	struct gstate g;

	if (d < 1 || d > m->H || !(rho >= 0.0 && rho < 1.0))
		return NAN;
	busy_sets(m, rho, &g);
	return g.pchan[d];
}

/* sum over (d, f) of tab[d n + f] pchan[d]^f, d = 1..H */
static double blocking_sum(const struct star_model *m, const double *tab, const double *pchan)
{
	int n = m->p.n;
	double s = 0.0;

	for (int d = 1; d <= m->H; d++) {
		const double *row = tab + (size_t)d * (size_t)n;
		double pw = 1.0;

		for (int f = 0; f < n; f++) {
			s += row[f] * pw;
			pw *= pchan[d];
		}
	}
	return s;
}

/* The fixed-point map S-bar -> G(S-bar) of Eqs. 3-15 and 18; needs
 * lambda_c S < 1. */
static double g_map(const struct star_model *m, double lc, double S, struct gstate *g)
{
	double M = m->p.M, t = 1.0 - M / S;

	g->rho = lc * S;                                    /* Eq. 13 */
	g->w = lc * S * S * (1.0 + t * t) / (2.0 * (1.0 - g->rho)); /* Eq. 15 */
	busy_sets(m, g->rho, g);
	g->blk = blocking_sum(m, m->agg, g->pchan);
	return M + m->dbar + g->w * g->blk;                 /* Eqs. 4-6 */
}

static int cancelled(const atomic_int *cancel)
{
	return cancel && atomic_load_explicit(cancel, memory_order_relaxed);
}

static void mark_saturated(struct star_point *out)
{
	out->latency = out->S = out->Ws = out->w = INFINITY;
	out->Vbar = out->rho = out->pblock_mean = NAN;
	for (int i = 0; i <= STAR_MAX_DIAM; i++)
		out->pchan[i] = out->pblock_hop[i] = NAN;
	out->status = STAR_SATURATED;
}

/*
 * Fill out from the solved S (and the map's state g at S).  Returns
 * STAR_SATURATED if the source queue (Eq. 16) has no steady state.
 */
static int finish(const struct star_model *m, double S, const struct gstate *g,
		  struct star_point *out)
{
	int V = m->p.V, n = m->p.n, H = m->H;
	double M = m->p.M, lg = out->lambda_g, t = 1.0 - M / S, num_rate, den_rate;
	size_t stride = (size_t)(H + 1) * (size_t)n;

	switch (m->p.ws) {
	case STAR_WS_PRINTED:
		num_rate = lg;
		den_rate = lg / V;
		break;
	case STAR_WS_NODE:
		num_rate = den_rate = lg;
		break;
	default:
		num_rate = den_rate = lg / V;
		break;
	}
	if (den_rate * S >= 1.0) {
		mark_saturated(out);
		return STAR_SATURATED;
	}
	out->S = S;
	out->w = g->w;
	out->rho = g->rho;
	out->Ws = num_rate * S * S * (1.0 + t * t) / (2.0 * (1.0 - den_rate * S)); /* Eq. 16 */
	out->Vbar = star_vbar(V, g->rho);
	out->latency = (out->S + out->Ws) * out->Vbar;      /* Eq. 1 */
	out->pblock_mean = g->blk / m->dbar;
	for (int i = 0; i <= STAR_MAX_DIAM; i++)
		out->pchan[i] = out->pblock_hop[i] = 0.0;
	for (int d = 1; d <= H; d++)
		out->pchan[d] = g->pchan[d];
	for (int k = 1; k <= H; k++) {
		double s = 0.0, cnt = 0.0;

		for (int h = k; h <= H; h++) {
			const double *row = m->byh + (size_t)h * stride + (size_t)(h - k + 1) * (size_t)n;
			double pw = 1.0;

			for (int f = 0; f < n; f++) {
				s += row[f] * pw;
				pw *= g->pchan[h - k + 1];
			}
			cnt += m->topo.dist_count[h];
		}
		out->pblock_hop[k] = cnt > 0.0 ? s / cnt : 0.0;
	}
	out->status = STAR_OK;
	return STAR_OK;
}

/* Regula falsi (Illinois) on [a, b] with h(a) = fa > 0 > h(b) = fb,
 * h(S) = G(S) - S; leaves the root's bracket in *a, *b.  Returns
 * STAR_CANCELLED or STAR_OK. */
static int illinois(const struct star_model *m, double lc, double a, double fa,
		    double b, double fb, double *root, int *it, const atomic_int *cancel)
{
	struct gstate g;
	double tol = m->p.tol;
	int side = 0;

	while (b - a > tol * a && *it < m->p.max_iter) {
		double c = b - fb * (b - a) / (fb - fa), fc;

		if ((*it & 63) == 63 && cancelled(cancel))
			return STAR_CANCELLED;
		fc = g_map(m, lc, c, &g) - c;
		++*it;
		if (fc == 0.0) {
			a = b = c;
			break;
		}
		if (fc > 0.0) {
			a = c;
			fa = fc;
			if (side == -1)
				fb *= 0.5;
			side = -1;
		} else {
			b = c;
			fb = fc;
			if (side == 1)
				fa *= 0.5;
			side = 1;
		}
	}
	*root = 0.5 * (a + b);
	return STAR_OK;
}

/* A small step is not a fixed point: past saturation h(S) = G(S) - S can
 * stay just above zero (no root) while the steps look converged, the more
 * so with a loose tol.  True when some x > S below 1/lambda_c has
 * h(x) <= 0, which proves a root in [S, x] (h(S) = delta > 0); x is tried
 * just beyond the geometric estimate of the root, then a few steps out.
 * The bracket's far end is left in *xr, h there in *hxr. */
static bool root_proved(const struct star_model *m, double lc, double S, double delta,
			double r, int *it, double *xr, double *hxr)
{
	struct gstate g;
	double cand[8];
	int nc = 0;
	if (r > 0.0 && r < 1.0) {
		double est = delta / (1.0 - r);
		cand[nc++] = S + 1.01 * est;
		cand[nc++] = S + 1.1 * est;
		cand[nc++] = S + 2.0 * est;
	}
	cand[nc++] = S + 1.01 * delta;
	cand[nc++] = S + 2.0 * delta;
	cand[nc++] = S + 8.0 * delta;
	for (int i = 0; i < nc; i++) {
		double x = cand[i];
		if (!(x > S) || lc * x >= 1.0)
			continue;
		++*it;
		double hx = g_map(m, lc, x, &g) - x;
		if (hx <= 0.0) {
			*xr = x;
			*hxr = hx;
			return true;
		}
	}
	return false;
}

/*
 * The fixed point S = G(S).  G rises with S (w, rho and every Pall rise),
 * so from S0 = M + d-bar <= the least fixed point S1 the plain iterates
 * S_{k+1} = G(S_k) rise monotonically towards S1 and cannot overshoot it
 * or oscillate; if there is no fixed point they pass 1/lambda_c and the
 * network saturates (an iterate beyond 1/lambda_c proves that no fixed
 * point lies below it).  Near saturation h(S) = G(S) - S dips only just
 * below zero between S1 and the unstable fixed point S2 above it, and the
 * plain rise is slow.  So every 16 steps a point x is sought where h(x) < 0:
 * the vertex of the parabola through the last three (S, h) pairs, then
 * points beyond the Aitken estimate of S1.  Such an x brackets S1 between
 * the current iterate (h > 0) and x, and regula falsi finishes.  A
 * candidate with h(x) >= 0 proves nothing and is dropped.  The steps are
 * halved (damped) should they ever change sign, which the printed Eq. 9
 * (whose group-A term is not monotone in the load) could in principle
 * cause.  Convergence: |h| <= tol S and, when the steps shrink by a ratio
 * r > 1/2, the geometric remainder |h| r / (1 - r) <= tol S as well, and a
 * root proved to exist (root_proved) — otherwise the iterates go on, and
 * pass 1/lambda_c when there is none (saturated).
 */
int star_eval(const struct star_model *m, double lambda_g, struct star_point *out,
	      const atomic_int *cancel)
{
	struct gstate g;
	double lc, S, beta = 1.0, tol = m->p.tol;
	double hs[3] = { 0 }, hh[3] = { 0 };   /* last three (S, h), newest last */
	int it = 0, cap = m->p.max_iter, nh = 0;

	memset(out, 0, sizeof *out);
	out->lambda_g = lambda_g;
	lc = out->lambda_c = lambda_g * m->dbar_eq3 / (m->p.n - 1);  /* Eq. 3 */
	S = m->p.M + m->dbar;
	if (cancelled(cancel))
		return STAR_CANCELLED;
	if (!(lambda_g >= 0.0)) {
		mark_saturated(out);
		return STAR_SATURATED;
	}
	while (it < cap) {
		double gs, delta, prev = nh ? hh[2] : 0.0, r;

		if ((it & 63) == 63 && cancelled(cancel))
			return STAR_CANCELLED;
		if (lc * S >= 1.0)
			break;
		gs = g_map(m, lc, S, &g);
		it++;
		delta = gs - S;
		r = prev != 0.0 ? delta / prev : 0.0;
		double xr = 0.0, hxr = 0.0;
		if (fabs(delta) <= tol * S && (r <= 0.5 || fabs(delta) * r <= tol * S * (1.0 - r)) &&
		    (lc * gs >= 1.0 || delta <= 0.0 ||
		     root_proved(m, lc, S, delta, r, &it, &xr, &hxr))) {
			if (lc * gs >= 1.0)
				break;
			if (delta > 0.0 && xr - S > tol * S) {
				/* The root is somewhere in [S, xr], wider than tol:
				 * narrow it to tol (a coarse tol, slow steps near
				 * saturation: gs alone could be far below it). */
				double root;
				if (illinois(m, lc, S, delta, xr, hxr, &root, &it, cancel) != STAR_OK)
					return STAR_CANCELLED;
				g_map(m, lc, root, &g);
				out->iterations = it + 1;
				return finish(m, root, &g, out);
			}
			S = gs;
			g_map(m, lc, S, &g);
			out->iterations = it + 1;
			return finish(m, S, &g, out);
		}
		hs[0] = hs[1]; hh[0] = hh[1];
		hs[1] = hs[2]; hh[1] = hh[2];
		hs[2] = S; hh[2] = delta;
		nh++;
		if (delta > 0.0 && prev > 0.0 && r > 0.5 && (it & 15) == 0) {
			double cand[4];
			int nc = 0;

			if (nh >= 3) {       /* vertex of the parabola through hs, hh */
				double d01 = (hh[1] - hh[0]) / (hs[1] - hs[0]);
				double d12 = (hh[2] - hh[1]) / (hs[2] - hs[1]);
				double a = (d12 - d01) / (hs[2] - hs[0]);

				if (a > 0.0 && isfinite(a))
					cand[nc++] = 0.5 * (hs[1] + hs[2]) - d12 / (2.0 * a);
			}
			if (r < 1.0) {
				double est = delta / (1.0 - r);

				cand[nc++] = S + 1.5 * est;
				cand[nc++] = S + 1.1 * est;
				cand[nc++] = S + 1.01 * est;
			}
			for (int i = 0; i < nc; i++) {
				struct gstate gb;
				double x = cand[i], hx, root;

				if (!(x > S) || lc * x >= 1.0)
					continue;
				hx = g_map(m, lc, x, &gb) - x;
				it++;
				if (hx >= 0.0)
					continue;
				if (illinois(m, lc, S, delta, x, hx, &root, &it, cancel) != STAR_OK)
					return STAR_CANCELLED;
				g_map(m, lc, root, &g);
				out->iterations = it + 1;
				return finish(m, root, &g, out);
			}
		}
		if (prev != 0.0 && delta * prev < 0.0 && beta > 1.0 / 64)
			beta *= 0.5;
		S += beta * delta;
	}
	out->iterations = it;
	mark_saturated(out);
	return STAR_SATURATED;
}

int star_bisect_load(const struct star_model *m, double rel_tol, star_status_fn status,
		     const void *ctx, double *lambda_sat, const atomic_int *cancel)
{
	/* S-bar >= M + d-bar, so lambda_c (M + d-bar) >= 1 is saturated */
	return star_bisect_below((m->p.n - 1) / (m->dbar_eq3 * (m->p.M + m->dbar)), rel_tol,
				 status, ctx, lambda_sat, cancel);
}

int star_bisect_below(double hi, double rel_tol, star_status_fn status, const void *ctx,
		      double *lambda_sat, const atomic_int *cancel)
{
	double lo = 0.0;

	if (rel_tol <= 0.0)
		rel_tol = 1e-6;
	while (hi - lo > rel_tol * hi) {
		double mid = 0.5 * (lo + hi);
		int rc = status(ctx, mid, cancel);

		if (rc == STAR_CANCELLED)
			return rc;
		if (rc == STAR_OK)
			lo = mid;
		else
			hi = mid;
	}
	*lambda_sat = lo;
	return STAR_OK;
}

static int eval_status(const void *ctx, double lambda_g, const atomic_int *cancel)
{
	struct star_point pt;

	return star_eval(ctx, lambda_g, &pt, cancel);
}

int star_saturation(const struct star_model *m, double rel_tol, double *lambda_sat,
		    const atomic_int *cancel)
{
	return star_bisect_load(m, rel_tol, eval_status, m, lambda_sat, cancel);
}

int star_curve(const struct star_model *m, const double *lambda, int npts,
	       struct star_point *out, const atomic_int *cancel)
{
	for (int i = 0; i < npts; i++) {
		if (cancelled(cancel))
			return STAR_CANCELLED;
		if (star_eval(m, lambda[i], &out[i], cancel) == STAR_CANCELLED)
			return STAR_CANCELLED;
	}
	return STAR_OK;
}

double star_class_latency(const struct star_model *m, const struct star_point *pt, int c)
{
	size_t stride = (size_t)(m->H + 1) * (size_t)m->p.n;
	const struct star_class *k;

	if (c < 0 || c >= m->topo.nclass || c == m->topo.identity || pt->status != STAR_OK)
		return NAN;
	k = &m->topo.cls[c];
	return m->p.M + k->dist +
		pt->w * blocking_sum(m, m->profile + (size_t)c * stride, pt->pchan);
}
