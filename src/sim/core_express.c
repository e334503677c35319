/*
 * core_express.c: the express worms of the cycle core (core_express.h):
 * finding messages that stream over a chain of channels of their own,
 * taking the chain's channels out of the core's passes while that lasts,
 * and bringing their buffers up to date when it ends.  Pure C11, like the
 * core; the core's thread.
 */
#include "sim/core_express.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SIM_X_MIN_CYCLES 4      /* express only for this many cycles or more */
#define SIM_X_RETRY 3           /* cycles between checks of a candidate */
#define SIM_X_TRIES 4           /* checks of a candidate */
#define SIM_X_PROBE 65536       /* flit-hops before the review's window
                                   (the network filling from empty) ... */
#define SIM_X_WINDOW 131072     /* ... and in it */
#define SIM_X_KEEP_PCT 27       /* express share that keeps them on, %:
                                   where the CPU time with and without
                                   them crossed (kiasari-s5-v6 and -v12,
                                   10-50% of saturation) */

int sim_x_init(struct sim_core *c)
{
	int C = c->net.nchan;

	c->xw = malloc((size_t)C * sizeof *c->xw);
	c->xact = malloc((size_t)C * sizeof *c->xact);
	c->xw_of = malloc((size_t)C * sizeof *c->xw_of);
	c->xcand_cap = C + c->net.nodes;
	c->xcand = malloc((size_t)c->xcand_cap * sizeof *c->xcand);
	if (!c->xw || !c->xact || !c->xw_of || !c->xcand) {
		sim_x_free(c);
		return -1;
	}
	c->xcand_free = -1;
	for (int i = c->xcand_cap - 1; i >= 0; i--) {
		c->xcand[i].next = c->xcand_free;
		c->xcand_free = i;
	}
	for (int i = 0; i < SIM_X_SLOTS; i++)
		c->xslot[i] = -1;
	c->xfree = -1;
	for (int i = C - 1; i >= 0; i--) {
		c->xw[i].pos = c->xfree;
		c->xfree = i;
		c->xw_of[i] = -1;
	}
	c->x_next_end = INT64_MAX;
	c->x_probe = SIM_X_PROBE;
	c->x_span = SIM_X_WINDOW;
	c->x_window = -1;
	c->x_keep_pct = SIM_X_KEEP_PCT;
	return 0;
}

void sim_x_free(struct sim_core *c)
{
	if (!c)
		return;
	free(c->xw);
	free(c->xact);
	free(c->xw_of);
	free(c->xcand);
	c->xw = NULL;
	c->xact = NULL;
	c->xw_of = NULL;
	c->xcand = NULL;
}

/* Queue buffer b is a relay's (node's) queue. */
static int is_relay_queue(const struct sim_core *c, int b)
{
	return c->net.relay && c->net.relay[(b - c->net.nchan * c->net.V) / c->Q];
}

/* The buffer message id's flits stream from, found from its VC buffer b
 * upward: its source queue, or a relay it heads whose entry it no longer
 * owns (all its flits are in); -1 when a buffer on the way is not its (it
 * streams from no store), -2 when a channel on the way is shared (not
 * now). */
static int x_start(const struct sim_core *c, int id, int b)
{
	for (int guard = 0; guard <= c->nbuf && b >= 0; guard++) {
		const struct sim_buf *bb = &c->buf[b];

		if (bb->owner != id)
			return -1;
		if (bb->ch >= 0) {
			if (c->chs[bb->ch].cbusy != 1)
				return -2;
			b = bb->up;
			continue;
		}
		if (is_relay_queue(c, b) && bb->up >= 0 && c->buf[bb->up].owner == id) {
			b = bb->up;            /* its flits still enter the relay */
			continue;
		}
		return b;
	}
	return -1;
}

/* Walk message id's chain from its start: the number of channels, and in
 * *endb the last one's VC buffer and in *sink whether it ends at a node's
 * sink; 0 when its first channels could not pass every cycle.  A chain
 * through a relay whose continuation could not ends at the relay.  A
 * channel whose buffer above holds one flit must come after the channel
 * feeding that buffer in the requested-channel list: else
 * the move pass would empty the buffer first, drop the channel and list
 * it again at the end (its request comes back as the buffer is fed), and
 * the list's order, which the core keeps exactly, would change. */
static int x_chain(const struct sim_core *c, int id, int start, int *endb, int *sink)
{
	int V = c->net.V, b = start, h = 0, fh = 0, fb = -1, prev = -1;

	for (;;) {
		int k = c->buf[b].nxt, ch;
		const struct sim_chs *cs;

		if (k < 0)
			break;
		ch = c->buf[k].ch;
		cs = &c->chs[ch];
		if (cs->cbusy != 1 || cs->blocked || cs->asleep || !cs->listed ||
		    cs->choice < -1 || !(cs->req & (UINT64_C(1) << (k - ch * V))))
			break;
		if (prev >= 0 && c->buf[b].occ == 1 && c->chs[prev].lkey > cs->lkey)
			break;                 /* it would be listed again */
		h++;
		prev = ch;
		if (cs->sink == SIM_INTO_NODE) {
			*endb = k;
			*sink = 1;
			return h;
		}
		if (cs->sink == SIM_INTO_RELAY) {
			int qb = c->net.nchan * V + c->net.chan[ch].node * c->Q;
			const struct sim_buf *q = &c->buf[qb];

			fh = h;                /* it can end here */
			fb = k;
			if (q->owner == id && q->up == k && q->nxt >= 0 && q->occ >= 1) {
				b = qb;        /* through the relay: its flits stream on */
				continue;
			}
			break;
		}
		if (c->buf[k].occ < 1)
			break;
		b = k;
	}
	*endb = fb;
	*sink = 0;
	return fh;
}

/* Message id, streaming from start: enter the express state if its chain
 * qualifies, for its source's flits but one.  Returns 1 when it did. */
static int x_enter(struct sim_core *c, int id, int start)
{
	const struct sim_buf *sb = &c->buf[start];
	int endb, sink, h, w, b;
	struct sim_xw *x;

	if (sb->occ - 1 < SIM_X_MIN_CYCLES || c->xfree < 0)
		return 0;
	h = x_chain(c, id, start, &endb, &sink);
	if (!h)
		return 0;
	w = c->xfree;
	x = &c->xw[w];
	c->xfree = x->pos;
	*x = (struct sim_xw){ .id = id, .start = start, .endb = endb, .h = h, .sink = sink,
			      .pos = c->nxact, .t0 = c->now + 1, .end = c->now + sb->occ };
	c->xact[c->nxact++] = w;
	if (x->end < c->x_next_end)
		c->x_next_end = x->end;
	c->x_hops += h;
	c->x_sinks += sink;
	for (b = start;;) {
		int k = c->buf[b].nxt, ch = c->buf[k].ch;

		c->xw_of[ch] = w;
		if (k == endb) {
			c->chs[ch].choice = sink ? SIM_X_GHOST : SIM_X_INTO_RELAY;
			break;
		}
		c->chs[ch].choice = SIM_X_GHOST;
		b = c->chs[ch].sink == SIM_INTO_RELAY
			? c->net.nchan * c->net.V + c->net.chan[ch].node * c->Q : k;
	}
	return 1;
}

/* Put channel ch, an express chain's out of the list, back where its key
 * (the order it was listed in) places it. */
static void x_relist(struct sim_core *c, int ch)
{
	int lo = 0, hi = c->nclist;
	int64_t key = c->chs[ch].lkey;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (c->chs[c->clist[mid]].lkey < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(c->clist + lo + 1, c->clist + lo, (size_t)(c->nclist - lo) * sizeof *c->clist);
	c->clist[lo] = ch;
	c->nclist++;
}

/* Worm w leaves the express state after d express cycles (its cycles
 * t0 .. t0 + d - 1 counted): its buffers and channels as the moves of
 * those cycles would have left them. */
static void x_materialize(struct sim_core *c, int w, int64_t d)
{
	struct sim_xw *x = &c->xw[w];
	struct sim_msg *m = &c->msgs.m[x->id];
	int64_t last = x->t0 + d;      /* the cycle after the last moved */
	int b = x->start;

	c->buf[b].occ -= (int)d;
	c->buf[b].fseq += (int)d;
	for (;;) {
		int k = c->buf[b].nxt, ch = c->buf[k].ch;
		struct sim_chs *cs = &c->chs[ch];

		if (cs->choice == SIM_X_GHOST)
			x_relist(c, ch);
		cs->choice = -1;
		c->xw_of[ch] = -1;
		if (d > 0) {                   /* it passed the worm's flit */
			cs->busy = last;
			cs->rr = (unsigned short)(k - ch * c->net.V);
		}
		if (k == x->endb) {
			if (x->sink)
				c->buf[k].fseq += (int)d;
			break;
		}
		if (cs->sink == SIM_INTO_RELAY) {  /* through a relay */
			int node = c->net.chan[ch].node;

			b = c->net.nchan * c->net.V + node * c->Q;
			c->buf[b].fseq += (int)d;
			if (d > 0)
				c->buf[b].arrive = last;
			if (m->rnode == node) {
				m->stored += (int)d;
				if (d > 0)
					m->qlast = last;
			}
			continue;
		}
		c->buf[k].fseq += (int)d;
		if (d > 0)
			c->buf[k].arrive = last;
		b = k;
	}
	c->x_hops -= x->h;
	c->x_sinks -= x->sink;
	/* out of the active list (the last takes its place), into the free one */
	c->xact[x->pos] = c->xact[--c->nxact];
	c->xw[c->xact[x->pos]].pos = x->pos;
	x->pos = c->xfree;
	c->xfree = w;
}

/* Candidate e is checked at the end of cycle now + d (d < SIM_X_SLOTS). */
static void x_cand_at(struct sim_core *c, int e, int d)
{
	int sl = (int)((c->now + d) & (SIM_X_SLOTS - 1));

	c->xcand[e].next = c->xslot[sl];
	c->xslot[sl] = e;
}

/* Add message id (its VC buffer b) to the candidates, checked at the end
 * of this cycle.  A full pool drops it: the express state only spares
 * work. */
void sim_x_cand_add(struct sim_core *c, int id, int b)
{
	int e = c->xcand_free;

	if (e < 0 || c->no_express)
		return;
	c->xcand_free = c->xcand[e].next;
	c->xcand[e].id = id;
	c->xcand[e].buf = b;
	c->xcand[e].tries = SIM_X_TRIES;
	x_cand_at(c, e, 0);
}

/* A header is allocated a virtual channel of channel ch, an express
 * chain's: the worm leaves the express state (late: after this cycle's
 * moves, which it made) and becomes a candidate again. */
void sim_x_interrupt(struct sim_core *c, int ch)
{
	int w = c->xw_of[ch];
	struct sim_xw *x = &c->xw[w];
	int id = x->id, endb = x->endb;

	x_materialize(c, w, c->now - x->t0 + c->x_late);
	sim_x_cand_add(c, id, endb);
}

/* Start of a cycle: the worms whose source is down to its tail leave. */
void sim_x_ends(struct sim_core *c)
{
	int64_t next = INT64_MAX;

	for (int i = 0; i < c->nxact;) {
		int w = c->xact[i];
		struct sim_xw *x = &c->xw[w];

		if (x->end <= c->now) {
			x_materialize(c, w, x->end - x->t0);
			continue;              /* another worm took place i */
		}
		if (x->end < next)
			next = x->end;
		i++;
	}
	c->x_next_end = next;
}

/* End of a cycle: worm w is express up to a relay, and its VC buffer b
 * is beyond: it leaves the express state (having made this cycle's moves)
 * so that the candidate can be checked for the longer chain. */
static void x_extend(struct sim_core *c, int w, int b)
{
	const struct sim_xw *x = &c->xw[w];

	if (!x->sink && c->chs[c->buf[b].ch].choice >= -1)
		x_materialize(c, w, c->now - x->t0 + 1);
}

/* End of a cycle: check the candidates due (this cycle's slot). */
void sim_x_candidates(struct sim_core *c)
{
	int sl = (int)(c->now & (SIM_X_SLOTS - 1)), e = c->xslot[sl], entered = 0;

	c->xslot[sl] = -1;
	while (e >= 0) {
		struct sim_xcand *x = &c->xcand[e];
		int nx = x->next, start, first, keep = 0;

		start = x_start(c, x->id, x->buf);
		/* kept while it streams from a store, not routed on or express */
		if (start == -2) {
			keep = --x->tries > 0;
		} else if (start >= 0 && c->buf[start].occ - 1 >= SIM_X_MIN_CYCLES) {
			first = c->buf[start].nxt;
			if (first >= 0 && c->chs[c->buf[first].ch].choice < -1)
				x_extend(c, c->xw_of[c->buf[first].ch], x->buf);
			if (first >= 0 && c->chs[c->buf[first].ch].choice >= -1) {
				if (x_enter(c, x->id, start))
					entered = 1;
				else
					keep = --x->tries > 0;
			}
		}
		if (keep) {
			x_cand_at(c, e, SIM_X_RETRY);
		} else {
			x->next = c->xcand_free;
			c->xcand_free = e;
		}
		e = nx;
	}
	if (entered) {                  /* the ghosts leave the list */
		int kept = 0;

		for (int i = 0; i < c->nclist; i++)
			if (c->chs[c->clist[i]].choice != SIM_X_GHOST)
				c->clist[kept++] = c->clist[i];
		c->nclist = kept;
	}
}

/* The move pass reaches the last channel of an express chain, entering a
 * relay: one more of its flits is in the relay's store, in list order. */
void sim_x_relay_flit(struct sim_core *c, int ch)
{
	const struct sim_xw *x = &c->xw[c->xw_of[ch]];

	if (sim_core_relay_push(c, c->net.chan[ch].node, x->id, 1, 1, x->endb) < 0)
		c->nomem = true;
}

void sim_x_review(struct sim_core *c)
{
	if (c->x_window < 0) {          /* the window opens */
		c->x_window = c->x_flit_hops;
		c->x_window_at = c->flit_hops;
		c->x_probe = c->flit_hops + c->x_span;
		return;
	}
	c->x_probe = INT64_MAX;
	if ((c->x_flit_hops - c->x_window) * 100 >= (c->flit_hops - c->x_window_at) * c->x_keep_pct)
		return;
	/* at the end of the cycle: each has made this cycle's moves */
	c->x_reviewed = c->nxact;
	while (c->nxact > 0) {
		int w = c->xact[0];

		x_materialize(c, w, c->now - c->xw[w].t0 + 1);
	}
	c->x_next_end = INT64_MAX;
	for (int i = 0; i < SIM_X_SLOTS; i++)       /* the candidates go */
		while (c->xslot[i] >= 0) {
			int e = c->xslot[i];

			c->xslot[i] = c->xcand[e].next;
			c->xcand[e].next = c->xcand_free;
			c->xcand_free = e;
		}
	c->no_express = true;
}
