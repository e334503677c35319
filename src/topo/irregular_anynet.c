/*
 * irregular_anynet.c: export of an irregular network as a BookSim 2
 * `anynet` network file (format in irregular.h), through a write callback
 * or into a caller buffer.  No stdio streams: text is built with snprintf.
 */
#include "topo/irregular.h"

#include <stdio.h>
#include <string.h>

static int put_token(irr_write_fn write, void *ctx, const char *kind, int id,
		     int space)
{
	char tok[40];
	int n = snprintf(tok, sizeof tok, "%s%s %d", space ? " " : "", kind, id);
	return write(ctx, tok, (size_t)n);
}

int irr_anynet_emit(const struct irr_net *net, irr_write_fn write, void *ctx)
{
	if (!net || !write || net->switches < 1)
		return -1;
	for (int s = 0; s < net->switches; s++) {
		if (put_token(write, ctx, "router", s, 0))
			return -1;
		for (int n = net->first_node[s]; n < net->first_node[s + 1]; n++)
			if (put_token(write, ctx, "node", n, 1))
				return -1;
		for (int e = net->adj_start[s]; e < net->adj_start[s + 1]; e++)
			if (put_token(write, ctx, "router", net->adj[e], 1))
				return -1;
		if (write(ctx, "\n", 1))
			return -1;
	}
	return 0;
}

struct sink {
	char *buf;
	size_t cap, len;           /* len counts everything, even past cap */
};

static int to_buffer(void *ctx, const char *text, size_t len)
{
	struct sink *k = ctx;
	if (k->len + 1 < k->cap) {
		size_t room = k->cap - 1 - k->len;
		memcpy(k->buf + k->len, text, len < room ? len : room);
	}
	k->len += len;
	return 0;
}

long irr_anynet_format(const struct irr_net *net, char *buf, size_t cap)
{
	struct sink k = { buf, buf ? cap : 0, 0 };
	if (irr_anynet_emit(net, to_buffer, &k))
		return -1;
	if (k.cap > 0)
		buf[k.len < k.cap ? k.len : k.cap - 1] = '\0';
	return (long)k.len;
}
