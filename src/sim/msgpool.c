/*
 * msgpool.c: the message records an engine holds and the draw of a new
 * message's length (contract in core.h, struct sim_msgs and sim_mix_draw),
 * written once for the cycle core (core.c) and the input-queued router
 * (iqrouter.c).
 */
#include "sim/core.h"

#include <stdlib.h>
#include <string.h>

int sim_msgs_new(struct sim_msgs *p)
{
	int id;

	if (p->free < 0) {
		int cap = p->cap ? 2 * p->cap : 1024;
		struct sim_msg *m = realloc(p->m, (size_t)cap * sizeof *m);

		if (!m)
			return -1;
		p->m = m;
		for (int i = cap - 1; i >= p->cap; i--) {
			m[i].next = p->free;
			p->free = i;
		}
		p->cap = cap;
	}
	id = p->free;
	p->free = p->m[id].next;
	return id;
}

void sim_msgs_release(struct sim_msgs *p, int id)
{
	p->m[id].next = p->free;
	p->free = id;
}

void sim_msgs_free(struct sim_msgs *p)
{
	if (!p)
		return;
	free(p->m);
	*p = (struct sim_msgs){ .free = -1 };
}

int sim_mix_draw(const struct sim_mix *mix, struct sim_rng *rng)
{
	double u;

	if (mix->n == 1)
		return mix->length[0];
	u = sim_rng_unit(rng);
	for (int i = 0; i < mix->n - 1; i++) {
		if (u < mix->prob[i])
			return mix->length[i];
		u -= mix->prob[i];
	}
	return mix->length[mix->n - 1];
}
