/* overlay.c: the help and question overlays (see overlay.h). */
#include "ui/overlay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/cmdline.h"
#include "ui/draw.h"
#include "ui/frame.h"
#include "ui/style.h"

static void help_text(struct app *a, struct strbuf *b)
{
	char why[256];

	strbuf_printf(b, "icnx %s: %s (%s)\n", ICNX_VERSION, a->cfg.family->title,
		      a->cfg.family->papers);
	strbuf_printf(b, "Preset: %s%s\n\n", a->l->path, app_modified(a) ? " (edited)" : "");
	keys_help_text(b, 14);
	if (a->cfg.family->validation)
		strbuf_printf(b, "\nModel against simulation (docs/VALIDATION.md, make validate):\n"
			      "  %s\n", a->cfg.family->validation);
	strbuf_puts(b, "\nThe numbers on screen, in batch mode (b shows the focused pane's):\n");
	for (int p = 0; p < P_NPANES; p++) {
		struct strbuf cmd;
		strbuf_init(&cmd);
		if (cmdline_build(a, p, &cmd, why, sizeof why) == 0)
			strbuf_printf(b, "  %-12s %s\n", a->pane[p].ops->name, cmd.s);
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

static void wrap(struct app *a, struct canvas *c);

void info_draw(struct app *a, struct canvas *c)
{
	frame_draw(c, "batch command", a->utf8);
	wrap(a, c);
	draw_text(c, 2, c->height - 2, c->width - 4, "any key closes", UI_KEY);
}

void confirm_draw(struct app *a, struct canvas *c)
{
	frame_draw(c, "question", a->utf8);
	wrap(a, c);
	draw_text(c, 2, c->height - 2, c->width - 4, "y: yes    n or Esc: no", UI_KEY);
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
