/* simsat.c: bisection for the simulated saturation load (simsat.h). */
#include "family/simsat.h"

#include <string.h>

#include "family/family.h"
#include "family/outkit.h"

/* Simulate one probe at x (per cycle; shown as x / u->q in u->unit): 0
 * with *sat set, 1 cancelled, -1 with *d. */
static int probe(const struct sim_net *net, const struct sim_mix *mix,
		 const struct sim_config *sc, const struct sim_load_unit *u, double x,
		 size_t k, int64_t work, const struct run_req *req, bool *sat, struct diag *d)
{
	double at = x / u->q;
	struct sim_method mm;
	struct sim_result r;
	int m;

	sim_config_method(sc, k, &mm);
	sim_method_work(&mm, work);
	mm.stop_saturated = true;
	/* one run over the whole measured window: the window every point's
	 * 95% rule judges over (measure.h), with one warm-up */
	mm.replications = 1;
	m = sim_run_point(net, mix, sc, x, at, u->unit, &mm, req->cancel, &r, d);
	if (m)
		return m;
	*sat = r.saturated;
	return 0;
}

int sim_saturation_search(const struct sim_net *net, const struct sim_mix *mix,
			  const struct sim_config *sc, const struct sim_load_unit *u, double top,
			  bool probe_top, bool checked, const struct run_req *req,
			  struct sim_sat *out, struct diag *d)
{
	size_t k = 0;
	int total = SIM_SAT_STEPS + (probe_top ? 1 : 0), rc;
	/* the most probes one search runs share the run's work (simcfg.h) */
	int64_t work = sim_work_share(SIM_SAT_STEPS + (probe_top ? SIM_SAT_MAX_GROW + 1 : 0));
	bool s;

	memset(out, 0, sizeof *out);
	/* A proven bound caps what is accepted, not what keeps up: below
	 * top / SIM_KEEP_UP the 95% rule can still hold (simsat.h). */
	out->hi = probe_top ? top : top / SIM_KEEP_UP;
	if (!(top > 0))
		return diag_set(d, "", "no load to search below (top %g)", top);
	if (!checked && sim_check_work(sc, net, mix, true, work, d))
		return -1;
	if (probe_top) {
		for (int g = 0;; g++) {
			rc = probe(net, mix, sc, u, out->hi, k++, work, req, &s, d);
			if (rc)
				return rc;
			if (s)
				break;
			out->lo = out->hi;
			if (g == SIM_SAT_MAX_GROW) {
				out->open = true;
				out->probes = (int)k;
				return 0;
			}
			out->hi *= 2;
			total++;
			req_progress(req, (double)k / total);
		}
	}
	for (int i = 0; i < SIM_SAT_STEPS; i++) {
		double mid = 0.5 * (out->lo + out->hi);

		rc = probe(net, mix, sc, u, mid, k++, work, req, &s, d);
		if (rc)
			return rc;
		if (s)
			out->hi = mid;
		else
			out->lo = mid;
		req_progress(req, (double)k / total);
	}
	out->probes = (int)k;
	return 0;
}
