/*
 * xoshiro.h: xoshiro256** (Blackman & Vigna) and its splitmix64 seeder,
 * written once for every seeded stream in icnx: the irregular network
 * generator (topo/irregular_gen.c) and the simulator's random numbers
 * (sim/rng.c).  It lives in topo, the lowest pure layer both may include
 * (docs/ARCHITECTURE.md, "Source layout").
 *
 * Header-only (static inline: the simulator draws in its inner loop).  Pure
 * C11, integer operations only, so a state gives the same stream on every
 * platform.  The state is a plain uint64_t[4] owned by the caller; it must
 * not be all zero.
 */
#ifndef ICNX_TOPO_XOSHIRO_H
#define ICNX_TOPO_XOSHIRO_H

#include <stdint.h>

/* splitmix64 step: advances *x and returns the next output. */
static inline uint64_t xoshiro_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t xoshiro_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* The next output of xoshiro256**; advances s. */
static inline uint64_t xoshiro256ss_next(uint64_t s[4])
{
	uint64_t result = xoshiro_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = xoshiro_rotl(s[3], 45);
	return result;
}

#endif
