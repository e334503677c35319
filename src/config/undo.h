/*
 * undo.h: undo and redo over whole-configuration snapshots.
 *
 * Every edit records the configuration as it was before; undo swaps the
 * current one with the newest snapshot and keeps the current for redo.  At
 * most UNDO_MAX snapshots are kept (the oldest is dropped and freed).  A new
 * edit clears the redo side.  A snapshot is a struct config that the undo
 * owns: it costs what the configuration holds (176 bytes plus its body and
 * lists: about 0.4 kB for arnau-autonet10, 16 kB for a 1024-switch edge
 * list), and snapshots move in and out without copying.
 *
 * Pure; the owner (the UI thread) is the only user.  undo_free(NULL) is a
 * no-op.
 */
#ifndef ICNX_CONFIG_UNDO_H
#define ICNX_CONFIG_UNDO_H

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
/* Free every snapshot and the buffers. */
void undo_free(struct undo *u);
/* Forget (free) every snapshot. */
void undo_clear(struct undo *u);

/* Record a copy of `before`, the configuration an edit is about to replace.
 * Returns 0, or -1 when out of memory (nothing recorded). */
int undo_push(struct undo *u, const struct config *before);

/* Record `before` itself: the undo takes its contents and leaves it empty
 * (freed instead when the undo has no buffers). */
void undo_push_move(struct undo *u, struct config *before);

/* Undo: *cur becomes the newest snapshot and the old *cur goes to redo.
 * Returns false (and leaves *cur) when there is nothing to undo. */
bool undo_undo(struct undo *u, struct config *cur);

/* Redo the last undone edit.  Returns false when there is none. */
bool undo_redo(struct undo *u, struct config *cur);

#endif
