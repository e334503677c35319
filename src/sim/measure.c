/*
 * measure.c: warm-up, measured messages, drain and batch means (measure.h).
 */
#include "sim/measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void sim_method_default(struct sim_method *m)
{
	memset(m, 0, sizeof *m);
	m->seed = 1;
	m->warmup = 2000;
	m->measured = 20000;
	m->batches = 20;
	m->replications = SIM_REPLICATIONS;
	m->watchdog = 100000;
}

int64_t sim_backlog(const struct sim_net *net, long measured, size_t msg_bytes, bool *capped)
{
	double b = 50.0 * net->nodes + (double)(measured / 2);
	/* messages in flight hold a virtual channel each */
	double cap = SIM_MSG_MEMORY / (double)(msg_bytes ? msg_bytes : 1) -
		(double)net->nchan * net->V;

	if (cap < 2.0 * net->nodes)
		cap = 2.0 * net->nodes;
	if (capped)
		*capped = b > cap / 2;
	return (int64_t)fmin(b, cap / 2);
}

double sim_t975(int df)
{
	static const double t[31] = { 0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
		2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101,
		2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
		2.042 };

	if (df < 1)
		return NAN;
	if (df <= 30)
		return t[df];
	return 1.96 + 2.4 / df;
}

struct acc {
	const struct sim_method *mm;
	int nb;
	long per;                  /* measured messages per batch (last takes the rest) */
	double lat[SIM_MAX_BATCHES], wait[SIM_MAX_BATCHES], net[SIM_MAX_BATCHES];
	double qw[SIM_MAX_BATCHES];
	long cnt[SIM_MAX_BATCHES];
	double len, hops;
	long done;
	/* phases */
	int phase;                 /* 0 warm-up, 1 measuring, 2 draining */
	int64_t t0, t1;            /* measured window: first and last tagged generation */
	int64_t d0, d1;            /* delivered messages at t0 and t1 */
	int64_t g0, g1;            /* generated messages at t0 and t1 */
	const atomic_int *cancel;
	const struct sim_engine_ops *ops;
	void *eng;                 /* the engine's state */
	int cancelled;
	/* the 95% rule's judgement (measure.h): judged = decided; pass = not
	 * saturated by it; ext = judged again over [tja, tjb] */
	int judged, pass, ext, jopen;
	int64_t tja, dja, gja, tjb, djb, gjb;
	int64_t judge_min;         /* SIM_JUDGE_PER_SENDER x senders */
	int64_t jlen;              /* messages the rule judges over (measure.h) */
	int64_t backlog;           /* queued messages that mean saturation */
	int overflow;
	long steps;                /* stop_fn calls, for mm->progress */
	int probed, behind;        /* probe_work reached; it found the run behind */
};

/* At least 95% of the messages generated in a window delivered in it. */
static bool keeps_up(int64_t delivered, int64_t generated)
{
	return (double)delivered >= SIM_KEEP_UP * (double)generated;
}

/* Fewer than 95% of the messages generated since the measured window
 * opened (or since the start) delivered: the network does not keep up. */
static bool fell_behind(const struct acc *a, const struct sim_counters *c)
{
	int64_t ds = a->phase >= 1 ? a->d0 : 0, gs = a->phase >= 1 ? a->g0 : 0;

	return !keeps_up(c->delivered - ds, c->generated - gs);
}

/* The 95% rule once the measured window has closed: decided at once over
 * the measured window when it keeps up, or when it failed but opened on a
 * filled network and held enough messages to judge and the point's
 * judgement length (a->jlen); else over a longer window: from the same
 * opening when only the length was short (a replication's window), from
 * a later opening when the network had not filled (measure.h).  Sets
 * a->judged and a->pass. */
static void judge(struct acc *a, const struct sim_counters *c)
{
	if (!a->ext) {
		int64_t w = a->g1 - a->g0;
		bool filled = a->g0 >= a->judge_min && w >= a->judge_min;

		if (keeps_up(a->d1 - a->d0, w) || (filled && w >= a->jlen)) {
			a->judged = 1;
			a->pass = keeps_up(a->d1 - a->d0, w);
			return;
		}
		a->ext = 1;
		if (filled) {          /* the window one run would judge */
			a->jopen = 1;
			a->tja = a->t0;
			a->dja = a->d0;
			a->gja = a->g0;
		}
	}
	if (!a->jopen) {
		if (c->generated < a->judge_min)
			return;
		a->jopen = 1;
		a->tja = c->now;
		a->dja = c->delivered;
		a->gja = c->generated;
	}
	if (c->generated - a->gja < a->g1 - a->g0 || c->generated - a->gja < a->judge_min ||
	    c->generated - a->gja < a->jlen)
		return;
	a->tjb = c->now;
	a->djb = c->delivered;
	a->gjb = c->generated;
	a->judged = 1;
	a->pass = keeps_up(a->djb - a->dja, a->gjb - a->gja);
}

static void on_done(void *ctx, const struct sim_delivery *m)
{
	struct acc *a = ctx;
	int b = (int)(m->tag / a->per);
	double lat = (double)(m->arrive - m->gen);
	double w = (double)(m->depart - m->gen);

	if (b >= a->nb)
		b = a->nb - 1;
	a->lat[b] += lat;
	a->wait[b] += w;
	a->net[b] += lat - w;
	a->qw[b] += (double)m->qwait;
	a->cnt[b]++;
	a->len += m->len;
	a->hops += m->hops;
	a->done++;
	if (a->mm->group) {
		int g = a->mm->ngroups;
		int gs = a->mm->group[m->src], gd = a->mm->group[m->dst];
		a->mm->pair_sum[gs * g + gd] += lat - w;
		a->mm->pair_cnt[gs * g + gd]++;
	}
	if (a->mm->delivered)
		a->mm->delivered(a->mm->delivered_ctx, m->src, m->dst, lat);
}

static bool stop_fn(void *ctx, const struct sim_counters *c)
{
	struct acc *a = ctx;

	if (a->cancel && atomic_load_explicit(a->cancel, memory_order_relaxed)) {
		a->cancelled = 1;
		return true;
	}
	if (a->mm->progress && ++a->steps % SIM_PROGRESS_STEPS == 0) {
		double all = (double)a->mm->warmup + (double)a->mm->measured;
		double g = fmin((double)c->generated, all);
		a->mm->progress(a->mm->progress_ctx,
				fmin(1.0, (g + (double)a->done) / (all + (double)a->mm->measured)));
	}
	if (c->queued > a->backlog) {           /* the queues grow without bound */
		a->overflow = 1;
		return true;
	}
	if (a->mm->probe_work > 0 && !a->probed && c->work >= a->mm->probe_work) {
		a->probed = 1;
		if (fell_behind(a, c)) {
			a->behind = 1;
			return true;
		}
	}
	if (a->phase == 0) {
		if (c->generated < a->mm->warmup)
			return false;
		a->phase = 1;
		a->t0 = c->now;
		a->d0 = c->delivered;
		a->g0 = c->generated;
		a->ops->measure(a->eng, a->mm->measured);
	}
	if (a->phase == 1) {
		if (c->tagged < a->mm->measured)
			return false;
		a->phase = 2;
		a->t1 = c->now;
		a->d1 = c->delivered;
		a->g1 = c->generated;
	}
	if (!a->judged) {
		judge(a, c);
		if (a->judged && !a->pass && a->mm->stop_saturated)
			return true;   /* saturated: decided, the drain adds nothing */
	}
	return a->judged && a->done >= a->mm->measured;
}

/* The means of nb batches (sum/cnt) merged m consecutive at a time (the
 * last group takes the remainder); empty groups skipped.  Returns their
 * number. */
static int group_means(const double *sum, const long *cnt, int nb, int m, double *bm)
{
	int k = 0, ng = nb / m;

	for (int g = 0; g < ng; g++) {
		double sg = 0;
		long ng_cnt = 0;
		int hi = g == ng - 1 ? nb : (g + 1) * m;

		for (int i = g * m; i < hi; i++) {
			sg += sum[i];
			ng_cnt += cnt[i];
		}
		if (ng_cnt > 0)
			bm[k++] = sg / (double)ng_cnt;
	}
	return k;
}

static double mean_of(const double *x, int k)
{
	double m = 0;

	for (int i = 0; i < k; i++)
		m += x[i];
	return m / k;
}

/* Lag-1 autocorrelation of x[0..k-1] (0 when undefined). */
static double lag1(const double *x, int k)
{
	double m = mean_of(x, k), num = 0, den = 0;

	for (int i = 0; i < k; i++) {
		den += (x[i] - m) * (x[i] - m);
		if (i > 0)
			num += (x[i] - m) * (x[i - 1] - m);
	}
	return den > 0 ? num / den : 0;
}

/* The growth of the latency over the run in standard errors: the mean of
 * the later half of the nb measured batches less that of the earlier half,
 * over the standard error of that difference estimated from the k merged
 * batch means bm (whose spread carries the batches' correlation):
 * 2 sd(bm) / sqrt(k). */
static double growth_t(const struct acc *a, const double *bm, int k)
{
	int h = a->nb / 2;
	double s1 = 0, s2 = 0, m = mean_of(bm, k), v = 0, se;
	long c1 = 0, c2 = 0;

	for (int i = 0; i < h; i++) {
		s1 += a->lat[i];
		c1 += a->cnt[i];
		s2 += a->lat[a->nb - h + i];
		c2 += a->cnt[a->nb - h + i];
	}
	if (!c1 || !c2)
		return 0;
	for (int i = 0; i < k; i++)
		v += (bm[i] - m) * (bm[i] - m);
	se = 2 * sqrt(v / (k - 1)) / sqrt((double)k);
	return se > 0 ? (s2 / c2 - s1 / c1) / se : (s2 / c2 > s1 / c1 ? INFINITY : 0);
}

/* Whether the run settled (measure.h: the method): the batches merged in
 * pairs while correlated, then the two tests. */
static bool settle(const struct acc *a)
{
	double bm[SIM_MAX_BATCHES];
	int m = 1, k = group_means(a->lat, a->cnt, a->nb, 1, bm);

	if (k < 2)
		return true;
	while (k >= 2 * SIM_MIN_BATCHES && lag1(bm, k) > SIM_LAG1_MAX) {
		m *= 2;
		k = group_means(a->lat, a->cnt, a->nb, m, bm);
	}
	if (k < 2 * SIM_MIN_BATCHES && lag1(bm, k) > SIM_LAG1_MAX)
		return false;        /* correlated beyond the run: too short */
	if (k >= 3 && growth_t(a, bm, k) > SIM_GROWTH_T * sim_t975(k - 1))
		return false;        /* the latency still grows */
	return true;
}

static void finish(struct sim_stat *s, const double *sum, const long *cnt, int nb, int merge)
{
	double tot = 0, m, ss = 0;
	long n = 0;
	int k;
	double bm[SIM_MAX_BATCHES];

	for (int i = 0; i < nb; i++) {
		tot += sum[i];
		n += cnt[i];
	}
	s->mean = n ? tot / n : NAN;
	k = group_means(sum, cnt, nb, merge, bm);
	if (k < 2) {
		s->half = NAN;
		return;
	}
	m = mean_of(bm, k);
	for (int i = 0; i < k; i++)
		ss += (bm[i] - m) * (bm[i] - m);
	s->half = sim_t975(k - 1) * sqrt(ss / (k - 1) / k);
}

/* What sim_measure's settle verdict needs of one replication. */
struct rep_trend {
	double grow;       /* mean latency of the later half of its measured
	                      batches less the earlier half's (NaN when either
	                      is empty), cycles */
	double fill;       /* messages in flight (generated, not delivered)
	                      when its measured window closed less when it
	                      opened; 0 when the window never closed */
	bool own_behind;   /* its own measured window delivered fewer than 95%
	                      of the messages generated in it */
};

/* One replication (measure.h): the whole method over one run; *tr (may be
 * NULL) gets its trend (above). */
static int measure_one(const struct sim_net *net, const struct sim_mix *mix, double lambda,
		       const struct sim_method *mm, struct sim_result *out,
		       const atomic_int *cancel, struct rep_trend *tr)
{
	struct sim_counters c;
	struct acc *a;
	int64_t budget, backlog;
	double gen;
	enum sim_status st;
	int nsend;
	bool long_drain;
	const struct sim_engine_ops *ops;

	memset(out, 0, sizeof *out);
	if (!mm || mm->batches < 2 || mm->batches > SIM_MAX_BATCHES || mm->measured < mm->batches ||
	    mm->warmup < 0 || !(lambda > 0) || !net)
		return -1;
	ops = mm->engine ? mm->engine : &sim_core_engine;
	a = calloc(1, sizeof *a);
	if (!a)
		return -1;
	a->mm = mm;
	a->ops = ops;
	a->nb = mm->batches;
	a->per = mm->measured / mm->batches;
	a->cancel = cancel;
	a->jlen = mm->judge_over > mm->measured ? mm->judge_over : mm->measured;
	backlog = a->backlog = sim_backlog(net, (long)a->jlen, ops->msg_bytes, &out->memory_cap);
	out->backlog = backlog;
	{
		/* Twice the backlog: stop_fn ends the run once the queues pass
		 * the backlog, checked once a cycle, so the engine's pause only
		 * acts when a single cycle brings more than a backlog of arrivals
		 * (50 or more messages per node per cycle): it bounds memory at
		 * absurd loads and changes no run that stop_fn would have ended
		 * the same way. */
		struct sim_engine_cfg cfg = {
			.net = net, .mix = mix, .lambda = lambda,
			.seed = mm->seed, .stream = mm->stream,
			.max_work = mm->max_work, .max_queued = 2 * backlog,
			.watchdog = mm->watchdog > 0 ? mm->watchdog : 0,
			.deliver = on_done, .deliver_ctx = a,
		};
		if (ops->init(&a->eng, &cfg) < 0) {
			free(a);
			return -1;
		}
	}
	ops->read(a->eng, &c);
	nsend = c.nsenders;
	a->judge_min = (int64_t)SIM_JUDGE_PER_SENDER * nsend;
	/* cycles to generate the warm-up and measured messages, in floating
	 * point: a tiny load must not overflow the budget (9.2e20 at 1e-17) */
	gen = ((double)mm->warmup + (double)mm->measured) / c.rate;
	if (!(gen <= SIM_CLOCK_MAX / 2))
		out->limit = SIM_LIMIT_CLOCK;
	else if (mm->max_cycles > 0 && (double)mm->max_cycles < gen)
		out->limit = SIM_LIMIT_BUDGET;
	if (out->limit) {
		out->need = gen;
		out->status = SIM_BUDGET;
		out->offered = c.rate / nsend;
		out->latency.mean = out->wait.mean = out->network.mean = out->qwait.mean = NAN;
		out->mean_len = out->mean_hops = NAN;
		ops->free(a->eng);
		free(a);
		return 0;
	}
	if (mm->max_cycles > 0)
		budget = mm->max_cycles;
	else
		budget = (int64_t)fmin(20.0 * gen + 100000, SIM_CLOCK_MAX);
	st = ops->run(a->eng, stop_fn, a, budget);
	ops->read(a->eng, &c);
	out->status = st;
	out->cancelled = a->cancelled;
	out->offered = c.rate / nsend;
	out->cycles = c.now;
	out->flit_hops = c.flit_hops;
	out->work = c.work;
	out->order_errors = c.order_errors;
	out->messages = a->done;
	if (a->ext && a->judged && a->tjb > a->tja)
		out->accepted = (double)(a->djb - a->dja) / ((double)(a->tjb - a->tja) * nsend);
	else if (a->phase >= 2 && a->t1 > a->t0)
		out->accepted = (double)(a->d1 - a->d0) / ((double)(a->t1 - a->t0) * nsend);
	else {
		/* The window never closed (budget, backlog or cancel): what was
		 * delivered since it opened, or since the start if it never did. */
		int64_t ts = a->phase >= 1 ? a->t0 : 0, ds = a->phase >= 1 ? a->d0 : 0;
		out->accepted = c.now > ts ? (double)(c.delivered - ds) /
						 ((double)(c.now - ts) * nsend) : 0.0;
	}
	out->settled = settle(a);
	if (tr) {
		tr->own_behind = a->phase >= 2 && !keeps_up(a->d1 - a->d0, a->g1 - a->g0);
		tr->fill = a->phase >= 2 ? (double)((a->g1 - a->d1) - (a->g0 - a->d0)) : 0.0;
	}
	/* the interval: the measured batches merged into SIM_CI_BATCHES */
	out->merge = a->nb > SIM_CI_BATCHES ? a->nb / SIM_CI_BATCHES : 1;
	out->batches = a->nb / out->merge;
	finish(&out->latency, a->lat, a->cnt, a->nb, out->merge);
	finish(&out->wait, a->wait, a->cnt, a->nb, out->merge);
	finish(&out->network, a->net, a->cnt, a->nb, out->merge);
	finish(&out->qwait, a->qw, a->cnt, a->nb, out->merge);
	if (tr) {
		double s1 = 0, s2 = 0;
		long c1 = 0, c2 = 0;
		int h = a->nb / 2;

		for (int i = 0; i < h; i++) {
			s1 += a->lat[i];
			c1 += a->cnt[i];
			s2 += a->lat[a->nb - h + i];
			c2 += a->cnt[a->nb - h + i];
		}
		tr->grow = c1 && c2 ? s2 / c2 - s1 / c1 : NAN;
	}
	out->mean_len = a->done ? a->len / a->done : NAN;
	out->mean_hops = a->done ? a->hops / a->done : NAN;
	if (a->overflow)
		st = out->status = SIM_BUDGET;
	if (a->behind)
		st = out->status = SIM_WORK;
	/* against the messages actually generated in the window (a dropped
	 * arrival, e.g. a permutation's fixed point, offers nothing) */
	out->saturated = st != SIM_DONE || !a->pass;
	/* Stopped by the work limit while its measured messages have drained
	 * for more than SIM_DRAIN_WINDOWS measured windows: a congested region
	 * that does not clear (a flow whose queue grows although 95% of the
	 * traffic is delivered). */
	long_drain = a->phase == 2 && (double)(c.now - a->t1) >
		SIM_DRAIN_WINDOWS * (double)(a->t1 - a->t0);
	if (st == SIM_WORK)
		/* The work limit is no verdict by itself: saturated when the
		 * network fell behind over what ran or the drain runs long;
		 * otherwise the caller refuses the point (too long a run).  A
		 * run whose drain ends keeps the 95% rule alone (a long drain
		 * there is common near saturation with a short window). */
		out->saturated = a->behind || fell_behind(a, &c) || long_drain;
	if (st == SIM_DONE && a->cancelled)
		out->saturated = false;
	/* the budget ran out before the warm-up and measured messages were
	 * all generated: not a verdict on the network */
	if (st == SIM_BUDGET && !a->overflow && a->phase < 2) {
		out->limit = SIM_LIMIT_BUDGET;
		out->need = gen;
		out->saturated = false;
	}
	ops->free(a->eng);
	free(a);
	if (st == SIM_NOMEM)
		return -1;             /* no verdict: the engine ran out of memory */
	return out->cancelled ? 1 : 0;
}

/* Progress of replication r of n, scaled to the whole point. */
struct rep_progress {
	const struct sim_method *mm;
	int r, n;
};

static void rep_progress_fn(void *ctx, double f)
{
	const struct rep_progress *p = ctx;

	p->mm->progress(p->mm->progress_ctx, (p->r + f) / p->n);
}

/* The replications' means of one measure: message-weighted mean, and the
 * Student-t half-width over the n replication means. */
static void rep_stat(struct sim_stat *s, const double *x, const long *cnt, int n)
{
	double tot = 0, m = 0, ss = 0;
	long k = 0;

	for (int r = 0; r < n; r++) {
		tot += x[r] * (double)cnt[r];
		k += cnt[r];
		m += x[r];
	}
	s->mean = k ? tot / (double)k : NAN;
	m /= n;
	for (int r = 0; r < n; r++)
		ss += (x[r] - m) * (x[r] - m);
	s->half = n >= 2 ? sim_t975(n - 1) * sqrt(ss / (n - 1) / n) : NAN;
}

/* The mean of x[0..n-1] (n >= 2) over its standard error: a paired t of
 * per-replication differences.  +inf when they are all equal and
 * positive, NaN when any is NaN (a replication without both halves: the
 * caller counts that as growth). */
static double paired_t(const double *x, int n)
{
	double m = 0, ss = 0, se;

	for (int r = 0; r < n; r++)
		m += x[r];
	m /= n;
	for (int r = 0; r < n; r++)
		ss += (x[r] - m) * (x[r] - m);
	se = sqrt(ss / (n - 1) / n);
	if (se > 0)
		return m / se;
	return m > 0 ? INFINITY : 0.0;
}

int sim_replications(const struct sim_method *mm, int senders)
{
	/* each replication's window holds at least `batches` messages and
	 * SIM_JUDGE_PER_SENDER per sender */
	int n = mm->replications ? mm->replications : 1;

	if (mm->batches > 0 && n > mm->measured / mm->batches)
		n = (int)(mm->measured / mm->batches);
	if (senders > 0 && n > mm->measured / ((long)SIM_JUDGE_PER_SENDER * senders))
		n = (int)(mm->measured / ((long)SIM_JUDGE_PER_SENDER * senders));
	return n < 1 ? 1 : n;
}

int sim_measure(const struct sim_net *net, const struct sim_mix *mix, double lambda,
		const struct sim_method *mm, struct sim_result *out,
		const atomic_int *cancel)
{
	struct sim_method one;
	struct rep_progress prog;
	double lat[SIM_MAX_REPLICATIONS], wait[SIM_MAX_REPLICATIONS];
	double netw[SIM_MAX_REPLICATIONS], qw[SIM_MAX_REPLICATIONS];
	double grow[SIM_MAX_REPLICATIONS], fill[SIM_MAX_REPLICATIONS];
	long cnt[SIM_MAX_REPLICATIONS];
	double len = 0, hops = 0, acc = 0;
	int n, done = 0, ret = 0;
	bool settled = true;

	memset(out, 0, sizeof *out);
	if (!mm || mm->batches < 2 || mm->batches > SIM_MAX_BATCHES || mm->measured < mm->batches ||
	    mm->warmup < 0 || !(lambda > 0) || !net || mm->replications < 0 ||
	    mm->replications > SIM_MAX_REPLICATIONS)
		return -1;
	n = sim_replications(mm, net->senders ? net->nsenders : net->nodes);
	if (mm->group) {
		size_t g2 = (size_t)mm->ngroups * (size_t)mm->ngroups;
		memset(mm->pair_sum, 0, g2 * sizeof *mm->pair_sum);
		memset(mm->pair_cnt, 0, g2 * sizeof *mm->pair_cnt);
	}
	if (n == 1)
		return measure_one(net, mix, lambda, mm, out, cancel, NULL);
	for (int r = 0; r < n; r++) {
		struct sim_result rr;

		one = *mm;
		one.replications = 1;
		one.stream = mm->stream + ((uint64_t)r << 32);
		one.measured = mm->measured / n + (r == n - 1 ? mm->measured % n : 0);
		one.judge_over = mm->measured;     /* the 95% rule as one run */
		if (mm->max_work > 0) {
			one.max_work = mm->max_work - out->work;
			if (one.max_work <= 0)
				one.max_work = 1;
		}
		if (mm->progress) {
			prog = (struct rep_progress){ mm, r, n };
			one.progress = rep_progress_fn;
			one.progress_ctx = &prog;
		}
		struct rep_trend tr = { NAN, 0.0, false };

		ret = measure_one(net, mix, lambda, &one, &rr, cancel, &tr);
		grow[r] = tr.grow;
		fill[r] = tr.fill;
		/* kept up over the point's whole window only: measured on a
		 * network still filling (measure.h) */
		if (tr.own_behind)
			settled = false;
		if (ret < 0)
			return -1;
		if (rr.limit) {        /* refused: not a verdict */
			rr.need = rr.need * n;
			*out = rr;
			return ret;
		}
		out->cycles += rr.cycles;
		out->flit_hops += rr.flit_hops;
		out->work += rr.work;
		out->order_errors += rr.order_errors;
		out->messages += rr.messages;
		out->offered = rr.offered;
		out->backlog = rr.backlog;
		out->memory_cap = rr.memory_cap;
		out->status = rr.status;
		out->saturated = rr.saturated;
		out->cancelled = rr.cancelled;
		lat[r] = rr.latency.mean;
		wait[r] = rr.wait.mean;
		netw[r] = rr.network.mean;
		qw[r] = rr.qwait.mean;
		cnt[r] = rr.messages;
		len += rr.mean_len * (double)rr.messages;
		hops += rr.mean_hops * (double)rr.messages;
		acc += rr.accepted;
		done = r + 1;
		/* saturated, stopped or cancelled: decided, the rest adds nothing */
		if (ret || rr.saturated || rr.status != SIM_DONE || !rr.messages)
			break;
	}
	out->accepted = acc / done;
	rep_stat(&out->latency, lat, cnt, done);
	rep_stat(&out->wait, wait, cnt, done);
	rep_stat(&out->network, netw, cnt, done);
	rep_stat(&out->qwait, qw, cnt, done);
	out->mean_len = out->messages ? len / (double)out->messages : NAN;
	out->mean_hops = out->messages ? hops / (double)out->messages : NAN;
	/* Settled unless, over the replications (paired t, measure.h), the
	 * latency grows within them or the network still fills: more
	 * messages in flight when their windows close than when they open. */
	if (done >= 2) {
		double lim = SIM_GROWTH_T * sim_t975(done - 1);

		if (!(paired_t(grow, done) <= lim) || paired_t(fill, done) > lim)
			settled = false;
	}
	out->settled = settled && done == n;
	out->merge = 0;
	out->batches = done;
	return ret;
}
