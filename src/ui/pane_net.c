/*
 * pane_net.c: the network pane, a form (form.h) over the family's
 * top-level scalars and sections (multicluster: m and the timing of each network).
 */
#include "ui/form.h"

static int net_init(struct pane *p)
{
	return form_init(p, form_filter_network);
}

const struct pane_ops pane_net_ops = {
	.name = "net",
	.title = "network",
	.ctx = CTX_FORM,
	.listens = RES_SUMMARY,
	.init = net_init,
	.free = form_free,
	.draw = form_draw,
	.key = form_key,
	.update = form_update,
	.natural_height = form_natural_height,
	.hint = form_hint,
	.click = form_click,
	.cmdline = form_cmdline,
};
