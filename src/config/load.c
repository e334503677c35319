/* load.c: resolve, parse, override, validate (see load.h). */
#include "config/load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/presets.h"

int load_with_sets(const char *arg, const char *const *sets, size_t nsets,
		   struct loaded *out, struct diag *d)
{
	memset(out, 0, sizeof *out);
	if (!arg)
		arg = ICNX_DEFAULT_PRESET;
	snprintf(out->name, sizeof out->name, "%s", arg);
	if (preset_resolve(arg, out->path, sizeof out->path)) {
		char dirs[PRESET_DIRS_MAX][4096];
		preset_dirs(dirs);
		diag_clear(d);
		/* say where, and the ways out: list, run from the source tree
		 * (its ./presets), install, point ICNX_PRESETS_DIR, name a file */
		return diag_set(d, "", "no preset named '%s': no %s.yaml in %s, %s%s%s, %s "
				"('icnx --list-presets' lists the names found; run icnx in the "
				"source tree, 'make install' it, set ICNX_PRESETS_DIR=DIR, or name "
				"the file: DIR/%s.yaml)", arg, arg, dirs[0], dirs[1],
				dirs[2][0] ? ", " : "", dirs[2], dirs[3], arg);
	}
	if (config_parse_file_read(&out->cfg, out->path, preset_arg_is_file(arg) ? arg : out->path,
				   &out->map, &out->text, &out->len, &out->stamp, d))
		return -1;
	for (size_t i = 0; i < nsets; i++) {
		char key[DIAG_PATH_MAX];
		const char *eq = strchr(sets[i], '=');
		size_t kl = (size_t)(eq - sets[i]);
		if (kl >= sizeof key)
			kl = sizeof key - 1;
		memcpy(key, sets[i], kl);
		key[kl] = '\0';
		if (param_set_path(out->cfg.schema->params, config_body(&out->cfg), key, eq + 1, d)) {
			snprintf(d->file, sizeof d->file, "--set %s", sets[i]);
			d->line = d->col = 0;
			return -1;
		}
	}
	if (config_validate(&out->cfg, d)) {
		/* Point at the --set that touched this field, else at the file. */
		for (size_t i = nsets; i-- > 0;) {
			size_t pl = strlen(d->path);
			if (pl && strncmp(sets[i], d->path, pl) == 0 &&
			    (sets[i][pl] == '=' || sets[i][pl] == '.')) {
				snprintf(d->file, sizeof d->file, "--set %s", sets[i]);
				d->line = d->col = 0;
				return -1;
			}
		}
		srcmap_locate(out->map, d);
		return -1;
	}
	return 0;
}

int load_arg(const char *arg, struct loaded *out, struct diag *d)
{
	return load_with_sets(arg, NULL, 0, out, d);
}

void loaded_free(struct loaded *l)
{
	if (!l)
		return;
	srcmap_free(l->map);
	l->map = NULL;
	free(l->text);
	l->text = NULL;
	l->len = 0;
	config_free(&l->cfg);
}
