/*
 * decimal.h: the one number syntax of values typed or read (preset fields,
 * --set, --load, --at): decimal, as the papers write them.  strtod alone
 * also takes hexadecimal ("0x20", "0x1p5" are 32), "inf", "nan" and
 * "infinity": this says whether a text is decimal before it is converted.
 * Pure; any thread.
 */
#ifndef ICNX_BASE_DECIMAL_H
#define ICNX_BASE_DECIMAL_H

#include <stdbool.h>
#include <stddef.h>

/* True when the n bytes at s are, whole, a decimal number:
 * [+-]? (D+ (. D*)? | . D+) ([eE] [+-]? D+)?  with D a digit 0-9. */
bool decimal_text(const char *s, size_t n);

#endif
