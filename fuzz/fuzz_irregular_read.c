/*
 * fuzz_irregular_read: the irregular topology reader alone (a parser
 * target, fuzzed at a high rate; the generator is fuzz_irregular_gen).
 *
 * Input: an `irregular` preset body (after "model: irregular\n"):
 * switches, ports, nodes, switch_nodes, links, root, generate.  An accepted
 * description must build a network (irr_config_net) that is connected and
 * within its ports, whose up*-down* routing gives every pair a legal route
 * (up to 200 switches), whose table of equivalent distances (up to 40
 * switches) is symmetric with a zero diagonal and 0 < T[a][b] <= the legal
 * route length, with adjacent switches at 1, and whose BookSim anynet file
 * has one line per switch (irr_check.h).
 *
 * Guards against: memory errors, UB and hangs in the reader, the
 * validator, the builder, up*-down* and the Kirchhoff solver.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "irr_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
	irr_check_net(&net, "reader");
	if (net.switches <= 200)
		irr_check_routing(&net, ((const struct irr_config *)config_cbody(cfg))->root, "reader");
	irr_net_free(&net);
	fuzz_cfg_free(cfg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	reader(data, size);
	return 0;
}
