/*
 * keys.h: the one key table of the explorer.
 *
 * Every key binding is one row: the keys, the action they trigger, the
 * context where they apply and a help line.  The same table yields the key
 * dispatch (keys_lookup), the help overlay, the context hints of the status
 * area and the KEYS section of icnx(1) (keys_mdoc, checked against
 * man/keys.mdoc.inc by tests/unit/test_ui_keys.c).
 *
 * Pure data and string functions; any thread may call them (they touch no
 * curses state, only the KEY_* constants of <curses.h>).
 */
#ifndef ICNX_UI_KEYS_H
#define ICNX_UI_KEYS_H

#include <stddef.h>

#include "base/strbuf.h"

enum action {
	ACT_NONE = 0,
	/* everywhere */
	ACT_HELP, ACT_QUIT, ACT_QUIT_NOW, ACT_NEXT_PANE, ACT_PREV_PANE, ACT_PANE,
	ACT_UNDO, ACT_REDO, ACT_SAVE, ACT_PICKER, ACT_OPEN, ACT_EXPORT_CSV, ACT_EXPORT_SCREEN, ACT_EXPORT_FIGURE,
	ACT_CMDLINE, ACT_PIN, ACT_UNPIN, ACT_LOGY, ACT_FIT_Y, ACT_FULLTEXT, ACT_GLYPHS, ACT_REDRAW, ACT_REVERT,
	ACT_SIMULATE,
	/* moving */
	ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT, ACT_PGUP, ACT_PGDN, ACT_HOME, ACT_END,
	/* editing panes */
	ACT_EDIT, ACT_INC, ACT_DEC, ACT_ADD, ACT_DELETE, ACT_CLEAR_LIST, ACT_CLEAR,
	/* plot */
	ACT_COLUMN_NEXT, ACT_COLUMN_PREV, ACT_MULTI, ACT_SIM_VIEW, ACT_REFINED,
	/* tables and heatmap */
	ACT_VIEW, ACT_ITEM_NEXT, ACT_ITEM_PREV, ACT_ZOOM_IN, ACT_ZOOM_OUT, ACT_EXPAND, ACT_COMPARE,
	/* line editor and overlays */
	ACT_ACCEPT, ACT_CANCEL, ACT_FILTER, ACT_BACKSPACE, ACT_DELCHAR, ACT_KILL, ACT_COMPLETE,
	ACT_COUNT
};

/* Contexts: where a binding applies (bit set). */
enum {
	CTX_GLOBAL = 1u << 0,  /* any pane, no overlay */
	CTX_MOVE   = 1u << 1,  /* any pane: moving the selection / cursor */
	CTX_FORM   = 1u << 2,  /* the editing panes (organisation, network, traffic) */
	CTX_PLOT   = 1u << 3,  /* the plot pane */
	CTX_VIEW   = 1u << 4,  /* the breakdown table and the heatmap */
	CTX_LINE   = 1u << 5,  /* the line editor (values, file names) */
	CTX_PICKER = 1u << 6,  /* the preset picker */
};

#define KEYS_PER_BINDING 4

struct binding {
	enum action action;
	unsigned ctx;                     /* one CTX_* bit */
	int keys[KEYS_PER_BINDING];       /* curses key codes; 0 ends the list */
	const char *help;                 /* one line, lower case */
};

/* The table, terminated by action ACT_NONE.  Static storage. */
extern const struct binding keys_table[];

/* The action bound to key in any of the contexts in ctx_mask (the first
 * match in table order), ACT_NONE if none.  For ACT_PANE, *arg receives the
 * pane number (0-based); arg may be NULL. */
enum action keys_lookup(int key, unsigned ctx_mask, int *arg);

/* A key's display name: "q", "Tab", "S-Tab", "F1", "C-r", "Up", "Enter".
 * Returns buf. */
char *keys_name(int key, char *buf, size_t n);

/* The keys of binding b joined with ", " ("q, F10").  Returns buf. */
char *keys_binding_names(const struct binding *b, char *buf, size_t n);

/* The keys bound to action a in ctx (first binding), e.g. "u" for ACT_UNDO;
 * "" if unbound.  Returns buf. */
char *keys_for(enum action a, unsigned ctx, char *buf, size_t n);

/* Title of a context group for the help overlay and the man page. */
const char *keys_ctx_title(unsigned ctx);

/* Append the help text (one line per binding, grouped by context, keys in
 * a column of width keyw) to b. */
void keys_help_text(struct strbuf *b, int keyw);

/* Append the mdoc(7) KEYS list (for man/keys.mdoc.inc) to b. */
void keys_mdoc(struct strbuf *b);

#endif
