/*
 * yaml_dump.h: a configuration as YAML text (for --dump-config and for
 * saving edits when the original text cannot be spliced).
 */
#ifndef ICNX_YAML_DUMP_H
#define ICNX_YAML_DUMP_H

#include "config/config.h"

/* The whole configuration as a commented YAML preset.  Returns a malloc'd
 * string the caller frees, or NULL when out of memory. */
char *config_dump(const struct config *cfg);

#endif
