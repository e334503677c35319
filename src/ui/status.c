/* status.c: the status and hint lines (see status.h). */
#include "ui/status.h"

#include "base/clock.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/style.h"

static void draw_prompt(struct app *a, struct canvas *c)
{
	size_t start;
	int col;

	draw_fill(c, 0, 0, UI_STATUS);
	int lw = draw_text(c, 1, 0, c->width / 2, a->prompt_label, UI_STATUS);
	int x = 1 + lw;
	int fw = c->width - x - 1;
	if (fw < 2)
		return;
	le_view(&a->le, fw, &start, &col);
	canvas_fill(c, (struct canvas_rect){ x, 0, fw, 1 }, " ", STY_NORMAL);
	canvas_puts(c, &(struct canvas_rect){ x, 0, fw, 1 }, x, 0, a->le.buf + start,
		    a->le.fresh ? STY_REVERSE : STY_NORMAL);
	/* The cursor: the cell under it in reverse video. */
	const struct canvas_cell *cell = canvas_at(c, x + col, 0);
	char g[CANVAS_GLYPH_MAX];
	snprintf(g, sizeof g, "%s", cell ? cell->glyph : " ");
	canvas_put(c, NULL, x + col, 0, g, STY_REVERSE);
}

void status_draw(struct app *a, struct canvas *c)
{
	char left[256], num[32], sym[32];
	double frac;
	unsigned long bgen;

	canvas_clear(c);
	if (c->height < 1)
		return;
	if (a->prompt != PR_NONE) {
		draw_prompt(a, c);
		return;
	}
	draw_fill(c, 0, 0, UI_STATUS);
	bool busy = a->worker && worker_busy(a->worker, &frac, &bgen);
	const char *name = strrchr(a->l->name, '/') ? strrchr(a->l->name, '/') + 1 : a->l->name;
	int len = snprintf(left, sizeof left, " %s%s ", name, app_modified(a) ? "*" : "");
	if (a->have_draft) {
		/* The draft is the state to see: the rest of the line is its
		 * message; other messages go to the hint line. */
		int x = draw_text(c, 0, 0, c->width, left, UI_STATUS);
		const char *help = "? help ";
		int hw = draw_width(help);
		char inc[APP_MSG_MAX + 32];
		snprintf(inc, sizeof inc, "incomplete: %s", a->draft_msg);
		int room = c->width - x - hw - 2;
		if (room > 4)
			draw_text(c, x, 0, room, inc, UI_ERROR);
		if (c->width - hw > x + 4)
			draw_text(c, c->width - hw, 0, hw, help, UI_STATUS);
		a->msg_auto_wide = a->msg[0] && a->lay.hint.h > 0;
		return;
	}
	/* The pieces after the name, in order; when the line is too narrow for
	 * all of them and "? help", the curve's time goes first, then the
	 * saturation load: the computing/simulation progress stays whole. */
	char state[64] = "", satp[64] = "", msp[32] = "", sim[96];
	if (busy || a->res.gen != a->gen) {
		/* One progress per edit, never going back (the worker's stages
		 * each count from 0). */
		double pf = busy ? 100 * frac : 0.0;
		if (a->progress_gen != a->gen) {
			a->progress_gen = a->gen;
			a->progress_shown = 0;
		}
		if (pf < a->progress_shown)
			pf = a->progress_shown;
		a->progress_shown = pf;
		snprintf(state, sizeof state, "| computing %.0f%% ", pf);
	}
	else if (a->res.error_gen == a->gen && a->res.error[0])
		snprintf(state, sizeof state, "| failed ");
	if (a->res.gen == a->gen) {
		double sat = app_saturation(a);
		if (!isnan(sat))
			snprintf(satp, sizeof satp, "| %s*=%s ",
				 app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
				 draw_num(sat, 4, num, sizeof num));
		double ms = clock_shown_ms(a->res.curve_ms);
		if (!a->res.slot[SLOT_CURVE].table.partial && ms > 0)
			snprintf(msp, sizeof msp, "| %.*f ms ", ms < 10 ? 1 : 0, ms);
	}
	app_sim_status(a, sim, sizeof sim, false);
	const char *help = "? help ";
	int hw = draw_width(help);
	/* too narrow: the curve's time goes, then the saturation load, then
	 * "? help"; when the simulation's words still do not fit they get
	 * brief ("sim 2/6, 1 failed ~12 s"), then the name is cut */
	for (int drop = 0; drop < 4; drop++) {
		int n = len;
		if (drop == 3) {
			if (draw_width(left) <= c->width)
				break;
			app_sim_status(a, sim, sizeof sim, true);
		}
		n += snprintf(left + n, sizeof left - (size_t)n, "%s%s%s", state,
			      drop < 2 ? satp : "", drop < 1 ? msp : "");
		if (sim[0])
			snprintf(left + n, sizeof left - (size_t)n, "| %s ", sim);
		if (draw_width(left) + hw <= c->width)
			break;
	}
	if (draw_width(left) > c->width && sim[0]) {
		/* the progress stays whole: the name gives way (cut, "kiasari-…") */
		char tail[192];
		snprintf(tail, sizeof tail, "%s", left + len);
		int room = c->width - draw_width(tail);
		if (room >= 4) {
			int x = draw_text(c, 0, 0, room - 1, left, UI_STATUS);
			draw_text(c, x, 0, 1, " ", UI_STATUS);
			draw_text(c, x + 1, 0, c->width - x - 1, tail, UI_STATUS);
			a->msg_auto_wide = a->msg[0] && a->lay.hint.h > 0;
			return;
		}
	}
	int x = draw_text(c, 0, 0, c->width, left, UI_STATUS);
	/* a space between a message and "? help" (it read "64? help") */
	int room = c->width - x - hw - 2;
	const char *msg = a->msg;
	bool err = a->msg_err;
	if (!msg[0] && a->res.error_gen == a->gen && a->res.error[0]) {
		msg = a->res.error;
		err = true;
	}
	/* Errors, and messages too long for what is left of the status line, go
	 * to the hint line, which has the whole width for them. */
	a->msg_auto_wide = msg == a->msg && msg[0] && !err && draw_width(msg) > room &&
			   a->lay.hint.h > 0 && !a->msg_narrow;
	bool wide = a->msg_wide || a->msg_auto_wide;
	if (msg[0] && room > 4 && ((!err && !wide) || a->lay.hint.h == 0)) {
		canvas_put(c, NULL, x, 0, " ", UI_STATUS);
		draw_text(c, x + 1, 0, room, msg, err ? UI_ERROR : UI_STATUS);
	}
	if (c->width - hw >= x)          /* never over the pieces before it */
		draw_text(c, c->width - hw, 0, hw, help, UI_STATUS);
}

void hint_draw(struct app *a, struct canvas *c)
{
	char buf[1024], allowed[256];

	canvas_clear(c);
	if (c->height < 1)
		return;
	buf[0] = '\0';
	if (a->prompt == PR_VALUE) {
		const struct param *p = NULL;
		char cur[192];
		if (param_get_path(app_edit_cfg(a)->family->schema.params, config_cbody(app_edit_cfg(a)),
				   a->prompt_path, cur,
				   sizeof cur, &p) == 0 && p)
			snprintf(buf, sizeof buf, "Enter accepts, Esc cancels; allowed: %s",
				 param_allowed(p, allowed, sizeof allowed));
	} else if (a->prompt != PR_NONE) {
		if (a->msg[0]) {        /* Tab's matches, or why none */
			draw_text(c, 1, 0, c->width - 1, a->msg, UI_KEY);
			return;
		}
		snprintf(buf, sizeof buf, "Enter accepts, Esc cancels, Tab completes; ~/ is your "
			 "home directory");
	} else if (a->msg_err && a->msg[0]) {
		draw_text(c, 0, 0, c->width, a->msg, UI_ERROR);
		return;
	} else if ((a->msg_wide || a->msg_auto_wide) && a->msg[0]) {
		draw_text(c, 0, 0, c->width, a->msg, UI_KEY);
		return;
	} else if (a->res.error_gen == a->gen && a->res.error[0]) {
		draw_text(c, 0, 0, c->width, a->res.error, UI_ERROR);
		return;
	} else if (app_sim_refusal(a, NULL)) {
		/* the simulator refused this configuration: why, until an edit */
		snprintf(buf, sizeof buf, "simulation refused: %s", app_sim_refusal(a, NULL));
		draw_text(c, 0, 0, c->width, buf, UI_ERROR);
		return;
	} else {
		struct pane *p = &a->pane[a->focus];
		if (p->ops->hint)
			p->ops->hint(p, buf, sizeof buf);
		if (!buf[0])
			snprintf(buf, sizeof buf, "Tab next pane, ? help, q quit");
	}
	draw_text(c, 1, 0, c->width - 1, buf, UI_HINT);
}
