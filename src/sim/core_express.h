/*
 * core_express.h: the express worms of the cycle core, private to core.c
 * and core_express.c (the core's contract is core.h).
 *
 * An express worm is a message whose flits stream, one flit over every
 * channel of a chain each cycle, so that the core need not serve those
 * channels cycle by cycle.  The chain runs from a store holding at least
 * SIM_X_MIN_CYCLES + 1 of its flits (its source queue, or a relay holding
 * all of them) over virtual channels that each hold at least one of its
 * flits, through relays it heads (its flits streaming in and out), into a
 * node's sink or a relay; every channel of it has the message's virtual
 * channel as its only one taken, is not blocked, and comes after the
 * channel feeding it in the requested-channel list where the buffer
 * between holds a single flit.  Then, each cycle, each channel's only
 * request can pass (the buffer above holds a flit that is there; the one
 * below has room, or its front flit leaves as the next channel passes
 * it), no buffer of the chain changes its occupancy, no channel's request
 * or place in the list changes, and nothing else reads the chain's
 * buffers: until a header is allocated another virtual channel of one of
 * its channels, or the store is down to one flit (its tail).
 *
 * While a worm is express its chain's channels leave the list (choice
 * SIM_X_GHOST), except a last one entering a relay (SIM_X_INTO_RELAY),
 * which stays in its place and feeds the relay in the move pass as its
 * move would; each cycle the core adds the chain's flit-hops and sink
 * arrivals to its counters at once.  When the worm leaves, the fields the
 * skipped moves would have changed (front flit numbers, the store's
 * occupancy, arrival and busy cycles, round-robin pointers, a relay's
 * count of stored flits) are set as those moves would have left them, and
 * the channels go back into the list where the order they joined it
 * (sim_chs.lkey) places them.  So every run is the same, cycle by cycle,
 * as with no_express (tests/unit/test_sim_express.c runs both in
 * lockstep); what it spares is the resolution and move of every flit-hop
 * of the streaming phase.
 *
 * Candidates are messages whose header has just entered a node's sink or
 * a relay, checked at the end of the cycle and then every SIM_X_RETRY
 * cycles, SIM_X_TRIES times; a worm express up to a relay leaves the
 * express state when its header is beyond, to be checked for the longer
 * chain.  Only cores whose channels all have period 1.
 */
#ifndef ICNX_SIM_CORE_EXPRESS_H
#define ICNX_SIM_CORE_EXPRESS_H

#include "sim/core.h"

#define SIM_X_GHOST (-2)        /* sim_chs.choice: an express chain's channel */
#define SIM_X_INTO_RELAY (-3)   /* ... its last, entering a relay */

/* An express worm and a candidate (sim_core.xw, sim_core.xcand). */
struct sim_xw {
	int id;                    /* the message */
	int start;                 /* the buffer its flits stream from */
	int endb;                  /* the last chain channel's VC buffer */
	int h;                     /* chain channels: flit-hops per cycle */
	int sink;                  /* 1: the chain ends at a node's sink */
	int pos;                   /* index in sim_core.xact */
	int64_t t0;                /* first express cycle */
	int64_t end;               /* the cycle at whose start it leaves */
};

struct sim_xcand {
	int id, buf;               /* message, one of its VC buffers */
	int tries;                 /* checks left */
	int next;                  /* next in its slot or the free list, -1 */
};

/* Allocate and free the core's express state (sim_core_init,
 * sim_core_free); sim_x_init returns 0 or -1 (no memory). */
int sim_x_init(struct sim_core *c);
void sim_x_free(struct sim_core *c);

/* A header is allocated a virtual channel of channel ch, an express
 * chain's (choice < -1): its worm leaves the express state. */
void sim_x_interrupt(struct sim_core *c, int ch);
/* Message id's header entered VC buffer b of a channel into a node's sink
 * or a relay: check it at the end of the cycle. */
void sim_x_cand_add(struct sim_core *c, int id, int b);
/* Start of a cycle, when c->x_next_end has come: the worms whose source is
 * down to its tail leave. */
void sim_x_ends(struct sim_core *c);
/* End of a cycle (after the late allocation), when this cycle's slot of
 * candidates is not empty: check them. */
void sim_x_candidates(struct sim_core *c);
/* End of a cycle, once the core has made c->x_probe flit-hops: the
 * first time, a window of flit-hops opens (the network has filled); when
 * it closes, if the express worms made fewer than c->x_keep_pct percent of
 * the window's flit-hops, every worm
 * leaves the express state and the core serves every channel from then
 * on (no_express), which costs less per flit-hop than keeping the list
 * keys and the checks express worms need: where channels are mostly
 * shared (several virtual channels taken) the worms are too few to pay
 * for them.  The run is the same either way. */
void sim_x_review(struct sim_core *c);
/* The move pass reaches channel ch, the last of an express chain,
 * entering a relay (choice SIM_X_INTO_RELAY). */
void sim_x_relay_flit(struct sim_core *c, int ch);

/* core.c: flit seq of message id crosses (period P) from VC buffer k into
 * relay node's queue.  Returns 0, or -1 when out of memory. */
int sim_core_relay_push(struct sim_core *c, int node, int id, int seq, int P, int k);

#endif
