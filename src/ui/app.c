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

#include "ui/cfgwalk.h"

void app_msg(struct app *a, bool err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->msg, sizeof a->msg, fmt, ap);
	va_end(ap);
	a->msg_err = err;
	a->msg_wide = false;
	a->dirty_status = true;
}

bool app_modified(const struct app *a)
{
	return !cfg_equal(&a->saved, &a->cfg);
}

void app_dirty(struct app *a, int p)
{
	if (p < 0)
		a->dirty = ~0u;
	else
		a->dirty |= 1u << p;
}

unsigned app_commit(struct app *a, const struct config *next, const char *what)
{
	undo_push(&a->undo, &a->cfg);
	a->cfg = *next;
	a->gen++;
	app_msg(a, false, "%s", what);
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

unsigned app_set(struct app *a, const char *path, const char *text)
{
	struct config next = a->cfg;
	struct diag d;
	char what[DIAG_PATH_MAX + 200], old[CFG_TEXT_MAX], now[CFG_TEXT_MAX];

	diag_clear(&d);
	param_get_path(a->cfg.family->params, config_cbody(&a->cfg), path, old, sizeof old, NULL);
	if (config_set(&next, path, text, &d))
		return refuse(a, &d);
	param_get_path(next.family->params, config_cbody(&next), path, now, sizeof now, NULL);
	if (strcmp(old, now) == 0) {
		app_msg(a, false, "%s is already %s", path, now);
		return K_HANDLED | K_STATUS;
	}
	snprintf(what, sizeof what, "%s: %s -> %s", path, old[0] ? old : "(not set)", now);
	return app_commit(a, &next, what);
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

unsigned app_list_add(struct app *a, const char *list_path, long from)
{
	struct config next = a->cfg;
	struct diag d;
	void *holder;
	char path[DIAG_PATH_MAX], text[CFG_TEXT_MAX], what[DIAG_PATH_MAX + 64];

	diag_clear(&d);
	const struct param *lp = find_list(next.family->params, config_body(&next), list_path,
					   &holder);
	if (!lp)
		return K_HANDLED;
	size_t n = param_list_count(lp, holder);
	if (n >= lp->max_items) {
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
		else if (f->def)
			snprintf(text, sizeof text, "%s", f->def);
		if (!text[0]) {
			if (f == lp->sub)
				rc = diag_set(&d, list_path, "no value to start a new item from; "
					      "its field %s has no default", f->key);
			continue;
		}
		snprintf(path, sizeof path, "%s.%zu.%s", list_path, n, f->key);
		rc = param_set_path(next.family->params, config_body(&next), path, text, &d);
	}
	if (rc == 0)
		rc = config_validate(&next, &d);
	if (rc)
		return refuse(a, &d);
	snprintf(a->want_select, sizeof a->want_select, "%s.%zu.%s", list_path, n, lp->sub[0].key);
	if (from >= 0)
		snprintf(what, sizeof what, "%s.%zu added (a copy of item %ld)", list_path, n, from);
	else
		snprintf(what, sizeof what, "%s.%zu added", list_path, n);
	return app_commit(a, &next, what);
}

unsigned app_list_remove(struct app *a, const char *list_path, size_t i)
{
	struct config next = a->cfg;
	struct diag d;
	char what[DIAG_PATH_MAX + 64];

	diag_clear(&d);
	if (param_list_remove(next.family->params, config_body(&next), list_path, i, &d) ||
	    config_validate(&next, &d))
		return refuse(a, &d);
	snprintf(what, sizeof what, "%s.%zu deleted", list_path, i);
	return app_commit(a, &next, what);
}

unsigned app_undo(struct app *a)
{
	if (!undo_undo(&a->undo, &a->cfg)) {
		app_msg(a, false, "nothing to undo");
		return K_HANDLED | K_STATUS;
	}
	a->gen++;
	app_msg(a, false, "undone (%zu more)", a->undo.npast);
	return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT;
}

unsigned app_redo(struct app *a)
{
	if (!undo_redo(&a->undo, &a->cfg)) {
		app_msg(a, false, "nothing to redo");
		return K_HANDLED | K_STATUS;
	}
	a->gen++;
	app_msg(a, false, "redone (%zu more)", a->undo.nfuture);
	return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT;
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

long app_summary_row(const struct app *a, const char *q)
{
	const struct table *t = &a->res.summary;
	if (t->ncols < 2 || t->cols[0].kind != COL_TEXT)
		return -1;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *s = table_get_text(t, r, 0);
		if (s && strcmp(s, q) == 0)
			return (long)r;
	}
	return -1;
}

double app_saturation(const struct app *a)
{
	const struct table *t = &a->res.summary;
	long r = app_summary_row(a, "saturation_load");
	int sym = table_col(t, "symbol");
	if (r < 0 && sym >= 0) {
		for (size_t i = 0; i < t->nrows; i++) {
			const char *s = table_get_text(t, i, (size_t)sym);
			if (s && *s && s[strlen(s) - 1] == '*') {
				r = (long)i;
				break;
			}
		}
	}
	int v = table_col(t, "value");
	if (r < 0 || v < 0)
		return NAN;
	return table_get(t, (size_t)r, (size_t)v);
}

const struct output_desc *app_outputs(const struct app *a, size_t *n)
{
	const struct output_desc *o = a->cfg.family->outputs;
	size_t k = 0;
	while (o[k].name)
		k++;
	*n = k;
	return o;
}

char *app_symbol(const struct app *a, const char *sym, char *buf, size_t n)
{
	static const struct { const char *from, *to; } greek[] = {
		{ "lambda", "\u03bb" }, { "theta", "\u03b8" }, { "tau", "\u03c4" },
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
