/*
 * core_engine.c: the cycle core (core.h) behind the engine interface
 * (engine.h).  The state owns one struct sim_core; the stop predicate and
 * the observer are translated to the interface's counters and delivery
 * records.  Adds nothing to the run: the same inputs give the numbers the
 * core gives when driven directly.
 */
#include "sim/engine.h"

#include <stdlib.h>

struct core_state {
	struct sim_core c;
	sim_deliver_fn deliver;
	void *deliver_ctx;
	sim_stop_fn stop;          /* during run */
	void *stop_ctx;
};

static void core_read(const void *state, struct sim_counters *k)
{
	const struct sim_core *c = &((const struct core_state *)state)->c;

	*k = (struct sim_counters){
		.now = c->now,
		.generated = c->generated,
		.delivered = c->delivered_msgs,
		.flits_in_net = c->flits_in_net,
		.flit_hops = c->flit_hops,
		.work = c->work,
		.queued = c->queued,
		.alive = sim_core_alive(c),
		.tagged = c->tag_next,
		.order_errors = c->order_errors,
		.rate = c->rate,
		.nsenders = c->net.nsenders,
		.status = c->status,
	};
}

static void core_done(void *ctx, const struct sim_done *d)
{
	struct core_state *s = ctx;
	const struct sim_msg *m = d->m;
	struct sim_delivery r = {
		.src = m->src, .dst = m->dst, .len = m->len, .hops = m->hops,
		.tag = m->tag, .gen = m->gen, .depart = m->depart, .arrive = d->arrive,
		.qwait = m->qwait,
	};

	s->deliver(s->deliver_ctx, &r);
}

static void core_free(void *state)
{
	struct core_state *s = state;

	if (!s)
		return;
	sim_core_free(&s->c);
	free(s);
}

static int core_init(void **state, const struct sim_engine_cfg *cfg)
{
	struct core_state *s;

	*state = NULL;
	if (!cfg)
		return -1;
	s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	if (sim_core_init(&s->c, cfg->net, cfg->mix, cfg->lambda, cfg->seed, cfg->stream) < 0) {
		free(s);
		return -1;
	}
	s->c.max_work = cfg->max_work;
	s->c.max_queued = cfg->max_queued;
	if (cfg->watchdog > 0)
		s->c.watchdog = cfg->watchdog;
	s->deliver = cfg->deliver;
	s->deliver_ctx = cfg->deliver_ctx;
	if (s->deliver) {
		s->c.done = core_done;
		s->c.done_ctx = s;
	}
	*state = s;
	return 0;
}

static void core_measure(void *state, int64_t count)
{
	struct sim_core *c = &((struct core_state *)state)->c;

	c->tag_limit = c->tag_next + count;
}

static bool core_stop(void *ctx, const struct sim_core *c)
{
	const struct core_state *s = ctx;
	struct sim_counters k;

	(void)c;
	core_read(s, &k);
	return s->stop(s->stop_ctx, &k);
}

static enum sim_status core_run(void *state, sim_stop_fn stop, void *ctx, int64_t max_cycle)
{
	struct core_state *s = state;

	if (!stop)
		return sim_core_run(&s->c, NULL, NULL, max_cycle);
	s->stop = stop;
	s->stop_ctx = ctx;
	return sim_core_run(&s->c, core_stop, s, max_cycle);
}

const struct sim_engine_ops sim_core_engine = {
	.name = "core",
	.msg_bytes = 3 * sizeof(struct sim_msg),   /* the array doubles: while
	                                             it grows, old + new */
	.init = core_init,
	.measure = core_measure,
	.run = core_run,
	.read = core_read,
	.free = core_free,
};
