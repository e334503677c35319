/*
 * yaml_dump.h: a configuration as YAML text (for --dump-config and for
 * saving edits when the original text cannot be spliced).
 */
#ifndef ICNX_YAML_DUMP_H
#define ICNX_YAML_DUMP_H

#include <stdbool.h>

#include "base/strbuf.h"
#include "config/config.h"

/* Append s to b as a YAML scalar that reads back as the same text: plain
 * when that is safe (always when !is_text: numbers, names of choices),
 * else double-quoted with escapes. */
void yaml_scalar(struct strbuf *b, const char *s, bool is_text);

/* The whole configuration as a commented YAML preset.  Returns a malloc'd
 * string the caller frees, or NULL when out of memory. */
char *config_dump(const struct config *cfg);

#endif
