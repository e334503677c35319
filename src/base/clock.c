/*
 * clock.c: the monotonic clock and its test pin (see clock.h).
 */
#include "base/clock.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

static pthread_once_t pin_once = PTHREAD_ONCE_INIT;
static double pin_ms = -1;     /* written once under pin_once, then read-only */

static void read_pin(void)
{
	const char *s = getenv("ICNX_TEST_CLOCK_MS");
	char *end;

	if (!s || !*s)
		return;
	double v = strtod(s, &end);
	if (*end == '\0' && v >= 0)
		pin_ms = v;
}

bool clock_pinned(void)
{
	pthread_once(&pin_once, read_pin);
	return pin_ms >= 0;
}

double clock_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double clock_shown_ms(double measured_ms)
{
	return clock_pinned() ? pin_ms : measured_ms;
}
