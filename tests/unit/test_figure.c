/*
 * test_figure.c: base/figure.c, the plot as a gnuplot script (key F,
 * --figure): every series as a datablock and a plot clause (curves as
 * lines, pins dashed, measured points with their intervals as yerrorbars),
 * a saturated or off-scale point drawn on the top edge (never hidden),
 * the y range and "clipped above" as on screen, quotes doubled in names,
 * a refined model's curve and saturation line in their own dashes with
 * both saturation lines in the key.
 * That gnuplot draws what is written is tests/e2e/figure.sh's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/figure.h"

static bool has(const char *text, const char *needle)
{
	return strstr(text, needle) != NULL;
}

static void test_figure_series(void **state)
{
	static const double x[3] = { 0.1, 0.2, 0.3 }, y[3] = { 10, 20, 90 },
			    py[3] = { 12, 25, 40 }, sy[3] = { 11, 2824, INFINITY },
			    lo[3] = { 10.5, 2184, NAN }, hi[3] = { 11.5, 3464, NAN };
	struct figure_series s[3] = {
		{ "live", x, y, 3, .dash = 1 },
		{ "pin 1: M's=64", x, py, 3, .dash = 2 },
		{ "simulation (95% interval)", x, sy, 3, .points = true, .lo = lo, .hi = hi },
	};
	struct figure f;
	struct strbuf b;

	(void)state;
	figure_init(&f);
	f.title = "javadi-n544";
	f.x_label = "offered load λ_g [msg/node/time unit]";
	f.y_label = "latency [time units]";
	f.x_min = 0;
	f.x_max = 0.4;
	f.y_min = 0;
	f.y_max = 50;          /* the screen's clipped top */
	f.series = s;
	f.nseries = 3;
	f.sat_x = 0.35;
	f.sat_label = "saturation";
	f.command = "icnx --batch javadi-n544 -o curve";
	strbuf_init(&b);
	figure_gnuplot(&f, &b);
	assert_false(b.failed);
	const char *t = b.s;
	/* the data, one block per series; off-scale and saturated points
	 * are missing there and drawn on the top edge instead */
	assert_true(has(t, "$s0 << EOD\n# x y\n0.1 10\n0.2 20\n0.3 90\nEOD\n"));
	assert_true(has(t, "$s2 << EOD\n# x y lo hi\n0.1 11 10.5 11.5\n0.2 NaN NaN NaN\n"
			"0.3 NaN NaN NaN\nEOD\n"));
	assert_true(has(t, "# icnx --batch javadi-n544 -o curve\n"));
	assert_true(has(t, "set yrange [0:50]\n"));
	assert_true(has(t, "set xrange [0:0.4]\n"));
	assert_true(has(t, "set ylabel 'latency [time units], clipped above 50' noenhanced\n"));
	assert_true(has(t, "set xlabel 'offered load λ_g [msg/node/time unit]' noenhanced\n"));
	/* the off-scale point with its value, the saturated one alone */
	assert_true(has(t, "'2824' at 0.2, graph 1"));
	assert_true(has(t, "'' at 0.3, graph 1"));
	assert_true(has(t, "set arrow 1 from 0.35, graph 0 to 0.35, graph 1 nohead"));
	assert_true(has(t, "'saturation 0.35'"));
	assert_true(has(t, "$s0 using 1:2 with lines linewidth 2 dashtype 1"));
	assert_true(has(t, "$s1 using 1:2 with lines linewidth 1.5 dashtype 2"));
	assert_true(has(t, "title 'pin 1: M''s=64'"));
	assert_true(has(t, "$s2 using 1:2:3:4 with yerrorbars"));
	assert_true(has(t, "keyentry with points pointtype 9"));
	strbuf_free(&b);
}

/* Nothing off-scale: no top-edge marks, no clip note, gnuplot's own y. */
static void test_figure_plain(void **state)
{
	static const double x[2] = { 1, 2 }, y[2] = { 3, 4 };
	struct figure_series s = { "a", x, y, 2, .dash = 1 };
	struct figure f;
	struct strbuf b;

	(void)state;
	figure_init(&f);
	f.x_label = "x";
	f.y_label = "y";
	f.series = &s;
	f.nseries = 1;
	strbuf_init(&b);
	figure_gnuplot(&f, &b);
	assert_false(b.failed);
	assert_false(has(b.s, "yrange"));
	assert_false(has(b.s, "clipped"));
	assert_false(has(b.s, "keyentry"));
	assert_false(has(b.s, "set arrow"));
	assert_true(has(b.s, "plot \\\n  $s0 using 1:2 with lines"));
	strbuf_free(&b);
}

/* A refined model's curve (dash-dot, whatever its dash) and its
 * saturation line (dotted, its label above the printed one's), both
 * saturation lines in the key as in the explorer's legend. */
static void test_figure_refined(void **state)
{
	static const double x[3] = { 1, 2, 3 }, y[3] = { 3, 4, 5 }, ry[3] = { 3, 6, NAN };
	struct figure_series s[2] = {
		{ "printed model", x, y, 3, .dash = 1 },
		{ "refined model (icnx)", x, ry, 3, .dash = 2, .refined = true },
	};
	struct figure f;
	struct strbuf b;

	(void)state;
	figure_init(&f);
	assert_true(isnan(f.ref_sat_x));
	f.x_label = "x";
	f.y_label = "y";
	f.series = s;
	f.nseries = 2;
	f.sat_x = 3.5;
	f.sat_label = "saturation";
	f.ref_sat_x = 2.5;
	f.ref_sat_label = "refined sat";
	strbuf_init(&b);
	figure_gnuplot(&f, &b);
	assert_false(b.failed);
	assert_true(has(b.s, "$s1 << EOD\n# x y\n1 3\n2 6\n3 NaN\nEOD\n"));
	assert_true(has(b.s, "$s1 using 1:2 with lines linewidth 2 dashtype (8,4,2,4) linecolor 2 "
			"title 'refined model (icnx)'"));
	assert_false(has(b.s, "dashtype 2 linecolor 2"));
	assert_true(has(b.s, "set arrow 3 from 2.5, graph 0 to 2.5, graph 1 nohead dashtype (2,4)"));
	assert_true(has(b.s, "set label 3 'refined sat 2.5' at 2.5, graph 0.12"));
	assert_true(has(b.s, "set label 1 'saturation 3.5' at 3.5, graph 0.04"));
	assert_true(has(b.s, "keyentry with lines dashtype 2 linecolor rgb 'gray40' "
			"title 'saturation 3.5'"));
	assert_true(has(b.s, "keyentry with lines dashtype (2,4) linecolor rgb 'gray40' "
			"title 'refined sat 2.5'"));
	strbuf_free(&b);

	/* no refined saturation: no dotted line, no saturation key entries */
	f.ref_sat_x = NAN;
	strbuf_init(&b);
	figure_gnuplot(&f, &b);
	assert_false(b.failed);
	assert_false(has(b.s, "set arrow 3"));
	assert_false(has(b.s, "keyentry"));
	strbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figure_series),
		cmocka_unit_test(test_figure_plain),
		cmocka_unit_test(test_figure_refined),
	};
	return cmocka_run_group_tests_name("figure", tests, NULL, NULL);
}
