/* undo.c: the undo/redo stacks of configuration snapshots (see undo.h).
 * Snapshots move between the stacks and the caller's configuration with
 * config_move; only undo_push copies. */
#include "config/undo.h"

#include <stdlib.h>

int undo_init(struct undo *u)
{
	u->past = calloc(UNDO_MAX, sizeof *u->past);
	u->future = calloc(UNDO_MAX, sizeof *u->future);
	u->npast = u->head = u->nfuture = 0;
	if (!u->past || !u->future) {
		undo_free(u);
		return -1;
	}
	return 0;
}

static void clear_future(struct undo *u)
{
	while (u->nfuture > 0)
		config_free(&u->future[--u->nfuture]);
}

void undo_clear(struct undo *u)
{
	for (size_t i = 0; i < u->npast; i++)
		config_free(&u->past[(u->head + i) % UNDO_MAX]);
	u->npast = u->head = 0;
	clear_future(u);
}

void undo_free(struct undo *u)
{
	if (!u)
		return;
	if (u->past && u->future)
		undo_clear(u);
	free(u->past);
	free(u->future);
	u->past = u->future = NULL;
	u->npast = u->head = u->nfuture = 0;
}

/* Take c's contents as the newest snapshot (c left empty). */
static void push_past(struct undo *u, struct config *c)
{
	if (u->npast == UNDO_MAX) {
		/* Drop the oldest: free it, reuse its slot, advance the head. */
		config_free(&u->past[u->head]);
		config_move(&u->past[u->head], c);
		u->head = (u->head + 1) % UNDO_MAX;
		return;
	}
	config_move(&u->past[(u->head + u->npast) % UNDO_MAX], c);
	u->npast++;
}

void undo_push_move(struct undo *u, struct config *before)
{
	if (!u->past) {
		config_free(before);
		return;
	}
	push_past(u, before);
	clear_future(u);
}

int undo_push(struct undo *u, const struct config *before)
{
	struct config c;

	if (!u->past)
		return 0;
	if (config_copy(&c, before))
		return -1;
	undo_push_move(u, &c);
	return 0;
}

bool undo_undo(struct undo *u, struct config *cur)
{
	if (!u->past || u->npast == 0)
		return false;
	size_t top = (u->head + u->npast - 1) % UNDO_MAX;
	if (u->nfuture < UNDO_MAX)
		config_move(&u->future[u->nfuture++], cur);
	else
		config_free(cur);
	config_move(cur, &u->past[top]);
	u->npast--;
	return true;
}

bool undo_redo(struct undo *u, struct config *cur)
{
	if (!u->future || u->nfuture == 0)
		return false;
	push_past(u, cur);
	config_move(cur, &u->future[--u->nfuture]);
	return true;
}
