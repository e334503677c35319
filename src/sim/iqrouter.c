/*
 * iqrouter.c: BookSim2's input-queued router as a simulator engine
 * (contract in iqrouter.h; engine interface in engine.h).
 *
 * Index spaces.  A link is a sim_net channel (link c = channel c) or an
 * injection channel the engine adds for a source queue at a router that
 * channels enter (links nchan..).  Virtual channel i = link * V + v names
 * both ends of one virtual channel: the upstream end's state (owner,
 * credits: BookSim's BufferState) and the downstream input buffer (flits,
 * VC state: BookSim's Buffer/VC), so a credit for buffer i goes to owner
 * and credits of i.
 *
 * Events.  Every delay is 2 or 3 cycles (iqrouter.h), so flits and credits
 * in flight sit in a ring of four per-cycle lists.
 *
 * One cycle t: credits due, flits due (into input buffers, or read by their
 * node), Bernoulli arrivals, node injection, then per router with a flit
 * buffered: VC allocation (iSLIP over input and output virtual channels)
 * and switch allocation (iSLIP over ports; per input port the requesting
 * virtual channel first from the round-robin offset), as IQRouter's
 * _InternalStep evaluates and updates them.
 */
#include "sim/iqrouter.h"

#include <stdlib.h>
#include <string.h>

enum { VC_IDLE = 0, VC_ALLOC, VC_ACTIVE };
#define OWN_NODE (-2)              /* owner of an injection VC in use */
#define RING 4                     /* event slots: delays are 2 and 3 */

struct link {
	int src;                   /* router of the upstream end, -1 = a node */
	int dst;                   /* router of the downstream end, -1 = node */
	int node;                  /* injection: its node; ejection: its node */
	int inport, outport;       /* port at dst / at src (router's order) */
};

struct router {
	int *in, nin;              /* input links, port order */
	int *out, nout;            /* output links, port order */
	int busy;                  /* input virtual channels holding flits */
};

struct vcs {                       /* per virtual channel i = link * V + v */
	int owner;                 /* upstream: input VC holding it, OWN_NODE,
	                              or -1 = free */
	int cred;                  /* upstream: credits (free downstream slots) */
	int state;                 /* downstream: VC_IDLE, VC_ALLOC, VC_ACTIVE */
	int out;                   /* VC_ACTIVE: the output VC it holds */
	int head, n;               /* ring buffer of B flits: first, count */
	int64_t sa_from;           /* may bid for the switch from this cycle */
	int64_t va_from;           /* header at the front from this cycle */
	int va_gptr;               /* VC iSLIP grant pointer (as an output) */
	int va_aptr;               /* VC iSLIP accept pointer (as an input) */
	/* per-cycle scratch of the allocators */
	int64_t gstamp;            /* as output VC: grant this stamp */
	int gin, gkey;             /*   granted input VC and its distance */
	int64_t astamp;            /* as input VC: accepted this stamp */
	int aout, akey, areq;      /*   accepted output VC, distance, request */
};

struct ports {                     /* per link: switch allocation state */
	int sw_gptr;               /* as output port: iSLIP grant pointer */
	int sw_aptr;               /* as input port: iSLIP accept pointer */
	int sw_rr;                 /* as input port: VC round-robin offset */
	int64_t gstamp;            /* as output port: granted this stamp */
	int gin, gkey;
	int64_t astamp;            /* as input port: accepted this stamp */
	int aout, akey, avc, avkey;
};

struct flit { int msg, seq; };
struct fev { int vc, msg, seq; };  /* a flit due at virtual channel vc */
struct evlist { struct fev *f; int nf, capf; int *c; int nc, capc; };

struct req { int ivc, ovc, st, aux; };

struct iq {
	struct sim_net net;
	struct sim_mix mix;
	struct sim_rng rng;
	struct sim_engine_cfg cfg;   /* a copy (measure.c passes a block-scoped one) */
	int V, B, nlink, nr;
	struct link *link;
	struct router *rt;         /* per sim_net router; nin = nout = 0 for a
	                              node's terminal */
	int *terminal;             /* per router: 1 = a node's terminal */
	int *inj_link;             /* per node: its implicit injection link,
	                              or -1 (its terminal's channels) */
	struct vcs *vc;            /* nlink * V */
	struct ports *pt;          /* nlink */
	struct flit *fl;           /* nlink * V * B */
	struct evlist ev[RING];
	int nev;                   /* events pending in the ring */
	/* source queues, per node */
	int *qhead, *qtail;        /* message ids, -1 = empty */
	int *qseq;                 /* next flit of the front message */
	int *qvc;                  /* its injection VC, -1 = none yet */
	int *qlast;                /* last injection VC taken */
	int nqbusy;                /* nodes with a message queued ... */
	int *qlist, *qpos;         /* ... listed (qpos: index, -1 = not) */
	/* arrivals, per sender */
	double *lq;                /* log(1 - p), or 0 when p >= 1 */
	double *p;
	int64_t *next;             /* next arrival cycle, INT64_MAX = never */
	int *heap, nheap;          /* senders that may send, a binary heap by
	                              (next, sender): the due ones first, in
	                              sender order within a cycle */
	int *rlist, *rpos, nrbusy; /* routers holding a flit (rpos: index in
	                              rlist, -1 = not listed) */
	/* messages */
	struct sim_msgs msgs;      /* messages */
	struct req *req;
	int nreq, capreq;
	struct sim_cand cand[SIM_MAX_CAND];
	int64_t stamp;
	/* counters */
	int64_t now, generated, delivered, flits_in_net, flit_hops, work, queued;
	int64_t tag_next, tag_limit, order_errors, last_move;
	double rate;
	int nsenders;
	enum sim_status status;
};

/* ------------------------------------------------------------ helpers */

static int ev_flit(struct iq *s, int64_t when, int vc, int msg, int seq)
{
	struct evlist *e = &s->ev[when % RING];

	if (e->nf == e->capf) {
		int cap = e->capf ? 2 * e->capf : 64;
		struct fev *f = realloc(e->f, (size_t)cap * sizeof *f);
		if (!f)
			return -1;
		e->f = f;
		e->capf = cap;
	}
	e->f[e->nf++] = (struct fev){ vc, msg, seq };
	s->nev++;
	return 0;
}

static int ev_credit(struct iq *s, int64_t when, int vc)
{
	struct evlist *e = &s->ev[when % RING];

	if (e->nc == e->capc) {
		int cap = e->capc ? 2 * e->capc : 64;
		int *c = realloc(e->c, (size_t)cap * sizeof *c);
		if (!c)
			return -1;
		e->c = c;
		e->capc = cap;
	}
	e->c[e->nc++] = vc;
	s->nev++;
	return 0;
}

static int add_req(struct iq *s, struct req r)
{
	if (s->nreq == s->capreq) {
		int cap = s->capreq ? 2 * s->capreq : 256;
		struct req *q = realloc(s->req, (size_t)cap * sizeof *q);
		if (!q)
			return -1;
		s->req = q;
		s->capreq = cap;
	}
	s->req[s->nreq++] = r;
	return 0;
}

/* Cycles until a Bernoulli(p) success, from this cycle on (0 = now). */
static int64_t geom(struct iq *s, int k)
{
	double u, g;

	if (s->p[k] >= 1)
		return 0;
	if (s->p[k] <= 0)
		return INT64_MAX / 4;
	u = 1.0 - sim_rng_unit(&s->rng);               /* (0, 1] */
	g = sim_log(u) / s->lq[k];
	return g < (double)(INT64_MAX / 8) ? (int64_t)g : INT64_MAX / 8;
}

/* The sender heap, ordered by (next arrival cycle, sender). */
static int heap_less(const struct iq *s, int a, int b)
{
	return s->next[a] < s->next[b] || (s->next[a] == s->next[b] && a < b);
}

static void heap_down(struct iq *s, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i, t;
		if (l < s->nheap && heap_less(s, s->heap[l], s->heap[m]))
			m = l;
		if (r < s->nheap && heap_less(s, s->heap[r], s->heap[m]))
			m = r;
		if (m == i)
			return;
		t = s->heap[i];
		s->heap[i] = s->heap[m];
		s->heap[m] = t;
		i = m;
	}
}

/* Swap-remove lists: a node with a queued message, a router holding a
 * flit.  Removing the entry being visited while walking a list backwards
 * visits every other entry once. */
static void list_add(int *list, int *pos, int *n, int x)
{
	if (pos[x] >= 0)
		return;
	pos[x] = *n;
	list[(*n)++] = x;
}

static void list_del(int *list, int *pos, int *n, int x)
{
	int i = pos[x], last;

	if (i < 0)
		return;
	last = list[--*n];
	list[i] = last;
	pos[last] = i;
	pos[x] = -1;
}

/* ------------------------------------------------------------ set-up */

static void iq_free(void *state)
{
	struct iq *s = state;

	if (!s)
		return;
	if (s->rt)
		for (int r = 0; r < s->nr; r++) {
			free(s->rt[r].in);
			free(s->rt[r].out);
		}
	for (int k = 0; k < RING; k++) {
		free(s->ev[k].f);
		free(s->ev[k].c);
	}
	free(s->rt);
	free(s->link);
	free(s->terminal);
	free(s->inj_link);
	free(s->vc);
	free(s->pt);
	free(s->fl);
	free(s->qhead);
	free(s->qtail);
	free(s->qseq);
	free(s->qvc);
	free(s->qlast);
	free(s->lq);
	free(s->p);
	free(s->next);
	free(s->heap);
	free(s->qlist);
	free(s->qpos);
	free(s->rlist);
	free(s->rpos);
	sim_msgs_free(&s->msgs);
	free(s->req);
	free(s);
}

static int build(struct iq *s)
{
	const struct sim_net *n = &s->net;
	int R = n->routers, C = n->nchan, extra = 0, L, *ni, *no;

	s->nr = R;
	s->rt = calloc((size_t)R, sizeof *s->rt);
	s->terminal = calloc((size_t)R, sizeof *s->terminal);
	s->inj_link = malloc((size_t)n->nodes * sizeof *s->inj_link);
	ni = calloc((size_t)R, sizeof *ni);
	no = calloc((size_t)R, sizeof *no);
	if (!s->rt || !s->terminal || !s->inj_link || !ni || !no)
		goto fail;
	for (int c = 0; c < C; c++) {
		const struct sim_chan *ch = &n->chan[c];
		if (ch->period > 1 || ch->from < -1 || ch->from >= R || ch->to < -1 || ch->to >= R ||
		    (ch->to < 0 && (ch->node < 0 || ch->node >= n->nodes)) || ch->from < 0)
			goto fail;      /* BookSim: one flit per cycle on every link */
		no[ch->from]++;
		if (ch->to >= 0)
			ni[ch->to]++;
	}
	for (int r = 0; r < R; r++)
		s->terminal[r] = ni[r] == 0;
	for (int q = 0; q < n->nodes; q++) {
		int r = n->inj_router[q];
		if (r < 0 || r >= R)
			goto fail;
		s->inj_link[q] = s->terminal[r] ? -1 : C + extra++;
	}
	L = s->nlink = C + extra;
	s->link = malloc((size_t)L * sizeof *s->link);
	if (!s->link)
		goto fail;
	for (int r = 0; r < R; r++)     /* a terminal's node, kept in ni */
		if (s->terminal[r])
			ni[r] = -1;
	for (int q = 0; q < n->nodes; q++)
		if (s->terminal[n->inj_router[q]])
			ni[n->inj_router[q]] = q;
	for (int c = 0; c < C; c++) {
		const struct sim_chan *ch = &n->chan[c];
		int src = s->terminal[ch->from] ? -1 : ch->from;
		int node = ch->to < 0 ? ch->node : -1;
		if (src < 0) {          /* a terminal's channel: its node */
			node = ni[ch->from];
			if (ch->to < 0)
				goto fail;      /* node to node: no router between */
		}
		s->link[c] = (struct link){ src, ch->to, node, -1, -1 };
	}
	for (int r = 0; r < R; r++)     /* ni: input links again */
		ni[r] = 0;
	for (int c = 0; c < C; c++)
		if (n->chan[c].to >= 0)
			ni[n->chan[c].to]++;
	for (int q = 0; q < n->nodes; q++)
		if (s->inj_link[q] >= 0) {
			s->link[s->inj_link[q]] = (struct link){ -1, n->inj_router[q], q, -1, -1 };
			ni[n->inj_router[q]]++;
		}
	for (int r = 0; r < R; r++) {
		if (s->terminal[r])
			continue;
		s->rt[r].in = malloc((size_t)(ni[r] ? ni[r] : 1) * sizeof(int));
		s->rt[r].out = malloc((size_t)(no[r] ? no[r] : 1) * sizeof(int));
		if (!s->rt[r].in || !s->rt[r].out)
			goto fail;
	}
	for (int l = 0; l < L; l++) {
		struct link *k = &s->link[l];
		if (k->dst >= 0) {
			struct router *d = &s->rt[k->dst];
			k->inport = d->nin;
			d->in[d->nin++] = l;
		}
		if (k->src >= 0) {
			struct router *u = &s->rt[k->src];
			k->outport = u->nout;
			u->out[u->nout++] = l;
		}
	}
	free(ni);
	free(no);
	return 0;
fail:
	free(ni);
	free(no);
	return -1;
}

static int iq_init(void **state, const struct sim_engine_cfg *cfg)
{
	struct iq *s;
	const struct sim_net *n;
	const struct sim_mix *mix;
	double wsum = 0;
	size_t nvc;

	*state = NULL;
	if (!cfg || !cfg->net || !cfg->mix || !(cfg->lambda >= 0))
		return -1;
	n = cfg->net;
	mix = cfg->mix;
	if (n->nodes < 1 || n->nchan < 1 || n->routers < 1 || n->V < 1 || n->V > 64 || n->B < 1 ||
	    !n->route || !n->inj_router || mix->n < 1 || mix->n > SIM_MAX_MIX)
		return -1;
	if (n->queues > 1 || n->relay || n->release != SIM_RELEASE_SAME_CYCLE)
		return -1;      /* the core's systems: no BookSim equivalent */
	for (int i = 0; i < mix->n; i++)
		if (mix->length[i] < 1)
			return -1;
	s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	s->net = *n;
	s->mix = *mix;
	s->cfg = *cfg;
	s->V = n->V;
	s->B = n->B;
	s->msgs.free = -1;
	if (!s->net.senders)
		s->net.nsenders = n->nodes;
	s->nsenders = s->net.nsenders;
	if (build(s) < 0)
		goto fail;
	nvc = (size_t)s->nlink * (size_t)s->V;
	s->vc = calloc(nvc, sizeof *s->vc);
	s->pt = calloc((size_t)s->nlink, sizeof *s->pt);
	s->fl = malloc(nvc * (size_t)s->B * sizeof *s->fl);
	s->qhead = malloc((size_t)n->nodes * sizeof(int));
	s->qtail = malloc((size_t)n->nodes * sizeof(int));
	s->qseq = calloc((size_t)n->nodes, sizeof(int));
	s->qvc = malloc((size_t)n->nodes * sizeof(int));
	s->qlast = malloc((size_t)n->nodes * sizeof(int));
	s->lq = calloc((size_t)s->nsenders, sizeof(double));
	s->p = calloc((size_t)s->nsenders, sizeof(double));
	s->next = calloc((size_t)s->nsenders, sizeof(int64_t));
	s->heap = malloc((size_t)s->nsenders * sizeof(int));
	s->qlist = malloc((size_t)n->nodes * sizeof(int));
	s->qpos = malloc((size_t)n->nodes * sizeof(int));
	s->rlist = malloc((size_t)s->nr * sizeof(int));
	s->rpos = malloc((size_t)s->nr * sizeof(int));
	if (!s->vc || !s->pt || !s->fl || !s->qhead || !s->qtail || !s->qvc || !s->qlast ||
	    !s->lq || !s->p || !s->next || !s->qseq || !s->heap || !s->qlist || !s->qpos ||
	    !s->rlist || !s->rpos)
		goto fail;
	for (int q = 0; q < n->nodes; q++)
		s->qpos[q] = -1;
	for (int r = 0; r < s->nr; r++)
		s->rpos[r] = -1;
	for (size_t i = 0; i < nvc; i++)
		s->vc[i] = (struct vcs){ .owner = -1, .cred = s->B, .gstamp = -1, .astamp = -1 };
	for (int l = 0; l < s->nlink; l++)
		s->pt[l] = (struct ports){ .gstamp = -1, .astamp = -1 };
	for (int q = 0; q < n->nodes; q++) {
		s->qhead[q] = s->qtail[q] = s->qvc[q] = -1;
		s->qlast[q] = -1;
	}
	sim_rng_seed(&s->rng, cfg->seed, cfg->stream);
	for (int k = 0; k < s->nsenders; k++) {
		double w = n->weight ? n->weight[k] : 1.0;
		double p = cfg->lambda * w;
		if (!(w >= 0) || !(p < 1e300))
			goto fail;
		if (p > 1)      /* as BookSim's RandomFloat() < rate: a message
			           every cycle (far beyond saturation) */
			p = 1;
		s->p[k] = p;
		/* log(1 - p); below 1e-8, 1 - p loses p's digits (0 once p <
		 * 1.1e-16: geom divided by zero, -inf to int64_t, UB), so the
		 * series -p - p^2/2 (its error p^3/3 < 1e-24 relative) */
		s->lq[k] = p < 1e-8 ? -p - 0.5 * p * p : p < 1 ? sim_log(1.0 - p) : 0;
		wsum += w;
	}
	for (int k = 0; k < s->nsenders; k++) {
		s->next[k] = geom(s, k);
		if (s->p[k] > 0)
			s->heap[s->nheap++] = k;
	}
	for (int i = s->nheap / 2 - 1; i >= 0; i--)
		heap_down(s, i);
	s->rate = cfg->lambda * wsum;
	*state = s;
	return 0;
fail:
	iq_free(s);
	return -1;
}

/* ------------------------------------------------------------ arrivals */

static int arrivals(struct iq *s)
{
	const struct sim_net *n = &s->net;

	while (s->nheap && s->next[s->heap[0]] <= s->now) {
		int src, d, id, k = s->heap[0];
		struct sim_msg *m;

		if (s->cfg.max_queued > 0 && s->queued > s->cfg.max_queued)
			return 0;
		s->next[k] = s->now + 1 + geom(s, k);
		heap_down(s, 0);
		src = n->senders ? n->senders[k] : k;
		if (n->dest)
			d = n->dest(n->dest_ctx, src, &s->rng);
		else {
			d = (int)sim_rng_below(&s->rng, (uint32_t)(n->nodes - 1));
			if (d >= src)
				d++;
		}
		if (d < 0)
			continue;
		if (n->source)
			src = n->source(n->dest_ctx, src, d);
		id = sim_msgs_new(&s->msgs);
		if (id < 0)
			return -1;
		m = &s->msgs.m[id];
		memset(m, 0, sizeof *m);
		m->src = src;
		m->dst = d;
		m->len = sim_mix_draw(&s->mix, &s->rng);
		m->gen = s->now;
		m->depart = -1;
		m->next = -1;
		m->tag = s->tag_next < s->tag_limit ? s->tag_next++ : -1;
		if (n->init)
			n->init(n->dest_ctx, m, &s->rng);
		s->generated++;
		s->work++;
		s->queued++;
		if (s->qhead[src] < 0) {
			s->qhead[src] = id;
			s->qseq[src] = 0;
			list_add(s->qlist, s->qpos, &s->nqbusy, src);
		} else {
			s->msgs.m[s->qtail[src]].next = id;
		}
		s->qtail[src] = id;
	}
	return 0;
}

/* ------------------------------------------------------------ injection */

/* A candidate's virtual channel (buffer c*V + v of sim_net) if it lies on
 * an output link of router r (or, r a terminal, of the terminal), else -1. */
static int cand_vc(const struct iq *s, int r, int buf)
{
	int c = buf / s->V;

	if (buf < 0 || c >= s->net.nchan || s->net.chan[c].from != r)
		return -1;
	return buf;
}

static int inject(struct iq *s, int q)
{
	int id = s->qhead[q], seq = s->qseq[q], vc = s->qvc[q];
	struct sim_msg *m = &s->msgs.m[id];

	if (seq == 0 && vc < 0) {      /* a header: the first free VC after the
	                                  last one taken, round-robin */
		int best = -1, bkey = 0, bst = 0, baux = 0, nc;
		if (s->inj_link[q] >= 0) {
			int base = s->inj_link[q] * s->V;
			for (int v = 0; v < s->V; v++)
				s->cand[v] = (struct sim_cand){ base + v, 0, m->st, m->aux };
			nc = s->V;
		} else {
			nc = s->net.route(s->net.route_ctx, m, s->net.inj_router[q], -1, s->cand);
			if (nc <= 0)
				return -1;
			s->work += nc;
		}
		for (int i = 0; i < nc; i++) {
			int k = s->inj_link[q] >= 0 ? s->cand[i].buf :
				cand_vc(s, s->net.inj_router[q], s->cand[i].buf);
			int key;
			if (k < 0)
				return -1;
			if (s->vc[k].owner != -1 || s->vc[k].cred <= 0)
				continue;
			key = k > s->qlast[q] ? k - s->qlast[q] : k - s->qlast[q] + s->nlink * s->V;
			if (best < 0 || key < bkey) {
				best = k;
				bkey = key;
				bst = s->cand[i].st;
				baux = s->cand[i].aux;
			}
		}
		if (best < 0)
			return 0;
		vc = s->qvc[q] = best;
		s->vc[vc].owner = OWN_NODE;
		s->qlast[q] = vc;
		m->st = bst;
		m->aux = baux;
		if (s->inj_link[q] < 0)
			m->hops++;      /* a sim_net channel allocated */
		m->depart = s->now;
		s->flits_in_net += m->len;
	}
	if (s->vc[vc].cred <= 0)
		return 0;
	s->vc[vc].cred--;
	if (ev_flit(s, s->now + 2, vc, id, seq) < 0)
		return -1;
	s->flit_hops++;
	s->last_move = s->now;
	if (seq == m->len - 1) {       /* the tail: the VC is free again */
		s->vc[vc].owner = -1;
		s->qvc[q] = -1;
		s->qhead[q] = m->next;
		s->qseq[q] = 0;
		s->queued--;
		if (s->qhead[q] < 0) {
			s->qtail[q] = -1;
			list_del(s->qlist, s->qpos, &s->nqbusy, q);
		}
	} else {
		s->qseq[q] = seq + 1;
	}
	return 0;
}

/* ------------------------------------------------------------ events */

static void deliver(struct iq *s, int id)
{
	struct sim_msg *m = &s->msgs.m[id];

	s->delivered++;
	if (m->delivered != m->len)
		s->order_errors++;
	if (m->tag >= 0 && s->cfg.deliver) {
		struct sim_delivery d = {
			.src = m->src, .dst = m->dst, .len = m->len, .hops = m->hops,
			.tag = m->tag, .gen = m->gen, .depart = m->depart, .arrive = s->now,
			.qwait = m->qwait,
		};
		s->cfg.deliver(s->cfg.deliver_ctx, &d);
	}
	sim_msgs_release(&s->msgs, id);
}

static int events(struct iq *s)
{
	struct evlist *e = &s->ev[s->now % RING];

	for (int i = 0; i < e->nc; i++)
		s->vc[e->c[i]].cred++;
	s->nev -= e->nc;
	e->nc = 0;
	for (int i = 0; i < e->nf; i++) {
		struct fev f = e->f[i];
		struct link *k = &s->link[f.vc / s->V];
		struct vcs *b = &s->vc[f.vc];

		if (k->dst < 0) {               /* read by its node */
			struct sim_msg *m = &s->msgs.m[f.msg];
			if (f.seq != m->delivered)
				s->order_errors++;
			m->delivered++;
			s->flits_in_net--;
			s->last_move = s->now;
			if (ev_credit(s, s->now + 2, f.vc) < 0)
				return -1;
			if (f.seq == m->len - 1)
				deliver(s, f.msg);
			continue;
		}
		if (b->n >= s->B)
			return -1;              /* credits prevent it: a bug */
		s->fl[(size_t)f.vc * s->B + (size_t)((b->head + b->n) % s->B)] =
			(struct flit){ f.msg, f.seq };
		if (b->n++ == 0) {
			if (s->rt[k->dst].busy++ == 0)
				list_add(s->rlist, s->rpos, &s->nrbusy, k->dst);
			if (b->state == VC_IDLE) {
				b->state = VC_ALLOC;
				b->va_from = s->now;
			}
		}
	}
	s->nev -= e->nf;
	e->nf = 0;
	return 0;
}

/* ------------------------------------------------------------ a router */

static inline int modd(int a, int n)
{
	return a >= 0 ? a % n : (a % n + n) % n;
}

/* VC allocation at router r: iSLIP, one iteration, over input VCs
 * (port * V + v) and output VCs (port * V + v). */
static int vc_alloc(struct iq *s, int r)
{
	struct router *rt = &s->rt[r];
	int V = s->V, nin = rt->nin * V, nout = rt->nout * V;
	int64_t st = ++s->stamp;

	s->nreq = 0;
	for (int i = 0; i < rt->nin; i++) {
		int l = rt->in[i];
		for (int v = 0; v < V; v++) {
			int iv = l * V + v, nc;
			struct vcs *b = &s->vc[iv];
			struct flit f;
			if (b->state != VC_ALLOC || b->n == 0)
				continue;
			f = s->fl[(size_t)iv * s->B + (size_t)b->head];
			nc = s->net.route(s->net.route_ctx, &s->msgs.m[f.msg], r,
					  l < s->net.nchan ? l : -1, s->cand);
			if (nc <= 0)
				return SIM_ROUTE_ERROR;
			s->work += nc;
			for (int c = 0; c < nc; c++) {
				int ov = cand_vc(s, r, s->cand[c].buf);
				if (ov < 0)
					return SIM_ROUTE_ERROR;
				if (s->vc[ov].owner != -1)
					continue;
				if (add_req(s, (struct req){ iv, ov, s->cand[c].st, s->cand[c].aux }) < 0)
					return SIM_NOMEM;
			}
		}
	}
	if (!s->nreq)
		return SIM_RUNNING;
	for (int k = 0; k < s->nreq; k++) {     /* grant: per output VC */
		struct req *q = &s->req[k];
		struct vcs *o = &s->vc[q->ovc];
		int in = s->link[q->ivc / V].inport * V + q->ivc % V;
		int key = modd(in - o->va_gptr, nin);
		if (o->gstamp != st || key < o->gkey) {
			o->gstamp = st;
			o->gin = q->ivc;
			o->gkey = key;
		}
	}
	for (int k = 0; k < s->nreq; k++) {     /* accept: per input VC */
		struct req *q = &s->req[k];
		struct vcs *o = &s->vc[q->ovc], *b = &s->vc[q->ivc];
		int out = s->link[q->ovc / V].outport * V + q->ovc % V, key;
		if (o->gin != q->ivc)
			continue;
		key = modd(out - b->va_aptr, nout);
		if (b->astamp != st || key < b->akey) {
			b->astamp = st;
			b->aout = q->ovc;
			b->akey = key;
			b->areq = k;
		}
	}
	for (int k = 0; k < s->nreq; k++) {
		struct req *q = &s->req[k];
		struct vcs *b = &s->vc[q->ivc], *o = &s->vc[q->ovc];
		struct link *kl = &s->link[q->ivc / V];
		struct sim_msg *m;
		if (b->astamp != st || b->areq != k)
			continue;
		o->owner = q->ivc;
		o->va_gptr = (kl->inport * V + q->ivc % V + 1) % nin;
		b->va_aptr = (s->link[q->ovc / V].outport * V + q->ovc % V + 1) % nout;
		b->state = VC_ACTIVE;
		b->out = q->ovc;
		b->sa_from = s->now + 1;
		m = &s->msgs.m[s->fl[(size_t)q->ivc * s->B + (size_t)b->head].msg];
		m->st = q->st;
		m->aux = q->aux;
		m->hops++;
		if (s->net.queue_router && s->net.queue_router[r])
			m->qwait += s->now - b->va_from;
	}
	return SIM_RUNNING;
}

/* Switch allocation at router r: per input port the eligible VC first
 * from its round-robin offset for each output port, then iSLIP over
 * ports; the winners cross (a flit per input and output port). */
static int sw_alloc(struct iq *s, int r)
{
	struct router *rt = &s->rt[r];
	int V = s->V;
	int64_t st = ++s->stamp;

	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < rt->nin; i++) {
			int l = rt->in[i];
			struct ports *ip = &s->pt[l];
			for (int v = 0; v < V; v++) {
				int iv = l * V + v, ol;
				struct vcs *b = &s->vc[iv];
				struct ports *op;
				if (b->state != VC_ACTIVE || b->n == 0 || b->sa_from > s->now ||
				    s->vc[b->out].cred <= 0)
					continue;
				ol = b->out / V;
				op = &s->pt[ol];
				if (pass == 0) {        /* grant: per output port */
					int key = modd(i - op->sw_gptr, rt->nin);
					s->work++;
					if (op->gstamp != st || key < op->gkey) {
						op->gstamp = st;
						op->gin = i;
						op->gkey = key;
					}
				} else if (pass == 1) { /* accept: per input port */
					int key = modd(s->link[ol].outport - ip->sw_aptr, rt->nout);
					if (op->gin != i)
						continue;
					if (ip->astamp != st || key < ip->akey) {
						ip->astamp = st;
						ip->aout = ol;
						ip->akey = key;
						ip->avc = -1;
					}
				} else {                /* the VC that crosses */
					int key = modd(v - ip->sw_rr, V);
					if (ip->astamp != st || ip->aout != ol)
						continue;
					if (ip->avc < 0 || key < ip->avkey) {
						ip->avc = v;
						ip->avkey = key;
					}
				}
			}
		}
	for (int i = 0; i < rt->nin; i++) {
		int l = rt->in[i], iv, ov, ol;
		struct ports *ip = &s->pt[l];
		struct vcs *b;
		struct flit f;
		struct sim_msg *m;
		if (ip->astamp != st)
			continue;
		iv = l * V + ip->avc;
		b = &s->vc[iv];
		ov = b->out;
		ol = ov / V;
		s->pt[ol].sw_gptr = (i + 1) % rt->nin;
		ip->sw_aptr = (s->link[ol].outport + 1) % rt->nout;
		ip->sw_rr = (ip->avc + 1) % V;
		f = s->fl[(size_t)iv * s->B + (size_t)b->head];
		m = &s->msgs.m[f.msg];
		b->head = (b->head + 1) % s->B;
		b->n--;
		s->vc[ov].cred--;
		if (ev_credit(s, s->now + 2, iv) < 0 || ev_flit(s, s->now + 3, ov, f.msg, f.seq) < 0)
			return SIM_NOMEM;
		s->flit_hops++;
		s->last_move = s->now;
		if (f.seq == m->len - 1) {     /* tail: both VCs change hands */
			s->vc[ov].owner = -1;
			if (b->n) {
				b->state = VC_ALLOC;
				b->va_from = s->now + 1;
			} else {
				b->state = VC_IDLE;
			}
		}
		if (b->n == 0)
			if (--rt->busy == 0)
				list_del(s->rlist, s->rpos, &s->nrbusy, r);
	}
	return SIM_RUNNING;
}

/* ------------------------------------------------------------ the run */

static int step(struct iq *s)
{
	int rc;

	s->work++;
	if (events(s) < 0)
		return SIM_NOMEM;
	if (s->rate > 0 && arrivals(s) < 0)
		return SIM_NOMEM;
	for (int i = s->nqbusy - 1; i >= 0; i--) {     /* backwards: inject may
		                                            remove entry i */
		s->work++;
		if (inject(s, s->qlist[i]) < 0)
			return SIM_ROUTE_ERROR;
	}
	for (int i = s->nrbusy - 1; i >= 0; i--) {     /* sw_alloc may remove i */
		int r = s->rlist[i];
		s->work += s->rt[r].busy;
		rc = vc_alloc(s, r);
		if (rc != SIM_RUNNING)
			return rc;
		rc = sw_alloc(s, r);
		if (rc != SIM_RUNNING)
			return rc;
	}
	return SIM_RUNNING;
}

static void iq_read(const void *state, struct sim_counters *k)
{
	const struct iq *s = state;

	*k = (struct sim_counters){
		.now = s->now, .generated = s->generated, .delivered = s->delivered,
		.flits_in_net = s->flits_in_net, .flit_hops = s->flit_hops, .work = s->work,
		.queued = s->queued, .alive = s->generated - s->delivered, .tagged = s->tag_next,
		.order_errors = s->order_errors, .rate = s->rate, .nsenders = s->nsenders,
		.status = s->status,
	};
}

static void iq_measure(void *state, int64_t count)
{
	struct iq *s = state;

	s->tag_limit = s->tag_next + count;
}

static enum sim_status iq_run(void *state, sim_stop_fn stop, void *ctx, int64_t max_cycle)
{
	struct iq *s = state;
	int watchdog = s->cfg.watchdog > 0 ? s->cfg.watchdog : 100000;

	if (s->status != SIM_RUNNING)
		return s->status;
	for (;;) {
		int rc;

		if (stop) {
			struct sim_counters k;
			iq_read(s, &k);
			if (stop(ctx, &k))
				return SIM_DONE;
		}
		if (s->now >= max_cycle)
			return SIM_BUDGET;
		if (s->cfg.max_work > 0 && s->work >= s->cfg.max_work)
			return SIM_WORK;
		if (!s->nev && !s->nqbusy && !s->flits_in_net) {   /* idle: skip to
			                                              the next arrival */
			int64_t next = s->nheap ? s->next[s->heap[0]] : INT64_MAX;
			if (s->rate <= 0 || next >= INT64_MAX / 8)
				return stop ? SIM_BUDGET : SIM_DONE;
			if (next > s->now) {
				s->now = next < max_cycle ? next : max_cycle;
				s->last_move = s->now;
				continue;
			}
		}
		rc = step(s);
		if (rc != SIM_RUNNING)
			return s->status = (enum sim_status)rc;
		if (s->flits_in_net > 0 && s->now - s->last_move > watchdog)
			return s->status = SIM_DEADLOCK;
		s->now++;
	}
}

const struct sim_engine_ops sim_iqrouter_engine = {
	.name = "iq-router",
	.msg_bytes = 3 * sizeof(struct sim_msg),   /* sim_msgs_new doubles the array:
	                                             while it grows, old + new */
	.init = iq_init,
	.measure = iq_measure,
	.run = iq_run,
	.read = iq_read,
	.free = iq_free,
};
