/*
 * pane_forms.c: the three edit panes, each a form (form.h) over one group
 * of the family's fields; they differ only in name, title and filter:
 *   org      the organisation pane: the top-level lists (multicluster: the
 *            cluster groups as a table);
 *   net      the network pane: the top-level scalars and sections
 *            (multicluster: m and the timing of each network);
 *   traffic  the traffic pane: the traffic, load and options sections.
 */
#include "ui/form.h"

static int org_init(struct pane *p)
{
	return form_init(p, form_filter_lists);
}

static int net_init(struct pane *p)
{
	return form_init(p, form_filter_network);
}

static int traffic_init(struct pane *p)
{
	return form_init(p, form_filter_traffic);
}

#define FORM_PANE(NAME, TITLE, INIT) {                  \
	.name = NAME,                                   \
	.title = TITLE,                                 \
	.ctx = CTX_FORM,                                \
	.listens = RES_SUMMARY,                         \
	.init = INIT,                                   \
	.free = form_free,                              \
	.draw = form_draw,                              \
	.key = form_key,                                \
	.update = form_update,                          \
	.natural_height = form_natural_height,          \
	.hint = form_hint,                              \
	.click = form_click,                            \
	.cmdline = form_cmdline,                        \
}

const struct pane_ops pane_org_ops = FORM_PANE("org", "organisation", org_init);
const struct pane_ops pane_net_ops = FORM_PANE("net", "network", net_init);
const struct pane_ops pane_traffic_ops = FORM_PANE("traffic", "traffic", traffic_init);
