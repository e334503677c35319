/*
 * routelen.h: the mean number of channels a message of a simulated network
 * crosses, found by walking the family's own routing function (core.h)
 * from sampled sources to sampled destinations: what the work floor of a
 * point needs before it is simulated (family/simcfg.c,
 * sim_check_route_work).
 *
 * Pure C11: no I/O, no threads, no globals.
 */
#ifndef ICNX_SIM_ROUTELEN_H
#define ICNX_SIM_ROUTELEN_H

#include "sim/core.h"

/* Messages sampled by sim_mean_channels. */
#define SIM_ROUTELEN_SAMPLES 2000

/*
 * The mean channels (node links included) of SIM_ROUTELEN_SAMPLES messages
 * drawn as the engine draws them (senders by weight, destinations by
 * net->dest, source queues by net->source, route state by net->init) from
 * the stream (seed, 0), each routed on its first candidate of the lowest
 * tier with no other traffic, on through relays (sim_net.relay: a
 * buffered concentrator's store re-sends from its own queue) to the
 * destination.  0 when no sample sends (a pattern with no
 * pair), or the walk fails (a routing error, a route longer than
 * 4 nchan channels): the caller then knows no floor beyond the message's
 * own flits.
 */
double sim_mean_channels(const struct sim_net *net, uint64_t seed);

#endif
