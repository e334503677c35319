/*
 * rng.c: machine-independent variates over xoshiro256** (topo/xoshiro.h;
 * see rng.h).
 */
#include "sim/rng.h"
#include "topo/xoshiro.h"

#include <string.h>

uint64_t sim_splitmix64(uint64_t *x)
{
	return xoshiro_splitmix64(x);
}

void sim_rng_seed(struct sim_rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (stream * 0xd1342543de82ef95ULL + 0x2545f4914f6cdd1dULL);

	for (int i = 0; i < 4; i++)
		r->s[i] = sim_splitmix64(&x);
	if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
		r->s[0] = 1;
}

uint64_t sim_rng_next(struct sim_rng *r)
{
	return xoshiro256ss_next(r->s);
}

double sim_rng_unit(struct sim_rng *r)
{
	return (double)(sim_rng_next(r) >> 11) * 0x1.0p-53;
}

uint32_t sim_rng_below(struct sim_rng *r, uint32_t n)
{
	uint64_t m = (uint64_t)(uint32_t)(sim_rng_next(r) >> 32) * n;
	uint32_t l = (uint32_t)m;

	if (l < n) {
		uint32_t t = (uint32_t)(-n) % n;
		while (l < t) {
			m = (uint64_t)(uint32_t)(sim_rng_next(r) >> 32) * n;
			l = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

/* ln x = e ln 2 + 2 atanh(z), z = (f - 1)/(f + 1), f in [sqrt(1/2), sqrt(2)):
 * |z| < 0.1716, so the odd series to z^25 is exact to double precision. */
double sim_log(double x)
{
	uint64_t bits;
	int e;
	double f, z, z2, sum, term;
	const double ln2_hi = 6.93147180369123816490e-01;  /* fdlibm's split */
	const double ln2_lo = 1.90821492927058770002e-10;

	if (!(x > 0))
		return -1e308;
	memcpy(&bits, &x, sizeof bits);
	e = (int)((bits >> 52) & 0x7ff);
	if (e == 0) {            /* subnormal: scale up exactly */
		x *= 0x1.0p54;
		memcpy(&bits, &x, sizeof bits);
		e = (int)((bits >> 52) & 0x7ff) - 54;
	}
	e -= 1023;
	bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
	memcpy(&f, &bits, sizeof f);                   /* f in [1, 2) */
	if (f > 1.4142135623730951) {
		f *= 0.5;
		e++;
	}
	z = (f - 1.0) / (f + 1.0);
	z2 = z * z;
	sum = 0.0;
	term = 1.0;
	/* Horner from the smallest term: 1 + z2/3 + z2^2/5 + ... + z2^12/25 */
	for (int k = 12; k >= 1; k--)
		sum = (sum + 1.0 / (2 * k + 1)) * z2;
	sum = 2.0 * z * (term + sum);
	return (double)e * ln2_lo + sum + (double)e * ln2_hi;
}

double sim_rng_exp(struct sim_rng *r, double rate)
{
	double u = 1.0 - sim_rng_unit(r);             /* (0, 1] */

	return -sim_log(u) / rate;
}
