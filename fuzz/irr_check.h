/*
 * irr_check.h: invariants of a built irregular network, shared by the
 * fuzz_irregular_read and fuzz_irregular_gen targets; each aborts through
 * fuzz_fail with `what` in the message.
 */
#ifndef ICNX_FUZZ_IRR_CHECK_H
#define ICNX_FUZZ_IRR_CHECK_H

#include "family/irregular.h"

/* Within its ports, nodes numbered switch by switch, an anynet file with one
 * "router" line per switch (and the same length on both calls). */
void irr_check_net(const struct irr_net *net, const char *what);
/* Up*-down* from root (-1: the default): every pair has a legal route no
 * shorter than its graph distance, symmetric; up to 40 switches, the table
 * of equivalent distances is symmetric, zero on the diagonal, 0 < T <= the
 * legal route length, 1 between adjacent switches.  O(S^2) routes, and
 * S^2 Kirchhoff solves below 41 switches: the caller bounds S. */
void irr_check_routing(const struct irr_net *net, int root, const char *what);

#endif
