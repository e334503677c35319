/*
 * test_render.c: unit tests of the pure renderers in src/render (canvas,
 * axis, plot, heatmap, bars).
 *
 * Every golden render is checked three ways: (1) drawn into a bigger
 * canvas pre-filled with a sentinel, nothing outside its rectangle may
 * change; (2) the same render at the origin of an exact-size canvas must
 * match cell for cell (glyph and style), so offsets are handled; (3) the
 * text must equal tests/golden/render_<name>.txt.  Properties (monotonic
 * tick labels, saturated markers, legend names, cursor, block means ...)
 * are asserted on top, so a test can fail for reasons other than drift.
 *
 * ICNX_UPDATE_GOLDEN=1 rewrites the golden files instead of comparing.
 * Run from the repository root (tests/golden is found relative to it).
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

#include "render/axis.h"
#include "render/bars.h"
#include "render/canvas.h"
#include "render/heatmap.h"
#include "render/plot.h"
#include "render/raster.h"

#include "render_check.h"

/* ------------------------------------------------------------------ */
/* Test data                                                            */
/* ------------------------------------------------------------------ */

#define NPTS 25

struct curves {
	double x[NPTS], uni[NPTS], tra[NPTS];
	struct plot_series s[2];
	struct plot_spec spec;
};

/* Latency of a queue-like network: 32 + 4 l / (1 - l / sat), inf beyond. */
static double
latency(double l, double sat)
{
	return l >= sat ? INFINITY : 32 + 4 * l / (1 - l / sat);
}

static void
curves_init(struct curves *cv, size_t nseries)
{
	int i;

	for (i = 0; i < NPTS; i++) {
		cv->x[i] = 0.02 * (i + 1);
		cv->uni[i] = latency(cv->x[i], 0.42);
		cv->tra[i] = latency(cv->x[i], 0.3);
	}
	cv->s[0] = (struct plot_series){ "uniform", cv->x, cv->uni, NPTS };
	cv->s[1] = (struct plot_series){ "transpose", cv->x, cv->tra, NPTS };
	plot_spec_init(&cv->spec);
	cv->spec.title = "m=8 n=3 C=4: latency vs load";
	cv->spec.x_name = "offered load";
	cv->spec.x_unit = "msg/node/cycle";
	cv->spec.y_name = "latency";
	cv->spec.y_unit = "cycles";
	cv->spec.series = cv->s;
	cv->spec.nseries = nseries;
	cv->spec.sat_x = 0.42;
	cv->spec.cursor = 10;
}

static void
render_plot(struct canvas *c, struct canvas_rect r, const void *ctx)
{
	plot_render(c, r, ctx, NULL);
}

static void
render_heatmap(struct canvas *c, struct canvas_rect r, const void *ctx)
{
	heatmap_render(c, r, ctx, NULL);
}

static void
render_bars(struct canvas *c, struct canvas_rect r, const void *ctx)
{
	bars_render(c, r, ctx);
}

/* ------------------------------------------------------------------ */
/* Canvas and axis                                                      */
/* ------------------------------------------------------------------ */

static void
test_canvas_basics(void **state)
{
	struct canvas c;
	struct canvas_rect clip = { 2, 2, 3, 1 };
	char *t;

	(void)state;
	canvas_free(NULL);
	assert_int_equal(canvas_init(&c, 8, 3), 0);
	assert_int_equal(canvas_puts(&c, NULL, -2, 0, "abcdefghijkl", STY_LABEL), 12);
	assert_string_equal(canvas_at(&c, 0, 0)->glyph, "c");
	assert_string_equal(canvas_at(&c, 7, 0)->glyph, "j");
	assert_int_equal(canvas_at(&c, 7, 0)->style, STY_LABEL);
	/* UTF-8: one column per character; invalid bytes become '?'. */
	assert_int_equal(canvas_puts(&c, NULL, 0, 1, "\u2502x\xff\xc3(\u2588", 0), 6);
	assert_string_equal(canvas_at(&c, 0, 1)->glyph, "\u2502");
	assert_string_equal(canvas_at(&c, 1, 1)->glyph, "x");
	assert_string_equal(canvas_at(&c, 2, 1)->glyph, "?");
	assert_string_equal(canvas_at(&c, 3, 1)->glyph, "?");
	assert_string_equal(canvas_at(&c, 4, 1)->glyph, "(");
	assert_string_equal(canvas_at(&c, 5, 1)->glyph, "\u2588");
	assert_int_equal(canvas_text_width("a\u2591b"), 3);
	/* A clip rectangle bounds writes. */
	canvas_puts(&c, &clip, 0, 2, "0123456789", 0);
	t = canvas_to_text(&c);
	assert_string_equal(t, "cdefghij\n\u2502x?" "?(\u2588\n  234");
	free(t);
	assert_null(canvas_at(&c, 8, 0));
	assert_null(canvas_at(&c, -1, 0));
	assert_int_equal(canvas_put(&c, NULL, 8, 0, "x", 0), 0);
	/* Braille dots combine within a cell: (0,0) + (1,3) = U+2881. */
	assert_int_equal(canvas_dot(&c, NULL, 0, 0, STY_SERIES1), 1);
	assert_int_equal(canvas_dot(&c, NULL, 1, 3, STY_SERIES2), 1);
	assert_string_equal(canvas_at(&c, 0, 0)->glyph, "\u2881");
	assert_int_equal(canvas_at(&c, 0, 0)->style, STY_SERIES2);
	assert_int_equal(canvas_dot(&c, NULL, 16, 0, 0), 0);
	assert_int_equal(canvas_resize(&c, 2, 2), 0);
	t = canvas_to_text(&c);
	assert_string_equal(t, "\n");
	free(t);
	canvas_free(&c);
	canvas_free(&c);
	assert_int_equal(c.width, 0);
}

static void
test_axis(void **state)
{
	struct axis a;
	char buf[AXIS_LABEL_MAX];
	int i;

	(void)state;
	assert_true(axis_nice_ceil(0.042) == 0.05);
	assert_true(axis_nice_ceil(1.0) == 1.0);
	assert_true(axis_nice_ceil(1.2) == 2.0);
	assert_true(axis_nice_ceil(7) == 10.0);
	assert_string_equal(axis_fmt_value(buf, sizeof buf, 0.125), "0.125");
	assert_string_equal(axis_fmt_value(buf, sizeof buf, 12.34), "12.3");
	assert_string_equal(axis_fmt_value(buf, sizeof buf, 1234), "1234");
	assert_string_equal(axis_fmt_value(buf, sizeof buf, 12345), "12.3k");
	assert_string_equal(axis_fmt_value(buf, sizeof buf, 1e6), "1M");
	assert_string_equal(axis_fmt_value(buf, sizeof buf, 1.5e-5), "1.5e-5");
	assert_string_equal(axis_fmt_value(buf, sizeof buf, -2), "-2");
	assert_string_equal(axis_fmt_value(buf, sizeof buf, INFINITY), "inf");
	/* Linear: 0.02..0.5 in at most 6 ticks -> 0, 0.1, ..., 0.5. */
	axis_layout(&a, AXIS_LINEAR, 0, 0.5, NAN, NAN, 6);
	assert_int_equal(a.nticks, 6);
	assert_string_equal(a.label[1], "0.1");
	assert_string_equal(a.label[5], "0.5");
	/* Rounded outward to ticks; labels as numbers are increasing. */
	axis_layout(&a, AXIS_LINEAR, 32.1, 61.7, NAN, NAN, 5);
	assert_true(a.lo <= 32.1 && a.hi >= 61.7);
	assert_true(fabs(a.tick[0] - a.lo) < 1e-9);
	for (i = 1; i < a.nticks; i++)
		assert_true(a.tick[i] > a.tick[i - 1]);
	/* Large values share one suffix. */
	axis_layout(&a, AXIS_LINEAR, 0, 40000, NAN, NAN, 5);
	assert_string_equal(a.label[a.nticks - 1], "40k");
	/* A fixed end stays exact. */
	axis_layout(&a, AXIS_LINEAR, 0, 70, NAN, 65, 8);
	assert_true(a.hi == 65);
	/* Log: decades. */
	axis_layout(&a, AXIS_LOG10, 3, 4000, NAN, NAN, 10);
	assert_true(a.lo == 1 && a.hi == 10000);
	assert_string_equal(a.label[0], "1");
	assert_string_equal(a.label[a.nticks - 1], "10k");
	assert_true(fabs(axis_frac(&a, 100) - 0.5) < 1e-12);
	assert_true(isnan(axis_frac(&a, -1)));
	/* Log over less than two decades: ends on the 1-2-5 ladder, ticks on
	 * it too (lastovetsky-hcl16's one-to-many, 0.0922 .. 0.9759 ms). */
	axis_layout(&a, AXIS_LOG10, 0.0922, 0.9759, NAN, NAN, 10);
	assert_true(fabs(a.lo - 0.05) < 1e-15 && a.hi == 1);
	assert_int_equal(a.nticks, 5);
	assert_string_equal(a.label[0], "0.05");
	assert_string_equal(a.label[2], "0.2");
	assert_string_equal(a.label[4], "1");
	axis_layout(&a, AXIS_LOG10, 20, 300, NAN, NAN, 10);
	assert_true(a.lo == 20 && a.hi == 500);
	axis_layout(&a, AXIS_LOG10, 1.2, 1.3, NAN, NAN, 10);
	assert_true(a.lo == 1 && a.hi == 2);
	/* Degenerate input still gives a usable axis. */
	axis_layout(&a, AXIS_LINEAR, 5, 5, NAN, NAN, 4);
	assert_true(a.lo < 5 && a.hi > 5 && a.nticks >= 2);
	axis_layout(&a, AXIS_LINEAR, NAN, NAN, NAN, NAN, 4);
	assert_true(a.lo < a.hi);
}

struct trace {
	int n, x[16], y[16];
};

static void
trace_dot(void *ctx, int x, int y)
{
	struct trace *t = ctx;

	assert_true(t->n < 16);
	t->x[t->n] = x;
	t->y[t->n] = y;
	t->n++;
}

static void
test_raster(void **state)
{
	struct trace t = { 0, { 0 }, { 0 } };
	double x0 = -2, y0 = 1, x1 = 12, y1 = 1;
	int i;

	(void)state;
	/* (0,0) -> (4,-2): 5 points, one per x step, ends included. */
	raster_line(0, 0, 4, -2, trace_dot, &t);
	assert_int_equal(t.n, 5);
	assert_int_equal(t.x[4], 4);
	assert_int_equal(t.y[4], -2);
	for (i = 1; i < t.n; i++) {
		assert_int_equal(t.x[i] - t.x[i - 1], 1);
		assert_true(abs(t.y[i] - t.y[i - 1]) <= 1);
	}
	/* Clipping to a 10 x 5 box. */
	assert_true(raster_clip(&x0, &y0, &x1, &y1, 10, 5));
	assert_true(x0 == 0 && x1 == 9 && y0 == 1 && y1 == 1);
	x0 = 0, y0 = -3, x1 = 9, y1 = -1;
	assert_false(raster_clip(&x0, &y0, &x1, &y1, 10, 5));
	x0 = 0, y0 = 0, x1 = 8, y1 = 8;         /* leaves through the bottom */
	assert_true(raster_clip(&x0, &y0, &x1, &y1, 10, 5));
	assert_true(fabs(x1 - 4) < 1e-12 && fabs(y1 - 4) < 1e-12);
}

/* ------------------------------------------------------------------ */
/* Plot                                                                 */
/* ------------------------------------------------------------------ */

/* Tick labels: x increasing left to right, y decreasing top to bottom. */
static void
assert_ticks_monotonic(const struct canvas *c, const struct plot_info *pi)
{
	double v[64];
	char *row;
	int n, i, y, ny = 0;

	row = row_text(c, pi->area.y + pi->area.h + 1, 0, c->width);
	n = row_numbers(row, v, 64);
	free(row);
	assert_true(n >= 2);
	for (i = 1; i < n; i++)
		if (!(v[i] > v[i - 1]))
			fail_msg("x tick labels not increasing: %g then %g",
				 v[i - 1], v[i]);
	for (y = pi->area.y; y < pi->area.y + pi->area.h; y++) {
		double t[4];

		row = row_text(c, y, 0, pi->area.x - 1);
		n = row_numbers(row, t, 4);
		free(row);
		if (n == 0)
			continue;
		assert_int_equal(n, 1);
		if (ny > 0 && !(t[0] < v[ny - 1]))
			fail_msg("y tick labels not decreasing: %g then %g",
				 v[ny - 1], t[0]);
		v[ny++] = t[0];
	}
	assert_true(ny >= 2);
}

static void
check_plot(const char *name, enum canvas_charset cs, int w, int h,
	   const struct plot_spec *spec, struct canvas *out,
	   struct plot_info *pi)
{
	check_render(name, cs, w, h, render_plot, spec, out);
	assert_int_equal(plot_render(out, (struct canvas_rect){ 0, 0, w, h },
				     spec, pi), 0);
}


static void
test_plot_latency_sizes(void **state)
{
	static const int sizes[][2] = { { 40, 12 }, { 80, 20 }, { 120, 30 } };
	static const char *const csname[] = { "ascii", "utf8" };
	struct curves cv;
	struct canvas c;
	struct plot_info pi;
	char name[64];
	int s, k;

	(void)state;
	for (k = 0; k < 2; k++)
		for (s = 0; s < 3; s++) {
			enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;
			const char *cursor = k ? "\u25c6" : "X";
			struct canvas_rect top;

			curves_init(&cv, s == 2 ? 1 : 2);
			snprintf(name, sizeof name, "plot_%s_%dx%d", csname[k],
				 sizes[s][0], sizes[s][1]);
			check_plot(name, cs, sizes[s][0], sizes[s][1], &cv.spec,
				   &c, &pi);
			assert_true(pi.area.w >= 20 && pi.area.h >= 4);
			assert_ticks_monotonic(&c, &pi);
			/* Saturated points: '^' on the top row of the data area. */
			assert_true(pi.saturated);
			top = (struct canvas_rect){ pi.area.x, pi.area.y, pi.area.w, 1 };
			assert_true(count_glyph(&c, top, "^", -1) >= 3);
			top.y++;
			top.h = pi.area.h - 1;
			assert_int_equal(count_glyph(&c, top, "^", -1), 0);
			/* The cursor, once, in the cursor style. */
			assert_int_equal(count_glyph(&c, pi.area, cursor, STY_CURSOR), 1);
			/* The clip note always shows; at 40 columns it takes the
			 * read-out's place (the explorer's status line has it). */
			if (pi.y_clipped)
				assert_true(text_has(&c, "clipped above "));
			if (s > 0)
				assert_true(text_has(&c, "x=0.22 y=33.8 cycles"));
			/* The saturation line: a column of the area (its top
			 * cell may hold the '^' of the point at sat_x). */
			assert_true(max_column(&c, pi.area, k ? "\u2506" : ":",
					       STY_SATURATION) >= pi.area.h - 1);
			/* Axis titles with units, the legend names. */
			assert_true(text_has(&c, "latency [cycles]"));
			assert_true(text_has(&c, "offered load [msg/node/cycle]"));
			assert_true(pi.legend_shown);
			assert_true(text_has(&c, "uniform"));
			if (s < 2)
				assert_true(text_has(&c, "transpose"));
			assert_true(text_has(&c, "sat 0.42"));
			/* Curves are drawn: braille dots or markers in series style. */
			assert_true(count_glyph(&c, pi.area, NULL, STY_SERIES0) > 10);
			if (s < 2)
				assert_true(count_glyph(&c, pi.area, NULL, STY_SERIES1) > 3);
			canvas_free(&c);
		}
}

static void
test_plot_log(void **state)
{
	double x[21], y0[21], y1[21], v[16], ratio = 0;
	struct plot_series ser[2] = {
		{ "scatter", x, y0, 21 }, { "broadcast", x, y1, 21 },
	};
	struct plot_spec s;
	struct plot_info pi;
	struct canvas c;
	char *row;
	int i, n = 0, y;

	(void)state;
	for (i = 0; i < 21; i++) {
		x[i] = pow(2, i);
		y0[i] = 50 + x[i] / 100;
		y1[i] = 20 + x[i] / 30;
	}
	plot_spec_init(&s);
	s.title = "MPI on Ethernet";
	s.x_name = "message size";
	s.x_unit = "bytes";
	s.y_name = "time";
	s.y_unit = "us";
	s.x_scale = AXIS_LOG10;
	s.y_scale = AXIS_LOG10;
	s.series = ser;
	s.nseries = 2;
	check_plot("plot_log_ascii_80x20", CANVAS_ASCII, 80, 20, &s, &c, &pi);
	assert_ticks_monotonic(&c, &pi);
	/* Log y labels: a constant ratio between successive ticks. */
	for (y = pi.area.y; y < pi.area.y + pi.area.h; y++) {
		row = row_text(&c, y, 0, pi.area.x - 1);
		n += row_numbers(row, v + n, 1);
		free(row);
	}
	assert_true(n >= 3);
	for (i = 1; i < n; i++) {
		double q = v[i - 1] / v[i];

		if (i > 1)
			assert_true(fabs(q - ratio) < 1e-9 * ratio);
		ratio = q;
	}
	assert_true(ratio >= 10);
	assert_false(pi.y_clipped);
	canvas_free(&c);
	check_plot("plot_log_utf8_80x20", CANVAS_UTF8, 80, 20, &s, &c, &pi);
	assert_ticks_monotonic(&c, &pi);
	canvas_free(&c);
}

/* A marked x (a threshold): a dotted column at its place on a log axis,
 * labelled at the top, listed in the legend; many series pack the legend. */
static void
test_plot_marker(void **state)
{
	double x[21], y[5][21];
	struct plot_series ser[5];
	static const char *const names[5] = { "p2p", "one_to_many", "multi_p2p",
					      "bcast_binomial", "bcast_flat" };
	struct plot_spec s;
	struct plot_info pi;
	struct canvas c;
	int i, k, col;

	(void)state;
	for (i = 0; i < 21; i++) {
		x[i] = pow(2, i);
		for (k = 0; k < 5; k++)
			y[k][i] = (k + 1) * (1e-4 + x[i] * 1e-9);
	}
	for (k = 0; k < 5; k++)
		ser[k] = (struct plot_series){ names[k], x, y[k], 21 };
	plot_spec_init(&s);
	s.x_scale = AXIS_LOG10;
	s.x_name = "message size";
	s.series = ser;
	s.nseries = 1;
	s.mark_x = 1024;
	s.mark_label = "S";
	check_plot(NULL, CANVAS_UTF8, 80, 20, &s, &c, &pi);
	col = pi.area.x + (int)lround(axis_frac(&pi.x, 1024) * (pi.area.w - 1));
	assert_true(max_column(&c, pi.area, "\u250a", STY_LABEL) >= pi.area.h - 2);
	assert_string_equal(canvas_at(&c, col, pi.area.y + 2)->glyph, "\u250a");
	assert_string_equal(canvas_at(&c, col + 1, pi.area.y)->glyph, "S");
	assert_true(text_has(&c, "S 1024"));
	canvas_free(&c);
	/* ASCII, and the legend of five series packed into two rows. */
	s.nseries = 5;
	s.legend_pack = true;
	check_plot(NULL, CANVAS_ASCII, 80, 24, &s, &c, &pi);
	/* (the curves cross its bottom rows) */
	assert_true(max_column(&c, pi.area, "!", STY_LABEL) >= pi.area.h / 2);
	assert_true(text_has(&c, "* p2p   = one_to_many   o multi_p2p"));
	assert_true(pi.area.h >= 14);
	canvas_free(&c);
	/* A marker far from the data is not drawn (nor widens the axis). */
	s.nseries = 1;
	s.mark_x = 1e12;
	check_plot(NULL, CANVAS_ASCII, 80, 20, &s, &c, &pi);
	assert_false(text_has(&c, "S 1e12"));
	assert_int_equal(count_glyph(&c, pi.area, "!", STY_LABEL), 0);
	canvas_free(&c);
}

static void
test_plot_clip_and_gaps(void **state)
{
	double x[7] = { 0, 1, 2, 3, 4, 5, 6 };
	double y[7] = { 1, 2, NAN, 4, 5, 100, 6 };
	struct plot_series ser = { "gappy", x, y, 7 };
	struct plot_spec s;
	struct plot_info pi;
	struct canvas c;
	struct canvas_rect col;
	int cx;

	(void)state;
	plot_spec_init(&s);
	s.title = "clip at y_max, NaN gap";
	s.x_name = "x";
	s.y_name = "y";
	s.y_max = 10;
	s.series = &ser;
	s.nseries = 1;
	check_plot("plot_clip_ascii_60x16", CANVAS_ASCII, 60, 16, &s, &c, &pi);
	assert_true(pi.y_clipped);
	assert_true(pi.y.hi == 10);
	assert_true(text_has(&c, "clipped above 10"));
	assert_true(text_has(&c, "gappy"));
	/* No marker in the column of x = 2 (the NaN point breaks the line). */
	cx = pi.area.x + (int)lround((2.0 - pi.x.lo) / (pi.x.hi - pi.x.lo) *
				     (pi.area.w - 1));
	col = (struct canvas_rect){ cx, pi.area.y, 1, pi.area.h };
	assert_int_equal(count_glyph(&c, col, "*", -1), 0);
	/* The clipped segment reaches the top edge. */
	col = (struct canvas_rect){ pi.area.x, pi.area.y, pi.area.w, 1 };
	assert_true(count_glyph(&c, col, "*", STY_SERIES0) >= 1);
	canvas_free(&c);
}

static void
test_plot_tiny_and_huge(void **state)
{
	struct curves cv;
	struct canvas c;
	struct plot_info pi;
	int w, h;

	(void)state;
	curves_init(&cv, 2);
	check_plot("plot_ascii_20x6", CANVAS_ASCII, 20, 6, &cv.spec, &c, &pi);
	assert_true(pi.area.h >= 2 && pi.area.w >= 10);
	canvas_free(&c);
	check_plot("plot_utf8_20x6", CANVAS_UTF8, 20, 6, &cv.spec, &c, &pi);
	canvas_free(&c);
	check_plot(NULL, CANVAS_UTF8, 200, 60, &cv.spec, &c, &pi);
	assert_ticks_monotonic(&c, &pi);
	assert_true(pi.area.w > 180 && pi.area.h > 40);
	canvas_free(&c);
	/* Every size from nothing to small: never outside, never a crash. */
	for (w = 0; w <= 34; w += 1)
		for (h = 0; h <= 12; h++) {
			check_render(NULL, CANVAS_ASCII, w, h, render_plot, &cv.spec, &c);
			canvas_free(&c);
			check_render(NULL, CANVAS_UTF8, w, h, render_plot, &cv.spec, &c);
			canvas_free(&c);
		}
}

static void
test_plot_degenerate(void **state)
{
	double x[3] = { 1, 1, 1 }, y[3] = { 5, 5, 5 }, nan3[3] = { NAN, NAN, NAN };
	struct plot_series ser[3] = {
		{ "flat", x, y, 3 }, { "nothing", nan3, nan3, 3 },
		{ NULL, NULL, NULL, 9 },
	};
	struct plot_spec s;
	struct canvas c;

	(void)state;
	plot_spec_init(&s);
	s.series = ser;
	s.nseries = 3;
	s.cursor = 99;
	s.sat_x = INFINITY;
	check_render(NULL, CANVAS_UTF8, 50, 14, render_plot, &s, &c);
	assert_true(text_has(&c, "flat"));
	assert_true(text_has(&c, "series 2"));
	canvas_free(&c);
	s.nseries = 0;
	s.series = NULL;
	check_render(NULL, CANVAS_ASCII, 50, 14, render_plot, &s, &c);
	canvas_free(&c);
	s.nseries = 3;              /* series NULL with a count: ignored */
	check_render(NULL, CANVAS_UTF8, 50, 14, render_plot, &s, &c);
	canvas_free(&c);
}

static void
test_plot_scatter(void **state)
{
	struct curves cv;
	struct canvas c;
	struct plot_info pi;

	(void)state;
	curves_init(&cv, 2);
	cv.spec.lines = false;
	cv.spec.title = "scatter (lines off)";
	cv.spec.cursor = -1;
	check_plot("plot_scatter_utf8_60x16", CANVAS_UTF8, 60, 16, &cv.spec, &c, &pi);
	/* Markers at the points: 20 finite ones of uniform; transpose's
	 * low-load points hide under them (the live curve is on top). */
	assert_true(count_glyph(&c, pi.area, "*", STY_SERIES0) >= 15);
	assert_true(count_glyph(&c, pi.area, "+", STY_SERIES1) >= 3);
	assert_int_equal(count_glyph(&c, pi.area, NULL, STY_CURSOR), 0);
	/* The legend shows the markers, not braille samples. */
	assert_true(text_has(&c, "* uniform"));
	assert_true(text_has(&c, "+ transpose"));
	canvas_free(&c);
}

/* ------------------------------------------------------------------ */
/* Heatmap                                                              */
/* ------------------------------------------------------------------ */

static const char *const hm_labels[] = { "s0", "s1", "s2", "s3" };
static const double hm4[16] = {
	0, 1, 2, 2,
	1, 0, 1, 2,
	2, 1, 0, 1,
	2, 2, 1, NAN,
};

static void
test_heatmap_small(void **state)
{
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;
	int k;

	(void)state;
	heatmap_spec_init(&s);
	s.title = "switch distances";
	s.values = hm4;
	s.rows = s.cols = 4;
	s.row_labels = hm_labels;
	s.col_labels = hm_labels;
	s.unit = "hops";
	s.cursor_row = 2;
	s.cursor_col = 1;
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;

		check_render(k ? "heatmap_4x4_utf8_40x12" : "heatmap_4x4_ascii_40x12",
			     cs, 40, 12, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 40, 12 }, &s, &hi);
		assert_int_equal(hi.scale, 1);
		assert_int_equal(hi.levels, 3);        /* the integers 0, 1, 2 */
		assert_true(text_has(&c, "switch distances  4x4"));
		assert_true(text_has(&c, "s2,s1 = 1 hops"));
		assert_true(text_has(&c, "no data"));
		/* The cursor cell and the NaN cell. */
		assert_int_equal(canvas_at(&c, hi.area.x + 1 * hi.cell_w,
					   hi.area.y + 2)->style, STY_CURSOR);
		assert_int_equal(canvas_at(&c, hi.area.x + 3 * hi.cell_w,
					   hi.area.y + 3)->style, STY_DIM);
		assert_string_equal(canvas_at(&c, hi.area.x + 3 * hi.cell_w,
					      hi.area.y + 3)->glyph, " ");
		/* Darker for larger: the 2-hop cell's style > the 0-hop one's. */
		assert_true(canvas_at(&c, hi.area.x + 3 * hi.cell_w, hi.area.y)->style >
			    canvas_at(&c, hi.area.x, hi.area.y)->style);
		/* Column labels all fit (three columns per cell). */
		assert_int_equal(hi.cell_w, 3);
		assert_true(text_has(&c, "s0 s1 s2 s3"));
		canvas_free(&c);
	}
}

static double *
tree_distances(int n)
{
	double *v = malloc(sizeof *v * (size_t)n * (size_t)n);
	int i, j, x, l;

	assert_non_null(v);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			for (x = i ^ j, l = 0; x != 0; x >>= 1)
				l++;
			v[i * n + j] = 2 * l;
		}
	return v;
}

static void
test_heatmap_scaled(void **state)
{
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;
	double *v = tree_distances(120);
	int k;

	(void)state;
	heatmap_spec_init(&s);
	s.title = "node distances";
	s.values = v;
	s.rows = s.cols = 120;
	s.unit = "hops";
	s.cursor_row = 70;
	s.cursor_col = 3;
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;

		check_render(k ? "heatmap_120_utf8_40x20" : "heatmap_120_ascii_40x20",
			     cs, 40, 20, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 40, 20 }, &s, &hi);
		assert_true(hi.scale > 1);
		assert_int_equal(hi.shown_rows, (120 + hi.scale - 1) / hi.scale);
		assert_true(hi.area.w <= 40 && hi.area.h <= 20);
		{
			char want[32];

			snprintf(want, sizeof want, "120x120 scaled 1:%d", hi.scale);
			assert_true(text_has(&c, want));
		}
		assert_int_equal(canvas_at(&c, hi.area.x + (3 / hi.scale) * hi.cell_w,
					   hi.area.y + 70 / hi.scale)->style,
				 STY_CURSOR);
		assert_true(text_has(&c, "hops"));
		canvas_free(&c);
	}
	/* Big rectangles and tiny ones: never outside, never a crash. */
	for (k = 0; k <= 40; k += 3) {
		check_render(NULL, CANVAS_UTF8, k, k / 2, render_heatmap, &s, &c);
		canvas_free(&c);
		check_render(NULL, CANVAS_ASCII, 2 * k, k, render_heatmap, &s, &c);
		canvas_free(&c);
	}
	check_render(NULL, CANVAS_ASCII, 200, 60, render_heatmap, &s, &c);
	canvas_free(&c);
	free(v);
}

/* Zoom: the caller's scale, a window that follows row0/col0 and stays
 * full, labels of the window's rows, the note, the cursor read-out of the
 * element, the shading of the whole matrix. */
static void
test_heatmap_zoom(void **state)
{
	struct heatmap_spec s;
	struct heatmap_info hi, hi2;
	struct canvas c;
	double *v = tree_distances(120);
	static char lab[120][8];
	const char *labels[120];
	int i;

	(void)state;
	for (i = 0; i < 120; i++) {
		snprintf(lab[i], sizeof lab[i], "%d", i);
		labels[i] = lab[i];
	}
	heatmap_spec_init(&s);
	s.title = "node distances";
	s.values = v;
	s.rows = s.cols = 120;
	s.row_labels = labels;
	s.unit = "hops";
	s.scale = 1;
	s.cell_w = 2;
	s.row0 = 50;
	s.col0 = 40;
	s.cursor_row = 55;
	s.cursor_col = 44;
	check_render(NULL, CANVAS_UTF8, 60, 20, render_heatmap, &s, &c);
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 60, 20 }, &s, &hi);
	assert_int_equal(hi.scale, 1);
	/* Eight distances 0..14 in UTF-8 (five shades): the cells print them,
	 * widened from the caller's 2 columns to fit "14 ". */
	assert_int_equal(hi.shading, HEATMAP_DIGITS);
	assert_int_equal(hi.cell_w, 3);
	assert_int_equal(hi.row0, 50);
	assert_int_equal(hi.col0, 40);
	assert_true(hi.shown_rows >= 10 && hi.shown_cols >= 10);
	assert_true(text_has(&c, "rows 50-"));
	assert_true(text_has(&c, "of 120x120"));
	assert_true(text_has(&c, "55,44 = "));
	/* The first shown row is labelled 50; the cursor element is marked. */
	assert_true(text_has(&c, "50 "));
	assert_int_equal(canvas_at(&c, hi.area.x + 4 * hi.cell_w, hi.area.y + 5)->style,
			 STY_CURSOR);
	canvas_free(&c);
	/* Past the end: moved back so that the window is full. */
	s.row0 = s.col0 = 119;
	assert_int_equal(canvas_init(&c, 50, 20), 0);
	canvas_set_charset(&c, CANVAS_UTF8);
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 50, 20 }, &s, &hi2);
	assert_int_equal(hi2.row0 + hi2.shown_rows, 120);
	assert_int_equal(hi2.col0 + hi2.shown_cols, 120);
	/* The same shading wherever the window is. */
	assert_true(hi2.lo == hi.lo && hi2.hi == hi.hi && hi2.levels == hi.levels);
	canvas_free(&c);
	/* 1:4 blocks from element 17 (rounded down to the block at 16). */
	s.scale = 4;
	s.row0 = s.col0 = 17;
	assert_int_equal(canvas_init(&c, 40, 16), 0);
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 40, 16 }, &s, &hi);
	assert_int_equal(hi.scale, 4);
	assert_int_equal(hi.row0, 16);
	assert_true(text_has(&c, ", 1:4"));
	canvas_free(&c);
	/* Every size, never outside. */
	for (i = 0; i <= 40; i += 3) {
		s.scale = 1 + i % 3;
		s.cell_w = 1 + i % 3;
		check_render(NULL, CANVAS_UTF8, i, i / 2, render_heatmap, &s, &c);
		canvas_free(&c);
	}
	free(v);
}

static void
test_heatmap_block_mean(void **state)
{
	/* 8x8 whose 2x2 blocks have means 1..16 (elements mean +- 0.5). */
	double v[64];
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;
	int i, j, prev = -1;

	(void)state;
	for (i = 0; i < 8; i++)
		for (j = 0; j < 8; j++)
			v[i * 8 + j] = (i / 2) * 4 + (j / 2) + 1 + ((i + j) % 2 ? 0.5 : -0.5);
	heatmap_spec_init(&s);
	s.values = v;
	s.rows = s.cols = 8;
	s.labels = false;
	s.legend = false;
	s.levels = 10;
	assert_int_equal(canvas_init(&c, 8, 5), 0);
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 8, 5 }, &s, &hi);
	assert_int_equal(hi.scale, 2);
	/* Block means 1..16 are integers but more than 10: nice bins 0..16
	 * or so; shades must not decrease along the block order. */
	assert_true(hi.lo <= 1 && hi.hi >= 16);
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			int st = canvas_at(&c, hi.area.x + j * hi.cell_w,
					   hi.area.y + i)->style;

			assert_true(st >= STY_HEAT0 && st <= STY_HEAT9);
			assert_true(st >= prev);
			prev = st;
		}
	assert_int_equal(canvas_at(&c, hi.area.x, hi.area.y)->style, STY_HEAT0);
	assert_int_equal(canvas_at(&c, hi.area.x + 3 * hi.cell_w,
				   hi.area.y + 3)->style, STY_HEAT9);
	/* One level asked for: everything one shade. */
	s.levels = 1;
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 8, 5 }, &s, &hi);
	assert_int_equal(hi.levels, 1);
	assert_int_equal(count_glyph(&c, hi.area, NULL, STY_HEAT9), 16 * hi.cell_w);
	s.levels = 10;
	canvas_free(&c);
	/* All equal: one level. */
	for (i = 0; i < 64; i++)
		v[i] = 3;
	assert_int_equal(canvas_init(&c, 30, 12), 0);
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 30, 12 }, &s, &hi);
	assert_int_equal(hi.levels, 1);
	assert_int_equal(hi.scale, 1);
	canvas_free(&c);
}

/* ------------------------------------------------------------------ */
/* Bars                                                                 */
/* ------------------------------------------------------------------ */

static const char *const bar_names[] = { "uniform", "transpose" };
static const char *const bar_cats[] = { "2", "4", "6" };
static const double bar_vals[6] = {
	3.0 / 127, 12.0 / 127, 112.0 / 127,
	0.0625, 0.1875, 0.75,
};

static void
bars_init(struct bars_spec *s, enum bars_orient o)
{
	bars_spec_init(s);
	s->title = "hop distribution P_h (m=8, n=3)";
	s->orient = o;
	s->ncat = 3;
	s->cat_labels = bar_cats;
	s->cat_name = "hops";
	s->nseries = 2;
	s->series_names = bar_names;
	s->values = bar_vals;
}

static void
test_bars(void **state)
{
	struct bars_spec s;
	struct canvas c;
	int len_max, len_half, x, y;

	(void)state;
	bars_init(&s, BARS_HORIZONTAL);
	check_render("bars_h_ascii_60x12", CANVAS_ASCII, 60, 12, render_bars, &s, &c);
	assert_true(text_has(&c, "uniform"));
	assert_true(text_has(&c, "transpose"));
	assert_true(text_has(&c, "0.882"));
	assert_true(text_has(&c, "0.0625"));
	/* Bar lengths proportional: find the rows of 0.882 and 0.75. */
	len_max = len_half = 0;
	for (y = 0; y < c.height; y++) {
		int n0 = count_glyph(&c, (struct canvas_rect){ 0, y, 60, 1 }, "#",
				     STY_SERIES0);
		int n1 = count_glyph(&c, (struct canvas_rect){ 0, y, 60, 1 }, "=",
				     STY_SERIES1);

		if (n0 > len_max)
			len_max = n0;
		if (n1 > len_half)
			len_half = n1;
	}
	assert_true(len_max > 30);
	x = (int)lround(len_max * 0.75 / (112.0 / 127));
	assert_true(abs(len_half - x) <= 1);
	canvas_free(&c);
	check_render("bars_h_utf8_60x12", CANVAS_UTF8, 60, 12, render_bars, &s, &c);
	canvas_free(&c);
	bars_init(&s, BARS_VERTICAL);
	check_render("bars_v_utf8_64x16", CANVAS_UTF8, 64, 16, render_bars, &s, &c);
	assert_true(text_has(&c, "hops"));
	assert_true(text_has(&c, "0.882"));
	canvas_free(&c);
	check_render("bars_v_ascii_40x12", CANVAS_ASCII, 40, 12, render_bars, &s, &c);
	canvas_free(&c);
	for (x = 0; x <= 40; x += 2)
		for (y = 0; y <= 12; y += 1) {
			bars_init(&s, y % 2 ? BARS_VERTICAL : BARS_HORIZONTAL);
			check_render(NULL, CANVAS_UTF8, x, y, render_bars, &s, &c);
			canvas_free(&c);
		}
}

/*
 * Issue 23: markers, labels and pins never overwrite one another's text.
 * A curve shooting up past the top (clipped), saturated simulated points
 * on the top row where the clip note would go, and a pin crossing the
 * saturation line's label at the bottom: the note and the label are
 * whole, every saturated marker shows, in UTF-8 and ASCII; an ASCII pin
 * is never drawn with '+', the ticks' glyph.
 */
static void
test_plot_no_overwrite(void **state)
{
	static const double sx[5] = { 0.05, 0.1, 0.15, 0.2, 0.25 },
			    sy[5] = { INFINITY, 30, INFINITY, INFINITY, INFINITY };
	double x[30], y[30], py[30];
	struct plot_series ser[3];
	struct plot_spec s;
	struct plot_info pi;
	struct canvas c;

	(void)state;
	for (int i = 0; i < 30; i++) {
		x[i] = 0.3 * i / 29;
		y[i] = 20 + 2 / (0.31 - x[i]);       /* shoots up at the right */
		py[i] = 10 + 30 * x[i];              /* a pin, low and straight */
	}
	ser[0] = (struct plot_series){ "live", x, y, 30 };
	ser[1] = (struct plot_series){ "pin 1", x, py, 30 };
	ser[2] = (struct plot_series){ "simulation", sx, sy, 5, .points = true };
	plot_spec_init(&s);
	s.y_name = "mean message latency T";
	s.y_unit = "time units";
	s.x_name = "load";
	s.series = ser;
	s.nseries = 3;
	s.sat_x = 0.31;
	s.sat_label = "saturation";
	s.y_max = 60;
	s.clip_hint = "Y fits";
	for (int k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;

		check_plot(k ? "plot_overlap_utf8_46x18" : "plot_overlap_ascii_46x18", cs, 46,
			   18, &s, &c, &pi);
		assert_true(pi.y_clipped);
		assert_true(text_has(&c, "clipped above 60"));
		assert_true(text_has(&c, "saturation"));
		/* the four saturated points, each its marker on the top row */
		for (int i = 0; i < 5; i++) {
			if (sy[i] != INFINITY)
				continue;
			int col = pi.area.x + (int)lround(axis_frac(&pi.x, sx[i]) *
							  (pi.area.w - 1));
			assert_string_equal(canvas_at(&c, col, pi.area.y)->glyph, "^");
		}
		if (cs == CANVAS_ASCII)
			assert_int_equal(count_glyph(&c, pi.area, "+", STY_SERIES1), 0);
		canvas_free(&c);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_canvas_basics),
		cmocka_unit_test(test_axis),
		cmocka_unit_test(test_raster),
		cmocka_unit_test(test_plot_latency_sizes),
		cmocka_unit_test(test_plot_log),
		cmocka_unit_test(test_plot_marker),
		cmocka_unit_test(test_plot_no_overwrite),
		cmocka_unit_test(test_plot_clip_and_gaps),
		cmocka_unit_test(test_plot_tiny_and_huge),
		cmocka_unit_test(test_plot_degenerate),
		cmocka_unit_test(test_plot_scatter),
		cmocka_unit_test(test_heatmap_small),
		cmocka_unit_test(test_heatmap_scaled),
		cmocka_unit_test(test_heatmap_zoom),
		cmocka_unit_test(test_heatmap_block_mean),
		cmocka_unit_test(test_bars),
	};

	return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
