/* plotadapt.c: the plot pane's way to plot_render() (see plotadapt.h). */
#include "ui/plotadapt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/figure.h"

#include "render/plot.h"

void pa_render(struct canvas *c, struct canvas_rect r, const struct pa_spec *s,
	       struct pa_info *info)
{
	struct plot_series ser[PLOT_MAX_SERIES];
	struct plot_spec spec;
	struct plot_info pi;
	size_t n = s->nseries < PLOT_MAX_SERIES ? s->nseries : PLOT_MAX_SERIES;

	for (size_t i = 0; i < n; i++)
		ser[i] = (struct plot_series){ s->series[i].legend ? s->series[i].legend
					       : s->series[i].name, s->series[i].x, s->series[i].y,
					       s->series[i].n, .points = s->series[i].points,
					       .lo = s->series[i].lo, .hi = s->series[i].hi,
					       .refined = s->series[i].refined,
					       .pinned = s->series[i].pinned,
					       .unlisted = s->series[i].unlisted,
					       .marker = s->series[i].marker,
					       .flag = s->series[i].flag };
	plot_spec_init(&spec);
	spec.x_name = s->x_name;
	spec.x_unit = s->x_unit;
	spec.y_name = s->y_name;
	spec.y_unit = s->y_unit;
	spec.x_scale = s->x_log ? AXIS_LOG10 : AXIS_LINEAR;
	spec.y_scale = s->y_log ? AXIS_LOG10 : AXIS_LINEAR;
	spec.series = ser;
	spec.nseries = n;
	spec.sat_x = s->sat_x;
	spec.sat_label = s->sat_label;
	spec.ref_sat_x = s->ref_sat_label ? s->ref_sat_x : NAN;
	spec.ref_sat_label = s->ref_sat_label;
	spec.mark_x = s->mark_x;
	spec.mark_label = s->mark_label;
	spec.cursor = s->cursor;
	spec.legend = s->legend;
	spec.legend_pack = s->legend_pack;
	spec.stems = s->stems;
	spec.lines = !s->stems;
	spec.y_fit = s->y_fit || s->stems;
	spec.x_tight = s->x_tight;
	spec.clip_hint = s->clip_hint;
	plot_render(c, r, &spec, &pi);
	if (info) {
		info->area = pi.area;
		info->y_clipped = pi.y_clipped;
		info->x_lo = pi.x.lo;
		info->x_hi = pi.x.hi;
		info->x_log = pi.x.scale == AXIS_LOG10;
		info->y_lo = pi.y.lo;
		info->y_hi = pi.y.hi;
	}
}

/* "name [unit]", either part optional. */
static void axis_text(char *buf, size_t n, const char *name, const char *unit)
{
	snprintf(buf, n, "%s%s%s%s", name ? name : "", name && unit ? " " : "",
		 unit ? "[" : "", unit ? unit : "");
	if (unit)
		snprintf(buf + strlen(buf), n - strlen(buf), "]");
}

void pa_figure(const struct pa_spec *s, const struct pa_info *info, struct figure *f,
	       struct figure_series *fs, char *xl, char *yl, size_t n)
{
	size_t ns = s->nseries < PA_MAX_SERIES ? s->nseries : PA_MAX_SERIES;

	figure_init(f);
	axis_text(xl, n, s->x_name, s->x_unit);
	axis_text(yl, n, s->y_name, s->y_unit);
	f->x_label = xl;
	f->y_label = yl;
	f->x_log = s->x_log;
	f->y_log = s->y_log;
	f->x_min = info->x_lo;
	f->x_max = info->x_hi;
	f->y_min = info->y_lo;
	f->y_max = info->y_hi;
	for (size_t k = 0; k < ns; k++) {
		const struct pa_series *p = &s->series[k];
		fs[k] = (struct figure_series){ p->name, p->x, p->y, p->n, .points = p->points,
						.lo = p->lo, .hi = p->hi, .dash = (int)k + 1,
						.impulses = s->stems && !p->points,
						.refined = p->refined };
	}
	f->series = fs;
	f->nseries = ns;
	f->sat_x = s->sat_x;
	f->sat_label = s->sat_label;
	/* the refined model's saturation where the screen drew it: render()
	 * widened an open x range to it, so it is inside the axis */
	if (s->ref_sat_label && isfinite(s->ref_sat_x) && s->ref_sat_x >= info->x_lo &&
	    s->ref_sat_x <= info->x_hi) {
		f->ref_sat_x = s->ref_sat_x;
		f->ref_sat_label = s->ref_sat_label;
	}
	f->mark_x = s->mark_x;
	f->mark_label = s->mark_label;
}
