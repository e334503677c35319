/*
 * fuzz_irregular_gen: the irregular topology generator (irr_generate).
 *
 * Input: irr_generate's parameters as bytes (switches mostly <= 64,
 * sometimes up to the limit; any seed).  When it accepts them, the network
 * must be what irregular.h promises: connected (it rebuilds through
 * irr_net_build), t = min(links, S-1) links at every switch but at most one
 * with t-1, links sorted, and the same seed gives the same network; it
 * passes irr_check_net, and up to 40 switches irr_check_routing.
 *
 * Guards against: memory errors, UB and hangs in the generator and its
 * repair step.  (The reader is fuzz_irregular_read.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "irr_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
	irr_check_net(&net, "generator");
	if (S <= 40)
		irr_check_routing(&net, -1, "generator");
	irr_net_free(&net);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdp f = { data, size };
	generator(&f);
	return 0;
}
