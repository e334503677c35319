/*
 * test_ui_edit.c: the explorer's editing helpers: the undo/redo stack of
 * configuration snapshots (src/config/undo.c) and the line editor
 * (src/ui/lineedit.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "ui/lineedit.h"
#include "config/undo.h"
#include "family/multicluster.h"

/* A configuration told apart by its m (the caller frees it). */
static struct config cfg_m(int m)
{
	struct config c;
	assert_int_equal(config_defaults(&c, &mc_family.schema), 0);
	mc_cfg_mut(&c)->m = m;
	return c;
}

static void test_undo_redo(void **state)
{
	struct undo u;
	struct config cur = cfg_m(4);
	(void)state;
	assert_int_equal(undo_init(&u), 0);
	assert_false(undo_undo(&u, &cur));
	/* Three edits: 4 -> 6 -> 8 -> 10. */
	for (int m = 6; m <= 10; m += 2) {
		undo_push(&u, &cur);
		config_free(&cur);
		cur = cfg_m(m);
	}
	assert_true(undo_undo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 8);
	assert_true(undo_undo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 6);
	assert_true(undo_redo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 8);
	/* A new edit clears the redo side. */
	undo_push(&u, &cur);
	config_free(&cur);
	cur = cfg_m(12);
	assert_false(undo_redo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 12);
	assert_true(undo_undo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 8);
	assert_true(undo_undo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 6);
	assert_true(undo_undo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 4);
	assert_false(undo_undo(&u, &cur));
	assert_int_equal(mc_cfg(&cur)->m, 4);
	undo_free(&u);
	undo_free(&u);      /* twice is fine */
	config_free(&cur);
	undo_free(NULL);
}

static void test_undo_drops_oldest(void **state)
{
	struct undo u;
	struct config cur = cfg_m(0);
	(void)state;
	assert_int_equal(undo_init(&u), 0);
	for (int i = 1; i <= UNDO_MAX + 50; i++) {
		undo_push(&u, &cur);
		config_free(&cur);
		cur = cfg_m(i);
	}
	int n = 0;
	while (undo_undo(&u, &cur))
		n++;
	assert_int_equal(n, UNDO_MAX);
	/* The oldest kept is the state before edit 51. */
	assert_int_equal(mc_cfg(&cur)->m, 50);
	undo_free(&u);
	config_free(&cur);
}

static void test_lineedit(void **state)
{
	struct lineedit le;
	size_t start;
	int col;
	(void)state;
	le_set(&le, "0.15");
	assert_true(le.fresh);
	/* Typing replaces a fresh value. */
	le_insert(&le, '0');
	le_insert(&le, '.');
	le_insert(&le, '3');
	assert_string_equal(le.buf, "0.3");
	/* An action keeps it and edits it. */
	le_set(&le, "0.15");
	le_action(&le, ACT_BACKSPACE);
	le_insert(&le, '6');
	assert_string_equal(le.buf, "0.16");
	le_action(&le, ACT_HOME);
	le_action(&le, ACT_DELCHAR);
	assert_string_equal(le.buf, ".16");
	le_insert(&le, '1');
	assert_string_equal(le.buf, "1.16");
	assert_int_equal(le.cur, 1);
	le_action(&le, ACT_END);
	le_action(&le, ACT_LEFT);
	le_insert(&le, 0x3bb);   /* λ: two bytes */
	assert_string_equal(le.buf, "1.1\u03bb6");
	le_action(&le, ACT_LEFT);
	assert_int_equal(le.cur, 3);    /* on a character boundary */
	le_action(&le, ACT_RIGHT);
	le_action(&le, ACT_BACKSPACE);
	assert_string_equal(le.buf, "1.16");
	assert_int_equal(le_action(&le, ACT_ACCEPT), LE_ACCEPT);
	assert_int_equal(le_action(&le, ACT_CANCEL), LE_CANCEL);
	le_action(&le, ACT_KILL);
	assert_string_equal(le.buf, "");
	assert_false(le_insert(&le, 7));   /* control characters are refused */
	/* The view scrolls to keep the cursor inside a narrow field. */
	le_set(&le, "/a/very/long/path/to/a/preset.yaml");
	le_view(&le, 10, &start, &col);
	assert_true(col <= 9);
	assert_int_equal(strlen(le.buf + start), (size_t)col);
	le_action(&le, ACT_HOME);
	le_view(&le, 10, &start, &col);
	assert_int_equal(start, 0);
	assert_int_equal(col, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_undo_redo),
		cmocka_unit_test(test_undo_drops_oldest),
		cmocka_unit_test(test_lineedit),
	};
	return cmocka_run_group_tests_name("ui_edit", tests, NULL, NULL);
}
