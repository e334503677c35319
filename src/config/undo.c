/* undo.c: the undo/redo stacks of configuration snapshots (see undo.h). */
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

void undo_free(struct undo *u)
{
	if (!u)
		return;
	free(u->past);
	free(u->future);
	u->past = u->future = NULL;
	u->npast = u->head = u->nfuture = 0;
}

void undo_clear(struct undo *u)
{
	u->npast = u->head = u->nfuture = 0;
}

static void push_past(struct undo *u, const struct config *c)
{
	if (u->npast == UNDO_MAX) {
		/* Drop the oldest: overwrite it and advance the head. */
		u->past[u->head] = *c;
		u->head = (u->head + 1) % UNDO_MAX;
		return;
	}
	u->past[(u->head + u->npast) % UNDO_MAX] = *c;
	u->npast++;
}

void undo_push(struct undo *u, const struct config *before)
{
	if (!u->past)
		return;
	push_past(u, before);
	u->nfuture = 0;
}

bool undo_undo(struct undo *u, struct config *cur)
{
	if (!u->past || u->npast == 0)
		return false;
	size_t top = (u->head + u->npast - 1) % UNDO_MAX;
	if (u->nfuture < UNDO_MAX)
		u->future[u->nfuture++] = *cur;
	*cur = u->past[top];
	u->npast--;
	return true;
}

bool undo_redo(struct undo *u, struct config *cur)
{
	if (!u->future || u->nfuture == 0)
		return false;
	push_past(u, cur);
	*cur = u->future[--u->nfuture];
	return true;
}
