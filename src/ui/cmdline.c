/* cmdline.c: the equivalent batch command (see cmdline.h). */
#include "ui/cmdline.h"

#include <stdio.h>
#include <string.h>

#include "config/cfgwalk.h"

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
	strbuf_puts(b, "icnx --batch ");
	cmdline_quote(b, a->l->name);
	for (size_t i = 0; i < k; i++) {
		snprintf(set, sizeof set, "%s=%s", ch[i].path, ch[i].text);
		strbuf_puts(b, " --set ");
		cmdline_quote(b, set);
	}
	const struct pane *pn = &a->pane[p];
	if (pn->ops && pn->ops->cmdline) {
		strbuf_puts(b, " ");
		if (!pn->ops->cmdline((struct pane *)pn, b)) {
			snprintf(why, n, "the %s pane shows no numbers of its own", pn->ops->name);
			return -1;
		}
	}
	return 0;
}
