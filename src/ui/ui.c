/*
 * ui.c: the explorer's main loop: terminal set-up and restore, the one
 * poll() on stdin and the worker's pipe, key dispatch through the key
 * table, layout and windows, and the once-per-pass redraw.
 *
 * Only this thread calls curses.  Events (keys, results, resizes) only set
 * flags; at most one frame is drawn per pass and at most one every
 * FRAME_MS: dirty panes render into their canvases, are copied to their
 * windows and wnoutrefresh'ed, then one doupdate().  werase, never clear.
 *
 * The globals are the signal flag and its pipe below: every signal whose
 * default action ends the process and that can be caught without a fault
 * behind it (exit_signals[]: INT, TERM, HUP, QUIT, USR1, USR2, ALRM,
 * VTALRM, PROF, XCPU, XFSZ; not one the caller ignores) only sets the flag
 * and writes a byte to the pipe, which the loop's poll() watches (a signal
 * between the flag test and poll() would otherwise wait for a key); the loop leaves
 * cleanly, restores the terminal, and the status is 128 + the signal.
 *
 * The headless mode (--headless WxH [--keys SCRIPT]) runs the same app,
 * panes and drawing on a curses screen whose output goes to /dev/null: the
 * keys come from the script (ui/keyscript.h), each one typed once the
 * worker is settled and its results drawn, and the screen is printed from
 * curscr at the script's marks and at the end.
 */
#include "ui/ui.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config/presets.h"
#include "ui/actions.h"
#include "ui/app.h"
#include "ui/blit.h"
#include "ui/colors.h"
#include "ui/complete.h"
#include "ui/draw.h"
#include "ui/fulltext.h"
#include "ui/keyscript.h"
#include "ui/overlay.h"
#include "ui/picker.h"
#include "ui/status.h"
#include "ui/style.h"

#define FRAME_MS 16        /* at most ~60 frames per second */
#define CTRL(c) ((c) & 0x1f)

/* Set by the signal handler; read by the main loop. */
static volatile sig_atomic_t ui_signalled;
static int ui_sig_pipe[2] = { -1, -1 };   /* [0] polled by the loop; main thread */

static void on_signal(int sig)
{
	int e = errno;
	ui_signalled = sig;
	if (ui_sig_pipe[1] >= 0 && write(ui_sig_pipe[1], "", 1) < 0)
		(void)0;   /* full or closed: the flag alone still ends the loop */
	errno = e;
}

/* The signal pipe, non-blocking and close-on-exec; without it (pipe()
 * failed) the loop still sees the flag, at the next wake-up. */
static void sig_pipe_open(void)
{
	if (pipe(ui_sig_pipe) != 0) {
		ui_sig_pipe[0] = ui_sig_pipe[1] = -1;
		return;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(ui_sig_pipe[i], F_SETFL, fcntl(ui_sig_pipe[i], F_GETFL) | O_NONBLOCK);
		fcntl(ui_sig_pipe[i], F_SETFD, FD_CLOEXEC);
	}
}

static void sig_pipe_close(void)
{
	for (int i = 0; i < 2; i++)
		if (ui_sig_pipe[i] >= 0)
			close(ui_sig_pipe[i]);
	ui_sig_pipe[0] = ui_sig_pipe[1] = -1;
}

static const int exit_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2,
				    SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ };
#define N_EXIT_SIGNALS (sizeof exit_signals / sizeof *exit_signals)

/* Curses-side state: windows and canvases, one per screen region. */
enum { W_STATUS = P_NPANES, W_HINT, W_SEP, W_OVERLAY, W_COUNT };

struct screen {
	SCREEN *scr;
	WINDOW *win[W_COUNT];
	struct canvas cv[W_COUNT];
	struct palette pal;
	double last_frame;          /* ms */
	bool first_frame_done;
	/* headless mode: the script, and curses' /dev/null streams */
	struct keyscript *script;
	FILE *null_out, *null_in;
};

static const struct pane_ops *const pane_ops_list[P_NPANES] = {
	&pane_org_ops, &pane_net_ops, &pane_traffic_ops,
	&pane_plot_ops, &pane_table_ops, &pane_heat_ops,
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* --- layout and windows ------------------------------------------------- */

static void place(struct screen *s, int i, struct canvas_rect r)
{
	if (s->win[i]) {
		delwin(s->win[i]);
		s->win[i] = NULL;
	}
	if (r.w > 0 && r.h > 0)
		s->win[i] = newwin(r.h, r.w, r.y, r.x);
	if (canvas_resize(&s->cv[i], r.w, r.h) < 0)
		canvas_resize(&s->cv[i], 0, 0);
}

static void do_layout(struct app *a, struct screen *s)
{
	struct layout_in in;
	memset(&in, 0, sizeof in);
	in.w = COLS;
	in.h = LINES;
	in.focus = a->focus;
	in.expand = a->expand;
	for (int i = 0; i < P_NPANES; i++)
		in.natural[i] = a->pane[i].ops->natural_height
			? a->pane[i].ops->natural_height(&a->pane[i]) : 1;
	layout_compute(&in, &a->lay);
	for (int i = 0; i < P_NPANES; i++) {
		a->pane[i].rect = a->lay.pane[i];
		place(s, i, a->lay.pane[i]);
	}
	place(s, W_STATUS, a->lay.status);
	place(s, W_HINT, a->lay.hint);
	place(s, W_SEP, a->lay.sep);
	a->relayout = false;
	a->dirty_all = true;
}

/* --- drawing ---------------------------------------------------------------- */

static void blit_to(struct app *a, struct screen *s, int i)
{
	if (!s->win[i])
		return;
	blit(s->win[i], &s->cv[i], &s->pal, a->utf8_locale);
	wnoutrefresh(s->win[i]);
}

static void draw_overlay(struct app *a, struct screen *s)
{
	int w, h;
	switch (a->overlay) {
	case OV_HELP:
	case OV_PICKER:
		w = COLS - 4 < 100 ? COLS - 4 : 100;
		h = LINES - 2;
		break;
	case OV_TEXT:
		w = COLS - 2 < 120 ? COLS - 2 : 120;
		h = LINES - 2;
		break;
	case OV_INFO: {
		/* the whole width (nothing else on the command's lines, so
		 * they copy as they are), the lines as info_draw wraps them */
		w = COLS;
		struct strbuf b;
		strbuf_init(&b);
		h = info_wrap(a->info_text ? a->info_text : "", w, &b) + 4;
		strbuf_free(&b);
		if (h > LINES - 2)
			h = LINES - 2;
		break;
	}
	case OV_CONFIRM:
	default:
		w = COLS - 4 < 64 ? COLS - 4 : 64;
		h = 4 + (int)strlen(a->confirm_text) / (w - 4 > 8 ? w - 4 : 8) + 2;
		if (h > LINES - 2)
			h = LINES - 2;
		break;
	}
	if (w < 10 || h < 4)
		return;
	struct canvas_rect r = { (COLS - w) / 2, (LINES - h) / 2, w, h };
	place(s, W_OVERLAY, r);
	struct canvas *c = &s->cv[W_OVERLAY];
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	switch (a->overlay) {
	case OV_HELP: help_draw(a, c); break;
	case OV_TEXT: fulltext_draw(a, c); break;
	case OV_PICKER: picker_draw(a->picker, c, a->utf8); break;
	case OV_CONFIRM: confirm_draw(a, c); break;
	case OV_INFO: info_draw(a, c); break;
	default: break;
	}
	blit_to(a, s, W_OVERLAY);
}

static void draw_too_small(struct app *a, struct screen *s)
{
	char text[256];
	werase(stdscr);
	/* Wrapped at spaces over the width, so no word is cut at 20x6. */
	snprintf(text, sizeof text, "Terminal too small: %dx%d. Needs at least %dx%d. "
		 "Enlarge it, or press q.", COLS, LINES, LAYOUT_MIN_W, LAYOUT_MIN_H);
	const char *t = text;
	for (int y = 0; y < LINES && *t; y++) {
		int n = (int)strlen(t);
		if (n > COLS) {
			n = COLS;
			while (n > 0 && t[n] != ' ')
				n--;
			if (n == 0)
				n = COLS;
		}
		mvwaddnstr(stdscr, y, 0, t, n);
		t += n;
		while (*t == ' ')
			t++;
	}
	wnoutrefresh(stdscr);
	doupdate();
	(void)a;
}

static void draw(struct app *a, struct screen *s)
{
	if (a->lay.too_small) {
		draw_too_small(a, s);
		a->dirty = 0;
		a->dirty_all = a->dirty_status = false;
		return;
	}
	if (a->dirty_all) {
		werase(stdscr);
		wnoutrefresh(stdscr);
		a->dirty = ~0u;
		a->dirty_status = true;
	}
	for (int i = 0; i < P_NPANES; i++) {
		struct pane *p = &a->pane[i];
		if (!(a->dirty & (1u << i)) || !s->win[i])
			continue;
		p->focused = i == a->focus;
		canvas_set_charset(&s->cv[i], a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
		canvas_clear(&s->cv[i]);
		p->ops->draw(p, &s->cv[i]);
		blit_to(a, s, i);
		if (i == P_PLOT && a->res.gen == a->gen && !a->res.slot[SLOT_CURVE].table.partial &&
		    a->res.slot[SLOT_CURVE].table.nrows > 0)
			app_trace(a, "frame-curve gen=%lu", a->gen);
	}
	if (a->dirty_all && s->win[W_SEP]) {
		struct canvas *c = &s->cv[W_SEP];
		canvas_clear(c);
		for (int y = 0; y < c->height; y++)
			canvas_put(c, NULL, 0, y, a->utf8 ? "\u2502" : "|", UI_FRAME);
		blit_to(a, s, W_SEP);
	}
	if (a->dirty_status || a->dirty) {
		/* The status shows progress and the hint follows the selection. */
		canvas_set_charset(&s->cv[W_STATUS], a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
		status_draw(a, &s->cv[W_STATUS]);
		blit_to(a, s, W_STATUS);
		if (s->win[W_HINT]) {
			canvas_set_charset(&s->cv[W_HINT], a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
			hint_draw(a, &s->cv[W_HINT]);
			blit_to(a, s, W_HINT);
		}
	}
	if (a->overlay != OV_NONE)
		draw_overlay(a, s);
	doupdate();
	if (!s->first_frame_done) {
		s->first_frame_done = true;
		app_trace(a, "first-frame");
	}
	a->dirty = 0;
	a->dirty_all = a->dirty_status = false;
}

/* --- events ------------------------------------------------------------------ */

static void apply(struct app *a, unsigned f)
{
	if (f & K_RECOMPUTE) {
		for (int i = 0; i < P_NPANES; i++)
			if (a->pane[i].ops->update)
				a->pane[i].ops->update(&a->pane[i], U_CONFIG);
		a->relayout = true;
		a->dirty_all = true;
	}
	if (f & K_REDRAW)
		app_dirty(a, a->focus);
	if (f & K_REDRAW_ALL)
		a->dirty_all = true;
	if (f & K_RELAYOUT)
		a->relayout = true;
	if (f & K_STATUS)
		a->dirty_status = true;
	if (f & K_VIEW) {
		/* The per-point panes follow the cursor. */
		app_dirty(a, P_TABLE);
		app_dirty(a, P_HEAT);
		app_dirty(a, P_PLOT);
	}
	if (f & K_QUIT)
		a->quit = true;
}

static void take_results(struct app *a)
{
	unsigned bits = worker_take(a->worker, &a->res);
	unsigned u = bits & RES_SLOTS;

	app_sim_took(a);

	/* Each pane declares the slots it listens to (pane_ops.listens). */
	for (int i = 0; i < P_NPANES; i++) {
		if (u && a->pane[i].ops->update)
			a->pane[i].ops->update(&a->pane[i], u);
		if (bits & a->pane[i].ops->listens)
			app_dirty(a, i);
	}
	/* The full curve of the current configuration is what the user waits
	 * for: show it at once (frame pacing only thins progressive updates). */
	if ((bits & RES_CURVE) && !a->res.slot[SLOT_CURVE].table.partial && a->res.gen == a->gen)
		a->draw_now = true;
	/* The derived values beside the fields may change the layout. */
	if (bits & RES_SUMMARY)
		a->relayout = true;
	a->dirty_status = true;
	/* For `make bench`: the shared work done so far, once the worker has
	 * settled on this generation (cumulative counters; the bench takes
	 * differences between edits). */
	if (a->trace && a->traced_idle != a->gen && worker_settled(a->worker)) {
		a->traced_idle = a->gen;
		app_trace(a, "idle gen=%lu worker_cpu_ms=%.1f prepares=%lu net_builds=%lu "
			  "saturations=%lu", a->gen, worker_cpu_ms(a->worker),
			  family_stat(FSTAT_PREPARE), family_stat(FSTAT_NET_BUILD),
			  family_stat(FSTAT_SATURATION));
	}
}

static void focus(struct app *a, int p)
{
	if (p == a->focus)
		return;
	a->focus = p;
	a->relayout = true;     /* the focused editor grows; hidden panes appear */
}

static unsigned mouse_event(struct app *a)
{
	MEVENT ev;
	if (getmouse(&ev) != OK || a->overlay != OV_NONE || a->prompt != PR_NONE)
		return 0;
	for (int i = 0; i < P_NPANES; i++) {
		struct canvas_rect r = a->pane[i].rect;
		if (r.h <= 0 || ev.x < r.x || ev.x >= r.x + r.w || ev.y < r.y || ev.y >= r.y + r.h)
			continue;
		struct pane *p = &a->pane[i];
		if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
			enum action act = ev.bstate & BUTTON4_PRESSED ? ACT_UP : ACT_DOWN;
			if (i == P_PLOT)
				act = act == ACT_UP ? ACT_RIGHT : ACT_LEFT;
			return p->ops->key(p, act, 0) | K_REDRAW_ALL;
		}
		focus(a, i);
		unsigned f = K_HANDLED | K_REDRAW_ALL | K_STATUS;
		if (p->ops->click)
			f |= p->ops->click(p, ev.x - r.x, ev.y - r.y);
		return f;
	}
	return 0;
}

/* Preset names, for completion at the open prompt. */
struct preset_names {
	const char *v[512];
	char buf[512][128];
	int n;
};

static void collect_preset(const char *name, const char *path, const char *origin, void *ctx)
{
	struct preset_names *p = ctx;
	(void)path;
	(void)origin;
	if (p->n < 511) {
		snprintf(p->buf[p->n], sizeof p->buf[p->n], "%s", name);
		p->v[p->n] = p->buf[p->n];
		p->n++;
	}
	p->v[p->n] = NULL;
}

/* Tab at a file prompt: complete the name (complete.h). */
static unsigned prompt_complete(struct app *a)
{
	char out[LINEEDIT_MAX], list[APP_MSG_MAX - 32];
	struct preset_names *pn = NULL;

	if (a->prompt == PR_VALUE) {
		app_msg(a, false, "Tab completes file names; here type the value");
		return K_STATUS;
	}
	if (a->prompt == PR_OPEN && (pn = calloc(1, sizeof *pn)) != NULL)
		preset_list(collect_preset, pn);
	int k = complete_path(a->le.buf, pn && pn->n ? pn->v : NULL, out, sizeof out, list,
			      sizeof list);
	free(pn);
	if (k == 0) {
		app_msg(a, false, "no file matches %s", a->le.buf);
		return K_STATUS;
	}
	le_set(&a->le, out);
	a->le.fresh = false;
	if (k > 1)
		app_msg(a, false, "%d matches: %s", k, list);
	else
		a->msg[0] = '\0';
	return K_STATUS;
}

static unsigned key_prompt(struct app *a, int ch, bool code)
{
	enum action act = keys_lookup(ch, CTX_LINE, NULL);
	if (act == ACT_COMPLETE)
		return prompt_complete(a);
	if (act == ACT_NONE && !code && ch >= 32) {
		le_insert(&a->le, (unsigned)ch);
		return K_STATUS;
	}
	switch (le_action(&a->le, act)) {
	case LE_ACCEPT: return act_prompt_accept(a) | K_STATUS | K_REDRAW_ALL;
	case LE_CANCEL:
		a->prompt = PR_NONE;
		app_msg(a, false, "cancelled");
		return K_STATUS | K_REDRAW_ALL;
	default: return K_STATUS;
	}
}

static unsigned key_overlay(struct app *a, int ch, bool code)
{
	enum action act;
	switch (a->overlay) {
	case OV_TEXT:
		act = keys_lookup(ch, CTX_MOVE | CTX_GLOBAL, NULL);
		if (ch == 27 || act == ACT_QUIT || act == ACT_FULLTEXT) {
			a->overlay = OV_NONE;
			return K_REDRAW_ALL;
		}
		if (act == ACT_QUIT_NOW)
			return K_QUIT;
		if (act == ACT_UP)
			a->text_scroll--;
		else if (act == ACT_DOWN)
			a->text_scroll++;
		else if (act == ACT_PGUP)
			a->text_scroll -= LINES / 2;
		else if (act == ACT_PGDN || ch == ' ')
			a->text_scroll += LINES / 2;
		else if (act == ACT_HOME)
			a->text_scroll = a->text_hscroll = 0;
		else if (act == ACT_END)
			a->text_scroll = 1 << 20;
		else if (act == ACT_LEFT)
			a->text_hscroll -= 8;
		else if (act == ACT_RIGHT)
			a->text_hscroll += 8;
		return K_REDRAW_ALL;
	case OV_HELP:
		act = keys_lookup(ch, CTX_MOVE | CTX_GLOBAL, NULL);
		if (ch == 27 || act == ACT_QUIT || act == ACT_HELP) {
			a->overlay = OV_NONE;
			return K_REDRAW_ALL;
		}
		if (act == ACT_QUIT_NOW)
			return K_QUIT;
		if (act == ACT_UP)
			a->help_scroll--;
		else if (act == ACT_DOWN)
			a->help_scroll++;
		else if (act == ACT_PGUP)
			a->help_scroll -= LINES / 2;
		else if (act == ACT_PGDN || ch == ' ')
			a->help_scroll += LINES / 2;
		else if (act == ACT_HOME)
			a->help_scroll = 0;
		else if (act == ACT_END)
			a->help_scroll = 1 << 20;
		return K_REDRAW_ALL;
	case OV_CONFIRM:
		if (a->confirm == CF_DISK_CHANGED) {    /* o overwrite, r reload, c cancel */
			if (ch == 'o' || ch == 'O')
				return act_confirm(a, true);
			if (ch == 'r' || ch == 'R')
				return act_reload(a);
			if (ch == 'c' || ch == 'C' || ch == 'n' || ch == 'N' || ch == 27 ||
			    ch == 'q')
				return act_confirm(a, false);
			if (ch == CTRL('c'))
				return K_QUIT;
			return 0;
		}
		/* quitting: a second q (or F10) quits, as y does */
		if (ch == 'y' || ch == 'Y' ||
		    (a->confirm == CF_QUIT && keys_lookup(ch, CTX_GLOBAL, NULL) == ACT_QUIT))
			return act_confirm(a, true);
		if (ch == 'n' || ch == 'N' || ch == 27 || ch == 'q')
			return act_confirm(a, false);
		if (ch == CTRL('c'))
			return K_QUIT;
		return 0;
	case OV_INFO:
		act = keys_lookup(ch, CTX_MOVE, NULL);
		if (a->info_scrolls && (act == ACT_UP || act == ACT_DOWN || act == ACT_PGUP ||
					act == ACT_PGDN || act == ACT_HOME || act == ACT_END)) {
			int page = LINES / 2;
			a->help_scroll += act == ACT_UP ? -1 : act == ACT_DOWN ? 1
				: act == ACT_PGUP ? -page : act == ACT_PGDN ? page
				: act == ACT_HOME ? -(1 << 20) : 1 << 20;
			return K_REDRAW_ALL;
		}
		a->overlay = OV_NONE;
		return K_REDRAW_ALL;
	case OV_PICKER: {
		const char *name = NULL;
		if (picker_filtering(a->picker)) {
			act = keys_lookup(ch, CTX_PICKER, NULL);
			if (act == ACT_FILTER || act == ACT_NONE || (act == ACT_CANCEL && ch == 'q'))
				act = ACT_NONE;
			if (act == ACT_NONE && (code || (ch >= 0 && ch < 32)))
				act = keys_lookup(ch, CTX_LINE | CTX_MOVE, NULL);
			if (act == ACT_NONE && (ch == 127 || ch == CTRL('h')))
				act = ACT_BACKSPACE;
		} else {
			act = keys_lookup(ch, CTX_PICKER, NULL);
			if (act == ACT_NONE)
				act = keys_lookup(ch, CTX_MOVE, NULL);
		}
		switch (picker_key(a->picker, act, code ? 0 : ch, &name)) {
		case PK_CLOSE:
			picker_free(a->picker);
			a->picker = NULL;
			a->overlay = OV_NONE;
			return K_REDRAW_ALL;
		case PK_OPEN: {
			char n[256];
			snprintf(n, sizeof n, "%s", name);
			picker_free(a->picker);
			a->picker = NULL;
			a->overlay = OV_NONE;
			return act_open(a, n, false) | K_REDRAW_ALL;
		}
		default:
			return K_REDRAW_ALL;
		}
	}
	default:
		return 0;
	}
}

static unsigned key_global(struct app *a, enum action act, int arg)
{
	struct pane *plot = &a->pane[P_PLOT];

	switch (act) {
	case ACT_HELP:
		a->overlay = OV_HELP;
		a->help_scroll = 0;
		return K_REDRAW_ALL;
	case ACT_FULLTEXT: {
		struct strbuf b;
		strbuf_init(&b);
		fulltext_build(a, &b);
		free(a->fulltext);
		a->fulltext = strbuf_take(&b);
		if (!a->fulltext) {
			app_msg(a, true, "out of memory");
			return K_STATUS;
		}
		a->overlay = OV_TEXT;
		a->text_scroll = a->text_hscroll = 0;
		return K_REDRAW_ALL;
	}
	case ACT_QUIT: return act_quit(a);
	case ACT_QUIT_NOW: return K_QUIT;
	case ACT_NEXT_PANE: focus(a, (a->focus + 1) % P_NPANES); return K_REDRAW_ALL | K_STATUS;
	case ACT_PREV_PANE:
		focus(a, (a->focus + P_NPANES - 1) % P_NPANES);
		return K_REDRAW_ALL | K_STATUS;
	case ACT_PANE: focus(a, arg); return K_REDRAW_ALL | K_STATUS;
	case ACT_UNDO: return app_undo(a);
	case ACT_REDO: return app_redo(a);
	case ACT_SAVE: return act_save_key(a);
	case ACT_REVERT: return app_revert(a);
	case ACT_OPEN: return act_prompt_file(a, PR_OPEN);
	case ACT_EXPORT_CSV: return act_prompt_file(a, PR_CSV);
	case ACT_EXPORT_SCREEN: return act_prompt_file(a, PR_SCREEN);
	case ACT_EXPORT_FIGURE: return act_prompt_file(a, PR_FIGURE);
	case ACT_PICKER:
		a->picker = picker_new();
		if (!a->picker) {
			app_msg(a, true, "out of memory");
			return K_STATUS;
		}
		a->overlay = OV_PICKER;
		return K_REDRAW_ALL;
	case ACT_CMDLINE: return act_cmdline(a);
	case ACT_SIMULATE: return app_simulate(a);
	case ACT_PIN:
	case ACT_UNPIN:
	case ACT_LOGY:
	case ACT_FIT_Y: {
		unsigned f = plot->ops->key(plot, act, 0);
		app_dirty(a, P_PLOT);
		if (act == ACT_PIN || act == ACT_UNPIN) {
			/* the heatmap pins (or drops) its table with the curve */
			struct pane *heat = &a->pane[P_HEAT];
			f |= heat->ops->key(heat, act, 0);
			app_dirty(a, P_HEAT);
		}
		return f;
	}
	case ACT_GLYPHS:
		if (!a->utf8_locale) {
			app_msg(a, true, "this terminal's locale is not UTF-8: ASCII only");
			return K_STATUS;
		}
		a->utf8 = !a->utf8;
		app_msg(a, false, "%s glyphs", a->utf8 ? "Unicode" : "ASCII");
		return K_REDRAW_ALL | K_STATUS;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		return K_REDRAW_ALL;
	default:
		return 0;
	}
}

static unsigned handle_key(struct app *a, struct screen *s, int ch, bool code)
{
	app_trace(a, "key %d", ch);
	if (code && ch == KEY_RESIZE) {
		a->relayout = true;
		return K_REDRAW_ALL;
	}
	if (code && ch == KEY_MOUSE) {
		if (a->msg_err || a->msg_wide || a->msg_auto_wide) {
			a->msg[0] = '\0';
			a->msg_err = a->msg_wide = false;
		}
		return mouse_event(a) | K_STATUS;
	}
	if (a->lay.too_small) {
		if (ch == 'q' || ch == CTRL('c'))
			return K_QUIT;
		return 0;
	}
	if (a->prompt != PR_NONE)
		return key_prompt(a, ch, code);
	if (a->overlay != OV_NONE)
		return key_overlay(a, ch, code);
	(void)s;
	struct pane *p = &a->pane[a->focus];
	int arg = 0;
	/* An error stays until the next key, except i, which shows it whole
	 * (a refusal after an edit, cut at 80 columns on the hint line) */
	bool full = keys_lookup(ch, p->ops->ctx, &arg) == ACT_NONE &&
		    keys_lookup(ch, CTX_MOVE, &arg) == ACT_NONE &&
		    keys_lookup(ch, CTX_GLOBAL, &arg) == ACT_FULLTEXT;
	arg = 0;
	if (!full && (a->msg_err || a->msg_wide || a->msg_auto_wide)) {
		a->msg[0] = '\0';
		a->msg_err = a->msg_wide = false;
		a->dirty_status = true;
	}

	enum action act = keys_lookup(ch, p->ops->ctx, &arg);
	if (act == ACT_NONE)
		act = keys_lookup(ch, CTX_MOVE, &arg);
	if (act != ACT_NONE) {
		unsigned f = p->ops->key(p, act, arg);
		if (f)
			return f;
	}
	act = keys_lookup(ch, CTX_GLOBAL, &arg);
	if (act != ACT_NONE)
		return key_global(a, act, arg);
	/* A key bound nowhere here says so (it did nothing, silently). */
	char kn[32];
	keys_name(ch, kn, sizeof kn);
	if (!kn[0])
		snprintf(kn, sizeof kn, "key %d", ch);
	app_msg(a, false, "%s does nothing in the %s pane (? lists the keys)", kn,
		p->ops->title);
	return K_STATUS;
}

static void read_keys(struct app *a, struct screen *s)
{
	wint_t wch;
	int rc;
	while ((rc = wget_wch(stdscr, &wch)) != ERR) {
		apply(a, handle_key(a, s, (int)wch, rc == KEY_CODE_YES));
		if (a->quit)
			return;
	}
}

/* --- set-up and the loop ---------------------------------------------------- */

static bool locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static int terminal_start(struct app *a, struct screen *s, char *err, size_t n)
{
	const char *term = getenv("TERM");
	if (a->opt->headless) {
		/* No terminal: TERM's description (xterm-256color when there is
		 * none), output to /dev/null, no input; the script types. */
		if (!term || !*term || strcmp(term, "dumb") == 0)
			term = "xterm-256color";
		s->null_out = fopen("/dev/null", "w");
		s->null_in = fopen("/dev/null", "r");
		if (!s->null_out || !s->null_in) {
			snprintf(err, n, "cannot open /dev/null");
			return -1;
		}
		s->scr = newterm(term, s->null_out, s->null_in);
	} else {
		s->scr = newterm(NULL, stdout, stdin);
	}
	if (!s->scr) {
		snprintf(err, n, "cannot use the terminal (TERM=%s)", term ? term : "(unset)");
		return -1;
	}
	set_term(s->scr);
	if (a->opt->headless)
		resizeterm(a->opt->headless_h, a->opt->headless_w);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	if (!getenv("ESCDELAY"))
		set_escdelay(25);
	a->utf8_locale = locale_utf8();
	a->utf8 = a->utf8_locale && !a->opt->ascii && !(term && strcmp(term, "linux") == 0);
	const char *nc = getenv("NO_COLOR");
	bool want = !a->opt->no_color && !(nc && *nc);
	palette_init(&s->pal, want);
	a->colors = s->pal.level;
	/* On the Linux console the mouse belongs to gpm (text selection), and
	 * ncurses' gpm path leaks; leave it alone there. */
	a->mouse = !a->opt->no_mouse && !(term && strcmp(term, "linux") == 0);
	if (a->mouse) {
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED,
			  NULL);
		mouseinterval(0);
	}
	return 0;
}

static void terminal_stop(struct screen *s)
{
	for (int i = 0; i < W_COUNT; i++) {
		if (s->win[i])
			delwin(s->win[i]);
		s->win[i] = NULL;
		canvas_free(&s->cv[i]);
	}
	if (s->scr) {
		endwin();
		delscreen(s->scr);
		s->scr = NULL;
	}
	if (s->null_out)
		fclose(s->null_out);
	if (s->null_in)
		fclose(s->null_in);
	s->null_out = s->null_in = NULL;
}

static int app_start(struct app *a, const struct ui_options *o, struct loaded *l)
{
	struct diag d;
	a->opt = o;
	a->l = l;
	config_move(&a->cfg, &l->cfg);    /* l keeps its path, name and map */
	if (config_copy(&a->saved, &a->cfg))
		return -1;
	/* what the file says, from the bytes read (not read again: the file
	 * may have changed since) */
	a->have_file_cfg = (l->text ? config_parse_text(&a->file_cfg, l->text, l->len, l->path,
							NULL, &d)
			    : config_parse_file(&a->file_cfg, l->path, NULL, NULL, &d)) == 0 &&
			   a->file_cfg.family == a->cfg.family;
	a->gen = 1;
	view_req_init(&a->view);
	a->view_gen = 1;
	a->focus = P_PLOT;
	if (undo_init(&a->undo))
		return -1;
	results_init(&a->res);
	const char *tr = getenv("ICNX_UI_TRACE");
	if (tr && *tr)
		a->trace = fopen(tr, "a");
	for (int i = 0; i < P_NPANES; i++) {
		a->pane[i].ops = pane_ops_list[i];
		a->pane[i].app = a;
		if (a->pane[i].ops->init(&a->pane[i]))
			return -1;
	}
	char why[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
	const char *title = a->cfg.title[0] ? a->cfg.title : a->cfg.family->schema.title;
	if (app_model_refusal(a, why, sizeof why))   /* a model the file asks for, left out */
		app_msg(a, false, "no refined curve: %s", why);
	else
		app_msg(a, false, "%s", title);
	return 0;
}

static void app_stop(struct app *a)
{
	for (int i = 0; i < P_NPANES; i++)
		if (a->pane[i].ops && a->pane[i].ops->free)
			a->pane[i].ops->free(&a->pane[i]);
	picker_free(a->picker);
	free(a->fulltext);
	a->fulltext = NULL;
	results_free(&a->res);
	undo_free(&a->undo);
	app_free_configs(a);
	free(a->fulltext);    /* the `i` overlay's text, when quitting over it */
	a->fulltext = NULL;
	free(a->info_text);   /* the b box's */
	a->info_text = NULL;
	if (a->trace)
		fclose(a->trace);
}

static void loop(struct app *a, struct screen *s)
{
	unsigned long posted_gen = 0, posted_view = 0;
	struct pollfd fds[3] = {
		{ STDIN_FILENO, POLLIN, 0 },
		{ worker_fd(a->worker), POLLIN, 0 },
		{ ui_sig_pipe[0], POLLIN, 0 },   /* -1 (no pipe): poll() skips it */
	};

	a->relayout = true;
	while (!a->quit && !ui_signalled) {
		if (a->gen != posted_gen || a->view_gen != posted_view) {
			worker_post(a->worker, &a->cfg, a->gen, &a->view, a->view_gen);
			posted_gen = a->gen;
			posted_view = a->view_gen;
		}
		if (a->relayout)
			do_layout(a, s);
		int timeout = -1;
		if (a->dirty || a->dirty_all || a->dirty_status) {
			double t = now_ms(), since = t - s->last_frame;
			if (since >= FRAME_MS || a->draw_now) {
				a->draw_now = false;
				draw(a, s);
				s->last_frame = t;
			} else {
				timeout = (int)(FRAME_MS - since) + 1;
			}
		}
		/* While the worker runs, the status line shows its progress. */
		if (timeout < 0 && (worker_busy(a->worker, NULL, NULL) ||
				    worker_slow_busy(a->worker, NULL)))
			timeout = 250;
		int rc = poll(fds, 3, timeout);
		if (rc < 0 && errno != EINTR)
			break;
		if (rc > 0 && (fds[1].revents & POLLIN))
			take_results(a);
		if (timeout == 250 && rc == 0)
			a->dirty_status = true;
		read_keys(a, s);
	}
}

/* Headless: post, lay out, take and draw until the worker has finished
 * everything posted, every result is taken and drawn, and nothing asks for
 * another pass.  Polls the worker's pipe (it writes a byte after each
 * publish and when it settles); never sleeps blindly. */
static void settle(struct app *a, struct screen *s, unsigned long *posted_gen,
		   unsigned long *posted_view)
{
	struct pollfd fd = { worker_fd(a->worker), POLLIN, 0 };

	while (!ui_signalled) {
		if (a->gen != *posted_gen || a->view_gen != *posted_view) {
			worker_post(a->worker, &a->cfg, a->gen, &a->view, a->view_gen);
			*posted_gen = a->gen;
			*posted_view = a->view_gen;
		}
		bool calm = worker_settled(a->worker);
		if (a->relayout)
			do_layout(a, s);
		if (a->dirty || a->dirty_all || a->dirty_status)
			draw(a, s);
		if (calm && a->gen == *posted_gen && a->view_gen == *posted_view && !a->relayout &&
		    !a->dirty && !a->dirty_all && !a->dirty_status)
			return;
		int rc = poll(&fd, 1, calm ? 0 : 100);
		if (rc < 0 && errno != EINTR)
			return;
		if (rc > 0 && (fd.revents & POLLIN))
			take_results(a);
	}
}

static void print_screen(const char *label)
{
	char *text = blit_screen_text();
	if (label)
		printf("--- %s\n", label);
	fputs(text ? text : "(out of memory)\n", stdout);
	fflush(stdout);
	free(text);
}

static void headless_loop(struct app *a, struct screen *s)
{
	unsigned long posted_gen = 0, posted_view = 0;
	struct keyscript *ks = s->script;
	bool marks = false;

	a->relayout = true;
	settle(a, s, &posted_gen, &posted_view);
	while (!a->quit && !ui_signalled && ks && ks->next < ks->n) {
		const struct ks_step *st = &ks->steps[ks->next++];
		switch (st->kind) {
		case KS_KEY:
			apply(a, handle_key(a, s, st->ch, st->code));
			break;
		case KS_RESIZE:
			resizeterm(st->h, st->w);
			apply(a, handle_key(a, s, KEY_RESIZE, true));
			break;
		case KS_SCREEN:
			print_screen(st->label);
			marks = true;
			break;
		}
		if (!a->quit)
			settle(a, s, &posted_gen, &posted_view);
	}
	if (ks && ks->next < ks->n)
		fprintf(stderr, "icnx: --keys: the explorer quit at line %d; %zu steps not run\n",
			ks->steps[ks->next - 1].line, ks->n - ks->next);
	print_screen(marks ? "end" : NULL);
}

int ui_main(const struct ui_options *o, struct loaded *l)
{
	struct app *a;
	struct screen s;
	char err[256];
	struct sigaction sa, old_sa[N_EXIT_SIGNALS];

	struct keyscript script;
	memset(&script, 0, sizeof script);
	if (o->headless && o->keys && keyscript_load(&script, o->keys, err, sizeof err)) {
		fprintf(stderr, "icnx: --keys %s\n", err);
		return 2;
	}
	if (!o->headless && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		fprintf(stderr, "icnx: the explorer needs a terminal; use --batch to print "
			"results\n");
		return 2;
	}
	a = calloc(1, sizeof *a);
	if (!a) {
		keyscript_free(&script);
		fprintf(stderr, "icnx: out of memory\n");
		return 1;
	}
	memset(&s, 0, sizeof s);
	s.script = &script;
	if (app_start(a, o, l)) {
		app_stop(a);
		free(a);
		keyscript_free(&script);
		fprintf(stderr, "icnx: out of memory\n");
		return 1;
	}
	a->worker = worker_start(err, sizeof err);
	if (!a->worker) {
		app_stop(a);
		free(a);
		keyscript_free(&script);
		fprintf(stderr, "icnx: %s\n", err);
		return 1;
	}
	if (terminal_start(a, &s, err, sizeof err)) {
		terminal_stop(&s);
		worker_stop(a->worker);
		app_stop(a);
		free(a);
		keyscript_free(&script);
		fprintf(stderr, "icnx: %s\n", err);
		return 2;
	}
	sig_pipe_open();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < N_EXIT_SIGNALS; i++) {
		sigaction(exit_signals[i], NULL, &old_sa[i]);
		if (old_sa[i].sa_handler != SIG_IGN)   /* nohup and the like stay */
			sigaction(exit_signals[i], &sa, NULL);
	}

	if (o->headless)
		headless_loop(a, &s);
	else
		loop(a, &s);

	/* Shutdown: stop the worker (quit, wake, join), then the terminal. */
	worker_stop(a->worker);
	a->worker = NULL;
	terminal_stop(&s);
	for (size_t i = 0; i < N_EXIT_SIGNALS; i++)
		sigaction(exit_signals[i], &old_sa[i], NULL);
	sig_pipe_close();
	int sig = ui_signalled;
	app_stop(a);
	free(a);
	keyscript_free(&script);
	if (sig && sig != SIGINT)
		return 128 + sig;
	return 0;
}

void ui_man_keys(FILE *fp)
{
	struct strbuf b;
	strbuf_init(&b);
	keys_mdoc(&b);
	if (b.s)
		fputs(b.s, fp);
	strbuf_free(&b);
}
