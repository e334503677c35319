/*
 * test_ui_keys.c: the key table (src/ui/keys.c): dispatch, no key bound
 * twice where it would be ambiguous, every F-key has a letter alias, names,
 * and the KEYS section of the man page.  man/keys.mdoc.inc must equal what
 * the table generates (ICNX_UPDATE_GOLDEN=1 rewrites it), and when
 * man/icnx.1 has a KEYS section it must contain that text or include the
 * file (.so).  Run from the repository's top directory (make test does).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/keys.h"

#define KEYS_INC "man/keys.mdoc.inc"
#define MAN_PAGE "man/icnx.1"

static void test_lookup(void **state)
{
	int arg = -1;
	(void)state;
	assert_int_equal(keys_lookup('q', CTX_GLOBAL, NULL), ACT_QUIT);
	assert_int_equal(keys_lookup(KEY_F(10), CTX_GLOBAL, NULL), ACT_QUIT);
	assert_int_equal(keys_lookup('?', CTX_GLOBAL, NULL), ACT_HELP);
	assert_int_equal(keys_lookup(KEY_F(1), CTX_GLOBAL, NULL), ACT_HELP);
	assert_int_equal(keys_lookup('\t', CTX_GLOBAL, NULL), ACT_NEXT_PANE);
	assert_int_equal(keys_lookup(KEY_BTAB, CTX_GLOBAL, NULL), ACT_PREV_PANE);
	assert_int_equal(keys_lookup('5', CTX_GLOBAL, &arg), ACT_PANE);
	assert_int_equal(arg, 4);
	assert_int_equal(keys_lookup('7', CTX_GLOBAL, NULL), ACT_NONE);
	assert_int_equal(keys_lookup('u', CTX_GLOBAL, NULL), ACT_UNDO);
	assert_int_equal(keys_lookup(18, CTX_GLOBAL, NULL), ACT_REDO);   /* C-r */
	assert_int_equal(keys_lookup('k', CTX_MOVE, NULL), ACT_UP);
	assert_int_equal(keys_lookup(KEY_DOWN, CTX_MOVE, NULL), ACT_DOWN);
	assert_int_equal(keys_lookup('-', CTX_FORM, NULL), ACT_DEC);
	assert_int_equal(keys_lookup('+', CTX_FORM, NULL), ACT_INC);
	assert_int_equal(keys_lookup('\n', CTX_FORM, NULL), ACT_EDIT);
	assert_int_equal(keys_lookup('\n', CTX_LINE, NULL), ACT_ACCEPT);
	assert_int_equal(keys_lookup(27, CTX_LINE, NULL), ACT_CANCEL);
	assert_int_equal(keys_lookup('h', CTX_LINE, NULL), ACT_NONE);  /* text, not a move */
	assert_int_equal(keys_lookup('-', CTX_GLOBAL, NULL), ACT_NONE);
}

/* Within each context, and between a pane context and the contexts the
 * dispatcher also consults (move, global), a key means one thing. */
static void test_no_conflicts(void **state)
{
	static const unsigned groups[][3] = {
		{ CTX_GLOBAL, CTX_MOVE, CTX_FORM }, { CTX_GLOBAL, CTX_MOVE, CTX_PLOT },
		{ CTX_GLOBAL, CTX_MOVE, CTX_VIEW }, { CTX_LINE, 0, 0 }, { CTX_PICKER, CTX_MOVE, 0 },
	};
	(void)state;
	for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
		for (const struct binding *a = keys_table; a->action != ACT_NONE; a++) {
			if (a->ctx != groups[g][0] && a->ctx != groups[g][1] && a->ctx != groups[g][2])
				continue;
			for (const struct binding *b = a + 1; b->action != ACT_NONE; b++) {
				if (b->ctx != groups[g][0] && b->ctx != groups[g][1] &&
				    b->ctx != groups[g][2])
					continue;
				for (int i = 0; i < KEYS_PER_BINDING && a->keys[i]; i++)
					for (int j = 0; j < KEYS_PER_BINDING && b->keys[j]; j++)
						if (a->keys[i] == b->keys[j] && a->action != ACT_PANE &&
						    b->action != ACT_PANE)
							fail_msg("key %d bound to actions %d and %d",
								 a->keys[i], a->action, b->action);
			}
		}
	}
}

static void test_fkeys_have_letters(void **state)
{
	(void)state;
	for (const struct binding *b = keys_table; b->action != ACT_NONE; b++) {
		bool fkey = false, letter = false;
		for (int i = 0; i < KEYS_PER_BINDING && b->keys[i]; i++) {
			if (b->keys[i] >= KEY_F(1) && b->keys[i] <= KEY_F(12))
				fkey = true;
			else if (b->keys[i] > 32 && b->keys[i] < 127)
				letter = true;
		}
		if (fkey && !letter)
			fail_msg("'%s' has an F-key but no letter alias", b->help);
		assert_non_null(b->help);
		assert_true(strlen(b->help) > 3);
	}
}

static void test_names(void **state)
{
	char buf[32];
	(void)state;
	assert_string_equal(keys_name('q', buf, sizeof buf), "q");
	assert_string_equal(keys_name(KEY_F(10), buf, sizeof buf), "F10");
	assert_string_equal(keys_name(18, buf, sizeof buf), "C-r");
	assert_string_equal(keys_name('\t', buf, sizeof buf), "Tab");
	assert_string_equal(keys_name(KEY_BTAB, buf, sizeof buf), "S-Tab");
	assert_string_equal(keys_name(KEY_PPAGE, buf, sizeof buf), "PgUp");
	assert_string_equal(keys_for(ACT_UNDO, CTX_GLOBAL, buf, sizeof buf), "u");
	for (const struct binding *b = keys_table; b->action != ACT_NONE; b++)
		if (b->action == ACT_QUIT)
			assert_string_equal(keys_binding_names(b, buf, sizeof buf), "q, F10");
}

static void test_help_text(void **state)
{
	struct strbuf b;
	(void)state;
	strbuf_init(&b);
	keys_help_text(&b, 14);
	assert_non_null(b.s);
	assert_non_null(strstr(b.s, "Everywhere\n"));
	assert_non_null(strstr(b.s, "  ?, F1          help"));
	assert_non_null(strstr(b.s, "  1 ... 6        go to pane"));
	strbuf_free(&b);
}

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	long n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, fp) != (size_t)n) {
		free(s);
		s = NULL;
	}
	if (s)
		s[n] = '\0';
	fclose(fp);
	return s;
}

static void test_man_keys(void **state)
{
	struct strbuf b;
	(void)state;
	strbuf_init(&b);
	keys_mdoc(&b);
	assert_non_null(b.s);
	assert_non_null(strstr(b.s, ".It Ic q , Ic F10\nQuit"));
	assert_non_null(strstr(b.s, ".It Ic \\&? , Ic F1\n"));
	const char *upd = getenv("ICNX_UPDATE_GOLDEN");
	if (upd && *upd == '1') {
		FILE *fp = fopen(KEYS_INC, "w");
		assert_non_null(fp);
		fputs(b.s, fp);
		fclose(fp);
	}
	char *have = slurp(KEYS_INC);
	if (!have)
		fail_msg("%s is missing; run ICNX_UPDATE_GOLDEN=1 %s", KEYS_INC, "build/tests/test_ui_keys");
	if (strcmp(have, b.s) != 0)
		fail_msg("%s is out of date with src/ui/keys.c; run ICNX_UPDATE_GOLDEN=1 "
			 "build/tests/test_ui_keys", KEYS_INC);
	/* The man page: if it has a KEYS section, it carries this list. */
	char *man = slurp(MAN_PAGE);
	if (man && strstr(man, "(the explorer's keys will be listed here)")) {
		print_message("note: %s still has the KEYS placeholder (make man fills it)\n",
			      MAN_PAGE);
	} else if (man && strstr(man, "\n.Sh KEYS")) {
		const char *body = strstr(b.s, ".Ss ");   /* skip the generated comment */
		if (!strstr(man, body) && !strstr(man, ".so man/keys.mdoc.inc") &&
		    !strstr(man, ".so keys.mdoc.inc"))
			fail_msg("%s has a KEYS section that differs from %s", MAN_PAGE, KEYS_INC);
	}
	free(man);
	free(have);
	strbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_no_conflicts),
		cmocka_unit_test(test_fkeys_have_letters),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_help_text),
		cmocka_unit_test(test_man_keys),
	};
	return cmocka_run_group_tests_name("ui_keys", tests, NULL, NULL);
}
