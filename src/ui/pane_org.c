/*
 * pane_org.c: the organisation pane, a form (form.h) over the family's
 * top-level lists (multicluster: the cluster groups as a table).
 */
#include "ui/form.h"

static int org_init(struct pane *p)
{
	return form_init(p, form_filter_lists);
}

const struct pane_ops pane_org_ops = {
	.name = "org",
	.title = "organisation",
	.ctx = CTX_FORM,
	.listens = RES_SUMMARY,
	.init = org_init,
	.free = form_free,
	.draw = form_draw,
	.key = form_key,
	.update = form_update,
	.natural_height = form_natural_height,
	.hint = form_hint,
	.click = form_click,
	.cmdline = form_cmdline,
};
