/*
 * app.c: the edit operations on the explorer's configuration (validated
 * exactly as the loader validates), undo/redo, status messages and small
 * lookups into the results.  UI thread only.
 */
#include "ui/app.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "config/cfgwalk.h"

void app_msg(struct app *a, bool err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->msg, sizeof a->msg, fmt, ap);
	va_end(ap);
	a->msg_err = err;
	a->msg_wide = false;
	a->msg_narrow = false;
	a->dirty_status = true;
}

void app_free_configs(struct app *a)
{
	config_free(&a->cfg);
	config_free(&a->saved);
	config_free(&a->file_cfg);
	config_free(&a->draft);
	a->have_draft = a->have_file_cfg = false;
	app_sim_forget(a, true);
}

bool app_modified(const struct app *a)
{
	return a->have_draft || !cfg_equal(&a->saved, &a->cfg);
}

const struct config *app_edit_cfg(const struct app *a)
{
	return a->have_draft ? &a->draft : &a->cfg;
}

void app_dirty(struct app *a, int p)
{
	if (p < 0)
		a->dirty = ~0u;
	else
		a->dirty |= 1u << p;
}

unsigned app_commit(struct app *a, struct config *next, const char *what)
{
	const char *sim = app_sim_dropped(a);
	app_sim_keep(a);
	undo_push_move(&a->undo, &a->cfg);
	config_move(&a->cfg, next);
	a->gen++;
	bool back = app_sim_restore(a);
	if (back)
		app_msg(a, false, "%s; its simulated points are back%s", what,
			sim ? " (those left kept)" : "");
	else
		app_msg(a, false, "%s%s%s%s", what, sim ? "; " : "", sim ? sim : "",
			sim ? ", r simulates again" : "");
	/* a model the new configuration asks for but cannot have: say why
	 * it is not drawn */
	char why[DIAG_MSG_MAX + DIAG_PATH_MAX + 8], was[APP_MSG_MAX];
	if (app_model_refusal(a, why, sizeof why)) {
		snprintf(was, sizeof was, "%s", a->msg);
		app_msg(a, false, "%s; no refined curve: %s", was, why);
	}
	app_trace(a, "edit gen=%lu", a->gen);
	return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT;
}

static unsigned refuse(struct app *a, const struct diag *d)
{
	char msg[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
	if (d->path[0])
		snprintf(msg, sizeof msg, "%s: %s", d->path, d->msg);
	else
		snprintf(msg, sizeof msg, "%s", d->msg);
	app_msg(a, true, "refused: %s", msg);
	return K_HANDLED | K_STATUS;
}

/* Drop the draft, if any. */
static void drop_draft(struct app *a)
{
	a->have_draft = false;
	config_free(&a->draft);
}

/* The refusal of an edit that could not even copy the configuration. */
static unsigned out_of_memory(struct app *a)
{
	app_msg(a, true, "refused: out of memory");
	return K_HANDLED | K_STATUS;
}

unsigned app_edit(struct app *a, struct config *next, const char *what)
{
	struct diag d;
	char msg[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];

	diag_clear(&d);
	if (config_validate(next, &d) == 0) {
		bool was = a->have_draft;
		drop_draft(a);
		if (was && config_equal(next, &a->cfg)) {
			config_free(next);
			/* The draft came back to where it started: nothing to record. */
			app_msg(a, false, "%s: back to the last valid configuration", what);
			return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT;
		}
		unsigned f = app_commit(a, next, what);
		if (was)
			app_msg(a, false, "%s: the edit is complete (u undoes all of it)", what);
		return f;
	}
	if (d.path[0])
		snprintf(msg, sizeof msg, "%s: %s", d.path, d.msg);
	else
		snprintf(msg, sizeof msg, "%s", d.msg);
	config_free(&a->draft);
	config_move(&a->draft, next);
	a->have_draft = true;
	snprintf(a->draft_msg, sizeof a->draft_msg, "%s", msg);
	snprintf(a->draft_path, sizeof a->draft_path, "%s", d.path);
	app_msg(a, false, "%s (incomplete; Esc reverts)", what);
	app_trace(a, "draft");
	/* The panes rebuild from the draft; gen is unchanged, so nothing is
	 * posted to the worker. */
	return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT;
}

unsigned app_revert(struct app *a)
{
	if (!a->have_draft) {
		a->msg[0] = '\0';
		return K_STATUS;
	}
	drop_draft(a);
	app_msg(a, false, "dropped the incomplete edit: back to the last valid configuration");
	return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT;
}

unsigned app_set(struct app *a, const char *path, const char *text)
{
	const struct config *base = app_edit_cfg(a);
	struct config next;
	struct diag d;
	char what[DIAG_PATH_MAX + 200], old[CFG_TEXT_MAX], now[CFG_TEXT_MAX];

	diag_clear(&d);
	if (config_copy(&next, base))
		return out_of_memory(a);
	param_get_path(base->family->schema.params, config_cbody(base), path, old, sizeof old, NULL);
	if (param_set_path(next.family->schema.params, config_body(&next), path, text, &d)) {
		config_free(&next);
		return refuse(a, &d);
	}
	param_get_path(next.family->schema.params, config_cbody(&next), path, now, sizeof now, NULL);
	if (strcmp(old, now) == 0) {
		config_free(&next);
		app_msg(a, false, "%s is already %s", path, now);
		return K_HANDLED | K_STATUS;
	}
	snprintf(what, sizeof what, "%s: %s -> %s", path, old[0] ? old : "(not set)", now);
	return app_edit(a, &next, what);
}

unsigned app_clear(struct app *a, const char *path)
{
	const struct config *base = app_edit_cfg(a);
	struct config next;
	struct diag d;
	char what[DIAG_PATH_MAX + 200], old[CFG_TEXT_MAX];

	diag_clear(&d);
	if (config_copy(&next, base))
		return out_of_memory(a);
	param_get_path(base->family->schema.params, config_cbody(base), path, old, sizeof old, NULL);
	if (cfg_clear_field(&next, path, &d)) {
		config_free(&next);
		return refuse(a, &d);
	}
	if (config_equal(&next, base)) {
		config_free(&next);
		app_msg(a, false, "%s is already not set", path);
		return K_HANDLED | K_STATUS;
	}
	snprintf(what, sizeof what, "%s: %s -> (not set)", path, old[0] ? old : "-");
	return app_edit(a, &next, what);
}

/* The list field named by a dotted path of sections ("clusters",
 * "traffic.mix"), with the struct that holds it. */
static const struct param *find_list(const struct param *fields, void *base,
				     const char *path, void **holder)
{
	char buf[DIAG_PATH_MAX];
	snprintf(buf, sizeof buf, "%s", path);
	char *save = NULL;
	const struct param *p = NULL;
	for (char *tok = strtok_r(buf, ".", &save); tok; tok = strtok_r(NULL, ".", &save)) {
		p = param_find(fields, tok);
		if (!p)
			return NULL;
		if (p->type == PT_SECTION) {
			base = param_section(p, base);
			fields = p->sub;
		} else if (p->type != PT_LIST) {
			return NULL;
		}
	}
	if (!p || p->type != PT_LIST)
		return NULL;
	*holder = base;
	return p;
}

/* The value field f of a new item starts from when there is no item to
 * copy: its default, its seed, else the lowest value its range allows (the
 * highest when the lowest is excluded), the first choice; "" if none. */
static void new_item_value(const struct param *f, char *text, size_t n)
{
	text[0] = '\0';
	if (f->def)
		snprintf(text, n, "%s", f->def);
	else if (f->seed)
		snprintf(text, n, "%s", f->seed);
	else if (f->type == PT_ENUM && f->choices && f->choices[0])
		snprintf(text, n, "%s", f->choices[0]);
	else if (f->type == PT_INT || f->type == PT_REAL)
		snprintf(text, n, "%.17g", (f->flags & PF_MIN_EXCL) ? f->max : f->min);
}

unsigned app_list_add(struct app *a, const char *list_path, long from)
{
	struct config next;
	struct diag d;
	void *holder;
	char path[DIAG_PATH_MAX], text[CFG_TEXT_MAX], what[DIAG_PATH_MAX + 64];

	diag_clear(&d);
	if (config_copy(&next, app_edit_cfg(a)))
		return out_of_memory(a);
	const struct param *lp = find_list(next.family->schema.params, config_body(&next), list_path,
					   &holder);
	if (!lp) {
		config_free(&next);
		return K_HANDLED;
	}
	size_t n = param_list_count(lp, holder);
	if (n >= lp->max_items) {
		config_free(&next);
		app_msg(a, true, "refused: %s: already %zu items (allowed: at most %zu)", list_path,
			n, lp->max_items);
		return K_HANDLED | K_STATUS;
	}
	if (from < 0 || (size_t)from >= n)
		from = (long)n - 1;
	/* Set every field of the new item: a copy of item `from`, or the
	 * defaults (the first call appends the item). */
	int rc = 0;
	for (const struct param *f = lp->sub; f->type != PT_END && rc == 0; f++) {
		if (f->type == PT_SECTION || f->type == PT_LIST)
			continue;
		text[0] = '\0';
		if (from >= 0)
			param_format(f, param_list_celem(lp, holder, (size_t)from), text, sizeof text);
		else
			new_item_value(f, text, sizeof text);
		if (!text[0]) {
			if (f == lp->sub)
				rc = diag_set(&d, list_path, "no value to start a new item from; "
					      "its field %s has no default", f->key);
			continue;
		}
		snprintf(path, sizeof path, "%s.%zu.%s", list_path, n, f->key);
		rc = param_set_path(next.family->schema.params, config_body(&next), path, text, &d);
	}
	if (rc) {
		config_free(&next);
		return refuse(a, &d);
	}
	snprintf(a->want_select, sizeof a->want_select, "%s.%zu.%s", list_path, n, lp->sub[0].key);
	if (from >= 0)
		snprintf(what, sizeof what, "%s.%zu added (a copy of item %ld)", list_path, n, from);
	else
		snprintf(what, sizeof what, "%s.%zu added", list_path, n);
	return app_edit(a, &next, what);
}

unsigned app_list_remove(struct app *a, const char *list_path, size_t i)
{
	struct config next;
	struct diag d;
	char what[DIAG_PATH_MAX + 64];

	diag_clear(&d);
	if (config_copy(&next, app_edit_cfg(a)))
		return out_of_memory(a);
	if (param_list_remove(next.family->schema.params, config_body(&next), list_path, i, &d)) {
		config_free(&next);
		return refuse(a, &d);
	}
	snprintf(what, sizeof what, "%s.%zu deleted", list_path, i);
	return app_edit(a, &next, what);
}

unsigned app_list_clear(struct app *a, const char *list_path)
{
	struct config next;
	struct diag d;
	void *holder;
	char what[DIAG_PATH_MAX + 64];

	/* A copy of its own (config_copy): the configuration owns its lists,
	 * and a shallow copy would clear the live one and share its body. */
	if (config_copy(&next, app_edit_cfg(a)))
		return out_of_memory(a);
	diag_clear(&d);
	const struct param *lp = find_list(next.family->schema.params, config_body(&next), list_path,
					   &holder);
	if (!lp) {
		config_free(&next);
		return K_HANDLED;
	}
	size_t n = param_list_count(lp, holder);
	if (n == 0) {
		config_free(&next);
		app_msg(a, false, "%s is already empty", list_path);
		return K_HANDLED | K_STATUS;
	}
	if (lp->min_items > 0) {
		config_free(&next);
		app_msg(a, true, "refused: %s needs at least %zu item%s", list_path, lp->min_items,
			lp->min_items == 1 ? "" : "s");
		return K_HANDLED | K_STATUS;
	}
	for (size_t i = n; i-- > 0;)
		if (param_list_remove(next.family->schema.params, config_body(&next), list_path, i, &d)) {
			config_free(&next);
			return refuse(a, &d);
		}
	snprintf(what, sizeof what, "%s cleared (%zu item%s deleted)", list_path, n,
		 n == 1 ? "" : "s");
	return app_edit(a, &next, what);
}

/* One step through the undo history, back (undo) or forward (redo): the
 * simulated points of the configuration left are kept for a later return,
 * those of the one reached come back (app_sim_restore). */
static unsigned history_step(struct app *a, bool forward)
{
	size_t avail = forward ? a->undo.nfuture : a->undo.npast;
	const char *done = forward ? "redone" : "undone";
	const char *sim = avail ? app_sim_dropped(a) : NULL;

	if (avail)
		app_sim_keep(a);
	if (!(forward ? undo_redo(&a->undo, &a->cfg) : undo_undo(&a->undo, &a->cfg))) {
		app_msg(a, false, forward ? "nothing to redo" : "nothing to undo");
		return K_HANDLED | K_STATUS;
	}
	a->gen++;
	size_t more = forward ? a->undo.nfuture : a->undo.npast;
	if (app_sim_restore(a))
		app_msg(a, false, "%s (%zu more); its simulated points are back%s", done, more,
			sim ? " (those left kept)" : "");
	else
		app_msg(a, false, "%s (%zu more)%s%s", done, more, sim ? "; " : "", sim ? sim : "");
	return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT;
}

unsigned app_undo(struct app *a)
{
	if (a->have_draft) {
		unsigned f = app_revert(a);
		app_msg(a, false, "dropped the incomplete edit (u again undoes the last complete one)");
		return f;
	}
	return history_step(a, false);
}

unsigned app_redo(struct app *a)
{
	drop_draft(a);
	return history_step(a, true);
}

void app_prompt(struct app *a, enum prompt_kind k, const char *label, const char *initial,
		const char *path)
{
	a->prompt = k;
	snprintf(a->prompt_label, sizeof a->prompt_label, "%s", label);
	snprintf(a->prompt_path, sizeof a->prompt_path, "%s", path ? path : "");
	le_set(&a->le, initial);
	a->dirty_status = true;
}

void app_confirm(struct app *a, enum confirm_kind k, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->confirm_text, sizeof a->confirm_text, fmt, ap);
	va_end(ap);
	a->confirm = k;
	a->overlay = OV_CONFIRM;
	a->dirty_all = true;
}

long app_summary_role(const struct app *a, enum row_role role)
{
	const struct table *t = &a->res.slot[SLOT_SUMMARY].table;
	return t->layout == TL_SUMMARY ? table_role_row(t, role) : -1;
}

/* The value of the summary's first row_role row (NaN: none, or the
 * summary of an older configuration). */
static double summary_x(const struct app *a, enum row_role role)
{
	const struct table *t = &a->res.slot[SLOT_SUMMARY].table;
	if (a->res.slot[SLOT_SUMMARY].gen != a->gen)
		return NAN;   /* the summary of an older configuration */
	long r = app_summary_role(a, role);
	if (r < 0)
		return NAN;
	return table_get(t, (size_t)r, SUM_VALUE);
}

double app_saturation(const struct app *a)
{
	return summary_x(a, ROW_SATURATION);
}

double app_refined_saturation(const struct app *a)
{
	return summary_x(a, ROW_SATURATION_REFINED);
}

bool app_model_refusal(const struct app *a, char *buf, size_t n)
{
	const struct family *f = a->cfg.family;
	struct diag d;

	diag_clear(&d);
	if (!f->model_refusal || !f->model_refusal(&a->cfg, &d))
		return false;
	diag_format(&d, buf, n);
	return true;
}

const struct output_desc *app_outputs(const struct app *a, size_t *n)
{
	const struct output_desc *o = a->cfg.family->outputs;
	size_t k = 0;
	while (o[k].name)
		k++;
	if (n)
		*n = k;
	return o;
}

const char *app_curve_output(const struct app *a)
{
	for (const struct output_desc *o = a->cfg.family->outputs; o->name; o++)
		if (o->kind == OUT_CURVE)
			return o->name;
	return NULL;
}

int app_next_output(const struct app *a, int cur,
		    bool (*accept)(const struct output_desc *o))
{
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	int v = cur;
	for (size_t k = 0; k < n; k++) {
		v = (v + 1) % (int)n;
		if (accept(&o[v]))
			return v;
	}
	return -1;
}

char *app_symbol(const struct app *a, const char *sym, char *buf, size_t n)
{
	static const struct { const char *from, *to; } greek[] = {
		{ "lambda", "\u03bb" }, { "theta", "\u03b8" }, { "tau", "\u03c4" },
		{ "Delta", "\u0394" },
	};
	size_t len = 0;

	buf[0] = '\0';
	if (!sym)
		return buf;
	while (*sym && len + 1 < n) {
		bool done = false;
		for (size_t i = 0; a->utf8 && i < sizeof greek / sizeof greek[0]; i++) {
			size_t fl = strlen(greek[i].from);
			if (strncmp(sym, greek[i].from, fl) == 0) {
				len += (size_t)snprintf(buf + len, n - len, "%s", greek[i].to);
				sym += fl;
				done = true;
				break;
			}
		}
		if (!done) {
			buf[len++] = *sym++;
			buf[len] = '\0';
		}
	}
	if (len >= n)
		buf[n - 1] = '\0';
	return buf;
}

void app_trace(struct app *a, const char *fmt, ...)
{
	struct timespec ts;
	va_list ap;

	if (!a->trace)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	fprintf(a->trace, "%.3f ", (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
	va_start(ap, fmt);
	vfprintf(a->trace, fmt, ap);
	va_end(ap);
	fputc('\n', a->trace);
	fflush(a->trace);
}

unsigned app_step_select(struct app *a, int p, int dir)
{
	size_t nout;
	const struct output_desc *o = app_outputs(a, &nout);
	int v = p == P_HEAT ? a->view.matrix_out : a->view.detail_out;
	if (v < 0 || (size_t)v >= nout || !o[v].select) {
		app_msg(a, false, "the %s view shows no items to step (] and [ step the cluster "
			"group or switch of views that have one)", v >= 0 && (size_t)v < nout
			? o[v].name : "current");
		return K_HANDLED | K_STATUS;
	}
	int s = a->view.select < 0 ? 0 : a->view.select;
	s += dir;
	if (s < 0) {
		app_msg(a, false, "item 0 is the first");
		return K_HANDLED | K_STATUS;
	}
	if (!a->select_wait || a->select_pane != p) {
		a->select_start = a->view.select;
		a->select_wait = true;
	}
	a->select_dir = dir;
	a->select_pane = p;
	a->view.select = s;
	a->view_gen++;
	app_msg(a, false, "item %d selected (--select %d)", s, s);
	return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
}

void app_view_answer(struct app *a, int p, bool ok, const char *why)
{
	if (!ok && !a->select_wait && a->view.select > 0) {
		/* Not a step: the configuration changed under the selection (a
		 * cluster group deleted).  Show the first item again. */
		app_msg(a, true, "item %d no longer exists; showing item 0", a->view.select);
		a->view.select = 0;
		a->view_gen++;
		return;
	}
	if (!a->select_wait || a->select_pane != p)
		return;
	if (ok) {
		a->select_wait = false;
		return;
	}
	/* One step back towards where the steps started (the last good item);
	 * that one is asked again, unless it is the start itself. */
	int back = a->view.select - a->select_dir;
	int start = a->select_start < 0 ? 0 : a->select_start;
	if (a->view.select == start || (a->select_dir > 0 ? back <= start : back >= start)) {
		back = a->select_start;
		a->select_wait = false;
	}
	app_msg(a, true, "%s", why && *why ? why : "no such item");
	if (back == a->view.select)
		return;
	a->view.select = back;
	a->view_gen++;
	a->dirty_all = true;
}

unsigned app_toggle_expand(struct app *a)
{
	a->expand = !a->expand;
	app_msg(a, false, a->expand ? "the pane takes the right column (f: back)"
		: "the plot is back");
	return K_HANDLED | K_RELAYOUT | K_REDRAW_ALL | K_STATUS;
}

int app_shown_output(const struct app *a, int out, const char *refusal)
{
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	if (out < 0 || (size_t)out >= n)
		return -1;
	if (refusal && refusal[0] && o[out].fallback) {
		for (size_t i = 0; i < n; i++)
			if (strcmp(o[i].name, o[out].fallback) == 0)
				return (int)i;
	}
	return out;
}
