/* simeta.c: the simulation's time left (see simeta.h). */
#include "ui/simeta.h"

#include <math.h>
#include <stdio.h>

double sim_eta_ms(const struct sim_eta_in *in)
{
	double sum = 0, last = NAN;
	size_t done = in->done;

	if (done == 0 || done >= in->total || !(isfinite(in->done_ms) && in->done_ms > 0))
		return NAN;
	/* a point without work (a failed one: NaN) is left out of the rate */
	for (size_t k = 0; k < done; k++)
		if (isfinite(in->work[k]) && in->work[k] > 0) {
			sum += in->work[k];
			last = in->work[k];
		}
	if (!(sum > 0))
		return NAN;
	double f = isfinite(in->f) ? fmin(fmax(in->f, 0.0), 1.0) : 0.0;
	double rate = in->done_ms / sum;                 /* ms per unit of work */
	double cost = rate * last;                       /* one more point like the last */
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

double sim_eta_fraction_ms(double elapsed_ms, double f)
{
	if (!(isfinite(elapsed_ms) && elapsed_ms > 0 && isfinite(f) && f >= SIM_ETA_MIN_F && f < 1))
		return NAN;
	return elapsed_ms * (1 - f) / f;
}
