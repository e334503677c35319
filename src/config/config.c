/* config.c: ownership (defaults, copy, move, free, equal), validation and
 * single-field edits of a configuration (see config.h). */
#include "config/config.h"

#include <stdlib.h>
#include <string.h>

void *config_body(struct config *cfg)
{
	return cfg->body;
}

const void *config_cbody(const struct config *cfg)
{
	return cfg->body;
}

int config_defaults(struct config *cfg, const struct config_schema *s)
{
	*cfg = CONFIG_EMPTY;
	cfg->body = calloc(1, s->cfg_size);
	if (!cfg->body)
		return -1;
	cfg->schema = s;
	cfg->family = s->family;
	param_defaults(s->params, cfg->body);
	return 0;
}

int config_copy(struct config *dst, const struct config *src)
{
	*dst = CONFIG_EMPTY;
	if (!src->schema)
		return 0;
	void *body = malloc(src->schema->cfg_size);
	if (!body)
		return -1;
	memcpy(body, src->body, src->schema->cfg_size);
	if (param_own_lists(src->schema->params, body, src->body)) {
		param_free_lists(src->schema->params, body);
		free(body);
		return -1;
	}
	dst->schema = src->schema;
	dst->family = src->family;
	memcpy(dst->title, src->title, sizeof dst->title);
	dst->body = body;
	return 0;
}

void config_move(struct config *dst, struct config *src)
{
	*dst = *src;
	*src = CONFIG_EMPTY;
}

void config_swap(struct config *a, struct config *b)
{
	struct config t = *a;
	*a = *b;
	*b = t;
}

void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	if (cfg->schema && cfg->body)
		param_free_lists(cfg->schema->params, cfg->body);
	free(cfg->body);
	*cfg = CONFIG_EMPTY;
}

bool config_equal(const struct config *a, const struct config *b)
{
	if (a->schema != b->schema || strcmp(a->title, b->title) != 0)
		return false;
	if (!a->schema)
		return true;
	return param_equal(a->schema->params, a->body, b->body);
}

int config_validate(const struct config *cfg, struct diag *d)
{
	if (param_check_required(cfg->schema->params, config_cbody(cfg), "", d))
		return -1;
	return cfg->schema->validate ? cfg->schema->validate(cfg, d) : 0;
}

int config_set(struct config *cfg, const char *path, const char *text, struct diag *d)
{
	struct config tmp;

	if (config_copy(&tmp, cfg))
		return diag_set(d, path, "out of memory");
	if (param_set_path(tmp.schema->params, config_body(&tmp), path, text, d) ||
	    config_validate(&tmp, d)) {
		config_free(&tmp);
		return -1;
	}
	config_free(cfg);
	config_move(cfg, &tmp);
	return 0;
}
