/*
 * decimal.c: the decimal number syntax (see decimal.h).
 */
#include "base/decimal.h"

static size_t digits(const char *s, size_t i, size_t n)
{
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	return i;
}

bool decimal_text(const char *s, size_t n)
{
	size_t i = 0, j;

	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	j = digits(s, i, n);
	if (j > i) {                  /* D+ (. D*)? */
		i = j;
		if (i < n && s[i] == '.')
			i = digits(s, i + 1, n);
	} else {                      /* . D+ */
		if (i >= n || s[i] != '.')
			return false;
		j = digits(s, i + 1, n);
		if (j == i + 1)
			return false;
		i = j;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		j = digits(s, i, n);
		if (j == i)
			return false;
		i = j;
	}
	return i == n;
}
