/*
 * undo.h: undo and redo over whole-configuration snapshots.
 *
 * A struct config is a plain value (about 1.5 kB), so every edit pushes a
 * copy of the configuration as it was before; undo swaps the current one
 * with the newest snapshot and keeps the current for redo.  At most
 * UNDO_MAX snapshots are kept (the oldest is dropped).  A new edit clears
 * the redo side.
 *
 * Pure; the owner (the UI thread) is the only user.  undo_free(NULL) is a
 * no-op.
 */
#ifndef ICNX_UI_UNDO_H
#define ICNX_UI_UNDO_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"

#define UNDO_MAX 200

struct undo {
	struct config *past;      /* ring of up to UNDO_MAX snapshots, oldest first */
	size_t npast, head;       /* head: index of the oldest */
	struct config *future;    /* stack of redo snapshots, newest last */
	size_t nfuture;
};

/* Allocate the buffers.  Returns 0 or -1 (out of memory). */
int undo_init(struct undo *u);
void undo_free(struct undo *u);
/* Forget every snapshot. */
void undo_clear(struct undo *u);

/* Record `before`, the configuration an edit is about to replace. */
void undo_push(struct undo *u, const struct config *before);

/* Undo: *cur becomes the newest snapshot and the old *cur goes to redo.
 * Returns false (and leaves *cur) when there is nothing to undo. */
bool undo_undo(struct undo *u, struct config *cur);

/* Redo the last undone edit.  Returns false when there is none. */
bool undo_redo(struct undo *u, struct config *cur);

#endif
