/*
 * keys.c: the key table (see keys.h) and the text generated from it: key
 * names, the help overlay's lines and the mdoc KEYS list of icnx(1).
 */
#include "ui/keys.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#define CTRL(c) ((c) & 0x1f)
#define ESC 27

/* The digits 1..6 jump to a pane; the binding lists the range's ends. */
#define PANE_FIRST '1'
#define PANE_LAST '6'

const struct binding keys_table[] = {
	/* everywhere */
	{ ACT_HELP, CTX_GLOBAL, { '?', KEY_F(1) }, "help: this list of keys" },
	{ ACT_QUIT, CTX_GLOBAL, { 'q', KEY_F(10) },
	  "quit (asks once when there are unsaved edits or simulated results not "
	  "exported: q again or y quits)" },
	{ ACT_QUIT_NOW, CTX_GLOBAL, { CTRL('c') }, "quit at once, discarding unsaved edits" },
	{ ACT_NEXT_PANE, CTX_GLOBAL, { '\t' }, "next pane" },
	{ ACT_PREV_PANE, CTX_GLOBAL, { KEY_BTAB }, "previous pane" },
	{ ACT_PANE, CTX_GLOBAL, { PANE_FIRST, PANE_LAST },
	  "go to pane: organisation, network, traffic, plot, breakdown, heatmap" },
	{ ACT_UNDO, CTX_GLOBAL, { 'u' }, "undo the last edit (simulated points kept with the "
	  "configuration it returns to come back with it)" },
	{ ACT_REDO, CTX_GLOBAL, { CTRL('r'), 'U' }, "redo" },
	{ ACT_SAVE, CTX_GLOBAL, { 'w', KEY_F(2) },
	  "save the preset as a file (atomic; shipped presets are never overwritten)" },
	{ ACT_PICKER, CTX_GLOBAL, { 'o', KEY_F(3) }, "open a preset from the list" },
	{ ACT_OPEN, CTX_GLOBAL, { 'O' }, "open a preset file by name" },
	{ ACT_EXPORT_CSV, CTX_GLOBAL, { 's' }, "export what the plot shows as CSV: the curve, or the "
	  "simulated points (beside the model) or view" },
	{ ACT_EXPORT_SCREEN, CTX_GLOBAL, { 'S' }, "save the screen as a text file" },
	{ ACT_EXPORT_FIGURE, CTX_GLOBAL, { 'F' }, "write the plot as a figure for a report: a "
	  "gnuplot script with its data (curves, pins, simulated points and their intervals, "
	  "axes, legend); gnuplot draws it as PDF, SVG or PNG" },
	{ ACT_CMDLINE, CTX_GLOBAL, { 'b' },
	  "show the icnx --batch command that prints the numbers on screen" },
	{ ACT_PIN, CTX_GLOBAL, { 'p' }, "pin the current curve (value and delta % at the cursor; its refined curve too, '\"', while M shows it) and the heatmap's table (c compares), to compare later edits with them" },
	{ ACT_UNPIN, CTX_GLOBAL, { 'P' }, "clear all pins, and the simulated points kept from "
	  "configurations an edit left (u brings such points back with their configuration)" },
	{ ACT_LOGY, CTX_GLOBAL, { 'L' }, "logarithmic / linear latency axis" },
	{ ACT_FIT_Y, CTX_GLOBAL, { 'Y' },
	  "y axis: fit every value, or clip a curve that shoots up near saturation (noted)" },
	{ ACT_FULLTEXT, CTX_GLOBAL, { 'i' },
	  "read in full what the screen cuts: the status, the hint, the focused view's "
	  "table or cell" },
	{ ACT_SIMULATE, CTX_GLOBAL, { 'r' },
	  "simulate at sim.points loads (6) below the model's saturation, spaced as "
	  "sim.spacing says (evenly by default): "
	  "points with 95% error bars, or the view v chose; the status shows progress and time "
	  "left; r stops, then clears; an edit cancels" },
	{ ACT_GLYPHS, CTX_GLOBAL, { 'A' }, "ASCII / Unicode glyphs" },
	{ ACT_REDRAW, CTX_GLOBAL, { CTRL('l') }, "redraw the whole screen" },
	{ ACT_REVERT, CTX_GLOBAL, { ESC, 'R' },
	  "drop an incomplete edit (a draft): back to the last valid configuration" },

	/* moving */
	{ ACT_UP, CTX_MOVE, { KEY_UP, 'k' }, "up: previous field or row" },
	{ ACT_DOWN, CTX_MOVE, { KEY_DOWN, 'j' }, "down: next field or row" },
	{ ACT_LEFT, CTX_MOVE, { KEY_LEFT, 'h' }, "left: previous column; plot: cursor to lower load" },
	{ ACT_RIGHT, CTX_MOVE, { KEY_RIGHT, 'l' }, "right: next column; plot: cursor to higher load" },
	{ ACT_PGUP, CTX_MOVE, { KEY_PPAGE }, "page up; plot: cursor a tenth of the curve left" },
	{ ACT_PGDN, CTX_MOVE, { KEY_NPAGE }, "page down; plot: cursor a tenth of the curve right" },
	{ ACT_HOME, CTX_MOVE, { KEY_HOME, 'g' }, "first row; plot: first point" },
	{ ACT_END, CTX_MOVE, { KEY_END, 'G' }, "last row; plot: last point" },

	/* editing panes */
	{ ACT_EDIT, CTX_FORM, { '\n', '\r', KEY_ENTER }, "type a new value for the selected field" },
	{ ACT_INC, CTX_FORM, { '+', '=' }, "step the value up (next choice)" },
	{ ACT_DEC, CTX_FORM, { '-', '_' }, "step the value down (previous choice)" },
	{ ACT_ADD, CTX_FORM, { 'a', KEY_IC }, "add a list item: a copy of the selected one" },
	{ ACT_DELETE, CTX_FORM, { 'd', KEY_DC },
	  "delete the selected list item; on a field outside lists, clear it like x" },
	{ ACT_CLEAR_LIST, CTX_FORM, { 'D' },
	  "delete every item of the selected list (one undo step), e.g. links before generate" },
	{ ACT_CLEAR, CTX_FORM, { 'x' },
	  "clear the selected optional field (absent), e.g. a_n to give t_cn instead" },

	/* plot */
	{ ACT_COLUMN_NEXT, CTX_PLOT, { 'c' },
	  "plot the next column of the curve (latency, its parts, per group)" },
	{ ACT_COLUMN_PREV, CTX_PLOT, { 'C' }, "plot the previous column" },
	{ ACT_MULTI, CTX_PLOT, { 'm' },
	  "one curve, or every column of its unit (one curve per operation)" },
	{ ACT_REFINED, CTX_PLOT, { 'M' },
	  "show / hide the refined model's curve (~) and saturation (;) beside the printed "
	  "one, where the curve has one (options.model = refined)" },
	{ ACT_SIM_VIEW, CTX_PLOT, { 'v' },
	  "next simulated view: the curve, or (irregular) per-pair latency against equivalent "
	  "distance, route length or hops with the fitted line (Figures 6-7), the mean per "
	  "distance (Figure 8), r against traffic per pattern (Figures 9-10); c/C: its x and y" },

	/* breakdown and heatmap */
	{ ACT_VIEW, CTX_VIEW, { 'v' },
	  "next view: tables, bars and text (breakdown; after them, while there are "
	  "simulated points, model vs sim part by part); matrices and bars (heatmap)" },
	{ ACT_ITEM_NEXT, CTX_VIEW, { ']' },
	  "next item of the view (--select: a cluster group, a switch)" },
	{ ACT_ITEM_PREV, CTX_VIEW, { '[' }, "previous item" },
	{ ACT_ZOOM_IN, CTX_VIEW, { '+', '=', 'z' },
	  "heatmap: zoom in (more cells per element), then scroll with the cursor" },
	{ ACT_ZOOM_OUT, CTX_VIEW, { '-', '_', 'Z' }, "heatmap: zoom out, back to the whole table" },
	{ ACT_COMPARE, CTX_VIEW, { 'c' },
	  "heatmap, after p pinned its table: this and the pin on one shared scale, the pin on it, "
	  "the difference (this - pin, signed shades), this on its own scale" },
	{ ACT_EXPAND, CTX_VIEW, { 'f' },
	  "the breakdown or heatmap takes the whole right column (f again: back)" },

	/* line editor */
	{ ACT_ACCEPT, CTX_LINE, { '\n', '\r', KEY_ENTER }, "accept the value" },
	{ ACT_CANCEL, CTX_LINE, { ESC, CTRL('g') }, "cancel, keeping the old value" },
	{ ACT_LEFT, CTX_LINE, { KEY_LEFT, CTRL('b') }, "cursor left" },
	{ ACT_RIGHT, CTX_LINE, { KEY_RIGHT, CTRL('f') }, "cursor right" },
	{ ACT_HOME, CTX_LINE, { KEY_HOME, CTRL('a') }, "start of the line" },
	{ ACT_END, CTX_LINE, { KEY_END, CTRL('e') }, "end of the line" },
	{ ACT_BACKSPACE, CTX_LINE, { KEY_BACKSPACE, 127, CTRL('h') }, "delete the character before the cursor" },
	{ ACT_DELCHAR, CTX_LINE, { KEY_DC, CTRL('d') }, "delete the character under the cursor" },
	{ ACT_KILL, CTX_LINE, { CTRL('u') }, "clear the line" },
	{ ACT_COMPLETE, CTX_LINE, { '\t' },
	  "file prompts: complete the file name (presets too when opening), as a shell does" },

	/* preset picker */
	{ ACT_ACCEPT, CTX_PICKER, { '\n', '\r', KEY_ENTER }, "open the selected preset" },
	{ ACT_FILTER, CTX_PICKER, { '/' },
	  "filter the list by typing part of a name, title or model (C-u clears); "
	  "typing a character no key uses starts it too" },
	{ ACT_CANCEL, CTX_PICKER, { ESC, 'q' }, "close the list (Esc also clears the filter)" },

	{ ACT_NONE, 0, { 0 }, NULL },
};

enum action keys_lookup(int key, unsigned ctx_mask, int *arg)
{
	for (const struct binding *b = keys_table; b->action != ACT_NONE; b++) {
		if (!(b->ctx & ctx_mask))
			continue;
		if (b->action == ACT_PANE) {
			if (key >= PANE_FIRST && key <= PANE_LAST) {
				if (arg)
					*arg = key - PANE_FIRST;
				return ACT_PANE;
			}
			continue;
		}
		for (int i = 0; i < KEYS_PER_BINDING && b->keys[i]; i++)
			if (b->keys[i] == key)
				return b->action;
	}
	return ACT_NONE;
}

char *keys_name(int key, char *buf, size_t n)
{
	static const struct { int key; const char *name; } names[] = {
		{ '\t', "Tab" }, { KEY_BTAB, "S-Tab" }, { '\n', "Enter" }, { '\r', NULL },
		{ KEY_ENTER, NULL }, { ESC, "Esc" }, { ' ', "Space" }, { KEY_UP, "Up" },
		{ KEY_DOWN, "Down" }, { KEY_LEFT, "Left" }, { KEY_RIGHT, "Right" },
		{ KEY_PPAGE, "PgUp" }, { KEY_NPAGE, "PgDn" }, { KEY_HOME, "Home" },
		{ KEY_END, "End" }, { KEY_IC, "Ins" }, { KEY_DC, "Del" },
		{ KEY_BACKSPACE, "Backspace" }, { 127, NULL }, { CTRL('h'), NULL },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (names[i].key == key) {
			snprintf(buf, n, "%s", names[i].name ? names[i].name : "");
			return buf;
		}
	}
	if (key >= KEY_F(1) && key <= KEY_F(12))
		snprintf(buf, n, "F%d", key - KEY_F(0));
	else if (key > 0 && key < 32)
		snprintf(buf, n, "C-%c", key + 'a' - 1);
	else if (key > 32 && key < 127)
		snprintf(buf, n, "%c", key);
	else
		snprintf(buf, n, "key %d", key);
	return buf;
}

char *keys_binding_names(const struct binding *b, char *buf, size_t n)
{
	char one[32];
	size_t len = 0;

	buf[0] = '\0';
	if (b->action == ACT_PANE) {
		snprintf(buf, n, "%c ... %c", PANE_FIRST, PANE_LAST);
		return buf;
	}
	for (int i = 0; i < KEYS_PER_BINDING && b->keys[i] && len < n; i++) {
		keys_name(b->keys[i], one, sizeof one);
		if (!one[0])
			continue;      /* an alias with no name of its own (C-m for Enter) */
		len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? ", " : "", one);
	}
	return buf;
}

char *keys_for(enum action a, unsigned ctx, char *buf, size_t n)
{
	buf[0] = '\0';
	for (const struct binding *b = keys_table; b->action != ACT_NONE; b++) {
		if (b->action == a && (b->ctx & ctx)) {
			char one[32];
			keys_name(b->keys[0], one, sizeof one);
			snprintf(buf, n, "%s", one);
			break;
		}
	}
	return buf;
}

static const unsigned ctx_order[] = {
	CTX_GLOBAL, CTX_MOVE, CTX_FORM, CTX_PLOT, CTX_VIEW, CTX_LINE, CTX_PICKER,
};

const char *keys_ctx_title(unsigned ctx)
{
	switch (ctx) {
	case CTX_GLOBAL: return "Everywhere";
	case CTX_MOVE: return "Moving (arrows and vi keys)";
	case CTX_FORM: return "Organisation, network and traffic panes";
	case CTX_PLOT: return "Plot pane";
	case CTX_VIEW: return "Breakdown and heatmap panes";
	case CTX_LINE: return "Typing a value or a file name";
	case CTX_PICKER: return "Preset list";
	default: return "";
	}
}

void keys_help_text(struct strbuf *b, int keyw)
{
	char names[96];

	for (size_t c = 0; c < sizeof ctx_order / sizeof ctx_order[0]; c++) {
		strbuf_printf(b, "%s%s\n", c ? "\n" : "", keys_ctx_title(ctx_order[c]));
		for (const struct binding *k = keys_table; k->action != ACT_NONE; k++) {
			if (k->ctx != ctx_order[c])
				continue;
			keys_binding_names(k, names, sizeof names);
			strbuf_printf(b, "  %-*s %s\n", keyw, names, k->help);
		}
	}
}

/* mdoc needs \& before a leading dot or apostrophe, before words that
 * look like macro names and before lone delimiters ("?", "[" ...), and \e
 * for a backslash. */
static void mdoc_word(struct strbuf *b, const char *s)
{
	if (s[0] == '.' || s[0] == '\'' ||
	    (strlen(s) == 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'a' && s[1] <= 'z') ||
	    (strlen(s) == 1 && strchr("([{)]}.,:;|!?", s[0])))
		strbuf_puts(b, "\\&");
	for (; *s; s++) {
		if (*s == '\\')
			strbuf_puts(b, "\\e");
		else
			strbuf_add(b, s, 1);
	}
}

void keys_mdoc(struct strbuf *b)
{
	char one[32];

	strbuf_puts(b, ".\\\" Generated from the key table in src/ui/keys.c; do not edit.\n"
		       ".\\\" tests/unit/test_ui_keys.c checks it; ICNX_UPDATE_GOLDEN=1 rewrites it.\n");
	for (size_t c = 0; c < sizeof ctx_order / sizeof ctx_order[0]; c++) {
		strbuf_printf(b, ".Ss %s\n.Bl -tag -width Ds\n", keys_ctx_title(ctx_order[c]));
		for (const struct binding *k = keys_table; k->action != ACT_NONE; k++) {
			if (k->ctx != ctx_order[c])
				continue;
			strbuf_puts(b, ".It");
			if (k->action == ACT_PANE) {
				strbuf_printf(b, " Ic %c No ... Ic %c", PANE_FIRST, PANE_LAST);
			} else {
				int first = 1;
				for (int i = 0; i < KEYS_PER_BINDING && k->keys[i]; i++) {
					keys_name(k->keys[i], one, sizeof one);
					if (!one[0])
						continue;
					strbuf_puts(b, first ? " Ic " : " , Ic ");
					mdoc_word(b, one);
					first = 0;
				}
			}
			strbuf_puts(b, "\n");
			/* Capitalise the first letter; one sentence per line. */
			char h[256];
			snprintf(h, sizeof h, "%s", k->help);
			if (h[0] >= 'a' && h[0] <= 'z')
				h[0] = (char)(h[0] - 'a' + 'A');
			if (h[0] == '.')
				strbuf_puts(b, "\\&");
			strbuf_printf(b, "%s.\n", h);
		}
		strbuf_puts(b, ".El\n");
	}
}
