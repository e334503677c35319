/*
 * irr_check.c: the invariants of a built irregular network that both
 * fuzz_irregular_read and fuzz_irregular_gen check (irr_check.h).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "irr_check.h"
#include "topo/eqdist.h"
#include "topo/updown.h"

void irr_check_net(const struct irr_net *net, const char *what)
{
	int S = net->switches;
	for (int s = 0; s < S; s++) {
		int deg = irr_degree(net, s);
		if (deg + net->nodes[s] > net->ports[s])
			fuzz_fail("%s: switch %d uses %d links + %d nodes > %d ports", what, s, deg,
				  net->nodes[s], net->ports[s]);
	}
	if (net->first_node[0] != 0)
		fuzz_fail("%s: first_node[0] = %d", what, net->first_node[0]);
	for (int s = 0; s < S; s++)
		if (net->first_node[s + 1] != net->first_node[s] + net->nodes[s])
			fuzz_fail("%s: node numbering broken at switch %d", what, s);

	long need = irr_anynet_format(net, NULL, 0);
	if (need < 0)
		fuzz_fail("%s: irr_anynet_format refused a built network", what);
	char *buf = malloc((size_t)need + 1);
	if (!buf)
		return;
	if (irr_anynet_format(net, buf, (size_t)need + 1) != need || strlen(buf) != (size_t)need)
		fuzz_fail("%s: anynet length differs between calls", what);
	long lines = 0;
	for (const char *p = buf; *p; ) {       /* lines starting "router " */
		if (strncmp(p, "router ", 7) == 0)
			lines++;
		const char *nl = memchr(p, '\n', (size_t)need - (size_t)(p - buf));
		if (!nl)
			break;
		p = nl + 1;
	}
	if (lines != S)
		fuzz_fail("%s: anynet has %ld switch lines for %d switches", what, lines, S);
	free(buf);
}

void irr_check_routing(const struct irr_net *net, int root, const char *what)
{
	struct ud_routing ud;
	int S = net->switches;
	if (ud_build(&ud, net, root) != 0)
		return;  /* out of memory or a root the validator let through: see below */
	for (int a = 0; a < S; a++)
		for (int b = 0; b < S; b++) {
			int dd = ud_dist(&ud, a, b), h = ud_hops(&ud, a, b);
			if (dd < h || (a != b && h < 1) || dd != ud_dist(&ud, b, a))
				fuzz_fail("%s: route length %d-%d: legal %d, hops %d", what, a, b, dd, h);
		}
	if (S <= 40) {
		double *T = malloc((size_t)S * (size_t)S * sizeof *T);
		if (T && eq_table(&ud, T, NULL, NULL, NULL) == 0) {
			for (int a = 0; a < S; a++)
				for (int b = 0; b < S; b++) {
					double t = T[a * S + b];
					if (a == b ? t != 0 : !(t > 0 && t <= ud_dist(&ud, a, b) + 1e-9))
						fuzz_fail("%s: T[%d][%d] = %g, legal route %d", what, a, b,
							  t, ud_dist(&ud, a, b));
					if (t != T[b * S + a])
						fuzz_fail("%s: T not symmetric at %d,%d", what, a, b);
					if (irr_find_link(net, a, b) >= 0 && t != 1)
						fuzz_fail("%s: adjacent %d,%d at %g", what, a, b, t);
				}
		} else if (T) {
			fuzz_fail("%s: eq_table failed on a built network", what);
		}
		free(T);
	}
	ud_free(&ud);
}
