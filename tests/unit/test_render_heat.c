/*
 * test_render_heat.c: the heatmap is true to its numbers (issue 13).
 *
 * The matrices are the ones a student meets: arnau-autonet10's equivalent
 * distances (the paper's Table 2, four distinct values and the zero
 * diagonal), a sharifi-n592 group-1 cluster (a 4-port 4-tree: 0, 2, 4, 6,
 * 8 hops), the 5-star's 120 x 120 node distances (0..6).  For each, two
 * cells with different values must never look the same unless the legend
 * says they share a bin, and the cursor must show on any shade without
 * colour.  Golden files pin the pictures (tests/golden/render_heat_*.txt).
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
#include "render/heatmap.h"
#include "topo/fattree.h"
#include "topo/star.h"

#include "render_check.h"

/* arnau-autonet10, `icnx --batch arnau-autonet10 -o distances`. */
static const double autonet10[100] = {
	0, 1, 1, 2, 1, 3, 1, 3, 3, 1,
	1, 0, 1, 2, 1, 3, 1, 3, 3, 1,
	1, 1, 0, 2, 2, 3, 1, 3, 3, 1,
	2, 2, 2, 0, 2, 1, 1, 1, 1, 2,
	1, 1, 2, 2, 0, 3, 1, 3, 3, 1,
	3, 3, 3, 1, 3, 0, 2, 1, 1, 1,
	1, 1, 1, 1, 1, 2, 0, 2, 2, 1.25,
	3, 3, 3, 1, 3, 1, 2, 0, 1, 2,
	3, 3, 3, 1, 3, 1, 2, 1, 0, 2,
	1, 1, 1, 2, 1, 1, 1.25, 2, 2, 0,
};

static void
render_heatmap(struct canvas *c, struct canvas_rect r, const void *ctx)
{
	heatmap_render(c, r, ctx, NULL);
}

/* The text of the shown cell (bi, bj): its cw glyphs. */
static void
cell_text(const struct canvas *c, const struct heatmap_info *hi, int bi, int bj,
	  char *buf, size_t n)
{
	size_t len = 0;
	int q;

	buf[0] = '\0';
	for (q = 0; q < hi->cell_w; q++) {
		const char *g = canvas_at(c, hi->area.x + bj * hi->cell_w + q,
					  hi->area.y + bi)->glyph;

		if (len + strlen(g) + 1 > n)
			break;
		memcpy(buf + len, g, strlen(g) + 1);
		len += strlen(g);
	}
}

/* Mean of the finite values of block (bi, bj) at scale k. */
static double
block(const struct heatmap_spec *s, int k, int bi, int bj)
{
	double sum = 0;
	int i, j, n = 0;

	for (i = bi * k; i < (bi + 1) * k && i < s->rows; i++)
		for (j = bj * k; j < (bj + 1) * k && j < s->cols; j++)
			if (isfinite(s->values[i * s->cols + j])) {
				sum += s->values[i * s->cols + j];
				n++;
			}
	return n ? sum / n : NAN;
}

/*
 * The honesty rule on a render: outside HEATMAP_BINS, two shown cells
 * (not the cursor's) look the same (glyphs and style) exactly when their
 * values are equal; in HEATMAP_BINS, cells that look the same have values
 * in one bin, and every shade of the ramp is used.
 */
static void
assert_true_picture(const struct canvas *c, const struct heatmap_spec *s,
		    const struct heatmap_info *hi)
{
	char a[64], b[64];
	int i, j, p, q, cr = -1, cc = -1;

	if (s->cursor_row >= 0) {
		cr = s->cursor_row / hi->scale - hi->row0 / hi->scale;
		cc = s->cursor_col / hi->scale - hi->col0 / hi->scale;
	}
	for (i = 0; i < hi->shown_rows; i++)
		for (j = 0; j < hi->shown_cols; j++) {
			double v = block(s, hi->scale, hi->row0 / hi->scale + i,
					 hi->col0 / hi->scale + j);
			int sty = canvas_at(c, hi->area.x + j * hi->cell_w,
					    hi->area.y + i)->style;

			if ((i == cr && j == cc) || isnan(v))
				continue;
			cell_text(c, hi, i, j, a, sizeof a);
			for (p = i; p < hi->shown_rows; p++)
				for (q = p == i ? j + 1 : 0; q < hi->shown_cols; q++) {
					double w = block(s, hi->scale,
							 hi->row0 / hi->scale + p,
							 hi->col0 / hi->scale + q);
					bool same_look;

					if ((p == cr && q == cc) || isnan(w))
						continue;
					cell_text(c, hi, p, q, b, sizeof b);
					same_look = strcmp(a, b) == 0 &&
						canvas_at(c, hi->area.x + q * hi->cell_w,
							  hi->area.y + p)->style == sty;
					if (hi->shading == HEATMAP_BINS)
						continue;
					if (same_look != (fabs(v - w) < 1e-9))
						fail_msg("cells (%d,%d) = %g '%s' and (%d,%d) = %g "
							 "'%s' %s", i, j, v, a, p, q, w, b,
							 same_look ? "look the same"
								   : "differ for one value");
				}
		}
}

/* The cursor cell of a render: not a bare shade (it shows without colour). */
static void
assert_cursor_marked(const struct canvas *c, const struct heatmap_spec *s,
		     const struct heatmap_info *hi)
{
	int bi = s->cursor_row / hi->scale - hi->row0 / hi->scale;
	int bj = s->cursor_col / hi->scale - hi->col0 / hi->scale;
	const struct canvas_cell *cell = canvas_at(c, hi->area.x + bj * hi->cell_w,
						   hi->area.y + bi);

	assert_int_equal(cell->style, STY_CURSOR);
	if (hi->shading == HEATMAP_DIGITS)
		return;                /* its digits, in STY_CURSOR */
	if (hi->cell_w >= 2)
		assert_string_equal(cell->glyph, "[");
	else
		assert_string_equal(cell->glyph, glyphs_get(c->charset)->cursor);
}

/* autonet10 (Table 2): 0, 1, 1.25, 2, 3 each their own shade and legend
 * entry; distance 2 (cell 0,3) and 3 (cell 0,5) no longer share one. */
static void
test_heat_autonet10(void **state)
{
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;
	int k;

	(void)state;
	heatmap_spec_init(&s);
	s.title = "equivalent distance T_ij";
	s.values = autonet10;
	s.rows = s.cols = 10;
	s.cursor_row = 0;
	s.cursor_col = 7;      /* on a full-block (distance 3) cell */
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;

		check_render(k ? "heat_autonet10_utf8_46x14" : "heat_autonet10_ascii_46x14",
			     cs, 46, 14, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 46, 14 }, &s, &hi);
		assert_int_equal(hi.shading, HEATMAP_VALUES);
		assert_int_equal(hi.levels, 5);
		assert_true(text_has(&c, "1.25"));
		assert_true_picture(&c, &s, &hi);
		assert_cursor_marked(&c, &s, &hi);
		{
			char a[32], b[32];

			cell_text(&c, &hi, 0, 3, a, sizeof a);
			cell_text(&c, &hi, 0, 5, b, sizeof b);
			assert_string_not_equal(a, b);
		}
		canvas_free(&c);
	}
	/* At the size the explorer gives it at 80x24 (46 x 18 right column). */
	check_render(NULL, CANVAS_UTF8, 46, 18, render_heatmap, &s, &c);
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 46, 18 }, &s, &hi);
	assert_int_equal(hi.shading, HEATMAP_VALUES);
	assert_true_picture(&c, &s, &hi);
	canvas_free(&c);
}

/* sharifi-n592 group 1: a cluster of 32 nodes on a 4-port 4-tree; hops
 * 0, 2, 4, 6, 8: the top level of the tree keeps its own shade. */
static void
test_heat_fattree_group(void **state)
{
	static double v[32 * 32];
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;
	int i, j, k;

	(void)state;
	assert_int_equal(ft_nodes(4, 4), 32);
	for (i = 0; i < 32; i++)
		for (j = 0; j < 32; j++)
			v[i * 32 + j] = 2 * ft_hops(4, 4, i, j);   /* links */
	heatmap_spec_init(&s);
	s.title = "hop distance (links)";
	s.values = v;
	s.rows = s.cols = 32;
	s.unit = "links";
	s.cursor_row = 0;
	s.cursor_col = 31;
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;

		/* Whole (1:1) and at the explorer's 80x24 heatmap size (1:2). */
		check_render(k ? "heat_fattree32_utf8_80x36" : "heat_fattree32_ascii_80x36",
			     cs, 80, 36, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 80, 36 }, &s, &hi);
		assert_int_equal(hi.scale, 1);
		assert_int_equal(hi.shading, HEATMAP_VALUES);
		assert_int_equal(hi.levels, 5);
		assert_true(text_has(&c, " 6\n") || text_has(&c, " 6 "));
		assert_true(text_has(&c, " 8"));
		assert_true_picture(&c, &s, &hi);
		assert_cursor_marked(&c, &s, &hi);
		canvas_free(&c);
		check_render(k ? "heat_fattree32_utf8_46x20" : "heat_fattree32_ascii_46x20",
			     cs, 46, 20, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 46, 20 }, &s, &hi);
		assert_int_equal(hi.scale, 2);
		assert_true_picture(&c, &s, &hi);
		canvas_free(&c);
	}
}

/* The 5-star's node distances: seven values 0..6.  One element per cell
 * (the explorer's zoom x2): ASCII has ten shades, UTF-8 prints digits;
 * fitted 1:8, the block means are many: every shade, exact ranges. */
static void
test_heat_star(void **state)
{
	double *v = malloc(sizeof *v * 120 * 120);
	int perm[5], inv[5], rel[5], q[5];
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;
	int i, j, k, x;

	(void)state;
	assert_non_null(v);
	for (i = 0; i < 120; i++) {
		star_unrank(i, 5, perm);
		for (x = 0; x < 5; x++)
			inv[perm[x]] = x;
		for (j = 0; j < 120; j++) {
			star_unrank(j, 5, q);
			for (x = 0; x < 5; x++)
				rel[x] = inv[q[x]];
			v[i * 120 + j] = star_perm_distance(rel, 5);
		}
	}
	heatmap_spec_init(&s);
	s.title = "node distance";
	s.values = v;
	s.rows = s.cols = 120;
	s.unit = "hops";
	s.scale = 1;
	s.cell_w = 2;
	s.cursor_row = 3;
	s.cursor_col = 5;
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;

		check_render(k ? "heat_star5_zoom_utf8_46x20" : "heat_star5_zoom_ascii_46x20",
			     cs, 46, 20, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 46, 20 }, &s, &hi);
		assert_int_equal(hi.shading, k ? HEATMAP_DIGITS : HEATMAP_VALUES);
		assert_int_equal(hi.levels, 7);
		assert_true_picture(&c, &s, &hi);
		assert_cursor_marked(&c, &s, &hi);
		canvas_free(&c);
	}
	/* Fitted: block means of 8 x 8 blocks, many values: binned. */
	s.scale = 0;
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;
		int used = 0, l;

		check_render(k ? "heat_star5_fit_utf8_46x20" : "heat_star5_fit_ascii_46x20",
			     cs, 46, 20, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 46, 20 }, &s, &hi);
		assert_int_equal(hi.shading, HEATMAP_BINS);
		assert_int_equal(hi.levels, k ? 5 : 10);   /* every shade */
		/* Every level appears in the map. */
		for (l = 0; l < CANVAS_NHEAT_STY; l++)
			if (count_glyph(&c, hi.area, NULL, STY_HEAT0 + l) > 0)
				used++;
		assert_int_equal(used, hi.levels);
		canvas_free(&c);
	}
	free(v);
}

/* Neighbouring values that agree to three digits get labels that differ. */
static void
test_heat_close_values(void **state)
{
	static const double v[4] = { 1.2341, 1.2342, 1.2343, 1.2345 };
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;

	(void)state;
	heatmap_spec_init(&s);
	s.values = v;
	s.rows = 2;
	s.cols = 2;
	check_render(NULL, CANVAS_UTF8, 30, 8, render_heatmap, &s, &c);
	heatmap_render(&c, (struct canvas_rect){ 0, 0, 30, 8 }, &s, &hi);
	assert_int_equal(hi.levels, 4);
	assert_true(text_has(&c, "1.2341"));
	assert_true(text_has(&c, "1.2345"));
	canvas_free(&c);
}

/* arnau-autonet10 with root 0 (`icnx --batch arnau-autonet10 -s root=0 -o
 * distances`, 2/3 written as 0.6666666667 as the batch prints it). */
static const double autonet10_root0[100] = {
	0, 0.6666666667, 1, 2, 1, 2, 1, 3, 3, 1,
	0.6666666667, 0, 1, 2, 1, 2, 1, 3, 3, 1,
	1, 1, 0, 2, 2, 3, 1, 3, 3, 2,
	2, 2, 2, 0, 2, 4, 1, 1, 1, 3,
	1, 1, 2, 2, 0, 3, 1, 3, 3, 2,
	2, 2, 3, 4, 3, 0, 3, 1, 1, 1,
	1, 1, 1, 1, 1, 3, 0, 2, 2, 2,
	3, 3, 3, 1, 3, 1, 2, 0, 1, 2,
	3, 3, 3, 1, 3, 1, 2, 1, 0, 2,
	1, 1, 2, 3, 2, 1, 2, 2, 2, 0,
};

/* The look (glyphs and style) of every value of m in a render, into
 * val/look (n so far); fails when one value has two looks (across every
 * render passed in, so two renders are checked against each other). */
static void
record_looks(const struct canvas *c, const struct heatmap_info *hi, const double *m,
	     double *val, char (*look)[64], int *n)
{
	for (int i = 0; i < 10; i++)
		for (int j = 0; j < 10; j++) {
			char t[64], l[64];
			int k;

			cell_text(c, hi, i, j, t, sizeof t);
			snprintf(l, sizeof l, "%s/%d", t,
				 canvas_at(c, hi->area.x + j * hi->cell_w, hi->area.y + i)->style);
			for (k = 0; k < *n; k++)
				if (fabs(val[k] - m[i * 10 + j]) < 1e-9)
					break;
			if (k == *n) {
				val[k] = m[i * 10 + j];
				snprintf(look[k], sizeof look[k], "%s", l);
				(*n)++;
			} else if (strcmp(look[k], l) != 0) {
				fail_msg("value %g looks like '%s' and like '%s'", val[k], look[k], l);
			}
		}
}

/* Issue 23 (Lab 4 step 2): root 6 and root 0 on one shared scale shade
 * every value alike in both renders (on their own scales distance 1 is
 * its own shade under root 6 and shares the blank with 0 under root 0);
 * the difference root 0 - root 6 is shaded by sign, without colour too. */
static void
test_heat_shared_and_diff(void **state)
{
	struct heatmap_spec s;
	struct heatmap_info hi;
	struct canvas c;
	double val[32], diff[100];
	char look[32][64];
	int n = 0, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		heatmap_spec_init(&s);
		s.values = k ? autonet10_root0 : autonet10;
		s.shared = k ? autonet10 : autonet10_root0;
		s.rows = s.cols = 10;
		s.legend_note = "scale shared";
		check_render(k ? "heat_shared_root0_utf8_46x14" : "heat_shared_root6_utf8_46x14",
			     CANVAS_UTF8, 46, 14, render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 46, 14 }, &s, &hi);
		assert_true(text_has(&c, "scale shared"));
		record_looks(&c, &hi, s.values, val, look, &n);
		canvas_free(&c);
	}
	for (int i = 0; i < 100; i++)
		diff[i] = autonet10_root0[i] - autonet10[i];
	for (k = 0; k < 2; k++) {
		enum canvas_charset cs = k ? CANVAS_UTF8 : CANVAS_ASCII;
		const struct glyphs *g = glyphs_get(cs);

		heatmap_spec_init(&s);
		s.values = diff;
		s.rows = s.cols = 10;
		s.diverging = true;
		s.legend_note = "root 0 - root 6";
		check_render(k ? "heat_diff_utf8_46x14" : "heat_diff_ascii_46x14", cs, 46, 14,
			     render_heatmap, &s, &c);
		heatmap_render(&c, (struct canvas_rect){ 0, 0, 46, 14 }, &s, &hi);
		assert_int_equal(hi.shading, HEATMAP_DIVERGING);
		/* below 0: -1..-1/3; 0; above: 0.75..1; far above (> 3/2): 3 */
		assert_int_equal(hi.levels, 4);
		assert_true(text_has(&c, "-1..-0.333"));
		assert_true(text_has(&c, "0.75..1"));
		for (int i = 0; i < 10; i++)
			for (int j = 0; j < 10; j++) {
				double d = diff[i * 10 + j];
				char t[64];
				const char *want = fabs(d) < 1e-9 ? g->diverge[2] : d < -1.5 ?
					g->diverge[0] : d < 0 ? g->diverge[1] : d <= 1.5 ?
					g->diverge[3] : g->diverge[4];

				cell_text(&c, &hi, i, j, t, sizeof t);
				if (strncmp(t, want, strlen(want)) != 0)
					fail_msg("cell %d,%d = %g drawn '%s', not '%s'", i, j, d, t,
						 want);
			}
		canvas_free(&c);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_heat_autonet10),
		cmocka_unit_test(test_heat_fattree_group),
		cmocka_unit_test(test_heat_star),
		cmocka_unit_test(test_heat_close_values),
		cmocka_unit_test(test_heat_shared_and_diff),
	};

	return cmocka_run_group_tests_name("render_heat", tests, NULL, NULL);
}
