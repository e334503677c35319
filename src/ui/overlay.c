/* overlay.c: the help and question overlays (see overlay.h). */
#include "ui/overlay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/version.h"
#include "ui/cmdline.h"
#include "ui/draw.h"
#include "ui/frame.h"
#include "ui/style.h"

static void help_text(struct app *a, struct strbuf *b)
{
	char why[256];

	strbuf_printf(b, "icnx %s: %s (%s)\n", icnx_version, a->cfg.family->schema.title,
		      a->cfg.family->schema.papers);
	strbuf_printf(b, "Preset: %s%s\n\n", a->l->path, app_modified(a) ? " (edited)" : "");
	keys_help_text(b, 14);
	if (a->cfg.family->simulates)
		strbuf_printf(b, "\nThe simulator (r) simulates, icnx(1) SIMULATED SYSTEMS:\n  %s\n",
			      a->cfg.family->simulates);
	if (a->cfg.family->validation)
		strbuf_printf(b, "\nModel against simulation (docs/VALIDATION.md, make validate):\n"
			      "  %s\n", a->cfg.family->validation);
	strbuf_puts(b, "\nThe numbers on screen, in batch mode (b shows the focused pane's):\n");
	for (int p = 0; p < P_NPANES; p++) {
		struct strbuf cmd;
		strbuf_init(&cmd);
		if (cmdline_build(a, p, &cmd, why, sizeof why) == 0) {
			/* several commands: one a line, under the first */
			strbuf_printf(b, "  %-12s ", a->pane[p].ops->name);
			for (const char *c = cmd.s ? cmd.s : ""; *c; c++)
				if (*c == '\n')
					strbuf_printf(b, "\n  %-12s ", "");
				else
					strbuf_add(b, c, 1);
			strbuf_puts(b, "\n");
		}
		else
			strbuf_printf(b, "  %-12s (%s)\n", a->pane[p].ops->name, why);
		strbuf_free(&cmd);
	}
	strbuf_printf(b, "\nDisplay: %s glyphs, %s, mouse %s.  Options --ascii, --no-color "
		      "(or NO_COLOR=1), --no-mouse.\n",
		      a->utf8 ? "Unicode" : "ASCII",
		      a->colors == 256 ? "256 colours" : a->colors == 8 ? "8 colours" : "no colour",
		      a->mouse ? "on (Shift+drag selects text)" : "off");
	strbuf_puts(b, "Units: latencies in the model's time units, loads in messages per node "
		    "per time unit.\nSee icnx(1), icnx.yaml(5) and icnx-models(7).\n");
}

/* The column where a line's text continues: after the first gap of two or
 * more spaces past its indentation ("  b        show the ..." -> the "show"),
 * else its indentation. */
static int hang_column(const char *line)
{
	int i = 0;
	while (line[i] == ' ')
		i++;
	int indent = i;
	for (; line[i]; i++)
		if (line[i] == ' ' && line[i + 1] == ' ') {
			while (line[i] == ' ')
				i++;
			return i;
		}
	return indent;
}

/* Copy text into out with every line longer than width display columns
 * broken at spaces, continuation lines indented to the line's hang column,
 * so nothing on the help screen is cut off. */
static void wrap_text(const char *text, int width, struct strbuf *out)
{
	char piece[1024];
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		if (len >= sizeof piece)
			len = sizeof piece - 1;
		memcpy(piece, text, len);
		piece[len] = '\0';
		int hang = hang_column(piece);
		if (hang > width / 2)
			hang = 4;
		const char *rest = piece;
		bool first = true;
		while (*rest) {
			int room = first ? width : width - hang;
			if (room < 10)
				room = 10;
			size_t n = strlen(rest), cut = n;
			if ((int)draw_width(rest) > room) {
				/* the last space that keeps the piece within room columns */
				cut = 0;
				for (size_t k = 0; k < n; k++) {
					char save[1024];
					memcpy(save, rest, k);
					save[k] = '\0';
					if ((int)draw_width(save) > room)
						break;
					if (rest[k] == ' ' && k > 0)
						cut = k;
				}
				if (cut == 0)
					cut = n;   /* one long word: let draw_text clip it */
			}
			if (!first)
				strbuf_printf(out, "%*s", hang, "");
			strbuf_add(out, rest, cut);
			strbuf_puts(out, "\n");
			rest += cut;
			while (*rest == ' ')
				rest++;
			first = false;
		}
		if (first)
			strbuf_puts(out, "\n");   /* an empty line */
		if (!nl)
			break;
		text = nl + 1;
	}
}

void help_draw(struct app *a, struct canvas *c)
{
	struct strbuf raw, b;

	frame_draw(c, "help: q or Esc closes, arrows scroll", a->utf8);
	strbuf_init(&raw);
	strbuf_init(&b);
	help_text(a, &raw);
	if (raw.s)
		wrap_text(raw.s, c->width - 4, &b);
	strbuf_free(&raw);
	if (!b.s) {
		strbuf_free(&b);
		return;
	}
	int lines = 0;
	for (const char *s = b.s; *s; s++)
		lines += *s == '\n';
	int rows = c->height - 2;
	if (a->help_scroll > lines - rows)
		a->help_scroll = lines - rows;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	int ln = 0, y = 1;
	for (char *line = b.s; *line; ln++) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (ln >= a->help_scroll && y <= rows) {
			bool head = line[0] != ' ' && !strchr(line, ':');
			draw_text(c, 2, y++, c->width - 4, line, head ? STY_TITLE : STY_NORMAL);
		}
		if (!nl)
			break;
		line = nl + 1;
	}
	if (lines > rows) {
		char more[48];
		snprintf(more, sizeof more, " %d/%d ", a->help_scroll + rows < lines ?
			 a->help_scroll + rows : lines, lines);
		draw_text_right(c, 1, c->height - 1, c->width - 3, more, UI_FRAME);
	}
	strbuf_free(&b);
}

/* The longest prefix of command line s (n bytes) that fits w columns
 * once its continuation is added: it ends after an unquoted space (" \\"
 * follows) or an unquoted comma ("\\" follows), never inside a word,
 * a number or quotes.  0 if there is no such place. */
static int cmd_break(const char *s, int n, int w)
{
	int best = 0;
	char q = 0;
	for (int i = 0; i < n; i++) {
		if (q) {
			if (s[i] == q)
				q = 0;
			continue;
		}
		if (s[i] == '\'' || s[i] == '"') {
			q = s[i];
		} else if (s[i] == '\\') {
			i++;
		} else if (s[i] == ' ' && i + 2 <= w) {
			best = i + 1;              /* "... arg \\" */
		} else if (s[i] == ',' && i + 2 <= w) {
			best = i + 1;              /* "...,X,\\"   */
		}
		if (i + 1 >= w)
			break;
	}
	return best;
}

int info_wrap(const char *text, int w, struct strbuf *out)
{
	int lines = 0;
	if (w < 8)
		w = 8;
	for (const char *l = text; *l;) {
		const char *nl = strchr(l, '\n');
		int len = nl ? (int)(nl - l) : (int)strlen(l);
		bool comment = l[0] == '#';
		const char *s = l;
		int n = len;
		bool first = true;
		while (n > 0) {
			/* a comment's continuation lines are comments too */
			const char *lead = comment && !first ? "# " : "";
			int room = w - (int)strlen(lead);
			int k = n;
			if (n > room) {
				if (comment) {
					k = room;
					while (k > 0 && s[k] != ' ')
						k--;
				} else {
					k = cmd_break(s, n, room);
				}
				if (k <= 0)      /* one word longer than the line */
					k = comment ? room : room - 1;
			}
			int shown = k;
			while (comment && shown > 0 && s[shown - 1] == ' ')
				shown--;
			strbuf_printf(out, "%s%.*s%s\n", lead, shown, s,
				      k < n && !comment ? "\\" : "");
			lines++;
			s += k;
			n -= k;
			while (comment && n > 0 && *s == ' ') {
				s++;
				n--;
			}
			first = false;
		}
		if (len == 0) {
			strbuf_puts(out, "\n");
			lines++;
		}
		l += len + (nl ? 1 : 0);
	}
	return lines;
}

void info_draw(struct app *a, struct canvas *c)
{
	struct strbuf b;
	int w = c->width;

	frame_draw(c, "batch command", a->utf8);
	strbuf_init(&b);
	int lines = info_wrap(a->info_text ? a->info_text : "", w, &b), rows = c->height - 3;
	a->info_scrolls = lines > rows;
	if (a->help_scroll > lines - rows)
		a->help_scroll = lines - rows;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	int y = 1, ln = 0;
	for (char *l = b.s; l && *l && y < c->height - 2; ln++) {
		char *nl = strchr(l, '\n');
		if (nl)
			*nl = '\0';
		if (ln < a->help_scroll) {
			if (!nl)
				break;
			l = nl + 1;
			continue;
		}
		/* from the first column, no borders beside the command: the
		 * lines copied from the terminal paste into a shell as they
		 * are (a continuation line must not start with a blank) */
		canvas_fill(c, (struct canvas_rect){ 0, y, c->width, 1 }, " ", STY_NORMAL);
		draw_text(c, 0, y++, w, l, STY_NORMAL);
		if (!nl)
			break;
		l = nl + 1;
	}
	for (; y < c->height - 1; y++) {
		canvas_put(c, NULL, 0, y, " ", STY_NORMAL);
		canvas_put(c, NULL, c->width - 1, y, " ", STY_NORMAL);
	}
	strbuf_free(&b);
	char keys[96];
	if (a->info_scrolls)
		snprintf(keys, sizeof keys, "lines %d-%d of %d: arrows scroll, any other key closes",
			 a->help_scroll + 1, a->help_scroll + rows < lines ? a->help_scroll + rows
			 : lines, lines);
	else
		snprintf(keys, sizeof keys, "any key closes");
	draw_text(c, 2, c->height - 2, c->width - 4, keys, UI_KEY);
}

static void wrap(struct app *a, struct canvas *c);

void confirm_draw(struct app *a, struct canvas *c)
{
	frame_draw(c, "question", a->utf8);
	wrap(a, c);
	draw_text(c, 2, c->height - 2, c->width - 4, a->confirm == CF_DISK_CHANGED
		  ? "o: overwrite   r: reload   c or Esc: cancel"
		  : a->confirm == CF_QUIT ? "y or q: quit    n or Esc: stay" : "y: yes    n or Esc: no",
		  UI_KEY);
}

/* The text, wrapped at spaces over the inner width. */
static void wrap(struct app *a, struct canvas *c)
{
	/* Wrap the question over the inner width. */
	int w = c->width - 4, y = 1;
	const char *s = a->confirm_text;
	while (*s && y < c->height - 2) {
		int n = (int)strlen(s);
		if (n > w) {
			n = w;
			while (n > 0 && s[n] != ' ')
				n--;
			if (n == 0)
				n = w;
		}
		char line[256];
		snprintf(line, sizeof line, "%.*s", n, s);
		draw_text(c, 2, y++, w, line, STY_NORMAL);
		s += n;
		while (*s == ' ')
			s++;
	}
}
