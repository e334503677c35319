/*
 * fuzz_express: the cycle core's express worms (src/sim/core_express.h)
 * change no run.
 *
 * Input: a network -- a star graph S3..S5 (1-3 class-a and 0-3 class-b
 * virtual channels, 1-6 source queues per node), a multi-cluster system of
 * 2-4 clusters of 1-3 levels (m = 4, V = 1-2, relays or cut-through,
 * unit flit times) or an irregular network of 2-8 switches (a spanning
 * tree plus extra links, up to 3 nodes each, V = 1-3, adaptive or
 * deterministic up*-down*) -- with buffers of 1-3 flits, either release
 * rule, a mix of one or two message lengths (1-64 flits), a load up to
 * about twice the saturation of the star's channels, a seed, and
 * 200-3000 cycles.  Two cores run it in lockstep one cycle at a time, one
 * with no_express; in one run in four the express core reviews its share
 * early (sim_x_review), its window and threshold drawn from the seed and
 * the run's length, so that its worms may be turned off mid-run.
 * Invariant: after every cycle the counters (flit-hops, work, generated,
 * delivered, flits in the network, buffers holding a flit, releases,
 * queued, last move, status, flits out of order) are equal; the measured
 * messages handed to the observer are the same, in the same order; after
 * a drain (when the run did not stop on an error) every buffer of both is
 * empty.  FUZZ_EXPRESS_SHOW=1 prints each unit's share of express
 * flit-hops.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "sim/core.h"
#include "sim/irr_net.h"
#include "sim/mc_net.h"
#include "sim/star_net.h"
#include "topo/irregular.h"
#include "topo/updown.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LOG 20000

struct log {
	int n;
	int64_t rec[MAX_LOG][3];
};

static struct log la, lb;

static void on_done(void *ctx, const struct sim_done *d)
{
	struct log *l = ctx;

	if (l->n < MAX_LOG) {
		l->rec[l->n][0] = d->m->tag;
		l->rec[l->n][1] = d->arrive;
		l->rec[l->n][2] = d->m->qwait;
	}
	l->n++;
}

static bool drained(void *ctx, const struct sim_core *c)
{
	(void)ctx;
	return sim_core_alive(c) == 0;
}

static void same(const struct sim_core *a, const struct sim_core *b, int64_t t)
{
	if (a->now != b->now || a->flit_hops != b->flit_hops || a->work != b->work ||
	    a->generated != b->generated || a->delivered_msgs != b->delivered_msgs ||
	    a->flits_in_net != b->flits_in_net || a->nact != b->nact ||
	    a->releases != b->releases || a->queued != b->queued ||
	    a->last_move != b->last_move || a->status != b->status ||
	    a->order_errors != b->order_errors)
		fuzz_fail("cycle %lld: express and served cores differ (flit-hops %lld/%lld, "
			  "work %lld/%lld, delivered %lld/%lld, status %d/%d)",
			  (long long)t, (long long)a->flit_hops, (long long)b->flit_hops,
			  (long long)a->work, (long long)b->work, (long long)a->delivered_msgs,
			  (long long)b->delivered_msgs, (int)a->status, (int)b->status);
}

static void lockstep(const struct sim_net *net, const struct sim_mix *mix, double lambda,
		     uint64_t seed, int64_t cycles)
{
	struct sim_core a, b;
	enum sim_status sa = SIM_BUDGET, sb;

	if (sim_core_init(&a, net, mix, lambda, seed, 0) < 0)
		return;
	if (sim_core_init(&b, net, mix, lambda, seed, 0) < 0) {
		sim_core_free(&a);
		return;
	}
	b.no_express = true;
	/* one run in four reviews its express share (sim_x_review) early,
	 * its window and threshold drawn from the seed and the run's length:
	 * the worms may be turned off mid-run */
	a.x_probe = seed % 4 ? INT64_MAX : (int64_t)(seed >> 2) * 64 + cycles % 61;
	a.x_span = 256 + (int64_t)(seed >> 2) * 32 + cycles % 509;
	a.x_keep_pct = (int)(((seed >> 2) * 37 + (uint64_t)cycles) % 102);
	la.n = lb.n = 0;
	a.done = on_done;
	a.done_ctx = &la;
	b.done = on_done;
	b.done_ctx = &lb;
	a.tag_limit = b.tag_limit = INT64_MAX;
	a.watchdog = b.watchdog = 2000;
	a.max_queued = b.max_queued = 20000;
	for (int64_t t = 1; t <= cycles && sa == SIM_BUDGET; t++) {
		sa = sim_core_run(&a, NULL, NULL, t);
		sb = sim_core_run(&b, NULL, NULL, t);
		if (sa != sb)
			fuzz_fail("cycle %lld: status %d against %d", (long long)t, (int)sa, (int)sb);
		same(&a, &b, t);
	}
	if (sa == SIM_BUDGET) {
		a.rate = b.rate = 0;
		sa = sim_core_run(&a, drained, NULL, cycles + 200000);
		sb = sim_core_run(&b, drained, NULL, cycles + 200000);
		if (sa != sb)
			fuzz_fail("drain: status %d against %d", (int)sa, (int)sb);
		same(&a, &b, a.now);
		if (sa == SIM_DONE)
			for (int k = 0; k < a.nbuf; k++)
				if (a.buf[k].occ || a.buf[k].owner >= 0 || b.buf[k].occ)
					fuzz_fail("drained, buffer %d still holds a flit", k);
	}
	if (getenv("FUZZ_EXPRESS_SHOW"))  /* debugging aid: is it exercised */
		fprintf(stderr, "fuzz_express: %lld cycles, %lld flit-hops, %lld express%s\n",
			(long long)a.now, (long long)a.flit_hops, (long long)a.x_flit_hops,
			a.no_express && a.unit_period ? ", then turned off" : "");
	if (la.n != lb.n ||
	    memcmp(la.rec, lb.rec, (size_t)(la.n < MAX_LOG ? la.n : MAX_LOG) * sizeof la.rec[0]))
		fuzz_fail("the measured messages differ (%d against %d)", la.n, lb.n);
	sim_core_free(&a);
	sim_core_free(&b);
}

static void star(struct fdp *f, struct sim_mix *mix, int B, int release, uint64_t seed,
		 int64_t cycles)
{
	struct sim_star s;
	int n = (int)fdp_range(f, 3, 5), V1 = (int)fdp_range(f, 1, 3), V2 = (int)fdp_range(f, 0, 3);

	if (sim_star_build(&s, n, V1, V2, B, SIM_NBC_PAPER, fdp_u8(f) & 1) < 0)
		return;
	s.net.queues = (int)fdp_range(f, 1, 6);
	s.net.release = release;
	lockstep(&s.net, mix, 0.2 * fdp_unit(f) / (mix->length[0] * n), seed, cycles);
	sim_star_free(&s);
}

static void multicluster(struct fdp *f, struct sim_mix *mix, int B, int release, uint64_t seed,
			 int64_t cycles)
{
	int n[4];
	struct sim_mc_spec sp = { .m = 4, .n = n, .icn1_cn = 1, .icn1_cs = 1, .ecn1_cn = 1,
				  .ecn1_cs = 1, .icn2_cs = 1, .theta = NAN, .pattern = FT_UNIFORM,
				  .B = B };
	struct sim_mc s;

	sp.C = (int)fdp_range(f, 2, 4);
	for (int i = 0; i < sp.C; i++)
		n[i] = (int)fdp_range(f, 1, 3);
	sp.V = (int)fdp_range(f, 1, 2);
	sp.buffered = fdp_u8(f) & 1;
	if (sim_mc_build(&s, &sp) < 0)
		return;
	s.net.release = release;
	lockstep(&s.net, mix, 0.05 * fdp_unit(f) / mix->length[0], seed, cycles);
	sim_mc_free(&s);
}

static void irregular(struct fdp *f, struct sim_mix *mix, int B, int release, uint64_t seed,
		      int64_t cycles)
{
	struct irr_link links[24];
	int S = (int)fdp_range(f, 2, 8), nl = 0;
	struct irr_spec sp = { .switches = S, .nodes_each = (int)fdp_range(f, 1, 3),
			       .ports_each = 8, .links = links };
	struct irr_net net;
	struct ud_routing ud;
	struct sim_irr s;

	for (int i = 1; i < S; i++)             /* a spanning tree */
		links[nl++] = (struct irr_link){ (int)fdp_range(f, 0, i - 1), i };
	for (int e = (int)fdp_range(f, 0, 6); e > 0 && nl < 24; e--) {
		int a = (int)fdp_range(f, 0, S - 1), b2 = (int)fdp_range(f, 0, S - 1);
		if (a != b2)
			links[nl++] = (struct irr_link){ a, b2 };
	}
	sp.nlinks = nl;
	if (irr_net_build(&net, &sp, NULL, NULL, 0) < 0)
		return;
	if (ud_build(&ud, &net, 0) < 0) {
		irr_net_free(&net);
		return;
	}
	if (sim_irr_build(&s, &net, &ud, (int)fdp_range(f, 1, 3), B,
			  fdp_u8(f) & 1 ? SIM_IRR_DETERMINISTIC : SIM_IRR_ADAPTIVE, FT_UNIFORM, 1,
			  1) == 0) {
		s.net.release = release;
		lockstep(&s.net, mix, 0.1 * fdp_unit(f) / mix->length[0], seed, cycles);
		sim_irr_free(&s);
	}
	ud_free(&ud);
	irr_net_free(&net);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdp f = { data, size };
	int kind = fdp_u8(&f) % 3, B = (int)fdp_range(&f, 1, 3);
	int release = fdp_u8(&f) & 1 ? SIM_RELEASE_NEXT_CYCLE : SIM_RELEASE_SAME_CYCLE;
	struct sim_mix mix = { 1, { (int)fdp_range(&f, 1, 64) }, { 1 } };
	uint64_t seed = fdp_u8(&f);
	int64_t cycles = fdp_range(&f, 200, 3000);

	if (fdp_u8(&f) & 1) {
		mix.n = 2;
		mix.length[1] = (int)fdp_range(&f, 1, 64);
		mix.prob[0] = mix.prob[1] = 0.5;
	}
	if (kind == 0)
		star(&f, &mix, B, release, seed, cycles);
	else if (kind == 1)
		multicluster(&f, &mix, B, release, seed, cycles);
	else
		irregular(&f, &mix, B, release, seed, cycles);
	return 0;
}
