/* picker.c: the preset picker overlay (see picker.h). */
#include "family/family.h"
#include "ui/picker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/presets.h"
#include "config/yaml_load.h"
#include "ui/draw.h"
#include "ui/frame.h"
#include "ui/style.h"

#define PICKER_MAX 512

struct entry {
	char name[128];
	char model[32];
	char family[96];       /* the family's title ("star graphs, ...") */
	char origin[16];
	char title[160];
};

struct picker {
	struct entry *e;
	size_t n;
	size_t *shown;         /* indices matching the filter */
	size_t nshown;
	long sel, top;
	int rows;              /* list rows shown last time */
	char filter[64];
	bool filtering;
};

static void collect(const char *name, const char *path, const char *origin, void *ctx)
{
	struct picker *pk = ctx;
	struct config cfg;
	struct diag d;

	if (pk->n >= PICKER_MAX)
		return;
	struct entry *e = &pk->e[pk->n++];
	snprintf(e->name, sizeof e->name, "%s", name);
	snprintf(e->origin, sizeof e->origin, "%s", origin);
	if (config_parse_file(&cfg, path, NULL, NULL, &d) == 0) {
		snprintf(e->model, sizeof e->model, "%s", cfg.family->schema.name);
		snprintf(e->family, sizeof e->family, "%s", cfg.family->schema.title);
		snprintf(e->title, sizeof e->title, "%s", cfg.title);
		config_free(&cfg);
	} else {
		snprintf(e->model, sizeof e->model, "?");
		snprintf(e->title, sizeof e->title, "(invalid: %s)", d.msg);
	}
}

static bool contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (n == 0)
		return true;
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] && (hay[i] | 32) == (needle[i] | 32))
			i++;
		if (i == n)
			return true;
	}
	return false;
}

static void refilter(struct picker *pk)
{
	pk->nshown = 0;
	for (size_t i = 0; i < pk->n; i++)
		if (contains(pk->e[i].name, pk->filter) || contains(pk->e[i].title, pk->filter) ||
		    contains(pk->e[i].model, pk->filter) || contains(pk->e[i].family, pk->filter))
			pk->shown[pk->nshown++] = i;
	if (pk->sel >= (long)pk->nshown)
		pk->sel = (long)pk->nshown - 1;
	if (pk->sel < 0)
		pk->sel = 0;
}

struct picker *picker_new(void)
{
	struct picker *pk = calloc(1, sizeof *pk);
	if (!pk)
		return NULL;
	pk->e = calloc(PICKER_MAX, sizeof *pk->e);
	pk->shown = calloc(PICKER_MAX, sizeof *pk->shown);
	if (!pk->e || !pk->shown) {
		picker_free(pk);
		return NULL;
	}
	preset_list(collect, pk);
	refilter(pk);
	return pk;
}

void picker_free(struct picker *pk)
{
	if (!pk)
		return;
	free(pk->e);
	free(pk->shown);
	free(pk);
}

bool picker_filtering(const struct picker *pk)
{
	return pk->filtering;
}

enum picker_result picker_key(struct picker *pk, enum action a, int ch, const char **name)
{
	size_t len = strlen(pk->filter);

	if (pk->filtering) {
		if (a == ACT_ACCEPT) {
			/* Enter opens the selected match, as without the
			 * filter (it only closed the filter); no match: the
			 * filter closes for another try */
			pk->filtering = false;
			if (pk->nshown > 0) {
				if (pk->sel >= (long)pk->nshown)
					pk->sel = (long)pk->nshown - 1;
				if (pk->sel < 0)
					pk->sel = 0;
				*name = pk->e[pk->shown[pk->sel]].name;
				return PK_OPEN;
			}
		} else if (a == ACT_CANCEL) {
			pk->filtering = false;
			pk->filter[0] = '\0';
			refilter(pk);
		} else if (a == ACT_BACKSPACE) {
			if (len)
				pk->filter[len - 1] = '\0';
			refilter(pk);
		} else if (a == ACT_KILL) {
			pk->filter[0] = '\0';
			refilter(pk);
		} else if (a == ACT_UP || a == ACT_DOWN) {
			pk->sel += a == ACT_UP ? -1 : 1;
		} else if (ch >= 32 && ch < 127 && len + 1 < sizeof pk->filter) {
			pk->filter[len] = (char)ch;
			pk->filter[len + 1] = '\0';
			refilter(pk);
		}
	} else {
		switch (a) {
		case ACT_UP: pk->sel--; break;
		case ACT_DOWN: pk->sel++; break;
		case ACT_PGUP: pk->sel -= pk->rows > 1 ? pk->rows - 1 : 1; break;
		case ACT_PGDN: pk->sel += pk->rows > 1 ? pk->rows - 1 : 1; break;
		case ACT_HOME: pk->sel = 0; break;
		case ACT_END: pk->sel = (long)pk->nshown - 1; break;
		case ACT_FILTER: pk->filtering = true; break;
		case ACT_CANCEL:
			if (pk->filter[0]) {
				pk->filter[0] = '\0';
				refilter(pk);
				break;
			}
			return PK_CLOSE;
		case ACT_ACCEPT:
			if (pk->nshown == 0)
				break;
			*name = pk->e[pk->shown[pk->sel]].name;
			return PK_OPEN;
		default:
			/* a printable character no key uses starts the filter with
			 * it (it used to do nothing and say nothing) */
			if (a == ACT_NONE && ch > 32 && ch < 127 && len + 1 < sizeof pk->filter) {
				pk->filtering = true;
				pk->filter[len] = (char)ch;
				pk->filter[len + 1] = '\0';
				refilter(pk);
			}
			break;
		}
	}
	if (pk->sel >= (long)pk->nshown)
		pk->sel = (long)pk->nshown - 1;
	if (pk->sel < 0)
		pk->sel = 0;
	return PK_CONTINUE;
}

void picker_draw(struct picker *pk, struct canvas *c, bool utf8)
{
	char line[512], foot[128];

	frame_draw(c, "open a preset", utf8);
	int x = 2, w = c->width - 4;
	pk->rows = c->height - 4;
	if (pk->rows < 1)
		return;
	if (pk->sel < pk->top)
		pk->top = pk->sel;
	if (pk->sel >= pk->top + pk->rows)
		pk->top = pk->sel - pk->rows + 1;
	int nw = 8;
	for (size_t i = 0; i < pk->n; i++)
		if (draw_width(pk->e[i].name) > nw)
			nw = draw_width(pk->e[i].name);
	if (nw > w / 2)
		nw = w / 2;
	snprintf(line, sizeof line, "%-*s %-12s %-9s %s", nw, "name", "model", "where", "title");
	draw_text(c, x, 1, w, line, STY_LABEL);
	if (pk->nshown == 0)
		draw_text(c, x, 2, w, pk->n ? "no preset matches the filter" :
			  "no presets found (see icnx --list-presets)", STY_DIM);
	for (int r = 0; r < pk->rows; r++) {
		long i = pk->top + r;
		if (i >= (long)pk->nshown)
			break;
		const struct entry *e = &pk->e[pk->shown[i]];
		snprintf(line, sizeof line, "%-*.*s %-12s %-9s %s", nw, nw, e->name, e->model,
			 e->origin, e->title);
		int sty = i == pk->sel ? UI_SELECT : STY_NORMAL;
		if (i == pk->sel)
			canvas_fill(c, (struct canvas_rect){ 1, 2 + r, c->width - 2, 1 }, " ", sty);
		draw_text(c, x, 2 + r, w, line, sty);
	}
	if (pk->filtering || pk->filter[0])
		snprintf(foot, sizeof foot, " filter: %s%s ", pk->filter, pk->filtering ? "_" : "");
	else
		snprintf(foot, sizeof foot, " Enter open, / filter, Esc close ");
	draw_text(c, 2, c->height - 1, c->width - 4, foot, UI_FRAME);
}
