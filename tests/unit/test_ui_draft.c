/*
 * test_ui_draft.c: multi-field edits in the explorer (src/ui/app.c): a
 * value that parses but breaks a rule across fields becomes a draft (the
 * configuration the worker computes stays, gen does not move), further
 * edits continue on it, and the edit that makes it valid commits the whole
 * of it as one undo step; a value that does not parse is still refused in
 * place; Esc (app_revert) and undo drop the draft; a draft that comes back
 * to the start records nothing; clearing optional fields switches a
 * network's timing form; quitting and saving ask first.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#define TESTKIT_APP
#include "testkit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/yaml_load.h"
#include "family/multicluster.h"
#include "ui/actions.h"
#include "ui/app.h"
#include "ui/style.h"
#include "render/canvas.h"

static const char text[] =
	"model: multicluster\n"
	"m: 8\n"
	"clusters:\n"
	"  - {count: 12, n: 1, tau: 0.10}\n"
	"  - {count: 4, n: 3, tau: 0.12}\n"
	"network:\n"
	"  icn1: {a_n: 0.02, a_s: 0.01, bandwidth: 500, flit_bytes: 256}\n"
	"  ecn1: {t_cn: 0.517, t_cs: 0.522}\n"
	"  icn2: {t_cn: 0.517, t_cs: 0.522}\n"
	"traffic:\n"
	"  mix:\n"
	"    - {length: 32, prob: 0.5}\n"
	"    - {length: 64, prob: 0.5}\n";

static int setup(void **state)
{
	*state = tk_app_open(text);
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	tk_app_close(*state);
	return 0;
}

static double prob(const struct config *c, int i)
{
	return mc_cfg(c)->traffic.mix[i].prob;
}

static void test_mix_through_a_draft(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;
	unsigned k;

	k = app_set(a, "traffic.mix.0.prob", "0.4");
	assert_true(k & K_HANDLED);
	assert_true(a->have_draft);
	assert_int_equal(a->gen, 1);                  /* nothing for the worker */
	assert_true(prob(&a->cfg, 0) == 0.5);        /* the computed one stays */
	assert_true(prob(app_edit_cfg(a), 0) == 0.4);
	assert_non_null(strstr(a->draft_msg, "traffic.mix: probabilities sum to 0.9"));
	assert_non_null(strstr(a->msg, "traffic.mix.0.prob: 0.5 -> 0.4 (incomplete"));
	assert_true(app_modified(a));
	/* A value that does not parse is refused in place; the draft stays. */
	k = app_set(a, "traffic.mix.1.prob", "1.5");
	assert_true(a->msg_err);
	assert_non_null(strstr(a->msg, "refused: traffic.mix.1.prob: 1.5 is out of range"));
	assert_true(a->have_draft);
	assert_true(prob(app_edit_cfg(a), 0) == 0.4 && prob(app_edit_cfg(a), 1) == 0.5);
	/* The second half: valid, committed once. */
	k = app_set(a, "traffic.mix.1.prob", "0.6");
	assert_true(k & K_RECOMPUTE);
	assert_false(a->have_draft);
	assert_int_equal(a->gen, 2);
	assert_true(prob(&a->cfg, 0) == 0.4 && prob(&a->cfg, 1) == 0.6);
	assert_non_null(strstr(a->msg, "the edit is complete"));
	assert_int_equal(a->undo.npast, 1);
	app_undo(a);
	assert_true(prob(&a->cfg, 0) == 0.5 && prob(&a->cfg, 1) == 0.5);
	assert_false(app_modified(a));
}

/* The field an incomplete edit is refused for is marked in the form, from
 * the refusal's typed path (diag.path), not from its message. */
static int error_cells(struct app *a)
{
	struct canvas c;
	int n = 0;
	canvas_init(&c, 46, 22);
	canvas_set_charset(&c, CANVAS_UTF8);
	a->pane[P_TRAFFIC].ops->draw(&a->pane[P_TRAFFIC], &c);
	for (int y = 0; y < c.height; y++)
		for (int x = 0; x < c.width; x++)
			n += canvas_at(&c, x, y)->style == UI_ERROR &&
			     strcmp(canvas_at(&c, x, y)->glyph, " ") != 0;
	canvas_free(&c);
	return n;
}

static void test_draft_marks_its_field(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;

	assert_int_equal(error_cells(a), 0);
	app_set(a, "traffic.mix.0.prob", "0.4");
	assert_true(a->have_draft);
	assert_string_equal(a->draft_path, "traffic.mix");
	/* the mix items' cells not selected: 0.5 (item 1) and 32, 64 */
	assert_true(error_cells(a) >= 4);
	app_revert(a);
	assert_false(a->have_draft);
	assert_int_equal(error_cells(a), 0);
}

static void test_revert_and_undo(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;

	app_set(a, "traffic.mix.0.prob", "0.3");
	assert_true(a->have_draft);
	app_revert(a);
	assert_false(a->have_draft);
	assert_true(prob(app_edit_cfg(a), 0) == 0.5);
	assert_false(app_modified(a));
	/* Without a draft, Esc only clears the message. */
	assert_int_equal(app_revert(a), K_STATUS);
	/* Undo drops a draft first, and only that. */
	app_set(a, "clusters.0.tau", "0.2");
	app_set(a, "traffic.mix.0.prob", "0.3");
	app_undo(a);
	assert_false(a->have_draft);
	assert_true(mc_cfg(&a->cfg)->clusters[0].tau == 0.2);
	app_undo(a);
	assert_true(mc_cfg(&a->cfg)->clusters[0].tau == 0.1);
	/* A draft that comes back to the start records nothing. */
	unsigned long gen = a->gen;
	size_t past = a->undo.npast;
	app_set(a, "traffic.mix.0.prob", "0.4");
	app_set(a, "traffic.mix.0.prob", "0.5");
	assert_false(a->have_draft);
	assert_int_equal(a->gen, gen);
	assert_int_equal(a->undo.npast, past);
}

static void test_list_edits(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;

	/* A third length, a copy of the second: the sum is 1.5. */
	app_list_add(a, "traffic.mix", 1);
	assert_true(a->have_draft);
	assert_int_equal(mc_cfg(app_edit_cfg(a))->traffic.nmix, 3);
	assert_int_equal(mc_cfg(&a->cfg)->traffic.nmix, 2);
	app_set(a, "traffic.mix.0.prob", "0.25");
	app_set(a, "traffic.mix.1.prob", "0.25");
	assert_false(a->have_draft);
	assert_int_equal(mc_cfg(&a->cfg)->traffic.nmix, 3);
	assert_int_equal(a->undo.npast, 1);
	/* Deleting one breaks the sum again. */
	app_list_remove(a, "traffic.mix", 2);
	assert_true(a->have_draft);
	assert_int_equal(mc_cfg(&a->cfg)->traffic.nmix, 3);
}

static void test_clear_switches_timing(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;
	static const char *const link[] = { "a_n", "a_s", "bandwidth", "flit_bytes" };
	char path[64];

	/* A required field cannot be cleared. */
	app_clear(a, "m");
	assert_true(a->msg_err);
	assert_non_null(strstr(a->msg, "m: is required and cannot be cleared"));
	for (int i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "network.icn1.%s", link[i]);
		app_clear(a, path);
		assert_true(a->have_draft);
		assert_int_equal(a->gen, 1);
	}
	assert_true(isnan(mc_cfg(app_edit_cfg(a))->network.icn1.a_n));
	app_set(a, "network.icn1.t_cn", "0.4");
	assert_true(a->have_draft);
	app_set(a, "network.icn1.t_cs", "0.45");
	assert_false(a->have_draft);
	assert_int_equal(a->gen, 2);
	assert_true(mc_cfg(&a->cfg)->network.icn1.t_cn == 0.4);
	assert_true(isnan(mc_cfg(&a->cfg)->network.icn1.bandwidth));
	/* One undo step brings the link form back. */
	app_undo(a);
	assert_true(mc_cfg(&a->cfg)->network.icn1.a_n == 0.02);
	assert_true(isnan(mc_cfg(&a->cfg)->network.icn1.t_cn));
	/* Clearing what is already absent says so. */
	app_clear(a, "network.icn1.t_cn");
	assert_non_null(strstr(a->msg, "already not set"));
}

static void test_quit_and_save_ask(void **state)
{
	struct tk_app *f = *state;
	struct app *a = &f->a;

	app_set(a, "traffic.mix.0.prob", "0.4");
	unsigned k = act_quit(a);
	assert_false(k & K_QUIT);
	assert_int_equal(a->overlay, OV_CONFIRM);
	assert_int_equal(a->confirm, CF_QUIT);
	assert_non_null(strstr(a->confirm_text, "incomplete (traffic.mix: probabilities sum"));
	act_confirm(a, false);
	assert_true(a->have_draft);
	act_save_key(a);
	assert_int_equal(a->confirm, CF_SAVE_DRAFT);
	/* Yes: the save prompt, for the last valid configuration. */
	act_confirm(a, true);
	assert_int_equal(a->prompt, PR_SAVE);
	assert_true(a->have_draft);
	a->prompt = PR_NONE;
	k = act_quit(a);
	assert_int_equal(a->overlay, OV_CONFIRM);
	assert_true(act_confirm(a, true) & K_QUIT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_mix_through_a_draft, setup, teardown),
		cmocka_unit_test_setup_teardown(test_draft_marks_its_field, setup, teardown),
		cmocka_unit_test_setup_teardown(test_revert_and_undo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_list_edits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clear_switches_timing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_quit_and_save_ask, setup, teardown),
	};
	return cmocka_run_group_tests_name("ui_draft", tests, NULL, NULL);
}
