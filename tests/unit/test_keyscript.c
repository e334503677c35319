/*
 * test_keyscript.c: the headless mode's key script (src/ui/keyscript.c):
 * tmux key names, literal text, marks, resizes, comments, and the exact
 * messages for an unknown key, command or size.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <curses.h>
#include <locale.h>
#include <string.h>

#include "ui/keyscript.h"

static void test_keys_text_marks(void **state)
{
	struct keyscript ks;
	char err[256];
	(void)state;

	assert_int_equal(keyscript_parse(&ks,
		"# comment\n"
		"\n"
		"keys 1 j Enter Escape C-c C-U BTab Up PgDn F1 F12 Space BSpace +\n"
		"text  a b\n"
		"screen after typing \n"
		"resize 60x20\r\n", err, sizeof err), 0);
	static const struct { int ch; bool code; } want[] = {
		{ '1', false }, { 'j', false }, { '\r', false }, { 27, false }, { 3, false },
		{ 21, false }, { KEY_BTAB, true }, { KEY_UP, true }, { KEY_NPAGE, true },
		{ KEY_F(1), true }, { KEY_F(12), true }, { ' ', false }, { 127, false },
		{ '+', false },
		/* "text  a b": one blank separates, the rest is typed as is */
		{ ' ', false }, { 'a', false }, { ' ', false }, { 'b', false },
	};
	size_t nk = sizeof want / sizeof want[0];
	assert_int_equal(ks.n, nk + 2);
	for (size_t i = 0; i < nk; i++) {
		assert_int_equal(ks.steps[i].kind, KS_KEY);
		assert_int_equal(ks.steps[i].ch, want[i].ch);
		assert_int_equal(ks.steps[i].code, want[i].code);
	}
	assert_int_equal(ks.steps[0].line, 3);
	assert_int_equal(ks.steps[nk].kind, KS_SCREEN);
	assert_string_equal(ks.steps[nk].label, "after typing");
	assert_int_equal(ks.steps[nk + 1].kind, KS_RESIZE);
	assert_int_equal(ks.steps[nk + 1].w, 60);
	assert_int_equal(ks.steps[nk + 1].h, 20);
	keyscript_free(&ks);
}

static void test_utf8_text(void **state)
{
	struct keyscript ks;
	char err[256];
	(void)state;

	assert_non_null(setlocale(LC_CTYPE, "C.UTF-8"));   /* glibc's built-in */
	assert_int_equal(keyscript_parse(&ks, "text é∞\nkeys λ\n", err, sizeof err), 0);
	assert_int_equal(ks.n, 3);
	assert_int_equal(ks.steps[0].ch, 0xe9);
	assert_int_equal(ks.steps[1].ch, 0x221e);
	assert_int_equal(ks.steps[2].ch, 0x3bb);
	keyscript_free(&ks);
	setlocale(LC_CTYPE, "C");
}

static void test_errors(void **state)
{
	struct keyscript ks;
	char err[256];
	(void)state;

	assert_int_equal(keyscript_parse(&ks, "keys 1\nkeys Foo\n", err, sizeof err), -1);
	assert_string_equal(err, "2: unknown key 'Foo' (allowed: a character, Enter, Escape, Tab, "
			    "BTab, Space, BSpace, DC, IC, Up, Down, Left, Right, Home, End, PgUp, "
			    "PgDn, F1-F12, C-x)");
	assert_null(ks.steps);
	assert_int_equal(keyscript_parse(&ks, "type abc\n", err, sizeof err), -1);
	assert_string_equal(err, "1: unknown command 'type' (allowed: keys, text, screen, resize)");
	assert_int_equal(keyscript_parse(&ks, "resize 80\n", err, sizeof err), -1);
	assert_string_equal(err, "1: resize 80: expected WxH");
	assert_int_equal(keyscript_parse(&ks, "keys F13\n", err, sizeof err), -1);
	assert_int_equal(keyscript_parse(&ks, "keys C-1\n", err, sizeof err), -1);
	assert_int_equal(keyscript_load(&ks, "/nonexistent/keys", err, sizeof err), -1);
	assert_string_equal(err, "/nonexistent/keys: cannot open: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys_text_marks),
		cmocka_unit_test(test_utf8_text),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests_name("keyscript", tests, NULL, NULL);
}
