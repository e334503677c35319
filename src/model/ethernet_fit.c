/*
 * ethernet_fit.c: least-squares calibration of C_i, t_i, Gamma and tau from
 * measured times (see ethernet_fit.h for what can be identified and how).
 * Pure: no I/O, no globals, no threads.
 */
#include "model/ethernet_fit.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANK_TOL 1e-10

static int fail(char *err, size_t errlen, long *bad_row, long row, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int fail(char *err, size_t errlen, long *bad_row, long row, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	if (bad_row)
		*bad_row = row;
	return -1;
}

int eth_spd_solve(double *A, double *b, int n, double tol)
{
	size_t N = (size_t)n;
	double *s = malloc(N * sizeof *s);
	if (!s)
		return -1;
	for (size_t i = 0; i < N; i++) {
		double dii = A[i * N + i];
		s[i] = dii > 0 ? 1.0 / sqrt(dii) : 0.0;
	}
	for (size_t i = 0; i < N; i++) {
		for (size_t j = 0; j < N; j++)
			A[i * N + j] *= s[i] * s[j];
		b[i] *= s[i];
	}
	/* Cholesky A = L L^T, L in the lower triangle. */
	for (size_t j = 0; j < N; j++) {
		double d = A[j * N + j];
		for (size_t k = 0; k < j; k++)
			d -= A[j * N + k] * A[j * N + k];
		if (!(d > tol) || s[j] == 0) {
			free(s);
			return (int)j + 1;
		}
		d = sqrt(d);
		A[j * N + j] = d;
		for (size_t i = j + 1; i < N; i++) {
			double v = A[i * N + j];
			for (size_t k = 0; k < j; k++)
				v -= A[i * N + k] * A[j * N + k];
			A[i * N + j] = v / d;
		}
	}
	/* L y = b, then L^T z = y, then x = S z. */
	for (size_t i = 0; i < N; i++) {
		double v = b[i];
		for (size_t k = 0; k < i; k++)
			v -= A[i * N + k] * b[k];
		b[i] = v / A[i * N + i];
	}
	for (size_t i = N; i-- > 0;) {
		double v = b[i];
		for (size_t k = i + 1; k < N; k++)
			v -= A[k * N + i] * b[k];
		b[i] = v / A[i * N + i];
	}
	for (size_t i = 0; i < N; i++)
		b[i] *= s[i];
	free(s);
	return 0;
}

static double inv_beta(const struct eth_fit_input *in, int i, int j)
{
	return in->inv_beta[(size_t)i * (size_t)in->n + (size_t)j];
}

/* One-way time under fitted C, t (Eq. 5). */
static double oneway(const struct eth_fit_input *in, const struct eth_fit_result *r, int i,
		     int j, double M)
{
	return r->C[i] + r->C[j] + (r->t[i] + r->t[j]) * M + M * inv_beta(in, i, j);
}

/* The longest root-to-leaf path of the broadcast tree under fitted C, t. */
static double max_path(const struct eth_fit_input *in, const struct eth_fit_result *r,
		       int root, double M)
{
	double arrive[ETH_MAX_NODES], worst = 0;
	int N = in->n, kids[32];
	for (int rel = 0; rel < N; rel++) {
		int v = (rel + root) % N;
		int p = eth_tree_parent(N, root, v, in->tree);
		arrive[v] = p < 0 ? 0 : arrive[p] + oneway(in, r, p, v, M);
		if (eth_tree_children(N, root, v, in->tree, kids) == 0 && arrive[v] > worst)
			worst = arrive[v];
	}
	return worst;
}

double eth_fit_predict(const struct eth_fit_input *in, const struct eth_fit_result *res,
		       const struct eth_meas *m)
{
	switch (m->kind) {
	case ETH_MEAS_ONEWAY:
		return oneway(in, res, m->src, m->dst, m->bytes);
	case ETH_MEAS_ROUNDTRIP:
		return 2 * oneway(in, res, m->src, m->dst, m->bytes);
	case ETH_MEAS_BCAST:
		return max_path(in, res, m->src, m->bytes) + res->Gamma + res->tau * m->bytes;
	}
	return NAN;
}

static bool is_p2p(const struct eth_meas *m)
{
	return m->kind == ETH_MEAS_ONEWAY || m->kind == ETH_MEAS_ROUNDTRIP;
}

/* Every connected group of the pair graph must contain an odd cycle: try
 * to 2-colour it; a group that 2-colours has C_i + d on one side, C_j - d
 * on the other, unseen by every measurement. */
static int check_odd_cycles(const struct eth_fit_input *in, char *err, size_t errlen,
			    long *bad_row)
{
	int n = in->n;
	unsigned char *adj = calloc((size_t)n * (size_t)n, 1);
	int colour[ETH_MAX_NODES], group[ETH_MAX_NODES], queue[ETH_MAX_NODES];
	if (!adj)
		return fail(err, errlen, bad_row, -1, "out of memory");
	for (size_t k = 0; k < in->nmeas; k++) {
		const struct eth_meas *m = &in->meas[k];
		if (is_p2p(m))
			adj[(size_t)m->src * (size_t)n + (size_t)m->dst] =
				adj[(size_t)m->dst * (size_t)n + (size_t)m->src] = 1;
	}
	for (int i = 0; i < n; i++)
		colour[i] = -1;
	int rc = 0;
	for (int s = 0; s < n && rc == 0; s++) {
		if (colour[s] >= 0)
			continue;
		int head = 0, tail = 0, ng = 0;
		bool odd = false;
		colour[s] = 0;
		queue[tail++] = s;
		while (head < tail) {
			int u = queue[head++];
			group[ng++] = u;
			for (int v = 0; v < n; v++) {
				if (!adj[(size_t)u * (size_t)n + (size_t)v])
					continue;
				if (colour[v] < 0) {
					colour[v] = 1 - colour[u];
					queue[tail++] = v;
				} else if (colour[v] == colour[u]) {
					odd = true;
				}
			}
		}
		if (odd)
			continue;
		char a[256] = "", b[256] = "";
		size_t la = 0, lb = 0;
		for (int k = 0; k < ng; k++) {
			char *buf = colour[group[k]] ? b : a;
			size_t *len = colour[group[k]] ? &lb : &la;
			if (*len < sizeof a - 16)
				*len += (size_t)snprintf(buf + *len, sizeof a - *len, "%s%d",
							 *len ? ", " : "", group[k]);
		}
		rc = fail(err, errlen, bad_row, -1,
			  "the pairs among nodes {%s} and {%s} have no odd cycle (each joins one "
			  "set to the other), so C_i + d on one side and C_j - d on the other fit "
			  "as well (allowed: pairs that close an odd cycle, such as i-j, j-k, i-k)",
			  a, b);
	}
	free(adj);
	return rc;
}

static const char *unknown_name(int idx, int n, char *buf, size_t len)
{
	snprintf(buf, len, "%s_%d", idx < n ? "C" : "t", idx < n ? idx : idx - n);
	return buf;
}

int eth_fit(const struct eth_fit_input *in, struct eth_fit_result *res, double *model_out,
	    char *err, size_t errlen, long *bad_row)
{
	int n = in->n;
	unsigned char in_pair[ETH_MAX_NODES] = { 0 };
	double size0 = NAN, bsize0 = NAN;
	bool two_sizes = false, two_bsizes = false;
	long first_bcast = -1;

	memset(res, 0, sizeof *res);
	res->n = n;
	if (bad_row)
		*bad_row = -1;
	if (n < 1 || n > ETH_MAX_NODES)
		return fail(err, errlen, bad_row, -1, "%d nodes (allowed: 3 to %d)", n,
			    ETH_MAX_NODES);
	for (size_t k = 0; k < in->nmeas; k++) {
		const struct eth_meas *m = &in->meas[k];
		long row = (long)k;
		if (m->src < 0 || m->src >= n || (is_p2p(m) && (m->dst < 0 || m->dst >= n)))
			return fail(err, errlen, bad_row, row, "node out of range (allowed: 0 to %d)",
				    n - 1);
		if (is_p2p(m) && m->src == m->dst)
			return fail(err, errlen, bad_row, row, "node %d sends to itself (allowed: "
				    "two different nodes)", m->src);
		if (!(m->seconds > 0) || !isfinite(m->seconds))
			return fail(err, errlen, bad_row, row, "time %g s (allowed: > 0)", m->seconds);
		if (!(m->bytes >= 0) || !isfinite(m->bytes))
			return fail(err, errlen, bad_row, row, "size %g bytes (allowed: >= 0)",
				    m->bytes);
		if (is_p2p(m)) {
			in_pair[m->src] = in_pair[m->dst] = 1;
			res->np2p++;
			if (isnan(size0))
				size0 = m->bytes;
			else if (m->bytes != size0)
				two_sizes = true;
		} else {
			res->nbcast++;
			if (first_bcast < 0)
				first_bcast = row;
			if (isnan(bsize0))
				bsize0 = m->bytes;
			else if (m->bytes != bsize0)
				two_bsizes = true;
		}
	}
	if (res->np2p == 0)
		return fail(err, errlen, bad_row, -1, "no point-to-point measurements (allowed: "
			    "oneway or roundtrip rows over three or more nodes)");
	if (n < 3)
		return fail(err, errlen, bad_row, -1, "only %d node%s: pairs give only sums "
			    "C_i + C_j and t_i + t_j (allowed: three or more nodes, with pairs "
			    "i-j, j-k, i-k)", n, n == 1 ? "" : "s");
	for (int i = 0; i < n; i++)
		if (!in_pair[i])
			return fail(err, errlen, bad_row, -1, "node %d is in no oneway or roundtrip "
				    "row, so C_%d and t_%d are not measured (allowed: every node "
				    "0..%d in at least one pair)", i, i, i, n - 1);
	if (!two_sizes)
		return fail(err, errlen, bad_row, -1, "every point-to-point row has the same "
			    "size %g bytes, so C_i cannot be told from t_i M (allowed: two or more "
			    "distinct sizes)", size0);
	if (check_odd_cycles(in, err, errlen, bad_row))
		return -1;
	if (res->nbcast > 0 && !two_bsizes)
		return fail(err, errlen, bad_row, first_bcast, "every bcast row has the same size "
			    "%g bytes, so Gamma cannot be told from tau M (allowed: two or more "
			    "distinct sizes, or no bcast rows)", bsize0);

	/* Normal equations for x = (C_0..C_{n-1}, t_0..t_{n-1}). */
	size_t U = 2 * (size_t)n;
	double *G = calloc(U * U, sizeof *G), *rhs = calloc(U, sizeof *rhs);
	if (!G || !rhs) {
		free(G);
		free(rhs);
		return fail(err, errlen, bad_row, -1, "out of memory");
	}
	for (size_t k = 0; k < in->nmeas; k++) {
		const struct eth_meas *m = &in->meas[k];
		if (!is_p2p(m))
			continue;
		double T = m->kind == ETH_MEAS_ROUNDTRIP ? m->seconds / 2 : m->seconds;
		double y = T - m->bytes * inv_beta(in, m->src, m->dst);
		double w = in->absolute ? 1.0 : 1.0 / (T * T);
		size_t idx[4] = { (size_t)m->src, (size_t)m->dst, (size_t)n + (size_t)m->src,
				  (size_t)n + (size_t)m->dst };
		double a[4] = { 1, 1, m->bytes, m->bytes };
		for (int p = 0; p < 4; p++) {
			rhs[idx[p]] += w * a[p] * y;
			for (int q = 0; q < 4; q++)
				G[idx[p] * U + idx[q]] += w * a[p] * a[q];
		}
	}
	int bad = eth_spd_solve(G, rhs, (int)U, RANK_TOL);
	if (bad != 0) {
		char name[32];
		free(G);
		free(rhs);
		if (bad < 0)
			return fail(err, errlen, bad_row, -1, "out of memory");
		return fail(err, errlen, bad_row, -1, "the measurements do not determine %s "
			    "(rank-deficient system: it is a combination of the other unknowns; "
			    "allowed: pairs with odd cycles measured at two or more sizes)",
			    unknown_name(bad - 1, n, name, sizeof name));
	}
	for (int i = 0; i < n; i++) {
		res->C[i] = rhs[i];
		res->t[i] = rhs[n + i];
	}
	free(G);
	free(rhs);

	/* Gamma + tau M = T - max path, by weighted least squares. */
	if (res->nbcast > 0) {
		double g00 = 0, g01 = 0, g11 = 0, b0 = 0, b1 = 0;
		for (size_t k = 0; k < in->nmeas; k++) {
			const struct eth_meas *m = &in->meas[k];
			if (m->kind != ETH_MEAS_BCAST)
				continue;
			double y = m->seconds - max_path(in, res, m->src, m->bytes);
			double w = in->absolute ? 1.0 : 1.0 / (m->seconds * m->seconds);
			g00 += w;
			g01 += w * m->bytes;
			g11 += w * m->bytes * m->bytes;
			b0 += w * y;
			b1 += w * m->bytes * y;
		}
		double A[4] = { g00, g01, g01, g11 }, b[2] = { b0, b1 };
		if (eth_spd_solve(A, b, 2, RANK_TOL))
			return fail(err, errlen, bad_row, first_bcast, "the bcast rows do not "
				    "determine Gamma and tau (allowed: two or more distinct sizes)");
		res->has_bcast = true;
		res->Gamma = b[0];
		res->tau = b[1];
	}

	/* Residuals. */
	double sa = 0, sr = 0;
	for (size_t k = 0; k < in->nmeas; k++) {
		double p = eth_fit_predict(in, res, &in->meas[k]);
		double r = p - in->meas[k].seconds, rel = r / in->meas[k].seconds;
		if (model_out)
			model_out[k] = p;
		sa += r * r;
		sr += rel * rel;
		if (fabs(rel) > res->max_rel)
			res->max_rel = fabs(rel);
	}
	res->rms_abs = sqrt(sa / (double)in->nmeas);
	res->rms_rel = sqrt(sr / (double)in->nmeas);
	return 0;
}
