/*
 * test_ui_layout.c: the explorer's pane layout (src/ui/layout.c): every
 * shown pane lies on the screen without overlaps, the sizes the e2e tests
 * use give the documented degradation (heatmap first, then a compact
 * breakdown, then one pane at a time, then "too small"), the focused
 * editing pane grows, and a hidden breakdown or heatmap takes the plot's
 * place while focused (either of them, asked to expand), and a collapsed
 * pane (natural height 1, nothing but its title line) never takes more
 * than that line, the others getting the rows (issue 13).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "ui/layout.h"

static struct layout lay(int w, int h, int focus, int n0, int n1, int n2)
{
	struct layout_in in;
	struct layout out;
	memset(&in, 0, sizeof in);
	in.w = w;
	in.h = h;
	in.focus = focus;
	in.natural[P_ORG] = n0;
	in.natural[P_NET] = n1;
	in.natural[P_TRAFFIC] = n2;
	layout_compute(&in, &out);
	return out;
}

static int shown(struct canvas_rect r)
{
	return r.w > 0 && r.h > 0;
}

/* No shown rectangle leaves the screen or overlaps another. */
static void check_tiling(const struct layout *l, int w, int h)
{
	struct canvas_rect r[P_NPANES + 3];
	int n = 0;
	for (int i = 0; i < P_NPANES; i++)
		r[n++] = l->pane[i];
	r[n++] = l->sep;
	r[n++] = l->hint;
	r[n++] = l->status;
	for (int i = 0; i < n; i++) {
		if (!shown(r[i]))
			continue;
		assert_true(r[i].x >= 0 && r[i].y >= 0);
		assert_true(r[i].x + r[i].w <= w);
		assert_true(r[i].y + r[i].h <= h);
		for (int j = i + 1; j < n; j++) {
			if (!shown(r[j]))
				continue;
			bool apart = r[i].x + r[i].w <= r[j].x || r[j].x + r[j].w <= r[i].x ||
				     r[i].y + r[i].h <= r[j].y || r[j].y + r[j].h <= r[i].y;
			if (!apart)
				fail_msg("regions %d and %d overlap at %dx%d", i, j, w, h);
		}
	}
}

static void test_tiling_all_sizes(void **state)
{
	(void)state;
	for (int w = LAYOUT_MIN_W; w <= 200; w += 7)
		for (int h = LAYOUT_MIN_H; h <= 70; h += 3)
			for (int f = 0; f < P_NPANES; f++) {
				struct layout l = lay(w, h, f, 7, 22, 15);
				assert_false(l.too_small);
				check_tiling(&l, w, h);
				/* The focused pane is always on screen. */
				assert_true(shown(l.pane[f]));
				assert_int_equal(l.status.y, h - 1);
				assert_int_equal(l.status.w, w);
			}
}

static void test_too_small(void **state)
{
	(void)state;
	assert_true(lay(39, 24, P_PLOT, 5, 5, 5).too_small);
	assert_true(lay(80, 9, P_PLOT, 5, 5, 5).too_small);
	assert_true(lay(30, 8, P_PLOT, 5, 5, 5).too_small);
	assert_false(lay(40, 10, P_PLOT, 5, 5, 5).too_small);
}

static void test_80x24(void **state)
{
	(void)state;
	struct layout l = lay(80, 24, P_PLOT, 7, 22, 15);
	/* Left column 32 wide, separator, plot 47 wide above a 4-row breakdown;
	 * no heatmap; hint and status lines. */
	assert_int_equal(l.pane[P_ORG].w, 32);
	assert_int_equal(l.sep.x, 32);
	assert_int_equal(l.pane[P_PLOT].x, 33);
	assert_int_equal(l.pane[P_PLOT].w, 47);
	assert_int_equal(l.pane[P_TABLE].h, LAYOUT_COMPACT_H);
	assert_int_equal(l.pane[P_PLOT].h + l.pane[P_TABLE].h, 22);
	assert_false(shown(l.pane[P_HEAT]));
	assert_int_equal(l.hint.y, 22);
	/* The editing panes fill the column. */
	assert_int_equal(l.pane[P_ORG].h + l.pane[P_NET].h + l.pane[P_TRAFFIC].h, 22);
}

static void test_degradation(void **state)
{
	(void)state;
	/* 160x50: everything. */
	struct layout l = lay(160, 50, P_PLOT, 7, 22, 15);
	assert_true(shown(l.pane[P_HEAT]) && shown(l.pane[P_TABLE]));
	assert_true(l.pane[P_TABLE].w > l.pane[P_HEAT].w);
	/* 120x40: still both. */
	l = lay(120, 40, P_PLOT, 7, 22, 15);
	assert_true(shown(l.pane[P_HEAT]) && shown(l.pane[P_TABLE]));
	/* 80x34: no room for the heatmap beside the breakdown. */
	l = lay(80, 34, P_PLOT, 7, 22, 15);
	assert_false(shown(l.pane[P_HEAT]));
	assert_true(l.pane[P_TABLE].h > LAYOUT_COMPACT_H);
	/* 60x17: a short plot and no breakdown. */
	l = lay(60, 17, P_PLOT, 7, 22, 15);
	assert_false(shown(l.pane[P_TABLE]));
	assert_true(shown(l.pane[P_PLOT]));
	/* 50x20: one pane at a time. */
	l = lay(50, 20, P_NET, 7, 22, 15);
	assert_true(shown(l.pane[P_NET]));
	assert_int_equal(l.pane[P_NET].w, 50);
	assert_false(shown(l.pane[P_PLOT]) || shown(l.pane[P_ORG]));
}

static void test_promote(void **state)
{
	(void)state;
	/* At 80x24 the heatmap has no place: focused, it takes the plot's. */
	struct layout l = lay(80, 24, P_HEAT, 7, 22, 15);
	assert_true(shown(l.pane[P_HEAT]));
	assert_false(shown(l.pane[P_PLOT]));
	assert_int_equal(l.pane[P_HEAT].h, 22);
	/* The compact breakdown too. */
	l = lay(80, 24, P_TABLE, 7, 22, 15);
	assert_int_equal(l.pane[P_TABLE].h, 22);
	assert_false(shown(l.pane[P_PLOT]));
	/* At 160x50 nothing moves. */
	l = lay(160, 50, P_HEAT, 7, 22, 15);
	assert_true(shown(l.pane[P_PLOT]));
}

static void test_expand(void **state)
{
	(void)state;
	struct layout_in in;
	struct layout l;
	memset(&in, 0, sizeof in);
	in.w = 120;
	in.h = 40;
	in.natural[P_ORG] = 7;
	in.natural[P_NET] = 22;
	in.natural[P_TRAFFIC] = 15;
	for (int f = P_TABLE; f <= P_HEAT; f++) {
		in.focus = f;
		in.expand = false;
		layout_compute(&in, &l);
		assert_true(shown(l.pane[P_PLOT]));
		int h0 = l.pane[f].h;
		in.expand = true;
		layout_compute(&in, &l);
		check_tiling(&l, 120, 40);
		/* The whole right column: the plot and the other view go. */
		assert_false(shown(l.pane[P_PLOT]));
		assert_false(shown(l.pane[f == P_TABLE ? P_HEAT : P_TABLE]));
		assert_int_equal(l.pane[f].y, 0);
		assert_int_equal(l.pane[f].h, 38);
		assert_true(l.pane[f].h > h0);
		assert_int_equal(l.pane[f].x + l.pane[f].w, 120);
	}
	/* Expanding asks nothing of the other panes. */
	in.focus = P_PLOT;
	layout_compute(&in, &l);
	assert_true(shown(l.pane[P_PLOT]) && shown(l.pane[P_TABLE]) && shown(l.pane[P_HEAT]));
	in.focus = P_NET;
	layout_compute(&in, &l);
	assert_true(shown(l.pane[P_PLOT]));
}

static void test_focused_editor_grows(void **state)
{
	(void)state;
	struct layout l = lay(80, 24, P_NET, 7, 22, 15);
	/* Others keep a peek of up to 3 rows; the network pane gets the rest. */
	assert_true(l.pane[P_ORG].h >= 1 && l.pane[P_ORG].h <= 3);
	assert_true(l.pane[P_TRAFFIC].h >= 1 && l.pane[P_TRAFFIC].h <= 3);
	assert_int_equal(l.pane[P_NET].h, 22 - l.pane[P_ORG].h - l.pane[P_TRAFFIC].h);
	/* A focused pane that fits gets exactly its natural height. */
	l = lay(80, 24, P_ORG, 7, 22, 15);
	assert_int_equal(l.pane[P_ORG].h, 7);
	/* Stacked in order. */
	assert_int_equal(l.pane[P_NET].y, l.pane[P_ORG].y + l.pane[P_ORG].h);
	assert_int_equal(l.pane[P_TRAFFIC].y, l.pane[P_NET].y + l.pane[P_NET].h);
}

static void test_collapsed_takes_its_title_only(void **state)
{
	(void)state;
	/* Each editing pane collapsed in turn (star: organisation; Ethernet:
	 * traffic), at every size and focus: one row, the others fill the rest
	 * of the column as far as they want it. */
	for (int c = P_ORG; c <= P_TRAFFIC; c++)
		for (int w = LAYOUT_NARROW_W; w <= 200; w += 12)
			for (int h = LAYOUT_MIN_H; h <= 70; h += 3)
				for (int f = 0; f < P_NPANES; f++) {
					int nat[3] = { 17, 22, 15 };
					nat[c] = 1;
					struct layout l = lay(w, h, f, nat[0], nat[1], nat[2]);
					check_tiling(&l, w, h);
					int body = l.sep.h, sum = 0, want = 0;
					for (int i = P_ORG; i <= P_TRAFFIC; i++) {
						sum += l.pane[i].h;
						want += nat[i];
					}
					if (body < 3)
						continue;
					if (l.pane[c].h != 1)
						fail_msg("collapsed pane %d is %d rows at %dx%d, focus %d",
							 c, l.pane[c].h, w, h, f);
					/* Rows the others want are not left empty. */
					assert_int_equal(sum, body < want ? body : (c == P_TRAFFIC ? want : body));
				}
	/* 80x24, the star model: the network pane right under the title. */
	struct layout l = lay(80, 24, P_PLOT, 1, 5, 22);
	assert_int_equal(l.pane[P_ORG].h, 1);
	assert_int_equal(l.pane[P_NET].y, 1);
	assert_int_equal(l.pane[P_NET].h + l.pane[P_TRAFFIC].h, 21);
	/* 100x50, Ethernet: everything fits; the collapsed traffic pane is one
	 * row right under the network pane, the rest of the column empty. */
	l = lay(100, 50, P_PLOT, 17, 30, 1);
	assert_int_equal(l.pane[P_ORG].h, 17);
	assert_int_equal(l.pane[P_NET].h, 30);
	assert_int_equal(l.pane[P_TRAFFIC].y, 47);
	assert_int_equal(l.pane[P_TRAFFIC].h, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tiling_all_sizes),
		cmocka_unit_test(test_too_small),
		cmocka_unit_test(test_80x24),
		cmocka_unit_test(test_degradation),
		cmocka_unit_test(test_promote),
		cmocka_unit_test(test_expand),
		cmocka_unit_test(test_focused_editor_grows),
		cmocka_unit_test(test_collapsed_takes_its_title_only),
	};
	return cmocka_run_group_tests_name("ui_layout", tests, NULL, NULL);
}
