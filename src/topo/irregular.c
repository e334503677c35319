/*
 * irregular.c: building and validating an irregular switch network
 * (struct irr_net), and small queries on it.  See irregular.h.
 */
#include "topo/irregular.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(struct irr_problem *prob, enum irr_status st, int link,
		int other, int sw)
{
	if (prob) {
		prob->status = st;
		prob->link = link;
		prob->other_link = other;
		prob->sw = sw;
	}
	return -1;
}

static void say(char *msg, size_t msglen, const char *text)
{
	if (msg && msglen > 0)
		snprintf(msg, msglen, "%s", text);
}

void irr_net_free(struct irr_net *net)
{
	if (!net)
		return;
	free(net->links);
	free(net->nodes);
	free(net->ports);
	free(net->first_node);
	free(net->adj_start);
	free(net->adj);
	free(net->adj_link);
	memset(net, 0, sizeof *net);
}

/* Fill adj_start/adj/adj_link from the links (all in range, no self-links):
 * per switch, entries in increasing link index. */
static void build_csr(struct irr_net *net)
{
	int S = net->switches, L = net->nlinks;
	int *pos = net->adj_start;

	memset(pos, 0, (size_t)(S + 1) * sizeof *pos);
	for (int i = 0; i < L; i++) {
		pos[net->links[i].a + 1]++;
		pos[net->links[i].b + 1]++;
	}
	for (int u = 0; u < S; u++)
		pos[u + 1] += pos[u];
	/* use first_node as a temporary cursor; it is filled afterwards */
	int *cur = net->first_node;
	for (int u = 0; u < S; u++)
		cur[u] = pos[u];
	for (int i = 0; i < L; i++) {
		int a = net->links[i].a, b = net->links[i].b;
		net->adj[cur[a]] = b;
		net->adj_link[cur[a]++] = i;
		net->adj[cur[b]] = a;
		net->adj_link[cur[b]++] = i;
	}
}

static int check_args(const struct irr_spec *sp, struct irr_problem *prob,
		      char *msg, size_t msglen)
{
	int S = sp->switches;

	if (S < 1 || S > IRR_MAX_SWITCHES) {
		if (msg && msglen)
			snprintf(msg, msglen, "%d switches (allowed: 1..%d)",
				 S, IRR_MAX_SWITCHES);
		return fail(prob, IRR_EARGS, -1, -1, -1);
	}
	if (sp->nlinks < 0 || (sp->nlinks > 0 && !sp->links)
	    || sp->nlinks > S * IRR_MAX_PORTS / 2) {
		if (msg && msglen)
			snprintf(msg, msglen, "%d links (allowed: 0..%d)",
				 sp->nlinks, S * IRR_MAX_PORTS / 2);
		return fail(prob, IRR_EARGS, -1, -1, -1);
	}
	for (int u = 0; u < S; u++) {
		int n = sp->nodes ? sp->nodes[u] : sp->nodes_each;
		int p = sp->ports ? sp->ports[u] : sp->ports_each;
		if (p < 0 || p > IRR_MAX_PORTS) {
			if (msg && msglen)
				snprintf(msg, msglen, "switch %d: %d ports "
					 "(allowed: 0..%d)", u, p, IRR_MAX_PORTS);
			return fail(prob, IRR_EARGS, -1, -1, u);
		}
		if (n < 0 || n > p) {
			if (msg && msglen)
				snprintf(msg, msglen, "switch %d: %d nodes "
					 "(allowed: 0..%d, its ports)", u, n, p);
			return fail(prob, IRR_EARGS, -1, -1, u);
		}
	}
	return 0;
}

static int check_links(const struct irr_spec *sp, struct irr_problem *prob,
		       char *msg, size_t msglen)
{
	int S = sp->switches;

	for (int i = 0; i < sp->nlinks; i++) {
		int a = sp->links[i].a, b = sp->links[i].b;
		int bad = (a < 0 || a >= S) ? a : (b < 0 || b >= S) ? b : -1;
		if (a < 0 || a >= S || b < 0 || b >= S) {
			if (msg && msglen)
				snprintf(msg, msglen, "link %d (%d-%d): switch %d "
					 "out of range 0..%d", i, a, b, bad, S - 1);
			return fail(prob, IRR_ERANGE, i, -1, bad);
		}
		if (a == b) {
			if (msg && msglen)
				snprintf(msg, msglen, "link %d (%d-%d): self-link "
					 "at switch %d", i, a, b, a);
			return fail(prob, IRR_ESELF, i, -1, a);
		}
	}
	return 0;
}

/* Duplicates, port limits and connectivity on the built CSR. */
static int check_structure(const struct irr_net *net, int *scratch,
			   struct irr_problem *prob, char *msg, size_t msglen)
{
	int S = net->switches;
	const struct irr_link *lk = net->links;

	/* duplicates: the smallest link index equal to an earlier link */
	int dup = -1, orig = -1;
	int *seen = scratch;               /* per switch: link index + 1 */
	memset(seen, 0, (size_t)S * sizeof *seen);
	for (int u = 0; u < S; u++) {
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++) {
			int v = net->adj[e], l = net->adj_link[e];
			if (seen[v] && (dup < 0 || l < dup)) {
				dup = l;
				orig = seen[v] - 1;
			} else if (!seen[v]) {
				seen[v] = l + 1;
			}
		}
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++)
			seen[net->adj[e]] = 0;
	}
	if (dup >= 0) {
		if (msg && msglen)
			snprintf(msg, msglen, "link %d (%d-%d) duplicates link %d "
				 "(%d-%d)", dup, lk[dup].a, lk[dup].b, orig,
				 lk[orig].a, lk[orig].b);
		return fail(prob, IRR_EDUP, dup, orig, lk[dup].a);
	}

	/* ports: the smallest link index beyond some switch's free ports */
	int over = -1, osw = -1;
	for (int u = 0; u < S; u++) {
		int freep = net->ports[u] - net->nodes[u];
		int deg = net->adj_start[u + 1] - net->adj_start[u];
		if (deg > freep) {
			int l = net->adj_link[net->adj_start[u] + freep];
			if (over < 0 || l < over) {
				over = l;
				osw = u;
			}
		}
	}
	if (over >= 0) {
		if (msg && msglen)
			snprintf(msg, msglen, "link %d (%d-%d): switch %d has %d "
				 "links but %d free ports (%d ports, %d nodes)",
				 over, lk[over].a, lk[over].b, osw,
				 irr_degree(net, osw), net->ports[osw] - net->nodes[osw],
				 net->ports[osw], net->nodes[osw]);
		return fail(prob, IRR_EPORTS, over, -1, osw);
	}

	/* connectivity: BFS from switch 0 */
	int *queue = scratch, head = 0, tail = 0;
	unsigned char *mark = calloc((size_t)S, 1);
	if (!mark) {
		say(msg, msglen, "out of memory");
		return fail(prob, IRR_ENOMEM, -1, -1, -1);
	}
	mark[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		int u = queue[head++];
		for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++) {
			int v = net->adj[e];
			if (!mark[v]) {
				mark[v] = 1;
				queue[tail++] = v;
			}
		}
	}
	int lost = -1;
	for (int u = 0; u < S && lost < 0; u++)
		if (!mark[u])
			lost = u;
	free(mark);
	if (lost >= 0) {
		if (msg && msglen)
			snprintf(msg, msglen, "switch %d is not reachable from "
				 "switch 0 (network disconnected: %d of %d switches "
				 "reachable)", lost, tail, S);
		return fail(prob, IRR_EDISCONNECTED, -1, -1, lost);
	}
	return 0;
}

int irr_net_build(struct irr_net *net, const struct irr_spec *sp,
		  struct irr_problem *prob, char *msg, size_t msglen)
{
	memset(net, 0, sizeof *net);
	fail(prob, IRR_OK, -1, -1, -1);
	if (msg && msglen)
		msg[0] = '\0';
	if (check_args(sp, prob, msg, msglen) || check_links(sp, prob, msg, msglen))
		return -1;

	int S = sp->switches, L = sp->nlinks;
	net->switches = S;
	net->nlinks = L;
	net->links = malloc((size_t)(L > 0 ? L : 1) * sizeof *net->links);
	net->nodes = malloc((size_t)S * sizeof *net->nodes);
	net->ports = malloc((size_t)S * sizeof *net->ports);
	net->first_node = malloc((size_t)(S + 1) * sizeof *net->first_node);
	net->adj_start = malloc((size_t)(S + 1) * sizeof *net->adj_start);
	net->adj = malloc((size_t)(2 * L + 1) * sizeof *net->adj);
	net->adj_link = malloc((size_t)(2 * L + 1) * sizeof *net->adj_link);
	int *scratch = malloc((size_t)S * sizeof *scratch);
	if (!net->links || !net->nodes || !net->ports || !net->first_node
	    || !net->adj_start || !net->adj || !net->adj_link || !scratch) {
		free(scratch);
		irr_net_free(net);
		say(msg, msglen, "out of memory");
		return fail(prob, IRR_ENOMEM, -1, -1, -1);
	}
	if (L > 0)
		memcpy(net->links, sp->links, (size_t)L * sizeof *net->links);
	for (int u = 0; u < S; u++) {
		net->nodes[u] = sp->nodes ? sp->nodes[u] : sp->nodes_each;
		net->ports[u] = sp->ports ? sp->ports[u] : sp->ports_each;
	}
	build_csr(net);
	net->first_node[0] = 0;
	for (int u = 0; u < S; u++)
		net->first_node[u + 1] = net->first_node[u] + net->nodes[u];

	int rc = check_structure(net, scratch, prob, msg, msglen);
	free(scratch);
	if (rc) {
		irr_net_free(net);
		return -1;
	}
	return 0;
}

int irr_find_link(const struct irr_net *net, int u, int v)
{
	if (u < 0 || u >= net->switches)
		return -1;
	for (int e = net->adj_start[u]; e < net->adj_start[u + 1]; e++)
		if (net->adj[e] == v)
			return net->adj_link[e];
	return -1;
}

int irr_degree(const struct irr_net *net, int u)
{
	return net->adj_start[u + 1] - net->adj_start[u];
}
