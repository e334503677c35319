/*
 * core.h: the flit-level wormhole engine shared by every network family.
 *
 * A cycle core: the time quantum is one flit time of a channel (a "cycle").
 * Each cycle (1) Poisson arrivals whose real time fell in (t-1, t] join
 * their source queue stamped t; (2) every header at the front of a buffer
 * asks the family's routing function for candidate virtual channels and
 * takes a free one (router delay zero: allocated and crossed in the same
 * cycle); (3) every physical channel passes at most one flit, choosing
 * round-robin among its virtual channels whose flit is ready and whose
 * downstream buffer has room at the end of the cycle -- a full buffer whose
 * front flit leaves in the same cycle has room, so a one-flit buffer streams
 * one flit per cycle (zero-delay back-pressure).  With sim_net.release
 * SIM_RELEASE_SAME_CYCLE (the default) a virtual channel whose tail left
 * its buffer in (3) can be taken again in the same cycle, and the new
 * header crosses then if its channel passed no other flit: a channel is
 * held exactly M cycles by an M-flit message (one channel fed by Poisson
 * sources is M/D/1 with D = M).  A flit crossing a channel
 * arrives in its buffer at the end of the cycle; a channel of period P
 * (heterogeneous link times) is busy for P cycles per flit and its flit
 * arrives at the end of the P-th.
 *
 * Network description: routers 0..R-1, processing nodes 0..N-1, channels
 * 0..C-1 each with V virtual channels of B flits at its downstream end.  A
 * channel ends at a router or (ejection) at a node, whose sink consumes a
 * flit on arrival.  Node s has Q = sim_net.queues source queues (infinite;
 * a new message joins one drawn uniformly, so each is Poisson at 1/Q of
 * the node's rate) at router inj_router[s]: each head message's header is
 * routed there like a header in an input buffer, so a node feeds up to Q
 * messages into the network at once.  A virtual channel belongs to one
 * message from the allocation of its header until its tail leaves the
 * buffer (a message never shares a buffer).
 *
 * A relay node (sim_net.relay) is a store: a channel ending at it passes
 * its flits into the node's queue (unbounded, whole messages in FIFO
 * order; the channel's virtual channel is released when the tail crosses,
 * as at a sink), and the queue's head is routed on from inj_router[node] as
 * soon as its header is there, its flits following as they arrive
 * (virtual cut-through: nothing added at zero load).
 *
 * Buffers are numbered: channel c's virtual channel v is buffer c*V + v;
 * node s's source queue j is buffer C*V + s*Q + j.
 *
 * Visit order (it decides which of two headers gets a free virtual channel
 * and the order of random draws, so it is part of every seeded result;
 * nothing depends on memory addresses or threads).  The core visits only
 * what can act, from two lists:
 *   - waiting headers (hlist): a buffer joins when an unrouted header
 *     becomes its front flit (a message reaching the head of its source
 *     queue, a header entering a buffer) and leaves when the header is
 *     routed.  Step (2) routes them in list order; the late routing of
 *     SIM_RELEASE_SAME_CYCLE visits the ones that failed, in the same
 *     order.
 *   - requested channels (clist): a channel joins, at the end, when one of
 *     its virtual channels gains a request (its header was routed into it,
 *     or a flit of its message entered the empty upstream buffer) while the
 *     channel is not listed; it leaves when, visited in step (3)'s move
 *     pass, it has no request left.  Step (3) resolves the listed channels
 *     from the last back to the first (a channel whose choice needs the next
 *     channel's resolves that one first; the order matters only for a cycle
 *     of full buffers, the first one reached saying no), then moves the
 *     chosen flits in list order.
 *   - blocked channels: a channel whose resolution found every request
 *     waiting on a full buffer below (its header not routed, or the channel
 *     below not taking its front flit, busy, or that flit not there yet)
 *     leaves the list in the move pass.  It is woken when the channel below
 *     chooses the front flit of one of its buffers (then it resolves in the
 *     same cycle, after the reverse pass, and joins the list at the end, in
 *     the order woken), when a request is added to it, or when a late move
 *     of step (4) passes a flit over it; a channel above that needs it
 *     resolves it on the way, and if it can pass it joins the same way.
 * With channel periods above 1, a wheel of events keeps a channel that
 * passed a flit out of the list while it is busy (it rejoins at the end the
 * cycle it is free, if it has a request) and sets a request whose flit is
 * on the wire the cycle it arrives; the events of a cycle run at its start,
 * in the order scheduled.  A header that found every candidate taken costs
 * one check until a candidate's channel releases a virtual channel.  A
 * message streaming over a chain of channels of its own (every channel
 * passing one of its flits each cycle, none of them shared) is an express
 * worm (core_express.h): its channels leave both passes, the cycle's
 * flit-hops are counted at once, and its buffers are brought up to date
 * when a header takes a virtual channel of the chain or its source is
 * down to the tail -- the same run, cycle by cycle, as serving them.  A
 * core whose worms make too small a share of its flit-hops to pay for
 * their bookkeeping turns them off early in the run (sim_x_review).
 *
 * Pure C11: no I/O, no threads, no globals.  A struct sim_core owns its
 * arrays (sim_core_free).  One core runs on one thread; separate cores are
 * independent.
 */
#ifndef ICNX_SIM_CORE_H
#define ICNX_SIM_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/rng.h"

#define SIM_MAX_CAND 512          /* candidates a routing call may return */
#define SIM_MAX_MIX 8             /* message length classes */
#define SIM_X_SLOTS 16            /* express candidates' wheel (core.c) */

/* A message in flight or queued.  st and aux are the family's route state
 * (e.g. star: class-b level); hops counts channels allocated so far. */
struct sim_msg {
	int src, dst;              /* nodes */
	int len;                   /* flits */
	int hops;                  /* channels allocated so far */
	int st, aux;               /* family route state (0 at creation) */
	int delivered;             /* flits consumed at the sink */
	int next;                  /* next message in the source queue, -1 */
	int64_t gen;               /* generation cycle (arrival stamp) */
	int64_t depart;            /* cycle the header left the source, -1 */
	int64_t tag;               /* measured-message index, -1 = not measured */
	int64_t qwait;             /* cycles its header waited for an output
	                              virtual channel at queue routers
	                              (sim_net.queue_router) and relays */
	/* Relays (sim_net.relay): the last relay its header entered and what
	 * is stored there.  (Its tail may still stream out of an earlier
	 * relay, where it is the head and the buffer counts the flits.) */
	int rnode;                 /* that relay node, -1 = none yet */
	int stored;                /* flits that entered it */
	int64_t qin;               /* the cycle its header is there */
	int64_t qlast;             /* the cycle its last stored flit is there */
};

/* A candidate virtual channel: buffer index c*V + v, a preference tier
 * and the route state the message takes with it.  Among the free
 * candidates the core keeps those of the lowest tier, then those whose
 * physical channel has the fewest virtual channels already taken (the
 * least-used output, as adaptive routers select), and draws one
 * uniformly. */
struct sim_cand {
	int buf;
	int tier;
	int st, aux;
};

/*
 * The family's routing function: message m's header waits at `router`
 * (arrived over channel in_chan, or -1 at its source).  Writes up to
 * SIM_MAX_CAND candidates to out and returns their number (0 = none, which
 * the core treats as a routing error).  Must not change anything, and its
 * result must depend only on the message (dst, st, aux, hops), router and
 * in_chan, with ctx unchanged during a run -- never on time, occupancy or
 * random draws: the core skips a waiting header's repeat call until a
 * candidate's channel releases a virtual channel, relying on the repeat
 * giving the same candidates (core.c).
 */
typedef int (*sim_route_fn)(const void *ctx, const struct sim_msg *m, int router,
			    int in_chan, struct sim_cand *out);

/* The destination of a new message from node src: a node != src, or -1
 * for none (the arrival is dropped: e.g. a permutation's fixed point). */
typedef int (*sim_dest_fn)(const void *ctx, int src, struct sim_rng *rng);
/* Optional: the source queue (node) a message from src to dst joins, when
 * a processing element has several network ports (multi-cluster: ICN1 and
 * ECN1). */
typedef int (*sim_source_fn)(const void *ctx, int src, int dst);
/* Optional: called on each generated message (not sim_core_inject's) once
 * it is queued, to set its initial route state m->st, m->aux; may draw from
 * rng (multi-cluster ecn1_exit = model: the ECN1 levels r, v). */
typedef void (*sim_init_fn)(const void *ctx, struct sim_msg *m, struct sim_rng *rng);

/* When a virtual channel whose tail flit has left its buffer may be taken
 * by another header. */
enum sim_release {
	SIM_RELEASE_SAME_CYCLE = 0, /* the cycle the tail leaves: after the
	                              cycle's moves, each header that found
	                              every candidate taken is routed again,
	                              and crosses at once when its channel is
	                              idle this cycle (the flits behind it
	                              follow up the worm): channel holding of
	                              exactly M flit times, the papers' */
	SIM_RELEASE_NEXT_CYCLE     /* the cycle after (a release or credit
	                              cycle a real router adds): a channel
	                              between routers is held M + 1 cycles per
	                              message (an ejection channel M: its sink
	                              consumes the tail as it crosses) */
};

struct sim_chan {
	int from;                  /* router, or -1 for a node's injection link
	                              fed by the source queue */
	int to;                    /* router, or -1: ejection into node `node` */
	int node;                  /* ejection: the node; else -1 */
	int period;                /* cycles a flit takes to cross (and occupies
	                              the channel); 0 or 1 = one cycle */
};

struct sim_net {
	int routers, nodes, nchan;
	int V;                     /* virtual channels per channel, 1..64 */
	int B;                     /* flits per virtual-channel buffer, >= 1 */
	const struct sim_chan *chan;
	const int *inj_router;     /* per node */
	const unsigned char *queue_router; /* per router: non-zero = a queue (a
	                              concentrator, a dispatcher) whose waiting
	                              is measured in sim_msg.qwait; NULL = none.
	                              Only measured: the run is the same */
	sim_route_fn route;
	const void *route_ctx;
	sim_dest_fn dest;          /* NULL: uniform over the other nodes */
	const void *dest_ctx;
	const int *senders;        /* nodes that generate messages; NULL = all */
	int nsenders;
	const double *weight;      /* per sender (index into senders): relative
	                              rate; NULL = all 1.  lambda is per unit
	                              weight */
	sim_source_fn source;      /* NULL: the source queue is src's */
	sim_init_fn init;          /* NULL: route state starts at 0; called
	                              with dest_ctx */
	enum sim_release release;  /* 0 = SIM_RELEASE_SAME_CYCLE */
	int queues;                /* source queues per node, 0 or 1 = one */
	const unsigned char *relay;/* per node: non-zero = a relay (a store of
	                              whole messages, above); NULL = none.  A
	                              relay neither sends nor is a destination */
};

/* Message length mix: length[i] flits with probability prob[i]. */
struct sim_mix {
	int n;
	int length[SIM_MAX_MIX];
	double prob[SIM_MAX_MIX];
};

/* A length from the mix: one uniform draw from rng when mix->n > 1, none
 * otherwise (msgpool.c). */
int sim_mix_draw(const struct sim_mix *mix, struct sim_rng *rng);

/* The message records an engine holds (msgpool.c): an array that doubles
 * as it fills, so indices stay valid and pointers into it do not across
 * sim_msgs_new; released records are reused (through sim_msg.next, last
 * released first).  Start as { .free = -1 }. */
struct sim_msgs {
	struct sim_msg *m;
	int cap;                   /* records allocated */
	int free;                  /* first free record, -1 = none */
};
int sim_msgs_new(struct sim_msgs *p);      /* its index, or -1 (no memory) */
void sim_msgs_release(struct sim_msgs *p, int id);
void sim_msgs_free(struct sim_msgs *p);    /* NULL: nothing; leaves it empty */

/* Per measured message, handed to the observer at its tail's arrival. */
struct sim_done {
	const struct sim_msg *m;
	int64_t arrive;            /* end of the cycle the tail reached the sink */
};
typedef void (*sim_done_fn)(void *ctx, const struct sim_done *d);

enum sim_status {
	SIM_RUNNING = 0,
	SIM_DONE,                  /* sim_core_run reached its stop condition */
	SIM_BUDGET,                /* cycle budget exhausted */
	SIM_DEADLOCK,              /* flits in the network, none moved for
	                              `watchdog` cycles */
	SIM_ROUTE_ERROR,           /* a routing call returned no candidate */
	SIM_NOMEM,
	SIM_WORK                   /* work limit (max_work events) reached */
};

/* One buffer: a virtual channel's flit buffer (index c*V + v) or a node's
 * source queue (index C*V + s).  Kept in one 64-byte record, allocated on
 * 64-byte boundaries, so a visit touches one cache line.  Private to core.c
 * except occ and owner, which tests read. */
struct sim_buf {
	int occ;                   /* flits held (a queue: its head message's) */
	int owner;                 /* message, or -1 (free) */
	int fseq;                  /* sequence number of the front flit (an
	                              ejection VC: of the next flit consumed) */
	int nxt;                   /* buffer the front message goes to, -1 =
	                              its header is not routed yet */
	int nxch;                  /* ... and that buffer's channel */
	int up;                    /* VC buffer owned: the buffer its message
	                              comes from (the one whose nxt it is), -1 */
	int ch;                    /* VC buffer: its channel; queue: -1 */
	int len;                   /* the owner's length in flits */
	int wait_ch;               /* after a routing call that found every
	                              candidate taken: the one channel they all
	                              belong to, or -1 (several) */
	int wait_n;                /* ... and that call's candidate count */
	int64_t ready;             /* header may be routed from this cycle on */
	int64_t arrive;            /* VC buffer: the last flit pushed is there
	                              from this cycle on */
	int64_t wait_at;           /* cycle of that futile routing call, -1 =
	                              none since the header last moved on */
};

/* A relay's FIFO of the messages behind its head (a ring of cap entries,
 * each two ints: the message and the VC buffer it entered through, which
 * becomes the queue buffer's `up` when it heads the queue: express worms
 * follow a chain through a relay by it). */
struct sim_fifo {
	int *id;                   /* 2 * cap */
	int cap, first, n;
};

/* One physical channel's state (64 bytes, one cache line). */
struct sim_chs {
	uint64_t req;              /* bit v: virtual channel v is owned and its
	                              upstream buffer holds a flit of its message
	                              (on the wire or there): it may request */
	uint64_t owned;            /* bit v: virtual channel v has an owner */
	int64_t busy;              /* free again from this cycle on */
	int64_t cstamp;            /* 4*now+2 resolving, +3 resolved */
	int64_t freed;             /* last cycle one of its virtual channels was
	                              released, -1 = never */
	int period;                /* cycles per flit (>= 1) */
	int choice;                /* buffer index served this cycle, or -1
	                              (< -1: an express chain's, core_express.h) */
	union {                    /* which: sim_core.no_express */
		int64_t lkey;      /* express worms on: when it last joined the
		                      requested-channel list (sim_core.kseq
		                      then): the list is in this order */
		int cup;           /* off, unit periods: the buffer this
		                      cycle's chosen flit comes from (choice's
		                      up), set by the resolution for the move
		                      (periods above 1 read it from the buffer:
		                      measured no slower there) */
	};
	unsigned short cbusy;      /* virtual channels owned (<= 64) */
	unsigned short rr;         /* round-robin: the virtual channel served last */
	unsigned char sink;        /* what it enters: SIM_INTO_ROUTER, _NODE
	                              (a sink) or _RELAY (a relay's queue) */
	unsigned char listed;      /* non-zero: in the requested-channel list */
	unsigned char asleep;      /* non-zero: busy (period > 1) and out of the
	                              list until the wheel wakes it */
	unsigned char blocked;     /* non-zero: its last resolution found every
	                              request waiting on a full buffer below
	                              (out of the list until one of those moves
	                              or a request is added) */
};

enum { SIM_INTO_ROUTER = 0, SIM_INTO_NODE, SIM_INTO_RELAY };   /* sim_chs.sink */

struct sim_core {
	struct sim_net net;
	struct sim_mix mix;
	struct sim_rng rng;
	double rate;               /* total arrivals per cycle (lambda x the
	                              senders' total weight) */
	double *cumw;              /* cumulative sender weights, or NULL */
	double wsum;               /* total weight */
	double next_arrival;       /* real time of the next arrival */
	int64_t now;               /* current cycle */
	int nbuf;                  /* nchan * V + nodes * Q */
	int Q;                     /* source queues per node (>= 1) */
	struct sim_buf *buf;       /* nbuf */
	struct sim_chs *chs;       /* nchan */
	int unit_period;           /* every channel's period is 1 */
	uint64_t vmask;            /* V low bits set */
	uint64_t vdiv;             /* 2^38 / V + 1: (b vdiv) >> 38 is b / V for
	                              every 0 <= b < 2^26 (nbuf is below) */
	int nact;                  /* buffers holding a flit (a source queue: a
	                              message) */
	int *hlist, nhead;         /* waiting headers: buffers whose front flit
	                              is an unrouted header, in the order they
	                              reached the front */
	int *clist, nclist;        /* requested channels (req != 0, or emptied
	                              since the last pass), in the order they
	                              gained their first request */
	int *wstack, nwake;        /* channels woken during a resolution */
	int *late, nlate;          /* hlist positions of the ready headers that
	                              found every candidate taken this cycle
	                              (routed again after the moves:
	                              SIM_RELEASE_SAME_CYCLE) */
	int64_t releases;          /* virtual channels released, whole run */
	/* The wheel (channel periods > 1 only): events due in W cycles or
	 * fewer, slot t % W, each slot an array in the order scheduled (an
	 * event >= 0: channel `what` is free again; < 0: the flit pushed into
	 * buffer -what-1 has arrived). */
	struct sim_slot { int *ev; int n, cap; } *slot;   /* W */
	int nwheel;                /* events pending */
	int W;                     /* slots, a power of two > the largest period */
	int64_t last_free;         /* last cycle any virtual channel was released */
	int *qtail;                /* per queue: its last message */
	struct sim_fifo *fifo;     /* per node (relays'), or NULL */
	struct sim_msgs msgs;      /* messages */
	/* counters */
	int64_t flit_hops;         /* flits that crossed a channel */
	/* Work done, in events: every cycle stepped counts 1 plus the buffers
	 * holding a flit (nact: what an engine visiting every occupied buffer
	 * would visit; this one visits fewer, and the count does not depend on
	 * how many), every message generated 1, and every
	 * routing attempt of a waiting header its candidates -- also when the
	 * core skips an attempt it knows to be futile (no candidate released
	 * since the last one), so the count, and the limits built on it, do not
	 * depend on that shortcut.  Idle cycles skipped to the next arrival
	 * count nothing.  It measures the engine's CPU time up to a factor and
	 * is the same on every machine. */
	int64_t work;
	int64_t max_work;          /* sim_core_run stops with SIM_WORK once work
	                              reaches it; 0 = no limit (set by the caller
	                              after sim_core_init) */
	int64_t flits_in_net;      /* flits that left a source, not yet consumed */
	int64_t generated, delivered_msgs;
	int64_t last_move;         /* last cycle a flit moved */
	int64_t tag_next;          /* next measured-message index */
	int64_t tag_limit;         /* messages generated while tag_next < limit
	                              are measured */
	int64_t order_errors;      /* flits delivered out of order (must stay 0) */
	int64_t queued;            /* messages in source queues */
	int64_t max_queued;        /* arrivals pause for the rest of a cycle once
	                              queued exceeds it, so an absurd load cannot
	                              fill memory within one cycle; 0 = no limit
	                              (set by the caller after sim_core_init) */
	int watchdog;              /* cycles without a move that mean deadlock */
	bool nomem;                /* a relay's FIFO could not grow */
	enum sim_status status;
	sim_done_fn done;
	void *done_ctx;
	/* Express worms (core.c): messages streaming over a chain of channels
	 * of their own, whose channels the core does not serve meanwhile; the
	 * results are the same with them or without (no_express). */
	struct sim_xw *xw;         /* nchan records */
	int *xact, nxact;          /* the express ones (indices into xw) */
	int xfree;                 /* free records, through their pos, -1 */
	int *xw_of;                /* per channel: its express worm, or -1 */
	int64_t kseq;              /* the next sim_chs.lkey */
	int64_t x_hops;            /* their channels: flit-hops per cycle */
	int64_t x_flit_hops;       /* flit-hops made so, whole run */
	int x_sinks;               /* those ending at a node's sink */
	int64_t x_next_end;        /* the earliest cycle one leaves */
	int x_late;                /* 1 after the cycle's moves */
	struct sim_xcand *xcand;   /* messages to check: a pool */
	int xcand_cap, xcand_free; /* its size, its free list (-1: none) */
	int xslot[SIM_X_SLOTS];    /* those due at the end of cycle t: slot
	                              t % SIM_X_SLOTS, a list, -1 = empty */
	bool no_express;           /* serve every channel: set by sim_core_init
	                              when a channel's period is above 1, by
	                              the core when the express share is too
	                              small to pay for itself (sim_x_review,
	                              which first brings every worm up to
	                              date), or by a test before the first
	                              cycle; never cleared (the list keys are
	                              not kept meanwhile) */
	int64_t x_probe;           /* flit-hops at which the review's window
	                              opens, then closes; INT64_MAX = never
	                              (tests may set it after sim_core_init) */
	int64_t x_span;            /* the window's length in flit-hops */
	int64_t x_window, x_window_at; /* x_flit_hops and flit_hops when it
	                              opened; -1 = not yet */
	int x_keep_pct;            /* express stays on if it made at least
	                              this percentage of the window's flit-hops */
	int x_reviewed;            /* worms the review brought up to date when
	                              it turned them off (tests) */
	struct sim_cand cand[SIM_MAX_CAND];
	int pickidx[SIM_MAX_CAND];
};

/*
 * Prepare a core for net (copied by value; the arrays it points to must
 * outlive the core), load lambda (messages per sending node per cycle),
 * length mix, seed and stream.  Returns 0, or -1 (bad arguments, 2^26
 * buffers or more, no memory; the core is then empty and sim_core_free is
 * harmless).
 */
int sim_core_init(struct sim_core *c, const struct sim_net *net, const struct sim_mix *mix,
		  double lambda, uint64_t seed, uint64_t stream);
void sim_core_free(struct sim_core *c);

/* Inject one message now (tests: single messages in an empty network).
 * Returns its index, or -1 (no memory). */
int sim_core_inject(struct sim_core *c, int src, int dst, int len);

/*
 * Advance until stop(ctx, c) returns true (checked once per cycle), the
 * cycle count reaches max_cycle, the work reaches c->max_work (SIM_WORK,
 * checked once per cycle, so it may exceed it by one cycle's events), a
 * deadlock or an error.  Arrivals are
 * generated only while lambda > 0.  Returns the status (SIM_DONE when stop
 * said so).
 */
enum sim_status sim_core_run(struct sim_core *c, bool (*stop)(void *ctx, const struct sim_core *c),
			     void *ctx, int64_t max_cycle);

/* Messages alive (queued or in the network). */
int64_t sim_core_alive(const struct sim_core *c);

#endif
