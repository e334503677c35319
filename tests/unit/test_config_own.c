/*
 * test_config_own.c: ownership of configurations (src/config/config.c and
 * the list operations of src/config/param.c): a copy is deep and
 * independent, a move empties its source, free leaves an empty config that
 * frees again harmlessly, equality goes field by field through the lists,
 * and list items are appended, removed and cleared through the parameter
 * table.  Run under ASan (make ci) these also check that nothing leaks or is
 * freed twice.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "config/config.h"
#include "config/undo.h"
#include "config/yaml_load.h"
#include "family/ethernet.h"
#include "family/irregular.h"

static const char autonet[] =
	"model: irregular\nswitches: 10\nroot: 6\n"
	"links: [[0, 2], [0, 4], [0, 9], [1, 2], [1, 4], [1, 9], [2, 6], [3, 6],\n"
	"        [3, 7], [3, 8], [4, 6], [5, 7], [5, 8], [5, 9], [7, 8]]\n";

static void load(struct config *cfg, const char *text)
{
	struct diag d;
	char msg[1024];
	config_free(cfg);
	if (config_parse_text(cfg, text, strlen(text), "t.yaml", NULL, &d) ||
	    config_validate(cfg, &d))
		fail_msg("load: %s", diag_format(&d, msg, sizeof msg));
}

static void test_sizes(void **state)
{
	(void)state;
	/* The core holds a handle; the family's struct is only its own size. */
	assert_true(sizeof(struct config) <= 256);
	assert_int_equal(irr_family.schema.cfg_size, sizeof(struct irr_config));
	assert_true(irr_family.schema.cfg_size < 512);    /* no fixed 8192-link array */
	assert_true(eth_family.schema.cfg_size < 512);
}

static void test_copy_is_deep(void **state)
{
	struct config a = CONFIG_EMPTY, b = CONFIG_EMPTY;
	struct diag d;
	(void)state;
	load(&a, autonet);
	assert_int_equal(config_copy(&b, &a), 0);
	assert_true(config_equal(&a, &b));
	assert_ptr_not_equal(a.body, b.body);
	assert_ptr_not_equal(irr_cfg(&a)->links, irr_cfg(&b)->links);
	/* Editing the copy's list leaves the original alone. */
	irr_cfg_mut(&b)->links[0].b = 3;
	assert_int_equal(irr_cfg(&a)->links[0].b, 2);
	assert_false(config_equal(&a, &b));
	irr_cfg_mut(&b)->links[0].b = 2;
	assert_true(config_equal(&a, &b));
	/* A title or a scalar makes them differ too. */
	snprintf(b.title, sizeof b.title, "other");
	assert_false(config_equal(&a, &b));
	snprintf(b.title, sizeof b.title, "%s", a.title);
	assert_int_equal(config_set(&b, "root", "0", &d), 0);
	assert_false(config_equal(&a, &b));
	config_free(&a);
	config_free(&b);
}

static void test_move_swap_free(void **state)
{
	struct config a = CONFIG_EMPTY, b, c = CONFIG_EMPTY;
	(void)state;
	load(&a, autonet);
	config_move(&b, &a);
	assert_null(a.family);
	assert_null(a.body);
	assert_int_equal(irr_cfg(&b)->nlinks, 15);
	config_swap(&b, &c);
	assert_null(b.body);
	assert_int_equal(irr_cfg(&c)->nlinks, 15);
	/* Copying an empty config gives an empty one; equal to another. */
	assert_int_equal(config_copy(&b, &a), 0);
	assert_true(config_equal(&a, &b));
	config_free(&c);
	config_free(&c);       /* twice is fine */
	config_free(&a);
	config_free(&b);
	config_free(NULL);
	assert_null(c.body);
}

static void test_lists_on_the_heap(void **state)
{
	struct config a = CONFIG_EMPTY, b = CONFIG_EMPTY;
	struct diag d;
	(void)state;
	load(&a, autonet);
	const struct param *links = param_find(a.family->schema.params, "links");
	assert_non_null(links);
	/* Appending by path (the index one past the end) and by push. */
	assert_int_equal(config_set(&a, "links.15.a", "0", &d), -1);  /* b missing: refused */
	assert_int_equal(irr_cfg(&a)->nlinks, 15);                    /* unchanged */
	for (int i = 0; i < 100; i++) {
		struct irr_link *lk = param_list_push(links, config_body(&a));
		assert_non_null(lk);
		lk->a = 1;
		lk->b = 6;
	}
	assert_int_equal(irr_cfg(&a)->nlinks, 115);
	assert_int_equal(irr_cfg(&a)->links[114].b, 6);
	assert_int_equal(config_copy(&b, &a), 0);
	assert_true(config_equal(&a, &b));
	/* Removing from the copy: an item, then all of them. */
	assert_int_equal(param_list_remove(b.family->schema.params, config_body(&b), "links", 0, &d), 0);
	assert_int_equal(irr_cfg(&b)->nlinks, 114);
	assert_int_equal(irr_cfg(&b)->links[0].b, 4);
	assert_int_equal(irr_cfg(&a)->links[0].b, 2);
	param_list_clear(links, config_body(&b));
	assert_int_equal(irr_cfg(&b)->nlinks, 0);
	assert_null(irr_cfg(&b)->links);
	assert_non_null(param_list_push(links, config_body(&b)));
	assert_int_equal(irr_cfg(&b)->nlinks, 1);
	config_free(&a);
	config_free(&b);
}

static void test_undo_owns_snapshots(void **state)
{
	struct undo u;
	struct config cur = CONFIG_EMPTY, first = CONFIG_EMPTY;
	struct diag d;
	char v[16];
	(void)state;
	load(&cur, autonet);
	assert_int_equal(config_copy(&first, &cur), 0);
	assert_int_equal(undo_init(&u), 0);
	/* More edits than the ring holds: the dropped snapshots are freed. */
	for (int i = 0; i < UNDO_MAX + 20; i++) {
		struct config next;
		assert_int_equal(config_copy(&next, &cur), 0);
		snprintf(v, sizeof v, "%d", i % 10);
		assert_int_equal(config_set(&next, "root", v, &d), 0);
		undo_push_move(&u, &cur);
		assert_null(cur.body);
		config_move(&cur, &next);
	}
	while (undo_undo(&u, &cur))
		;
	assert_int_equal(irr_cfg(&cur)->root, 19 % 10);
	assert_true(undo_redo(&u, &cur));
	/* A copy pushed is independent of the one kept. */
	assert_int_equal(undo_push(&u, &cur), 0);
	assert_int_equal(config_set(&cur, "root", "6", &d), 0);
	assert_true(undo_undo(&u, &cur));
	assert_int_equal(irr_cfg(&cur)->root, 0);
	undo_free(&u);
	config_free(&cur);
	config_free(&first);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_copy_is_deep),
		cmocka_unit_test(test_move_swap_free),
		cmocka_unit_test(test_lists_on_the_heap),
		cmocka_unit_test(test_undo_owns_snapshots),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
