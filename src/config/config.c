/* config.c: defaults, validation and single-field edits of a configuration. */
#include "config/config.h"

#include <string.h>

void *config_body(struct config *cfg)
{
	return (char *)cfg + cfg->family->cfg_off;
}

const void *config_cbody(const struct config *cfg)
{
	return (const char *)cfg + cfg->family->cfg_off;
}

void config_defaults(struct config *cfg, const struct family *f)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->family = f;
	param_defaults(f->params, config_body(cfg));
}

int config_validate(const struct config *cfg, struct diag *d)
{
	if (param_check_required(cfg->family->params, config_cbody(cfg), "", d))
		return -1;
	return cfg->family->validate ? cfg->family->validate(cfg, d) : 0;
}

int config_set(struct config *cfg, const char *path, const char *text, struct diag *d)
{
	struct config tmp = *cfg;

	if (param_set_path(tmp.family->params, config_body(&tmp), path, text, d))
		return -1;
	if (config_validate(&tmp, d))
		return -1;
	*cfg = tmp;
	return 0;
}
