/* family.c: the registry of model families, lookups on descriptors and the
 * helpers every family shares (prepared model, default load sweep). */
#include "family/family.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config/config.h"

#include "family/multicluster.h"
#include "family/star.h"
#include "family/irregular.h"
#include "family/ethernet.h"

const struct family *const icnx_families[] = {
	&mc_family,
	&star_family,
	&irr_family,
	&eth_family,
	NULL,
};

const struct config_schema *const config_schemas[] = {
	&mc_family.schema,
	&star_family.schema,
	&irr_family.schema,
	&eth_family.schema,
	NULL,
};

void run_req_init(struct run_req *req)
{
	memset(req, 0, sizeof *req);
	req->select = -1;
	req->select2 = -1;
	req->at = NAN;
}

int family_prepared(const struct config *cfg, const struct run_req *req, const void **prep,
		    void **own, struct diag *d)
{
	const struct family *f = cfg->family;
	*own = NULL;
	*prep = req->prepared;
	if (*prep || !f->prepare)
		return 0;
	int rc = f->prepare(cfg, req, own, d);
	if (rc == 0)
		*prep = *own;
	else
		*own = NULL;
	return rc;
}

void family_release(const struct family *f, void *prep)
{
	if (prep && f->release)
		f->release(prep);
}

int family_sweep_below_saturation(const struct config *cfg, const struct run_req *req,
				  double from, double to, int points,
				  double (*sat_of)(const void *prep), double *o_from,
				  double *o_to, size_t *o_n, struct diag *d)
{
	*o_from = from;
	*o_n = (size_t)points;
	*o_to = to;
	if (isnan(to)) {
		const void *prep;
		void *own;
		int rc = family_prepared(cfg, req, &prep, &own, d);
		if (rc)
			return rc;
		double sat = sat_of(prep);
		*o_to = isinf(sat) ? 1.0 : 0.98 * sat;
		family_release(cfg->family, own);
		if (!(*o_to > from))
			*o_to = 2 * from + 1e-9;
	}
	return 0;
}

static atomic_ulong fstats[FSTAT_COUNT];

void family_stat_add(enum family_stat s)
{
	atomic_fetch_add(&fstats[s], 1);
}

unsigned long family_stat(enum family_stat s)
{
	return atomic_load(&fstats[s]);
}

const struct family *family_find(const char *name)
{
	const struct config_schema *cs = config_schema_find(name);
	return cs ? cs->family : NULL;
}

char *family_names(char *buf, size_t n)
{
	return config_schema_names(buf, n);
}

const struct output_desc *family_output(const struct family *f, const char *name)
{
	for (const struct output_desc *o = f->outputs; o->name; o++)
		if (strcmp(o->name, name) == 0)
			return o;
	return NULL;
}

const struct output_desc *family_sim_curve(const struct family *f)
{
	for (const struct output_desc *o = f->outputs; o->name; o++)
		if (o->sim == SIM_CURVE)
			return o;
	return NULL;
}

bool output_sim_points(const struct output_desc *o)
{
	return o && (o->sim == SIM_CURVE || o->sim == SIM_POINTS);
}

bool output_at_cursor(const struct family *f, const struct output_desc *o)
{
	return o && o->at != XQ_NONE && o->at == f->x.quantity;
}

char *family_output_names(const struct family *f, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (const struct output_desc *o = f->outputs; o->name && len < n; o++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", o == f->outputs ? "" : ", ",
					o->name);
	return buf;
}
