/*
 * rng.h: the simulator's random numbers.  xoshiro256** (Blackman & Vigna)
 * seeded through splitmix64, and variates built from +, -, *, / and integer
 * operations only, so the same seed gives bit-identical streams on every
 * IEEE-754 machine (no libm call: sim_log is a fixed series evaluated in a
 * fixed order; the build is ISO C, so no fused multiply-add contraction).
 *
 * Pure C11: no I/O, no globals.  A struct sim_rng is a plain value owned by
 * its simulation.
 */
#ifndef ICNX_SIM_RNG_H
#define ICNX_SIM_RNG_H

#include <stdint.h>

struct sim_rng {
	uint64_t s[4];
};

/* splitmix64 step: advances *x and returns the next output. */
uint64_t sim_splitmix64(uint64_t *x);
/* Seed from (seed, stream): distinct streams for the points of one sweep. */
void sim_rng_seed(struct sim_rng *r, uint64_t seed, uint64_t stream);
uint64_t sim_rng_next(struct sim_rng *r);
/* Uniform on [0, 1) with 53 random bits. */
double sim_rng_unit(struct sim_rng *r);
/* Uniform integer on 0..n-1 (n >= 1), unbiased (Lemire's method). */
uint32_t sim_rng_below(struct sim_rng *r, uint32_t n);
/* Exponential with rate `rate` > 0 (mean 1/rate): -ln(1 - U) / rate. */
double sim_rng_exp(struct sim_rng *r, double rate);
/* Natural logarithm of x > 0 from basic arithmetic only (relative error
 * below 4e-16 against a correctly rounded log); sim_log(0) = -1e308. */
double sim_log(double x);

#endif
