/* cmdline.c: the equivalent batch command (see cmdline.h). */
#include "ui/cmdline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/write.h"
#include "config/cfgwalk.h"
#include "family/family.h"
#include "ui/draw.h"
#include "ui/ui.h"

#define MAX_SETS 128

void cmdline_quote(struct strbuf *b, const char *s)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				   "0123456789._/=:,+-@%";
	if (*s && strspn(s, safe) == strlen(s)) {
		strbuf_puts(b, s);
		return;
	}
	strbuf_puts(b, "'");
	for (; *s; s++) {
		if (*s == '\'')
			strbuf_puts(b, "'\\''");
		else
			strbuf_add(b, s, 1);
	}
	strbuf_puts(b, "'");
}

/* What output o prints (-f table) at x with item select; NULL on failure.
 * Caller frees. */
static char *printed_at(const struct app *a, const struct output_desc *o, int select,
			double x)
{
	struct run_req req;
	struct table t;
	struct diag d;
	char *buf = NULL;
	size_t len = 0;

	run_req_init(&req);
	req.at = x;
	req.select = select;
	table_init(&t, "");
	if (o->run(&a->cfg, &req, &t, &d) != 0) {
		table_free(&t);
		return NULL;
	}
	FILE *fp = open_memstream(&buf, &len);
	if (fp) {
		write_table(fp, &t, FMT_TABLE, NULL);
		fclose(fp);
	}
	table_free(&t);
	return buf;
}

/* The last --at asked for, per output: the search runs the model, so it
 * runs once per (configuration, output, item, x). */
static struct {
	unsigned long gen;
	const struct output_desc *o;
	int select;
	double x;
	char text[40];
} at_cache;

char *cmdline_at(const struct app *a, const struct output_desc *o, int select,
		 char *buf, size_t n)
{
	double x = a->view.at;
	char *want;

	draw_exact(x, buf, n);
	if (!o || !output_at_cursor(a->cfg.family, o) || !o->run || !isfinite(x))
		return buf;
	if (at_cache.gen == a->gen && at_cache.o == o && at_cache.select == select &&
	    at_cache.x == x) {
		snprintf(buf, n, "%s", at_cache.text);
		return buf;
	}
	want = printed_at(a, o, select, x);
	for (int p = 2; want && p < 17; p++) {
		char t[40];
		snprintf(t, sizeof t, "%.*g", p, x);
		double y = strtod(t, NULL);
		if (y == x)
			break;       /* draw_exact's answer, no shorter */
		char *got = printed_at(a, o, select, y);
		bool same = got && strcmp(got, want) == 0;
		free(got);
		if (same) {
			snprintf(buf, n, "%s", t);
			break;
		}
	}
	free(want);
	at_cache.gen = a->gen;
	at_cache.o = o;
	at_cache.select = select;
	at_cache.x = x;
	snprintf(at_cache.text, sizeof at_cache.text, "%s", buf);
	return buf;
}

/* The program as it was started when that runs as shown ("./icnx", a full
 * path), else "icnx" (found in PATH). */
static const char *program(const struct app *a)
{
	const char *p = a->opt ? a->opt->program : NULL;
	return p && strchr(p, '/') ? p : "icnx";
}

int cmdline_build(const struct app *a, int p, struct strbuf *b, char *why, size_t n)
{
	struct cfg_change ch[MAX_SETS];
	char set[DIAG_PATH_MAX + CFG_TEXT_MAX + 2];
	bool shrunk = false;
	size_t k = 0;

	if (a->have_file_cfg) {
		k = cfg_diff(&a->file_cfg, &a->cfg, ch, MAX_SETS, &shrunk);
		if (shrunk) {
			snprintf(why, n, "save first (w), then use the saved file: --set cannot "
				 "delete list items");
			return -1;
		}
		if (k > MAX_SETS) {
			snprintf(why, n, "too many edits for a command line; save the preset (w) first");
			return -1;
		}
		for (size_t i = 0; i < k; i++) {
			if (ch[i].absent) {
				snprintf(why, n, "save first (w): --set cannot clear %s", ch[i].path);
				return -1;
			}
		}
	}
	struct strbuf pre, tail;
	strbuf_init(&pre);
	strbuf_init(&tail);
	cmdline_quote(&pre, program(a));
	strbuf_puts(&pre, " --batch ");
	cmdline_quote(&pre, a->l->name);
	/* a model option the configuration cannot have (family.model_refusal)
	 * is left out, or set to the printed model where the file asks for
	 * it: the screen draws the printed model alone, and batch refuses
	 * the option */
	const char *off = a->cfg.family->model_off;
	char off_path[DIAG_PATH_MAX] = "", why_not[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
	if (off && strchr(off, '=') && app_model_refusal(a, why_not, sizeof why_not))
		snprintf(off_path, sizeof off_path, "%.*s", (int)(strchr(off, '=') - off), off);
	for (size_t i = 0; i < k; i++) {
		if (off_path[0] && strcmp(ch[i].path, off_path) == 0)
			continue;
		snprintf(set, sizeof set, "%s=%s", ch[i].path, ch[i].text);
		strbuf_puts(&pre, " --set ");
		cmdline_quote(&pre, set);
	}
	if (off_path[0]) {
		char cur[CFG_TEXT_MAX];
		const struct config *fc = a->have_file_cfg ? &a->file_cfg : &a->cfg;
		if (param_get_path(fc->family->schema.params, config_cbody(fc), off_path, cur,
				   sizeof cur, NULL) != 0 || strcmp(cur, strchr(off, '=') + 1) != 0) {
			strbuf_puts(&pre, " --set ");
			cmdline_quote(&pre, off);
		}
	}
	const struct pane *pn = &a->pane[p];
	if (pn->ops && pn->ops->cmdline && !pn->ops->cmdline((struct pane *)pn, &tail)) {
		snprintf(why, n, "the %s pane shows no numbers of its own", pn->ops->name);
		strbuf_free(&pre);
		strbuf_free(&tail);
		return -1;
	}
	if (!tail.s) {
		strbuf_puts(b, pre.s ? pre.s : "");
	} else {
		/* the pane's lines: "# " comments as they are, each other
		 * line a whole command (pane_ops.cmdline) */
		for (const char *l = tail.s; *l;) {
			const char *nl = strchr(l, '\n');
			int len = nl ? (int)(nl - l) : (int)strlen(l);
			if (l != tail.s)
				strbuf_puts(b, "\n");
			if (l[0] == '#')
				strbuf_printf(b, "%.*s", len, l);
			else
				strbuf_printf(b, "%s%s%.*s", pre.s ? pre.s : "", len ? " " : "", len, l);
			l += len + (nl ? 1 : 0);
		}
	}
	strbuf_free(&pre);
	strbuf_free(&tail);
	return 0;
}
