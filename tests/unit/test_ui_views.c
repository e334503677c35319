/*
 * test_ui_views.c: the pure parts of the explorer's descriptor views
 * (src/ui/viewdraw.c): bars taken from an OUT_BARS table (categories,
 * series of the second column's unit, other columns as label text, the
 * orientation that keeps the legend), OUT_TEXT lines with '*' emphasised
 * and scrolled, and the heatmap zoom and scroll arithmetic.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui/style.h"
#include "ui/viewdraw.h"

/* A hop-bars-like table: hops, then three P_h series, then a count. */
static void hop_table(struct table *t)
{
	table_init(t, "hop distribution");
	table_add_col(t, "hops", "", "hops h", COL_NUM);
	table_add_col(t, "transpose", "", "P_h", COL_NUM);
	table_add_col(t, "uniform", "", "P_h uniform", COL_NUM);
	table_add_col(t, "printed", "", "P_h printed", COL_NUM);
	table_add_col(t, "nodes", "nodes", "nodes", COL_NUM);
	for (int h = 1; h <= 3; h++) {
		long r = table_add_row(t);
		table_set(t, (size_t)r, 0, h);
		table_set(t, (size_t)r, 1, h == 3 ? 1 : 0);
		table_set(t, (size_t)r, 2, h / 6.0);
		table_set(t, (size_t)r, 3, h == 3 ? 1 : 0);
		table_set(t, (size_t)r, 4, 4 * h);
	}
}

static void test_bars_extract(void **state)
{
	struct table t;
	struct vd_bars b;

	(void)state;
	hop_table(&t);
	assert_int_equal(vd_bars_from_table(&t, &b), 0);
	assert_int_equal(b.ncat, 3);
	assert_int_equal(b.nseries, 3);
	assert_string_equal(b.names[0], "transpose");
	assert_string_equal(b.names[1], "uniform");
	assert_string_equal(b.names[2], "printed");
	assert_string_equal(b.cat_name, "hops");
	assert_null(b.unit);
	/* The column of another unit is text on the category label. */
	assert_string_equal(b.label_ptrs[0], "1 (4 nodes)");
	assert_string_equal(b.label_ptrs[2], "3 (12 nodes)");
	/* Series-major values. */
	assert_true(b.values[0 * 3 + 2] == 1);
	assert_true(fabs(b.values[1 * 3 + 1] - 2 / 6.0) < 1e-15);
	/* Nine bars and the legend fit 10 rows lying down; in 8 rows they
	 * stand up (the legend stays), and in a narrow box they lie down. */
	assert_int_equal(vd_bars_orient(&b, 40, 10, false), BARS_HORIZONTAL);
	assert_int_equal(vd_bars_orient(&b, 40, 10, true), BARS_VERTICAL);
	assert_int_equal(vd_bars_orient(&b, 40, 8, false), BARS_VERTICAL);
	assert_int_equal(vd_bars_orient(&b, 12, 8, false), BARS_HORIZONTAL);
	vd_bars_free(&b);
	vd_bars_free(&b);
	/* Drawn: the legend names the three series. */
	struct canvas c;
	canvas_init(&c, 50, 12);
	canvas_set_charset(&c, CANVAS_ASCII);
	vd_draw_bars(&c, (struct canvas_rect){ 0, 0, 50, 12 }, &t, NULL);
	char *txt = canvas_to_text(&c);
	assert_non_null(strstr(txt, "# transpose   = uniform   o printed"));
	assert_non_null(strstr(txt, "3 (12 nodes)"));
	free(txt);
	canvas_free(&c);
	table_free(&t);
	/* No numeric series: refused. */
	table_init(&t, "");
	table_add_col(&t, "a", "", "", COL_TEXT);
	table_add_col(&t, "b", "", "", COL_TEXT);
	table_add_row(&t);
	assert_int_equal(vd_bars_from_table(&t, &b), -1);
	table_free(&t);
}

static void text_table(struct table *t, const char *const *lines, size_t n)
{
	table_init(t, "text");
	table_add_col(t, "line", "", "", COL_TEXT);
	for (size_t i = 0; i < n; i++)
		table_set_text(t, (size_t)table_add_row(t), 0, lines[i]);
}

static void test_text(void **state)
{
	static const char *const lines[] = {
		"# a tree",
		"* 0 root",
		"* |-- 1  T = 1",
		"  `-- 2  T = 2, a longer line than the view",
	};
	struct table t;
	struct canvas c;

	(void)state;
	text_table(&t, lines, 4);
	assert_string_equal(vd_text_line(&t, 1), "* 0 root");
	assert_string_equal(vd_text_line(&t, 9), "");
	assert_int_equal(vd_text_width(&t), (int)strlen(lines[3]));
	canvas_init(&c, 20, 3);
	vd_draw_text(&c, (struct canvas_rect){ 0, 0, 20, 3 }, &t, 1, 0);
	/* From line 1: the '*' lines are emphasised, the '*' itself marked. */
	assert_string_equal(canvas_at(&c, 0, 0)->glyph, "*");
	assert_int_equal(canvas_at(&c, 0, 0)->style, UI_EMPH_MARK);
	assert_int_equal(canvas_at(&c, 2, 0)->style, UI_EMPH);
	assert_int_equal(canvas_at(&c, 2, 1)->style, UI_EMPH);
	assert_int_equal(canvas_at(&c, 2, 2)->style, STY_NORMAL);
	/* Cut at the edge with a mark; scrolled sideways by 6 characters. */
	assert_string_equal(canvas_at(&c, 19, 2)->glyph, "~");
	canvas_clear(&c);
	vd_draw_text(&c, (struct canvas_rect){ 0, 0, 20, 3 }, &t, 3, 6);
	char *txt = canvas_to_text(&c);
	assert_true(strncmp(txt, "2  T = 2, a longer", 18) == 0);
	free(txt);
	canvas_free(&c);
	table_free(&t);
}

static void test_scroll(void **state)
{
	(void)state;
	assert_int_equal(vd_clamp(-3, 100, 10), 0);
	assert_int_equal(vd_clamp(95, 100, 10), 90);
	assert_int_equal(vd_clamp(5, 4, 10), 0);
	/* Follow: no move while visible, the least move otherwise. */
	assert_int_equal(vd_follow(10, 15, 10, 100), 10);
	assert_int_equal(vd_follow(10, 20, 10, 100), 11);
	assert_int_equal(vd_follow(10, 3, 10, 100), 3);
	assert_int_equal(vd_follow(95, 99, 10, 100), 90);
	assert_int_equal(vd_follow(0, 0, 0, 100), 0);
}

static void test_zoom_steps(void **state)
{
	int k = 0, cw = 0;

	(void)state;
	/* A 1024 table fitted at 1:40: in by powers of two, then wider cells. */
	assert_int_equal(vd_zoom_step(&k, &cw, 1, 40, 1), 0);
	assert_int_equal(k, 32);
	assert_int_equal(cw, 2);
	for (int want = 16; want >= 1; want /= 2) {
		assert_int_equal(vd_zoom_step(&k, &cw, 1, 40, 1), 0);
		assert_int_equal(k, want);
	}
	assert_int_equal(vd_zoom_step(&k, &cw, 1, 40, 1), 0);
	assert_int_equal(k, 1);
	assert_int_equal(cw, 3);
	assert_int_equal(vd_zoom_step(&k, &cw, 1, 40, 1), -1);
	/* Out the same way, back to the fitted map. */
	assert_int_equal(vd_zoom_step(&k, &cw, -1, 40, 1), 0);
	assert_true(k == 1 && cw == 2);
	assert_int_equal(vd_zoom_step(&k, &cw, -1, 40, 1), 0);
	assert_true(k == 2 && cw == 2);
	for (int i = 0; i < 4; i++)
		assert_int_equal(vd_zoom_step(&k, &cw, -1, 40, 1), 0);
	assert_int_equal(k, 32);
	assert_int_equal(vd_zoom_step(&k, &cw, -1, 40, 1), 0);
	assert_int_equal(k, 0);
	assert_int_equal(vd_zoom_step(&k, &cw, -1, 40, 1), -1);
	/* A table fitted unscaled with 2 columns: one step in, one out. */
	assert_int_equal(vd_zoom_step(&k, &cw, 1, 1, 2), 0);
	assert_true(k == 1 && cw == 3);
	assert_int_equal(vd_zoom_step(&k, &cw, 1, 1, 2), -1);
	assert_int_equal(vd_zoom_step(&k, &cw, -1, 1, 2), 0);
	assert_int_equal(k, 0);
	/* Already at full size: nothing to zoom into. */
	assert_int_equal(vd_zoom_step(&k, &cw, 1, 1, 3), -1);
	/* Fitted at 1:2: in to 1:1 directly. */
	assert_int_equal(vd_zoom_step(&k, &cw, 1, 2, 2), 0);
	assert_true(k == 1 && cw == 2);
	assert_int_equal(vd_zoom_step(&k, &cw, -1, 2, 2), 0);
	assert_int_equal(k, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bars_extract),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_scroll),
		cmocka_unit_test(test_zoom_steps),
	};
	return cmocka_run_group_tests_name("ui_views", tests, NULL, NULL);
}
