/*
 * load.h: the configuration a command line asks for: resolve the preset or
 * file, parse it, apply the --set overrides in order, then validate.  Shared
 * by the batch mode and the explorer.
 */
#ifndef ICNX_LOAD_H
#define ICNX_LOAD_H

#include <stddef.h>

#include "config/config.h"
#include "config/yaml_load.h"

struct loaded {
	struct config cfg;      /* owned; freed by loaded_free */
	char path[4096];        /* the file read */
	char name[256];         /* preset name, or the file as given */
	struct srcmap *map;     /* owned; free with loaded_free */
	char *text;             /* owned: the bytes read (NUL-terminated), which
	                           map's byte ranges index; NULL if none */
	size_t len;             /* bytes in text */
	struct file_stamp stamp;   /* of text, to notice a change on disk */
};

/* Load arg (a preset name or file; NULL = the default preset) with the
 * nsets "KEY=VALUE" overrides of sets applied in order (the command line's
 * --set; cli/options.h has load_from_options for a parsed command line).  *out is
 * overwritten (not freed).  Returns 0, or -1 with *d filled (FILE:LINE:COL
 * for file errors, "--set" for overrides); either way free *out with
 * loaded_free (a no-op on what a failed load left). */
int load_with_sets(const char *arg, const char *const *sets, size_t nsets,
		   struct loaded *out, struct diag *d);

/* Load a file or preset name with no overrides (the explorer's open/picker). */
int load_arg(const char *arg, struct loaded *out, struct diag *d);

/* Free the configuration, the source map and the text; *l is left empty. */
void loaded_free(struct loaded *l);

#endif
