/*
 * textcheck.h: the rule for text fields (titles, names): what a preset may
 * hold so that every writer (dump, splice, calibrate) produces YAML that
 * loads back byte-identical.
 *
 * Allowed: well-formed UTF-8 (no overlong forms, no surrogates, nothing
 * above U+10FFFF) without control characters: no C0 (U+0000-U+001F, tab
 * included), no DEL, no C1 (U+0080-U+009F, NEL among them), no U+2028/U+2029
 * (YAML line breaks), no U+FEFF (a BOM).  Pure; any thread.
 */
#ifndef ICNX_BASE_TEXTCHECK_H
#define ICNX_BASE_TEXTCHECK_H

#include <stddef.h>

/* NULL when s (len bytes) follows the rule above, else a short reason
 * ("invalid UTF-8", "a control character", ...), static text. */
const char *text_problem(const char *s, size_t len);

/* Make s follow the rule in place: every malformed byte and every code
 * point the rule forbids becomes one '?'.  Returns s. */
char *text_sanitize(char *s);

/* Length of the longest prefix of s (at most max bytes) that does not end
 * inside a UTF-8 sequence. */
size_t text_cut(const char *s, size_t max);

#endif
