/*
 * test_render_discrete.c: plots that tell the truth (issue 13).
 *
 * - Discrete data (arnau's distribution of equivalent distances) is drawn
 *   as stems: nothing is drawn between two distances, so no pair at 1.5 or
 *   2.5 is implied (goldens render_stems_*).
 * - A plot never clips silently: with the robust cap the note "clipped
 *   above Y (hint)" shows even when the y label is long and the plot is
 *   narrow; with y_fit the axis spans the data (the 512-switch
 *   distribution reaches 30782 pairs).
 * - Several curves can be told apart without colour: each series' marker
 *   glyph sits at its last point and in the legend.
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
#include "render/plot.h"

#include "render_check.h"

/* `icnx --batch arnau-autonet10 -o distribution`. */
static const double an_x[] = { 1, 1.25, 2, 3 };
static const double an_y[] = { 42, 2, 22, 24 };

static void
render_plot(struct canvas *c, struct canvas_rect r, const void *ctx)
{
	plot_render(c, r, ctx, NULL);
}

static void
stems_spec(struct plot_spec *s, struct plot_series *se)
{
	plot_spec_init(s);
	se->name = "arnau-autonet10";
	se->x = an_x;
	se->y = an_y;
	se->n = 4;
	s->series = se;
	s->nseries = 1;
	s->x_name = "equivalent distance T_ij";
	s->y_name = "ordered pairs (a, b), a != b, at this distance";
	s->stems = true;
	s->lines = false;
	s->y_fit = true;
	s->legend = false;
}

/* Dots or marks in the data-area column of x (all rows). */
static int
column_marks(const struct canvas *c, const struct plot_info *pi, double x)
{
	double fr = axis_frac(&pi->x, x);
	int col = pi->area.x + (int)lround(fr * (pi->area.w - 1)), y, n = 0;

	for (y = pi->area.y; y < pi->area.y + pi->area.h; y++) {
		const struct canvas_cell *cell = canvas_at(c, col, y);

		if (cell->style == STY_SERIES0)
			n++;
	}
	return n;
}

static void
test_stems(void **state)
{
	struct plot_spec s;
	struct plot_series se = { 0 };
	struct plot_info pi;
	struct canvas c;
	int k;

	(void)state;
	stems_spec(&s, &se);
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;

		check_render(k ? "stems_autonet10_utf8_46x16" : "stems_autonet10_ascii_46x16",
			     cs, 46, 16, render_plot, &s, &c);
		plot_render(&c, (struct canvas_rect){ 0, 0, 46, 16 }, &s, &pi);
		/* A stem at each distance; nothing at 1.5 or 2.5 (a line from
		 * 1.25 to 2 or 2 to 3 would pass there). */
		assert_true(column_marks(&c, &pi, 1) >= 3);
		assert_true(column_marks(&c, &pi, 2) >= 2);
		assert_true(column_marks(&c, &pi, 3) >= 2);
		assert_int_equal(column_marks(&c, &pi, 1.6), 0);
		assert_int_equal(column_marks(&c, &pi, 2.5), 0);
		/* The largest count is on the axis, not clipped. */
		assert_false(pi.y_clipped);
		assert_true(pi.y.hi >= 42);
		canvas_free(&c);
	}
}

/* 30 distances with counts of a few pairs and three of about 30k (the
 * generated 512-switch network; here 4 of 40): y_fit spans them; the robust cap clips
 * and says so, with the hint, even at 46 columns under a long y label. */
static void
test_fit_and_clip_note(void **state)
{
	double x[40], y[40];
	struct plot_spec s;
	struct plot_series se = { 0 };
	struct plot_info pi;
	struct canvas c;
	int i;

	(void)state;
	for (i = 0; i < 40; i++) {
		x[i] = 5 + 0.25 * i;
		y[i] = i % 10 == 5 ? 27000 + 100 * i : 2 + i % 3;
	}
	stems_spec(&s, &se);
	se.x = x;
	se.y = y;
	se.n = 40;
	check_render(NULL, CANVAS_UTF8, 46, 16, render_plot, &s, &c);
	plot_render(&c, (struct canvas_rect){ 0, 0, 46, 16 }, &s, &pi);
	assert_false(pi.y_clipped);
	assert_true(pi.y.hi >= 27000 + 100 * 35);
	assert_false(text_has(&c, "clipped"));
	canvas_free(&c);
	/* A line plot of the same data under the robust cap. */
	s.stems = false;
	s.lines = true;
	s.y_fit = false;
	s.clip_hint = "Y fits";
	check_render("plot_clip_note_utf8_46x16", CANVAS_UTF8, 46, 16, render_plot, &s, &c);
	plot_render(&c, (struct canvas_rect){ 0, 0, 46, 16 }, &s, &pi);
	assert_true(pi.y_clipped);
	assert_true(text_has(&c, "clipped above "));
	assert_true(text_has(&c, "(Y fits)"));
	canvas_free(&c);
	/* No y label row: the note goes to the title row or the data area. */
	s.y_name = NULL;
	s.title = "a title long enough to need the whole row of the plot";
	check_render(NULL, CANVAS_ASCII, 46, 8, render_plot, &s, &c);
	assert_true(text_has(&c, "clipped above "));
	canvas_free(&c);
	s.title = NULL;
	check_render(NULL, CANVAS_ASCII, 46, 6, render_plot, &s, &c);
	assert_true(text_has(&c, "clipped above "));
	canvas_free(&c);
}

/* Five curves at 46 x 16 (the Ethernet all-operations view): each series'
 * marker glyph at its end and in the legend. */
static void
test_tags(void **state)
{
	static const char *const names[] = { "p2p", "one_to_many", "multi_p2p",
					     "bcast_binomial", "bcast_flat" };
	static const char *const mk[] = { "*", "+", "o", "x", "#" };
	double x[21], y[5][21];
	struct plot_series se[5];
	struct plot_spec s;
	struct plot_info pi;
	struct canvas c;
	int i, k;

	(void)state;
	for (i = 0; i < 21; i++) {
		x[i] = pow(10, 0.3 * i);
		for (k = 0; k < 5; k++)
			y[k][i] = 1e-5 * (1 + k) + 1e-8 * (1 + 0.5 * k) * x[i];
	}
	plot_spec_init(&s);
	for (k = 0; k < 5; k++)
		se[k] = (struct plot_series){ names[k], x, y[k], 21 };
	s.series = se;
	s.nseries = 5;
	s.x_scale = AXIS_LOG10;
	s.y_scale = AXIS_LOG10;
	s.legend_pack = true;
	check_render("plot_tags_utf8_46x16", CANVAS_UTF8, 46, 16, render_plot, &s, &c);
	plot_render(&c, (struct canvas_rect){ 0, 0, 46, 16 }, &s, &pi);
	for (k = 0; k < 5; k++) {
		assert_int_equal(count_glyph(&c, pi.area, mk[k], STY_SERIES0 + k), 1);
		assert_true(text_has(&c, names[k]));
	}
	canvas_free(&c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stems),
		cmocka_unit_test(test_fit_and_clip_note),
		cmocka_unit_test(test_tags),
	};

	return cmocka_run_group_tests_name("render_discrete", tests, NULL, NULL);
}
