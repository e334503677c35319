/*
 * test_decimal.c: unit tests for src/base/decimal (the one number syntax of
 * values): the decimal forms the presets and papers use are accepted;
 * hexadecimal (0x20, 0x1p5: strtod reads 32), inf, nan, a lone sign, dot
 * or exponent, and trailing text are not.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "base/decimal.h"

static bool dec(const char *s)
{
	return decimal_text(s, strlen(s));
}

static void test_decimal(void **state)
{
	(void)state;
	const char *yes[] = { "0", "32", "+32", "-4", "0.5", ".5", "5.", "1e-3", "1E+3",
			      "3.2e1", "-.25e-2", "00012", "5e-324" };
	const char *no[] = { "", "+", "-", ".", "e5", "1e", "1e+", "0x20", "0X20", "0x1p5",
			     "-0x1p-3", "inf", "nan", "infinity", "1.2.3", "1 ", " 1", "1e5x",
			     "1_000", "1,5" };
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
		assert_true(dec(yes[i]));
	for (size_t i = 0; i < sizeof no / sizeof *no; i++)
		if (dec(no[i]))
			fail_msg("'%s' taken as decimal", no[i]);
	assert_true(decimal_text("12xyz", 2));     /* only the n bytes count */
	assert_false(decimal_text("0x20", 2));     /* "0x" */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decimal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
