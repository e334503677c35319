/*
 * fuzz_irregular: the irregular topology reader and generator.
 *
 * Input, first byte even (reader): the rest is an `irregular` preset body
 * (after "model: irregular\n"): switches, ports, nodes, switch_nodes,
 * links, root, generate.  An accepted description must build a network
 * (irr_config_net) that is connected and within its ports, whose
 * up*-down* routing gives every pair a legal route, whose table of
 * equivalent distances (up to 40 switches) is symmetric with a zero
 * diagonal and 0 < T[a][b] <= the legal route length, with adjacent
 * switches at 1, and whose BookSim anynet file has one line per switch.
 *
 * First byte odd (generator): the next bytes are irr_generate's
 * parameters (switches mostly <= 64, sometimes up to the limit; any seed).
 * When it accepts them, the network must be what irregular.h promises:
 * connected (it rebuilds through irr_net_build), t = min(links, S-1) links
 * at every switch but at most one with t-1, links sorted, and the same seed
 * gives the same network.
 *
 * Guards against: memory errors, UB and hangs in the reader, the builder,
 * the generator's repair step, up*-down* and the Kirchhoff solver.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "family/irregular.h"
#include "topo/eqdist.h"
#include "topo/updown.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_net(const struct irr_net *net, const char *what)
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

static void check_routing(const struct irr_net *net, int root, const char *what)
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

static void reader(const uint8_t *data, size_t size)
{
	static const char head[] = "model: irregular\n";
	char *text = malloc(sizeof head + size);
	if (!text)
		return;
	memcpy(text, head, sizeof head - 1);
	memcpy(text + sizeof head - 1, data, size);
	struct diag d;
	struct config *cfg = fuzz_load(text, sizeof head - 1 + size, NULL, &d);
	free(text);
	if (!cfg)
		return;
	struct irr_net net;
	if (irr_config_net((const struct irr_config *)config_cbody(cfg), &net, &d) != 0)
		fuzz_fail("a validated irregular configuration does not build: %s", d.msg);
	check_net(&net, "reader");
	if (net.switches <= 200)
		check_routing(&net, ((const struct irr_config *)config_cbody(cfg))->root, "reader");
	irr_net_free(&net);
	fuzz_cfg_free(cfg);
}

static void generator(struct fdp *f)
{
	struct irr_gen_params p;
	p.switches = f->n && fdp_u8(f) < 8 ? (int)fdp_range(f, -2, IRR_MAX_SWITCHES + 2)
					   : (int)fdp_range(f, 0, 64);
	p.nodes = (int)fdp_range(f, -1, 12);
	p.free_ports = (int)fdp_range(f, -1, 12);
	p.links = (int)fdp_range(f, -1, 12);
	p.seed = 0;
	for (int k = 0; k < 8; k++)
		p.seed = p.seed << 8 | fdp_u8(f);

	struct irr_net net, again;
	char msg[256];
	if (irr_generate(&net, &p, msg, sizeof msg) != 0) {
		if (!msg[0])
			fuzz_fail("irr_generate refused without a message");
		return;
	}
	int S = net.switches, t = S == 1 ? 0 : p.links < S - 1 ? p.links : S - 1, short_ = 0;
	if (S != p.switches)
		fuzz_fail("generated %d switches, asked for %d", S, p.switches);
	for (int s = 0; s < S; s++) {
		int deg = irr_degree(&net, s);
		if (deg == t - 1)
			short_++;
		else if (deg != t)
			fuzz_fail("generator: switch %d has %d links, t = %d (S=%d links=%d seed=%llu)",
				  s, deg, t, S, p.links, (unsigned long long)p.seed);
	}
	if (short_ > 1 || (short_ == 1) != ((S * t) % 2 == 1))
		fuzz_fail("generator: %d switches short of t = %d links (S=%d seed=%llu)", short_, t,
			  S, (unsigned long long)p.seed);
	for (int l = 0; l < net.nlinks; l++) {
		const struct irr_link *k = &net.links[l];
		if (k->a >= k->b || (l && (k[-1].a > k->a || (k[-1].a == k->a && k[-1].b >= k->b))))
			fuzz_fail("generator: links not sorted at %d", l);
	}
	/* connected and within ports: the builder accepts the same links */
	struct irr_spec spec = { .switches = S, .nodes = net.nodes, .ports = net.ports,
				 .links = net.links, .nlinks = net.nlinks };
	struct irr_net rebuilt;
	if (irr_net_build(&rebuilt, &spec, NULL, msg, sizeof msg) != 0)
		fuzz_fail("generator: the builder refuses the generated network: %s", msg);
	irr_net_free(&rebuilt);
	if (irr_generate(&again, &p, msg, sizeof msg) != 0 || again.nlinks != net.nlinks ||
	    memcmp(again.links, net.links, (size_t)net.nlinks * sizeof *net.links) != 0)
		fuzz_fail("generator: the same seed gives a different network");
	irr_net_free(&again);
	check_net(&net, "generator");
	if (S <= 40)
		check_routing(&net, -1, "generator");
	irr_net_free(&net);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] & 1) {
		struct fdp f = { data + 1, size - 1 };
		generator(&f);
	} else {
		reader(data + 1, size - 1);
	}
	return 0;
}
