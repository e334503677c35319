/*
 * lineedit.h: a one-line text editor (values, file names) with a cursor.
 *
 * Holds UTF-8 text of at most LINEEDIT_MAX - 1 bytes; the cursor is a byte
 * offset that always sits on a character boundary.  Keys arrive as actions
 * from the key table (context CTX_LINE) or as characters to insert.  The
 * view function scrolls horizontally so the cursor stays visible.
 *
 * Pure; owned by the UI thread.
 */
#ifndef ICNX_UI_LINEEDIT_H
#define ICNX_UI_LINEEDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/keys.h"

#define LINEEDIT_MAX 1024

struct lineedit {
	char buf[LINEEDIT_MAX];
	size_t len;      /* bytes */
	size_t cur;      /* byte offset of the cursor, 0..len */
	bool fresh;      /* the text is the untouched initial value: the first
	                    character typed replaces it (any action keeps it) */
};

enum le_result { LE_CONTINUE, LE_ACCEPT, LE_CANCEL };

/* Start with text (cursor at the end, text marked fresh). */
void le_set(struct lineedit *le, const char *text);

/* Insert the character with code point cp (>= 32) at the cursor (after
 * clearing a fresh text).  Returns false when it does not fit. */
bool le_insert(struct lineedit *le, unsigned cp);

/* Apply an action (ACT_LEFT, ACT_RIGHT, ACT_HOME, ACT_END, ACT_BACKSPACE, ACT_DELCHAR,
 * ACT_KILL, ACT_ACCEPT, ACT_CANCEL); other actions are ignored. */
enum le_result le_action(struct lineedit *le, enum action a);

/* Which part to show in a field `width` columns wide: the byte offset of
 * the first shown character (*start) and the column of the cursor in the
 * field (*col).  One column per character. */
void le_view(const struct lineedit *le, int width, size_t *start, int *col);

#endif
