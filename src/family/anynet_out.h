/*
 * family/anynet_out.h: the `anynet` outputs (BookSim 2 network files) of the
 * multicluster and star families, as OUT_TEXT tables (one row per line,
 * column "line").  The irregular family's is in irregular_out.c.  The
 * writers are in topo/anynet.h; these only pick the network from the
 * configuration and refuse, with the reason, what BookSim cannot take.
 */
#ifndef ICNX_FAMILY_ANYNET_OUT_H
#define ICNX_FAMILY_ANYNET_OUT_H

#include "family/family.h"

/* multicluster: the m-port n-tree of a cluster of group --select (default
 * 0): its ICN1, and equally its ECN1 (same shape). */
int mc_anynet(const struct config *cfg, const struct run_req *req, struct table *t,
	      struct diag *d);
/* multicluster: the external network, every cluster's ECN1, the
 * concentrators and the ICN2 (anynet_mc_external); needs C >= 2. */
int mc_anynet_external(const struct config *cfg, const struct run_req *req,
		       struct table *t, struct diag *d);
/* star: S_n, n <= ANYNET_STAR_MAX_N. */
int star_anynet(const struct config *cfg, const struct run_req *req, struct table *t,
		struct diag *d);

#endif
