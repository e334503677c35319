/* simeta.c: the simulation's time left and its cost estimate (see simeta.h). */
#include "ui/simeta.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

double sim_eta_ms(const struct sim_eta_in *in)
{
	double sum = 0, low = NAN;
	size_t done = in->done;

	if (done == 0 || done >= in->total || !(isfinite(in->done_ms) && in->done_ms > 0))
		return NAN;
	/* a point without work (a failed one: NaN) is left out of the rate */
	for (size_t k = 0; k < done; k++)
		if (isfinite(in->work[k]) && in->work[k] > 0) {
			sum += in->work[k];
			if (isnan(low))
				low = in->work[k];
		}
	if (!(sum > 0))
		return NAN;
	double f = isfinite(in->f) ? fmin(fmax(in->f, 0.0), 1.0) : 0.0;
	double rate = in->done_ms / sum;                 /* ms per unit of work */
	double cost = rate * low;        /* one more point like the lowest done */
	if (isfinite(in->last_ms) && in->last_ms > cost)
		cost = in->last_ms;
	if (f >= 0.1 && isfinite(in->cur_ms) && in->cur_ms / f > cost)
		cost = in->cur_ms / f;
	return cost * ((double)(in->total - done) - f);
}

void sim_eta_text(double ms, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	if (!(ms >= 0) || !isfinite(ms))
		return;
	double s = ceil(ms / 1000.0);
	if (s < 1)
		s = 1;
	if (s < 120)
		snprintf(buf, len, "~%.0f s left", s);
	else if (s < 7200)
		snprintf(buf, len, "~%.0f min left", ceil(s / 60.0));
	else {
		double m = ceil(s / 60.0);
		snprintf(buf, len, "~%.0f h %.0f min left", floor(m / 60.0), fmod(m, 60.0));
	}
}

void sim_eta_about(double ms, char *buf, size_t len)
{
	char e[48];

	sim_eta_text(ms, e, sizeof e);
	if (!len)
		return;
	buf[0] = '\0';
	char *l = strstr(e, " left");
	if (!e[0] || !l)
		return;
	*l = '\0';
	snprintf(buf, len, "about %s", e + 1);     /* past the "~" */
}

void sim_cal_start(struct sim_cal *c, double t0_ms)
{
	c->t0_ms = t0_ms;
	c->ta_ms = c->fa = c->est_ms = NAN;
}

bool sim_cal_feed(struct sim_cal *c, double now_ms, double f)
{
	if (!isnan(c->est_ms) || !(isfinite(f) && f > 0 && f < 1) || !isfinite(now_ms))
		return false;
	if (isnan(c->ta_ms)) {           /* the slice opens */
		c->ta_ms = now_ms;
		c->fa = f;
		return false;
	}
	double dt = now_ms - c->ta_ms, df = f - c->fa;
	if (dt < SIM_CAL_MS || df < SIM_CAL_F)
		return false;
	c->est_ms = (now_ms - c->t0_ms) + (1 - f) * dt / df;
	return true;
}

bool sim_cal_announce(double est_ms, double last_ms)
{
	if (!(est_ms >= SIM_CAL_SAY_MS) || !isfinite(est_ms))
		return false;
	if (!(last_ms > 0) || !isfinite(last_ms))
		return true;
	return est_ms >= 2 * last_ms || est_ms <= 0.5 * last_ms;
}

double sim_eta_fraction_ms(double elapsed_ms, double f)
{
	if (!(isfinite(elapsed_ms) && elapsed_ms > 0 && isfinite(f) && f >= SIM_ETA_MIN_F && f < 1))
		return NAN;
	return elapsed_ms * (1 - f) / f;
}
