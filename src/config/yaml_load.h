/*
 * yaml_load.h: reading a preset file into a `struct config`, driven by the
 * family's parameter table, with a source map from field paths to positions.
 *
 * The loader checks syntax, keys (unknown keys get a "did you mean"), types
 * and ranges; required fields and cross-field rules are checked afterwards by
 * config_validate(), so `--set` overrides can be applied in between.  The
 * source map lets any later diagnostic point at FILE:LINE:COL, and records
 * the byte range of every scalar so an edited value can be spliced into the
 * original text (keeping its comments).
 */
#ifndef ICNX_YAML_LOAD_H
#define ICNX_YAML_LOAD_H

#include <stddef.h>

#include "config/config.h"
#include "base/diag.h"
#include "base/filestamp.h"

/* The deepest nesting of lists and mappings a preset may have (the deepest
 * table needs 3); deeper files are refused before libyaml builds them. */
#define YAML_DEPTH_MAX 64

struct srcmap_entry {
	char path[DIAG_PATH_MAX];  /* "clusters.1.tau", "network.icn1", "clusters.1" */
	int line, col;             /* 1-based position of the key (or list item) */
	size_t start, end;         /* byte range of the scalar value; 0,0 if none */
	int style;                 /* libyaml scalar style of the value */
};

struct srcmap {
	char file[256];
	size_t n, cap;
	struct srcmap_entry *e;
};

/* Parse text (len bytes, named `name` in messages) into *cfg.  On success
 * returns 0 and, if map is not NULL, a source map (caller frees with
 * srcmap_free) and *cfg holds the configuration (free it with config_free;
 * what it held before is overwritten, not freed).  On error returns -1 with
 * *d filled (file, line, col, path, message) and *cfg empty. */
int config_parse_text(struct config *cfg, const char *text, size_t len, const char *name,
		      struct srcmap **map, struct diag *d);

/* Read and parse a file (at most 4 MiB); messages name it `name` (or path
 * when name is NULL). */
int config_parse_file(struct config *cfg, const char *path, const char *name,
		      struct srcmap **map, struct diag *d);

/* The same, also handing back what was read: on success *text (malloc'd,
 * NUL-terminated, *len bytes; caller frees; the text the source map's byte
 * ranges index) when text is not NULL, and its stamp (base/filestamp.h)
 * when st is not NULL. */
int config_parse_file_read(struct config *cfg, const char *path, const char *name,
			   struct srcmap **map, char **text, size_t *len, struct file_stamp *st,
			   struct diag *d);

/* Fill d->file/line/col from the entry for d->path or its longest prefix
 * (the file's start when none). */
void srcmap_locate(const struct srcmap *m, struct diag *d);

/* The entry for exactly this path, or NULL. */
const struct srcmap_entry *srcmap_find(const struct srcmap *m, const char *path);

void srcmap_free(struct srcmap *m);

#endif
