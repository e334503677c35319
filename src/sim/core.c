/*
 * core.c: the cycle-driven wormhole engine (contract in core.h).
 *
 * Per-buffer and per-channel state live in records (struct sim_buf,
 * struct sim_chs) so that a visit touches one cache line, and what a visit
 * needs of its neighbours is kept with it (a buffer's channel and its next
 * buffer's channel, its message's length: the message record is read only
 * when a header leaves its source and when a tail is consumed).  The core
 * visits the waiting headers and the requested channels only (core.h): a
 * channel keeps a bit mask of its virtual channels whose upstream buffer
 * holds a flit of their message, updated when flits move, so a body flit
 * waiting its turn costs nothing and a channel one visit.  A header whose
 * routing call found every candidate taken is not routed again until one of
 * its candidates' channels releases a virtual channel (candidates are only
 * ever taken within a cycle's allocation phase and released in its move
 * phase, and a routing call depends only on the message and where it
 * waits): the skipped call would have failed, so the run is the same, and
 * its candidates are still counted as work.
 *
 * Where a flit-hop's cost goes (cachegrind --cache-sim --branch-sim,
 * kiasari-s5-v6 at half its analytic saturation, sim.measured=5000):
 * on main cf1f0d0 243 instructions, 107 data references, 4.1 L1 data
 * misses (the working set fits in the last level) and 3.3 mispredicted
 * branches per flit-hop; 75% in the cycle loop (step_in), 10% in resolve
 * from can_pass, 4% in allocate.  Three of the predictor's coin tosses
 * are now computed without a branch (move_in's empty test, the move
 * pass's keep test, req_set's listing) and req_set no longer stalls on a
 * store: on main ad45685 256 instructions, 4.2 misses and 2.5
 * mispredictions per flit-hop, about 10% less CPU there (javadi-n1120,
 * arnau-random24: within the noise).  What is left is
 * spread over can_pass's room test (0.4 misses and mispredictions per
 * flit-hop), resolve_in's wake of the channel feeding the chosen buffer
 * (buf[up].ch, chs[u].blocked: 0.3 of each), the sink test of move_in and
 * the two list passes' stamp tests.  Lowering them needs fewer record
 * visits per flit-hop (one fused resolve-and-move pass over an active
 * set), not cheaper visits: prefetch (of the listed channels, of the
 * moved buffers ahead in the move pass, of a channel's first requested
 * buffer), a separate blocked array, a branch-free wake, skipping the
 * busy tests that cannot fail with unit periods, -O3 and more inlining
 * were each measured bit-identical and no faster (within the noise of
 * a shared machine).  A fused single pass (serve each channel and move
 * its flit at once, in list order or from the newest back) was measured
 * too: 4-5% more instructions (the downstream channel served on demand,
 * or a buffer emptied and its channel listed again, on every flit-hop).
 * What does lower them is visiting fewer channels: the express worms
 * (core_express.c) take a streaming message's channels out of both passes
 * -- cachegrind, sim.measured=5000 at half the saturation load: 0.53x the
 * instructions on javadi-n1120, 0.61x javadi-n544, 0.49x arnau-random24;
 * 0.96x kiasari-s5-v6 and 1.01x -v12, whose channels are mostly shared
 * (several virtual channels taken) and whose CPU time was 5-10% worse:
 * the list keys express needs (sim_chs.lkey, set wherever a channel
 * joins the list: req_set, a late move, the wake loop) and the
 * chosen flit's source read back from its buffer in the move pass cost
 * about 3% each there.  So a core whose worms make under 27% of its
 * flit-hops turns them off (sim_x_review) and runs the copy of the cycle
 * without keys, express checks or hooks (step_in's xp = 0), where the
 * resolution keeps the chosen flit's source in the channel record
 * (sim_chs.cup) for the move.
 */
#include "sim/core.h"
#include "sim/core_express.h"

#include <stdlib.h>
#include <string.h>

/* Lowest set bit of a non-zero mask, and a hint to fetch a record a few
 * list entries ahead (the lists visit records in no memory order, and a
 * visit's cost is mostly waiting for them); plain C elsewhere. */
#if defined(__GNUC__) || defined(__clang__)
#define CTZ64(m) __builtin_ctzll(m)
#define PREFETCH(p) __builtin_prefetch(p)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
static int ctz64(uint64_t m)
{
	int n = 0;
	while (!(m & 1)) {
		m >>= 1;
		n++;
	}
	return n;
}
#define CTZ64(m) ctz64(m)
#define PREFETCH(p) ((void)(p))
#define ALWAYS_INLINE inline
#endif
#define AHEAD 8                 /* list entries fetched ahead */

/* struct sim_buf records start on cache-line boundaries (aligned_alloc
 * needs the size to be a multiple: sizeof (struct sim_buf) is 64). */
#define SIM_BUF_ALIGN 64
_Static_assert(sizeof(struct sim_chs) == 64, "struct sim_chs is one cache line");
_Static_assert(sizeof(struct sim_buf) % SIM_BUF_ALIGN == 0,
	       "struct sim_buf is a whole number of cache lines");

/* Buffer b's front flit is now an unrouted header: list it (it is not
 * listed: a buffer's header enters the list once, and leaves it routed). */
static void head_add(struct sim_core *c, int b)
{
	c->hlist[c->nhead++] = b;
}

/* VC buffer k (of channel ch) may request: its upstream buffer holds a
 * flit of its message.  Lists the channel (xp: express worms on, so with
 * its list key).  req_set_x and req_set_p are the two out of line,
 * req_set the one the core's mode calls for (the moves call theirs). */
static ALWAYS_INLINE void req_set_in(struct sim_core *c, int k, int ch, const int xp)
{
	struct sim_chs *cs = &c->chs[ch];
	/* read before the store to blocked below: a wider load over a byte
	 * just stored waits for the store (no store-to-load forwarding) */
	int idle = !(cs->listed | cs->asleep);

	cs->req |= UINT64_C(1) << (k - ch * c->net.V);
	cs->blocked = 0;                        /* a new request: look again */
	/* listed if idle, without a branch (a coin toss to the predictor):
	 * clist has room for the entry written past its end */
	cs->listed |= (unsigned char)idle;
	c->clist[c->nclist] = ch;
	c->nclist += idle;
	if (xp) {
		cs->lkey = idle ? c->kseq : cs->lkey;
		c->kseq += idle;
	}
}

static void req_set_x(struct sim_core *c, int k, int ch)
{
	req_set_in(c, k, ch, 1);
}

static void req_set_p(struct sim_core *c, int k, int ch)
{
	req_set_in(c, k, ch, 0);
}

static void req_set(struct sim_core *c, int k, int ch)
{
	if (c->no_express)
		req_set_p(c, k, ch);
	else
		req_set_x(c, k, ch);
}

/* Schedule event `what` (struct sim_core.slot) d cycles from now, 1 <= d
 * < W, at the end of its slot.  A slot's array doubles when full (a
 * channel has at most one wake pending, as it cannot pass a flit while
 * busy, and a buffer at most one arrival, as its channel cannot push the
 * next flit before the last has arrived: C + nbuf in all); when it cannot,
 * the run ends with SIM_NOMEM. */
static void wheel_add(struct sim_core *c, int64_t d, int what)
{
	struct sim_slot *s = &c->slot[(c->now + d) & (c->W - 1)];

	if (s->n == s->cap) {
		int cap = s->cap ? 2 * s->cap : 64;
		int *ev = realloc(s->ev, (size_t)cap * sizeof *ev);

		if (!ev) {
			c->nomem = true;
			return;
		}
		s->ev = ev;
		s->cap = cap;
	}
	s->ev[s->n++] = what;
	c->nwheel++;
}

/* Run the events of slot sl, in the order scheduled: a channel free again
 * wakes and rejoins the list (at the end) if it has a request; a flit that
 * has arrived in a routed buffer makes it request its next channel. */
static void wheel_run(struct sim_core *c, int sl)
{
	struct sim_slot *s = &c->slot[sl];

	for (int i = 0; i < s->n; i++) {
		int what = s->ev[i];

		if (what >= 0) {
			struct sim_chs *cs = &c->chs[what];

			cs->asleep = 0;
			if (cs->req && !cs->listed) {
				cs->listed = 1;
				c->clist[c->nclist++] = what;
			}
		} else {
			const struct sim_buf *kb = &c->buf[-what - 1];

			if (kb->occ > 0 && kb->nxt >= 0)
				req_set(c, kb->nxt, kb->nxch);
		}
	}
	c->nwheel -= s->n;
	s->n = 0;
}


void sim_core_free(struct sim_core *c)
{
	if (!c)
		return;
	free(c->buf);
	free(c->chs);
	free(c->hlist);
	free(c->clist);
	free(c->late);
	free(c->wstack);
	if (c->slot)
		for (int i = 0; i < c->W; i++)
			free(c->slot[i].ev);
	free(c->slot);
	free(c->qtail);
	sim_x_free(c);
	if (c->fifo)
		for (int s = 0; s < c->net.nodes; s++)
			free(c->fifo[s].id);
	free(c->fifo);
	sim_msgs_free(&c->msgs);
	free(c->cumw);
	memset(c, 0, sizeof *c);
}

int sim_core_init(struct sim_core *c, const struct sim_net *net, const struct sim_mix *mix,
		  double lambda, uint64_t seed, uint64_t stream)
{
	int nvc, nb, C;

	memset(c, 0, sizeof *c);
	if (!net || net->nodes < 1 || net->nchan < 1 || net->V < 1 || net->V > 64 ||
	    net->B < 1 || !net->route || !mix || mix->n < 1 || mix->n > SIM_MAX_MIX ||
	    !(lambda >= 0))
		return -1;
	for (int i = 0; i < mix->n; i++)
		if (mix->length[i] < 1)
			return -1;
	if ((int64_t)net->nchan * net->V + (int64_t)net->nodes * (net->queues > 1 ? net->queues : 1) >=
	    INT64_C(1) << 26)
		return -1;      /* 4 GiB of buffer records, and vdiv's bound */
	c->net = *net;
	c->mix = *mix;
	C = net->nchan;
	nvc = C * net->V;
	c->Q = net->queues > 1 ? net->queues : 1;
	nb = nvc + net->nodes * c->Q;
	c->nbuf = nb;
	c->buf = aligned_alloc(SIM_BUF_ALIGN, (size_t)nb * sizeof *c->buf);
	c->chs = malloc((size_t)C * sizeof *c->chs);
	/* 2nb: late_allocation leaves the routed as -1 in place while the
	 * headers its moves make wait join at the end (fuzz_irregular_sim,
	 * M = 1 at saturation: past nb) */
	c->hlist = malloc((size_t)2 * nb * sizeof *c->hlist);
	/* 2C: during the move pass a channel dropped from the list may join
	 * again at the end before the pass is over (at most once each); + 1:
	 * req_set writes one entry past the end without listing it */
	c->clist = malloc(((size_t)2 * C + 1) * sizeof *c->clist);
	c->late = malloc((size_t)nb * sizeof *c->late);
	c->wstack = malloc((size_t)2 * C * sizeof *c->wstack);
	c->qtail = malloc((size_t)net->nodes * c->Q * sizeof *c->qtail);
	if (!c->buf || !c->chs || !c->hlist || !c->clist || !c->late || !c->wstack ||
	    !c->qtail) {
		sim_core_free(c);
		return -1;
	}
	for (int b = 0; b < nb; b++)
		c->buf[b] = (struct sim_buf){
			.owner = -1, .nxt = -1, .up = -1,
			.ch = b < nvc ? b / net->V : -1, .wait_ch = -1, .wait_at = -1,
		};
	c->unit_period = 1;
	c->W = 2;
	c->vmask = net->V == 64 ? ~UINT64_C(0) : (UINT64_C(1) << net->V) - 1;
	c->vdiv = (UINT64_C(1) << 38) / (uint64_t)net->V + 1;
	for (int i = 0; i < C; i++) {
		if (net->chan[i].period > 1)
			c->unit_period = 0;
		while (c->W <= net->chan[i].period)
			c->W *= 2;
		c->chs[i] = (struct sim_chs){
			.cstamp = -1, .freed = -1, .rr = net->V - 1, .choice = -1,
			.period = net->chan[i].period > 1 ? net->chan[i].period : 1,
			.sink = net->chan[i].to >= 0 ? SIM_INTO_ROUTER
				: net->relay && net->relay[net->chan[i].node] ? SIM_INTO_RELAY
				: SIM_INTO_NODE,
		};
	}
	c->no_express = !c->unit_period;    /* express worms need unit periods */
	c->slot = calloc((size_t)c->W, sizeof *c->slot);
	if (!c->slot) {
		sim_core_free(c);
		return -1;
	}
	for (int q = 0; q < net->nodes * c->Q; q++)
		c->qtail[q] = -1;
	if (sim_x_init(c) < 0) {
		sim_core_free(c);
		return -1;
	}
	if (net->relay) {
		c->fifo = calloc((size_t)net->nodes, sizeof *c->fifo);
		if (!c->fifo) {
			sim_core_free(c);
			return -1;
		}
	}
	c->last_free = -1;
	c->msgs.free = -1;
	sim_rng_seed(&c->rng, seed, stream);
	if (!c->net.senders)
		c->net.nsenders = net->nodes;
	c->wsum = c->net.nsenders;
	if (net->weight) {
		double acc = 0;
		c->cumw = malloc((size_t)c->net.nsenders * sizeof *c->cumw);
		if (!c->cumw) {
			sim_core_free(c);
			return -1;
		}
		for (int i = 0; i < c->net.nsenders; i++) {
			acc += net->weight[i];
			c->cumw[i] = acc;
		}
		c->wsum = acc;
	}
	c->rate = lambda * c->wsum;
	c->next_arrival = c->rate > 0 ? sim_rng_exp(&c->rng, c->rate) : -1;
	c->tag_limit = 0;
	c->watchdog = 100000;
	c->last_move = 0;
	return 0;
}

int64_t sim_core_alive(const struct sim_core *c)
{
	return c->generated - c->delivered_msgs;
}

/* Put message id at the back of source queue s (node s / Q). */
static void enqueue(struct sim_core *c, int s, int id)
{
	int qb = c->net.nchan * c->net.V + s;
	struct sim_buf *q = &c->buf[qb];
	struct sim_msg *m = &c->msgs.m[id];

	m->next = -1;
	c->queued++;
	if (q->owner < 0) {
		q->owner = id;
		q->occ = m->len;
		q->len = m->len;
		q->fseq = 0;
		q->nxt = -1;
		q->wait_at = -1;
		q->ready = c->now;
		c->qtail[s] = id;
		c->nact++;
		head_add(c, qb);
	} else {
		c->msgs.m[c->qtail[s]].next = id;
		c->qtail[s] = id;
	}
}

/* A new message from node src into its source queue j (0..Q-1). */
static int new_message(struct sim_core *c, int src, int j, int dst, int len)
{
	int id = sim_msgs_new(&c->msgs);
	struct sim_msg *m;

	if (id < 0)
		return -1;
	m = &c->msgs.m[id];
	memset(m, 0, sizeof *m);
	m->src = src;
	m->dst = dst;
	m->len = len;
	m->gen = c->now;
	m->depart = -1;
	m->rnode = -1;
	m->tag = c->tag_next < c->tag_limit ? c->tag_next++ : -1;
	c->generated++;
	c->work++;
	enqueue(c, src * c->Q + j, id);
	return id;
}

int sim_core_inject(struct sim_core *c, int src, int dst, int len)
{
	if (src < 0 || src >= c->net.nodes || dst < 0 || dst >= c->net.nodes || len < 1)
		return -1;
	return new_message(c, src, 0, dst, len);
}

static int arrivals(struct sim_core *c)
{
	while (c->rate > 0 && c->next_arrival <= (double)c->now) {
		int s, d;

		if (c->max_queued > 0 && c->queued > c->max_queued)
			break;                  /* the rest of this cycle's arrivals
			                           would only fill memory */

		if (c->cumw) {          /* weighted: binary search */
			double u = sim_rng_unit(&c->rng) * c->wsum;
			int lo = 0, hi = c->net.nsenders - 1;
			while (lo < hi) {
				int mid = (lo + hi) / 2;
				if (c->cumw[mid] > u)
					hi = mid;
				else
					lo = mid + 1;
			}
			s = lo;
		} else {
			s = (int)sim_rng_below(&c->rng, (uint32_t)c->net.nsenders);
		}
		if (c->net.senders)
			s = c->net.senders[s];
		if (c->net.dest)
			d = c->net.dest(c->net.dest_ctx, s, &c->rng);
		else {
			d = (int)sim_rng_below(&c->rng, (uint32_t)(c->net.nodes - 1));
			if (d >= s)
				d++;
		}
		if (d >= 0) {
			if (c->net.source)
				s = c->net.source(c->net.dest_ctx, s, d);
			int j = c->Q > 1 ? (int)sim_rng_below(&c->rng, (uint32_t)c->Q) : 0;
			int id = new_message(c, s, j, d, sim_mix_draw(&c->mix, &c->rng));
			if (id < 0)
				return -1;
			if (c->net.init)
				c->net.init(c->net.dest_ctx, &c->msgs.m[id], &c->rng);
		}
		c->next_arrival += sim_rng_exp(&c->rng, c->rate);
	}
	return 0;
}

/* The header of buffer bb found every candidate taken, and none of their
 * channels has released a virtual channel since: routing it again would
 * find the same (its candidates still count as work). */
static ALWAYS_INLINE int futile(const struct sim_core *c, const struct sim_buf *bb)
{
	return bb->wait_at >= 0 &&
	       (bb->wait_ch >= 0 ? c->chs[bb->wait_ch].freed : c->last_free) < bb->wait_at;
}

/* Route the header at the front of buffer b and take a free virtual
 * channel.  Returns 1 when allocated, 0 when all candidates are busy, -1 on
 * a routing error. */
static int allocate(struct sim_core *c, int b)
{
	struct sim_buf *bb = &c->buf[b];
	struct sim_msg *m;
	int ic, qn, router;
	int n, best = -1, bbusy = 0, nbest = 0, pick = -1, wch = -2, V = c->net.V;

	if (bb->ready > c->now)
		return 0;
	if (futile(c, bb)) {
		c->work += bb->wait_n;
		return 0;
	}
	m = &c->msgs.m[bb->owner];
	ic = bb->ch;
	qn = ic < 0 ? (b - c->net.nchan * c->net.V) / c->Q : -1;   /* queue's node */
	router = ic < 0 ? c->net.inj_router[qn] : c->net.chan[ic].to;
	n = c->net.route(c->net.route_ctx, m, router, ic, c->cand);
	if (n <= 0)
		return -1;
	c->work += n;                   /* a routing call costs its candidates */
	for (int i = 0; i < n; i++) {
		int k = c->cand[i].buf, t = c->cand[i].tier, u;
		int kch = (int)(((uint64_t)k * c->vdiv) >> 38);   /* k / V */
		const struct sim_chs *kc = &c->chs[kch];

		if (kc->owned & (UINT64_C(1) << (k - kch * V))) {
			wch = wch == -2 || wch == kch ? kch : -1;
			continue;
		}
		u = kc->cbusy;
		if (best < 0 || t < best || (t == best && u < bbusy)) {
			best = t;
			bbusy = u;
			nbest = 0;
		}
		if (t == best && u == bbusy)
			c->pickidx[nbest++] = i;
	}
	if (!nbest) {
		bb->wait_at = c->now;
		bb->wait_ch = wch;
		bb->wait_n = n;
		return 0;
	}
	pick = c->pickidx[nbest > 1 ? (int)sim_rng_below(&c->rng, (uint32_t)nbest) : 0];
	{
		int k = c->cand[pick].buf;
		struct sim_buf *kb = &c->buf[k];
		struct sim_chs *kc = &c->chs[kb->ch];

		if (kc->choice < -1)        /* an express chain's channel */
			sim_x_interrupt(c, kb->ch);

		if (c->net.queue_router && ic >= 0 && c->net.queue_router[router])
			m->qwait += c->now - bb->ready;   /* waited at a queue */
		else if (qn >= 0 && c->net.relay && c->net.relay[qn])
			m->qwait += c->now - m->qin;      /* waited in a relay */
		kb->owner = bb->owner;
		kb->up = b;
		kb->len = bb->len;
		kb->fseq = 0;               /* an ejection VC counts from 0 */
		bb->nxch = kb->ch;
		kc->cbusy++;
		kc->owned |= UINT64_C(1) << (k - kb->ch * V);
		bb->nxt = k;
		req_set(c, k, kb->ch);      /* b holds the header: it requests */
		bb->wait_at = -1;
		m->st = c->cand[pick].st;
		m->aux = c->cand[pick].aux;
		m->hops++;
		kb->ready = c->now + kc->period;
	}
	return 1;
}

static int resolve(struct sim_core *c, int ch);
static int resolve_unit_x(struct sim_core *c, int ch);
static int resolve_unit_p(struct sim_core *c, int ch);

/* May VC buffer k of channel cs pass a flit this cycle: its upstream front
 * flit is there (with channel periods of 1, a flit pushed by the cycle
 * before always is), and k will have room at the end of the cycle -- an
 * ejection VC always; a full buffer only if its front flit leaves this
 * cycle, which is the next channel's choice (resolved on demand; one being
 * resolved means a cycle of full buffers: no). */
static ALWAYS_INLINE int can_pass(struct sim_core *c, const struct sim_chs *cs, int k,
				  const int unit, const int xp)
{
	const struct sim_buf *kb = &c->buf[k];
	const struct sim_chs *c2;
	int64_t st = 4 * c->now;

	if (!unit) {
		const struct sim_buf *ub = &c->buf[kb->up];

		if (ub->occ == 1 && ub->arrive > c->now)
			return -1;             /* its flit is still on the wire */
	}
	if (cs->sink != SIM_INTO_ROUTER || kb->occ < c->net.B)
		return 1;
	if (kb->nxt < 0)
		return 0;
	c2 = &c->chs[kb->nxch];
	if (c2->cstamp != st + 3) {
		if (c2->cstamp == st + 2)
			return -1;             /* a cycle of full buffers */
		if (c2->busy > c->now ||
		    !(c2->req & (UINT64_C(1) << (kb->nxt - kb->nxch * c->net.V))))
			return 0;              /* busy; the front flit is not there */
		if (unit && xp)
			resolve_unit_x(c, kb->nxch);
		else if (unit)
			resolve_unit_p(c, kb->nxch);
		else
			resolve(c, kb->nxch);
	}
	return c2->choice == kb->nxt;
}

/* Choose the virtual channel channel ch serves this cycle: its buffer
 * index, or -1.  Among the requesting virtual channels (req) that can
 * pass, the first in round-robin order from the one after the last
 * served. */
static ALWAYS_INLINE int resolve_in(struct sim_core *c, int ch, const int unit, const int xp)
{
	struct sim_chs *cs = &c->chs[ch];
	uint64_t req = cs->req;
	int64_t st = 4 * c->now;
	int V = c->net.V, base = ch * V, choice = -1;

	cs->cstamp = st + 2;
	if (req && cs->busy <= c->now) {
		int sleepy = 1;                 /* every refusal waits on a buffer
		                                   below moving */

		if (!(req & (req - 1))) {       /* one request */
			int v = CTZ64(req), r = can_pass(c, cs, base + v, unit, xp);

			if (r > 0) {
				choice = base + v;
				cs->rr = v;
			}
			sleepy = r == 0;
		} else {                        /* rotate: bit o is v0 + o */
			int v0 = cs->rr + 1 < V ? cs->rr + 1 : 0;
			uint64_t m = v0 ? ((req >> v0) | (req << (V - v0))) & c->vmask : req;

			for (; m; m &= m - 1) {
				int v = v0 + CTZ64(m), r;

				if (v >= V)
					v -= V;
				r = can_pass(c, cs, base + v, unit, xp);
				if (r > 0) {
					choice = base + v;
					cs->rr = v;
					break;
				}
				if (r < 0)
					sleepy = 0;
			}
		}
		if (choice < 0) {
			if (sleepy) {
				cs->blocked = 1;
			} else if (cs->blocked) {       /* unlisted: list it again */
				cs->blocked = 0;
				c->wstack[c->nwake++] = ch;
			}
		} else {
			/* a blocked channel reached from above moves: list it;
			 * the channel feeding the chosen buffer's source, if
			 * blocked on it, can pass now */
			int up = c->buf[choice].up;
			int u = c->buf[up].ch;          /* -1: a queue */

			if (unit && !xp)
				cs->cup = up;

			if (cs->blocked) {
				cs->blocked = 0;
				c->wstack[c->nwake++] = ch;
			}
			if (u >= 0 && c->chs[u].blocked) {
				c->chs[u].blocked = 0;
				c->wstack[c->nwake++] = u;
			}
		}
	}
	cs->choice = choice;
	cs->cstamp = st + 3;
	return choice;
}

/* The same out of line: the call from can_pass (a channel below); _unit
 * when every channel's period is 1 (sim_core.unit_period), _x with express
 * worms on (never with periods above 1). */
static int resolve(struct sim_core *c, int ch)
{
	return resolve_in(c, ch, 0, 0);
}

static int resolve_unit_x(struct sim_core *c, int ch)
{
	return resolve_in(c, ch, 1, 1);
}

static int resolve_unit_p(struct sim_core *c, int ch)
{
	return resolve_in(c, ch, 1, 0);
}

/* Virtual channel buffer k (of channel ch) is free again. */
static void release(struct sim_core *c, int k, int ch)
{
	c->buf[k].owner = -1;
	c->chs[ch].cbusy--;
	c->chs[ch].owned &= ~(UINT64_C(1) << (k - ch * c->net.V));
	c->chs[ch].freed = c->now;
	c->last_free = c->now;
	c->releases++;
}

/* Append message id, which entered through VC buffer k, to FIFO f; -1
 * when out of memory.  An entry is two ints (id, k). */
static int fifo_push(struct sim_fifo *f, int id, int k)
{
	if (f->n == f->cap) {
		int cap = f->cap ? 2 * f->cap : 16;
		int *a = malloc((size_t)cap * 2 * sizeof *a);

		if (!a)
			return -1;
		for (int i = 0; i < f->n; i++) {
			int j = (f->first + i) % f->cap;

			a[2 * i] = f->id[2 * j];
			a[2 * i + 1] = f->id[2 * j + 1];
		}
		free(f->id);
		f->id = a;
		f->cap = cap;
		f->first = 0;
	}
	{
		int j = (f->first + f->n++) % f->cap;

		f->id[2 * j] = id;
		f->id[2 * j + 1] = k;
	}
	return 0;
}

/* The first message of FIFO f, removed, and in *k the VC buffer it
 * entered through; -1 when empty. */
static int fifo_pop(struct sim_fifo *f, int *k)
{
	int id;

	if (!f->n)
		return -1;
	id = f->id[2 * f->first];
	*k = f->id[2 * f->first + 1];
	f->first = (f->first + 1) % f->cap;
	f->n--;
	return id;
}

/* Flit seq of message id crosses (period P) from VC buffer k into relay
 * node's queue: the header joins the FIFO (or heads it: the queue's `up`
 * is then k); each flit of the head adds to the queue's occupancy
 * (requesting again when the head is routed on), of another message to
 * what it has stored.  Returns 0, or -1 when out of memory. */
int sim_core_relay_push(struct sim_core *c, int node, int id, int seq, int P, int k)
{
	int qb = c->net.nchan * c->net.V + node * c->Q;
	struct sim_buf *q = &c->buf[qb];
	struct sim_msg *m = &c->msgs.m[id];

	if (seq == 0) {
		m->rnode = node;
		m->stored = 0;
		m->qin = c->now + P;
		if (q->owner < 0) {
			q->owner = id;
			q->occ = 0;
			q->len = m->len;
			q->fseq = 0;
			q->nxt = -1;
			q->wait_at = -1;
			q->ready = m->qin;
			q->up = k;
		} else if (fifo_push(&c->fifo[node], id, k) < 0) {
			return -1;
		}
	}
	if (m->rnode == node) {
		m->stored++;
		m->qlast = c->now + P;
	}
	if (q->owner == id) {
		if (q->occ == 0) {
			c->nact++;
			if (q->nxt < 0) {
				if (seq == 0)
					head_add(c, qb);
			} else if (P > 1) {      /* it requests again once there */
				wheel_add(c, P, -qb - 1);
			} else {
				req_set(c, q->nxt, q->nxch);
			}
		}
		q->occ++;
		q->arrive = c->now + P;
	}
	return 0;
}

/* Move one flit from buffer b into VC buffer k of channel kch (kc), its
 * virtual channel kc->rr (every caller has set rr to it: the channel
 * serves it).  The message record is touched only when its header leaves
 * its source and when its tail is consumed (and at relays). */
static ALWAYS_INLINE void move_in(struct sim_core *c, int b, int k, int kch, struct sim_chs *kc,
				  const int unit, const int xp)
{
	struct sim_buf *bb = &c->buf[b], *kb = &c->buf[k];
	int id = bb->owner;
	int seq = bb->fseq;
	int tail = seq == bb->len - 1;
	int P = unit ? 1 : kc->period;

	c->flit_hops++;
	kc->busy = c->now + P;
	if (kc->blocked) {                      /* a late move (follow) */
		kc->blocked = 0;
		if (!kc->listed && P == 1) {
			kc->listed = 1;
			if (xp)
				kc->lkey = c->kseq++;
			c->clist[c->nclist++] = kch;
		}
	}
	if (P > 1) {                            /* out of the list while busy */
		kc->asleep = 1;
		wheel_add(c, P, kch);
	}
	/* leave b (a source queue, a relay's: tested for a header and a
	 * tail only) */
	if (seq == 0 && bb->ch < 0 &&
	    !(c->net.relay && c->net.relay[(b - c->net.nchan * c->net.V) / c->Q])) {
		struct sim_msg *m = &c->msgs.m[id];

		m->depart = c->now;
		c->flits_in_net += m->len;
	}
	bb->fseq++;
	bb->occ--;
	/* b holds no more of it: no request (without a branch: whether a
	 * flit leaves its buffer empty is a coin toss to the predictor) */
	kc->req &= ~((uint64_t)(tail | (bb->occ == 0)) << kc->rr);
	if (tail) {
		bb->owner = -1;
		bb->nxt = -1;
		if (bb->ch >= 0) {
			release(c, b, bb->ch);
		} else {                        /* next message of the queue */
			int s = b - c->net.nchan * c->net.V;
			int relay = c->net.relay && c->net.relay[s / c->Q];
			int rk = -1;
			int nid = relay ? fifo_pop(&c->fifo[s / c->Q], &rk) : c->msgs.m[id].next;

			if (!relay)
				c->queued--;
			if (nid >= 0) {
				const struct sim_msg *nm = &c->msgs.m[nid];

				bb->owner = nid;
				bb->up = rk;
				bb->len = nm->len;
				bb->fseq = 0;
				bb->wait_at = -1;
				if (relay) {            /* what has entered so far */
					bb->occ = nm->stored;
					bb->ready = nm->qin > c->now + 1 ? nm->qin : c->now + 1;
					bb->arrive = nm->qlast;
				} else {
					bb->occ = nm->len;
					bb->ready = c->now + 1;
				}
				head_add(c, b);
			} else if (!relay) {
				c->qtail[s] = -1;
			}
		}
	}
	c->nact -= bb->occ == 0;
	/* enter k */
	if (kc->sink == SIM_INTO_RELAY) {
		if (sim_core_relay_push(c, c->net.chan[kch].node, id, seq, P, k) < 0)
			c->nomem = true;
		if (xp && seq == 0 && !tail)
			sim_x_cand_add(c, id, k);
		if (tail)
			release(c, k, kch);
	} else if (kc->sink == SIM_INTO_NODE) {
		if (seq != kb->fseq)
			c->order_errors++;
		kb->fseq++;
		c->flits_in_net--;
		if (xp && seq == 0 && !tail)
			sim_x_cand_add(c, id, k);
		if (tail) {
			struct sim_msg *m = &c->msgs.m[id];

			m->delivered = kb->fseq;
			release(c, k, kch);
			c->delivered_msgs++;
			if (m->delivered != m->len)
				c->order_errors++;
			if (m->tag >= 0 && c->done) {
				struct sim_done d = { m, c->now + P };
				c->done(c->done_ctx, &d);
			}
			sim_msgs_release(&c->msgs, id);
		}
	} else {
		if (kb->occ == 0) {
			kb->fseq = seq;
			c->nact++;
			if (kb->nxt < 0) {
				if (seq == 0)
					head_add(c, k);
			} else if (P > 1) {      /* it requests again once there */
				wheel_add(c, P, -k - 1);
			} else if (xp) {
				req_set_x(c, kb->nxt, kb->nxch);
			} else {
				req_set_p(c, kb->nxt, kb->nxch);
			}
		}
		kb->occ++;
		kb->arrive = c->now + P;
	}
}

/* The same out of line: the late moves of SIM_RELEASE_SAME_CYCLE. */
static void move_flit(struct sim_core *c, int b, int k)
{
	int kch = c->buf[k].ch;

	if (c->no_express)
		move_in(c, b, k, kch, &c->chs[kch], 0, 0);
	else
		move_in(c, b, k, kch, &c->chs[kch], 0, 1);
}

/* Does the upstream buffer of VC buffer b (of channel ch) request it this
 * cycle: b's request bit is set and that buffer's front flit was there at
 * the start of the cycle (not pushed during it)?  Its index, or -1. */
static int requester(const struct sim_core *c, int b, int ch)
{
	const struct sim_buf *ub;

	if (!(c->chs[ch].req & (UINT64_C(1) << (b - ch * c->net.V))))
		return -1;
	ub = &c->buf[c->buf[b].up];
	if (ub->occ == 1 && ub->arrive > c->now)
		return -1;
	return c->buf[b].up;
}

/* After a late move out of VC buffer b (its front flit left after the
 * cycle's channels were resolved): the flit behind it, in the upstream
 * buffer that requested b this cycle and was refused for want of room,
 * follows now if b's channel passed no flit this cycle; and so on up the
 * worm, as the zero-delay back-pressure of resolve would have let it. */
static void follow(struct sim_core *c, int b)
{
	while (c->buf[b].ch >= 0) {
		int ch = c->buf[b].ch, u = requester(c, b, ch);
		struct sim_chs *cs = &c->chs[ch];

		if (u < 0 || cs->busy > c->now || c->buf[b].occ >= c->net.B)
			return;
		cs->rr = b - ch * c->net.V;
		move_flit(c, u, b);
		b = u;
	}
}

/* SIM_RELEASE_SAME_CYCLE, after the moves: the headers that found every
 * candidate taken this cycle (c->late, positions in the waiting-header
 * list, in its order) are routed again while the moves release virtual
 * channels; one that gets a virtual channel leaves the list and crosses at
 * once if the channel passed no flit this cycle (the released buffer is
 * empty, an ejection always has room).  Returns 0, or -1 on a routing
 * error. */
static int late_allocation(struct sim_core *c)
{
	int64_t seen = -1;
	int routed = 0;

	while (seen != c->releases) {
		seen = c->releases;
		for (int i = 0; i < c->nlate; i++) {
			int p = c->late[i], b, k, r;
			struct sim_chs *ks;

			if (p < 0)
				continue;
			b = c->hlist[p];
			r = allocate(c, b);
			if (r < 0)
				return -1;
			if (r == 0)
				continue;
			c->late[i] = -1;
			c->hlist[p] = -1;
			routed = 1;
			k = c->buf[b].nxt;
			ks = &c->chs[c->buf[k].ch];
			if (ks->busy > c->now ||
			    (ks->sink == SIM_INTO_ROUTER && c->buf[k].occ >= c->net.B))
				continue;      /* allocated; crosses from the next cycle */
			ks->rr = k - c->buf[k].ch * c->net.V;
			move_flit(c, b, k);
			c->last_move = c->now;
			follow(c, b);
		}
	}
	if (routed) {                   /* the routed leave the list, in order */
		int kept = 0;

		for (int i = 0; i < c->nhead; i++)
			if (c->hlist[i] >= 0)
				c->hlist[kept++] = c->hlist[i];
		c->nhead = kept;
	}
	return 0;
}

/* One cycle; unit: every channel's period is 1 (sim_core.unit_period);
 * xp: express worms on (!sim_core.no_express, unit periods only); each a
 * constant in each copy (step). */
static ALWAYS_INLINE int step_in(struct sim_core *c, const int unit, const int xp)
{
	int n, kept, keep;
	int64_t hops;
	int64_t now = c->now;

	if (xp && c->nxact && now >= c->x_next_end)
		sim_x_ends(c);
	if (arrivals(c) < 0)
		return SIM_NOMEM;
	c->work += (int64_t)c->nact + 1;
	if (c->nwheel)                          /* due now: wakes, arrivals */
		wheel_run(c, (int)(now & (c->W - 1)));
	/* (2) waiting headers, in list order; the routed leave the list */
	n = c->nhead;
	kept = 0;
	c->nlate = 0;
	for (int i = 0; i < n; i++) {
		int b = c->hlist[i], r;
		const struct sim_buf *bb = &c->buf[b];

		if (bb->ready > now) {
			c->hlist[kept++] = b;
			continue;
		}
		if (futile(c, bb)) {            /* allocate's futile test, inline */
			c->work += bb->wait_n;
			c->late[c->nlate++] = kept;
			c->hlist[kept++] = b;
			continue;
		}
		r = allocate(c, b);
		if (r < 0)
			return SIM_ROUTE_ERROR;
		if (r == 0) {                   /* still waiting */
			c->late[c->nlate++] = kept;
			c->hlist[kept++] = b;
		}
	}
	c->nhead = kept;
	/* (3) requested channels: resolve them from the newest back (a
	 * worm's channels are listed tail first: from its head back, each
	 * finds the one below resolved rather than recursing down the worm);
	 * then in list order move each chosen flit and drop the channels left
	 * with no request (they keep their order; a channel that gains a
	 * request while unlisted joins at the end) */
	n = c->nclist;
	for (int i = n - 1; i >= 0; i--) {
		int ch = c->clist[i];

		const struct sim_chs *cs = &c->chs[ch];

		if (i >= AHEAD)
			PREFETCH(&c->chs[c->clist[i - AHEAD]]);
		if (cs->cstamp != 4 * now + 3 && (!xp || cs->choice >= -1))
			resolve_in(c, ch, unit, xp);
	}
	/* channels woken during the resolution (a blocked channel whose buffer
	 * below moves, or reached from above and moving) resolve now and join
	 * the list at the end, in the order woken */
	while (c->nwake) {
		int ch = c->wstack[--c->nwake];
		struct sim_chs *cs = &c->chs[ch];

		if (cs->cstamp != 4 * now + 3)
			resolve_in(c, ch, unit, xp);
		if (!cs->listed && cs->req) {
			cs->listed = 1;
			if (xp)
				cs->lkey = c->kseq++;
			c->clist[c->nclist++] = ch;
		}
	}
	/* every listed channel was resolved above (a channel is listed
	 * once), so its choice is this cycle's */
	n = c->nclist;
	kept = 0;
	hops = c->flit_hops;
	for (int i = 0; i < n; i++) {
		int ch = c->clist[i];
		struct sim_chs *cs = &c->chs[ch];

		if (cs->choice >= 0)
			move_in(c, xp || !unit ? c->buf[cs->choice].up : cs->cup, cs->choice, ch, cs, unit, xp);
		else if (xp && cs->choice == SIM_X_INTO_RELAY)   /* an express worm's */
			sim_x_relay_flit(c, ch);
		/* kept: without a branch (clist[kept] is at or before i,
		 * read already) */
		keep = (cs->req != 0) & !(cs->asleep | cs->blocked);
		c->clist[kept] = ch;
		kept += keep;
		cs->listed = (unsigned char)keep;
	}
	if (xp) {                               /* the express worms' */
		c->flit_hops += c->x_hops;
		c->x_flit_hops += c->x_hops;
		c->flits_in_net -= c->x_sinks;
	}
	if (c->flit_hops != hops)
		c->last_move = now;
	if (c->nclist > n)                   /* listed during the moves */
		memmove(c->clist + kept, c->clist + n, (size_t)(c->nclist - n) * sizeof *c->clist);
	c->nclist = kept + (c->nclist - n);
	c->x_late = 1;
	if (c->net.release == SIM_RELEASE_SAME_CYCLE && c->nlate && c->last_free == now &&
	    late_allocation(c) < 0)
		return SIM_ROUTE_ERROR;
	c->x_late = 0;
	if (xp && c->xslot[now & (SIM_X_SLOTS - 1)] >= 0)
		sim_x_candidates(c);
	if (xp && c->flit_hops >= c->x_probe)
		sim_x_review(c);
	return c->nomem ? SIM_NOMEM : SIM_RUNNING;
}

static int step(struct sim_core *c)
{
	if (!c->unit_period)
		return step_in(c, 0, 0);
	return c->no_express ? step_in(c, 1, 0) : step_in(c, 1, 1);
}

enum sim_status sim_core_run(struct sim_core *c, bool (*stop)(void *ctx, const struct sim_core *c),
			     void *ctx, int64_t max_cycle)
{
	if (c->status != SIM_RUNNING)
		return c->status;
	for (;;) {
		int r;

		if (stop && stop(ctx, c))
			return SIM_DONE;
		if (c->now >= max_cycle)
			return SIM_BUDGET;
		if (c->max_work > 0 && c->work >= c->max_work)
			return SIM_WORK;
		if (c->nact == 0) {            /* idle: jump to the next arrival */
			double t = c->next_arrival;
			int64_t next;

			if (c->rate <= 0)
				return stop ? SIM_BUDGET : SIM_DONE;
			next = (int64_t)t;
			if ((double)next < t)
				next++;
			if (next > c->now) {
				/* nothing holds a flit: only wakes can be pending,
				 * and they would find no request */
				for (int i = 0; c->nwheel && i < c->W; i++)
					wheel_run(c, (int)((c->now + i) & (c->W - 1)));
				c->now = next < max_cycle ? next : max_cycle;
				c->last_move = c->now;
				continue;
			}
		}
		r = step(c);
		if (r != SIM_RUNNING)
			return c->status = (enum sim_status)r;
		if (c->flits_in_net > 0 && c->now - c->last_move > c->watchdog)
			return c->status = SIM_DEADLOCK;
		c->now++;
	}
}

