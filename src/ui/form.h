/*
 * form.h: the generic editing pane, built from a family's parameter table.
 *
 * A form shows some of the family's top-level fields (chosen by a filter):
 * scalars as "key symbol  value unit" rows, sections as a heading followed
 * by their fields, and lists whose items hold only scalars as a table (one
 * row per item, one column per field, the papers' symbols as column heads)
 * followed by an "add" row.  Beside the configuration it shows derived
 * values taken from the family's summary output: for a section named K the
 * summary rows "K.*" (icn1.t_cn resolved from the link parameters), for
 * item i of a list L the rows "L.i.*" or "group<i>.*" as extra table
 * columns (nodes per cluster...), and under a top-level list the top-level
 * unitless rows (C, N).  An optional field that is not set is hidden when a
 * sibling optional field is set (the section uses the other form).
 *
 * So a new family gets its editing panes from its table alone.  The three
 * edit panes (pane_forms.c: org, net, traffic) only pick the filter.
 *
 * UI thread only.
 */
#ifndef ICNX_UI_FORM_H
#define ICNX_UI_FORM_H

#include <stdbool.h>
#include <stddef.h>

#include "config/param.h"
#include "ui/pane.h"

/* Which top-level fields of the family a form shows. */
typedef bool (*form_filter)(const struct param *top);

/* The standard filters: top-level lists (organisation); top-level scalars
 * and the sections not taken by the traffic filter (network); sections
 * named traffic, load, options, workload or sweep (traffic). */
bool form_filter_lists(const struct param *top);
bool form_filter_network(const struct param *top);
bool form_filter_traffic(const struct param *top);

int form_init(struct pane *p, form_filter filter);
void form_free(struct pane *p);
void form_draw(struct pane *p, struct canvas *c);
unsigned form_key(struct pane *p, enum action a, int arg);
void form_update(struct pane *p, unsigned what);
int form_natural_height(struct pane *p);
void form_hint(struct pane *p, char *buf, size_t n);
unsigned form_click(struct pane *p, int x, int y);
bool form_cmdline(struct pane *p, struct strbuf *b);

/* The dotted path of the selected field ("clusters.1.tau"), or "" when the
 * selection is not a field.  Returns buf. */
char *form_selected_path(struct pane *p, char *buf, size_t n);

/* Select the row of field `path` (and its column for table cells).
 * Returns false if the form shows no such field. */
bool form_select_path(struct pane *p, const char *path);

#endif
