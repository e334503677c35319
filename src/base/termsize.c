/* termsize.c: "WxH" terminal sizes (see termsize.h). */
#include "base/termsize.h"

#include <stdlib.h>

int termsize_parse(const char *s, int *w, int *h)
{
	char *end;
	long a = strtol(s, &end, 10);
	if (end == s || *end != 'x')
		return -1;
	const char *t = end + 1;
	long b = strtol(t, &end, 10);
	if (end == t || *end || a < 1 || b < 1 || a > 10000 || b > 10000)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}
