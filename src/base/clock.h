/*
 * clock.h: the clock behind every time the explorer shows, pinnable for
 * tests.
 *
 * clock_now_ms() reads CLOCK_MONOTONIC in milliseconds (for measuring).
 * clock_shown_ms(measured) is the duration to put on the screen: the
 * measured one, or, when the environment variable ICNX_TEST_CLOCK_MS holds a
 * number >= 0 (tests; like tig's TEST_TIME_NOW), that number, so that a
 * screen is the same on every run, machine and sanitizer build.
 * Thread-safe (the environment is read once); any thread may call both.
 */
#ifndef ICNX_CLOCK_H
#define ICNX_CLOCK_H

#include <stdbool.h>

double clock_now_ms(void);
double clock_shown_ms(double measured_ms);
/* True when ICNX_TEST_CLOCK_MS pins the shown clock. */
bool clock_pinned(void);

#endif
