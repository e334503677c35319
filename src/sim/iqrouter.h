/*
 * iqrouter.h: a second simulator engine (engine.h), BookSim2's
 * input-queued router (src/routers/iq_router.cpp, upstream 28f43299) in the
 * configuration of docs/validation/booksim.md: router = iq, vct = 0,
 * routing_delay = 0 (lookahead routing), vc_alloc_delay = sw_alloc_delay =
 * st_final_delay = 1, credit_delay = 0, every channel of latency 1, and
 * BookSim's defaults for the rest: vc_allocator = sw_allocator = islip
 * (one iteration, round-robin grant and accept pointers moved on an accept),
 * input_speedup = output_speedup = 1, no speculation, no switch holding,
 * wait_for_tail_credit = 0, private per-VC buffers, Bernoulli injection.
 *
 * The network is a struct sim_net (core.h) read as BookSim reads anynet:
 *  - a router that no channel enters is a node's terminal: its channels are
 *    injection channels into a router's input port (irregular, multi-cluster
 *    node links); a source queue at a router that channels enter (the star)
 *    gets an injection channel of its own into an extra input port;
 *  - a channel with to = -1 ejects into its node, which consumes a flit the
 *    cycle it arrives and returns its credit;
 *  - every channel has V virtual channels of B flits (sim_net.V, .B); the
 *    upstream end counts credits.  A channel of period > 1 has no BookSim
 *    equivalent (links differ in latency there, never in bandwidth): init
 *    refuses the network.
 * The core's own variants have no BookSim equivalent and are refused by
 * init: several source queues per node (sim_net.queues > 1), relays
 * (sim_net.relay) and sim_net.release other than SIM_RELEASE_SAME_CYCLE
 * (BookSim's own rule holds: an output VC is free the cycle after the
 * tail's switch grant).
 * The family's routing function gives the route set: every candidate it
 * returns is requested (BookSim's iSLIP ignores route priorities, so
 * sim_cand.tier plays no part).
 *
 * Timing, in BookSim cycles (the engine's cycle): a node generates a
 * message in cycle t with probability lambda x weight (Bernoulli; above 1,
 * every cycle, as BookSim's RandomFloat() < rate; the counters' rate stays
 * lambda x the total weight, the load offered) into an unbounded source queue and sends
 * one flit a cycle while its injection virtual channel has credit; a flit
 * sent in cycle t is in the router's input buffer in cycle t + 2.  A header
 * at the front of an input virtual channel bids for an output virtual
 * channel (VC allocation) from the cycle it is there, and once granted, for
 * the switch from the next cycle on (switch allocation); a flit granted
 * the switch in cycle t leaves the input buffer then (its credit reaches the
 * upstream end in t + 2) and is in the next input buffer, or read by its
 * node, in cycle t + 3.  An output virtual channel is free for another
 * header in the cycle after a tail was granted through it.  Zero-load
 * latency of an L-flit message over R routers: (L - 1) + 2 + 4R; the credit
 * loop of a router-router channel is 5 cycles (a buffer of fewer than 5
 * flits cannot stream), that of an injection channel 4.
 *
 * Measured times (engine.h's struct sim_delivery): gen = the cycle the
 * message was generated (BookSim's ctime), depart = the cycle its header
 * was injected (itime), arrive = the cycle its node read the tail (atime):
 * arrive - gen is BookSim's packet latency, arrive - depart its network
 * latency.  qwait: at queue routers, the cycles a header at the front of its
 * buffer waited for VC allocation.
 *
 * Pure C11: no I/O, no threads, no globals.
 */
#ifndef ICNX_SIM_IQROUTER_H
#define ICNX_SIM_IQROUTER_H

#include "sim/engine.h"

/* BookSim2's input-queued router (this file's contract). */
extern const struct sim_engine_ops sim_iqrouter_engine;

#endif
