/*
 * pane_traffic.c: the traffic pane, a form (form.h) over the family's
 * traffic, load and options sections.
 */
#include "ui/form.h"

static int traffic_init(struct pane *p)
{
	return form_init(p, form_filter_traffic);
}

const struct pane_ops pane_traffic_ops = {
	.name = "traffic",
	.title = "traffic",
	.ctx = CTX_FORM,
	.listens = RES_SUMMARY,
	.init = traffic_init,
	.free = form_free,
	.draw = form_draw,
	.key = form_key,
	.update = form_update,
	.natural_height = form_natural_height,
	.hint = form_hint,
	.click = form_click,
	.cmdline = form_cmdline,
};
