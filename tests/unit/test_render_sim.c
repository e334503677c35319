/*
 * test_render_sim.c: simulated points over the model's curve (issue 12,
 * the renderer side): each point its marker, never joined to the others,
 * with its 95% confidence interval as an error bar, in UTF-8 and ASCII
 * (goldens render_sim_*); the y axis covers the bars; a bar cut by the
 * axis is noted like any clipped value; a saturated point is '^'.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/canvas.h"
#include "render/glyphs.h"
#include "render/plot.h"

#include "render_check.h"

#define NM 40
#define NS 6

struct sim_plot {
	double mx[NM], my[NM];             /* the model's curve */
	double sx[NS], sy[NS], lo[NS], hi[NS];
	struct plot_series ser[2];
	struct plot_spec spec;
};

/* A latency curve 20 / (1 - l / 0.5) up to 0.48, and six simulated loads,
 * denser near saturation, a few percent off with intervals that widen. */
static void
sim_init(struct sim_plot *p)
{
	static const double loads[NS] = { 0.05, 0.15, 0.25, 0.35, 0.42, 0.46 };
	int i;

	memset(p, 0, sizeof *p);
	for (i = 0; i < NM; i++) {
		p->mx[i] = 0.48 * i / (NM - 1);
		p->my[i] = 20 / (1 - p->mx[i] / 0.5);
	}
	for (i = 0; i < NS; i++) {
		double m = 20 / (1 - loads[i] / 0.5);

		p->sx[i] = loads[i];
		p->sy[i] = m * (1.03 + 0.02 * i);
		p->lo[i] = p->sy[i] * (1 - 0.02 - 0.05 * i);
		p->hi[i] = p->sy[i] * (1 + 0.02 + 0.05 * i);
	}
	plot_spec_init(&p->spec);
	p->ser[0] = (struct plot_series){ "model", p->mx, p->my, NM };
	p->ser[1] = (struct plot_series){ "simulation (95% interval)", p->sx, p->sy, NS,
					  .points = true, .lo = p->lo, .hi = p->hi };
	p->spec.series = p->ser;
	p->spec.nseries = 2;
	p->spec.x_name = "offered load";
	p->spec.y_name = "latency";
	p->spec.y_unit = "cycles";
	p->spec.sat_x = 0.5;
	p->spec.sat_label = "saturation";
	p->spec.y_fit = true;
}

static void
render_plot(struct canvas *c, struct canvas_rect r, const void *ctx)
{
	plot_render(c, r, ctx, NULL);
}

/* Cells of style sty in column col of the data area. */
static int
column_cells(const struct canvas *c, const struct plot_info *pi, int col, int sty)
{
	return count_glyph(c, (struct canvas_rect){ col, pi->area.y, 1, pi->area.h }, NULL, sty);
}

static void
test_sim_points(void **state)
{
	static const char *const names[2][2] = {
		{ "sim_ascii_60x16", "sim_utf8_60x16" },
		{ "sim_ascii_46x16", "sim_utf8_46x16" },
	};
	static const int widths[2] = { 60, 46 };
	struct sim_plot p;
	struct plot_info pi;
	struct canvas c;
	int w, k, i;

	(void)state;
	sim_init(&p);
	for (w = 0; w < 2; w++)
		for (k = 0; k < 2; k++) {
			enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;
			const char *mk = glyphs_get(cs)->marker[1];

			check_render(names[w][k], cs, widths[w], 16, render_plot, &p.spec, &c);
			plot_render(&c, (struct canvas_rect){ 0, 0, widths[w], 16 }, &p.spec, &pi);
			/* Every point its marker, in the series' style. */
			assert_int_equal(count_glyph(&c, pi.area, mk, STY_SERIES1), NS);
			/* The axis covers the widest bar: nothing clipped. */
			assert_false(pi.y_clipped);
			assert_true(pi.y.hi >= p.hi[NS - 1]);
			/* The last bar spans several rows: cells of the bar above
			 * and below the marker's row. */
			for (i = NS - 1; i < NS; i++) {
				double fx = axis_frac(&pi.x, p.sx[i]);
				int col = pi.area.x + (int)lround(fx * (pi.area.w * (k ? 2 : 1) - 1)) /
					  (k ? 2 : 1);

				assert_true(column_cells(&c, &pi, col, STY_SERIES1) >= 3);
			}
			assert_true(text_has(&c, "simulation (95% interval)"));
			canvas_free(&c);
		}
}

/* A saturated simulated point (inf) is '^' on the top row; a bar taller
 * than a fixed y_max is clipped and noted. */
static void
test_sim_saturated_and_clipped(void **state)
{
	struct sim_plot p;
	struct plot_info pi;
	struct canvas c;
	struct canvas_rect top;

	(void)state;
	sim_init(&p);
	p.sy[NS - 1] = INFINITY;
	p.lo[NS - 1] = p.hi[NS - 1] = NAN;
	p.spec.y_max = 150;
	check_render(NULL, CANVAS_ASCII, 60, 16, render_plot, &p.spec, &c);
	plot_render(&c, (struct canvas_rect){ 0, 0, 60, 16 }, &p.spec, &pi);
	top = (struct canvas_rect){ pi.area.x, pi.area.y, pi.area.w, 1 };
	assert_true(count_glyph(&c, top, "^", STY_SERIES1) >= 1);
	assert_true(pi.y_clipped);      /* the model's tail and the 0.42 bar */
	assert_true(text_has(&c, "clipped above 150"));
	canvas_free(&c);
}

/* Points above a fixed y_max (issue 23: hidden where the model is most
 * wrong) are drawn on the data's top row, their values beside them, never
 * over another glyph: every point shows, in UTF-8 and ASCII. */
static void
test_sim_above_top(void **state)
{
	(void)state;
	for (int cs = 0; cs < 2; cs++) {
		struct sim_plot p;
		struct plot_info pi;
		struct canvas c;
		char v[32];
		int above = 0;

		sim_init(&p);
		p.spec.y_max = 60;
		canvas_init(&c, 60, 16);
		canvas_set_charset(&c, cs ? CANVAS_UTF8 : CANVAS_ASCII);
		plot_render(&c, (struct canvas_rect){ 0, 0, 60, 16 }, &p.spec, &pi);
		const char *mk = glyphs_get(c.charset)->marker[1];
		struct canvas_rect top = { pi.area.x, pi.area.y, pi.area.w, 1 };
		struct canvas_rect all = pi.area;
		for (int i = 0; i < NS; i++) {
			if (p.sy[i] <= 60)
				continue;
			above++;
			snprintf(v, sizeof v, "%.4g", p.sy[i]);
			if (!text_has(&c, v)) {
				char *t = canvas_to_text(&c);
				fail_msg("no value %s above the top in:\n%s", v, t);
			}
		}
		assert_true(above >= 2);
		assert_true(count_glyph(&c, top, mk, STY_SERIES1) >= above);
		assert_int_equal(count_glyph(&c, all, mk, STY_SERIES1), NS);
		assert_true(text_has(&c, "clipped above 60"));
		canvas_free(&c);
	}
}

/* Issue 23: a point that did not settle is drawn hollow (its own glyph,
 * never the plain marker, no bar), a failed one (no value) with the failed
 * glyph on the data's bottom row; the legend names both; the other points
 * keep their markers.  UTF-8 and ASCII. */
static void
test_sim_flags(void **state)
{
	(void)state;
	for (int cs = 0; cs < 2; cs++) {
		struct sim_plot p;
		struct plot_info pi;
		struct canvas c;
		unsigned char flag[NS] = { 0 };

		sim_init(&p);
		flag[2] = PLOT_PT_UNSETTLED;
		p.lo[2] = p.hi[2] = NAN;
		flag[4] = PLOT_PT_FAILED;
		p.sy[4] = p.lo[4] = p.hi[4] = NAN;
		p.ser[1].flag = flag;
		canvas_init(&c, 60, 20);
		canvas_set_charset(&c, cs ? CANVAS_UTF8 : CANVAS_ASCII);
		plot_render(&c, (struct canvas_rect){ 0, 0, 60, 20 }, &p.spec, &pi);
		const struct glyphs *g = glyphs_get(c.charset);
		struct canvas_rect bottom = { pi.area.x, pi.area.y + pi.area.h - 1, pi.area.w, 1 };
		assert_int_equal(count_glyph(&c, pi.area, g->marker[1], STY_SERIES1), NS - 2);
		assert_int_equal(count_glyph(&c, pi.area, g->unsettled, STY_SERIES1), 1);
		assert_int_equal(count_glyph(&c, bottom, g->failed, STY_SERIES1), 1);
		assert_true(text_has(&c, "did not settle"));
		assert_true(text_has(&c, "failed"));
		canvas_free(&c);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_points),
		cmocka_unit_test(test_sim_saturated_and_clipped),
		cmocka_unit_test(test_sim_above_top),
		cmocka_unit_test(test_sim_flags),
	};

	return cmocka_run_group_tests_name("render_sim", tests, NULL, NULL);
}
