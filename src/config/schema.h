/*
 * schema.h: what the configuration layer knows of a model family: its
 * name, title and citation, the parameter table that describes its struct,
 * the struct's size and its cross-field rules.
 *
 * The family descriptor (family/family.h, a layer above config) embeds one
 * as its member `schema`; config sees the family itself only as the opaque
 * pointer schema->family, so config never includes family/.  The registry
 * config_schemas[] is declared here and defined by the family layer
 * (family/family.c, the one place that knows every family): the loader
 * looks a `model:` name up through it.  All of it is static, read-only data.
 */
#ifndef ICNX_CONFIG_SCHEMA_H
#define ICNX_CONFIG_SCHEMA_H

#include <stddef.h>

struct config;
struct diag;
struct param;
struct family;

struct config_schema {
	const char *name;           /* the YAML `model:` value */
	const char *title;          /* "multi-cluster fat-trees" */
	const char *papers;         /* citation line */
	const struct param *params; /* fields of the family (below the top level,
	                               besides `model` and `title`) */
	size_t cfg_size;            /* size of the family's struct, the body of a
	                               struct config (config/config.h); its
	                               lists live on the heap (param.h) */
	int (*validate)(const struct config *cfg, struct diag *d); /* cross-field
	                               rules; NULL when there are none */
	const struct family *family; /* the descriptor that embeds this schema
	                               (opaque to config) */
};

/* Every family's schema, NULL-terminated; defined in family/family.c. */
extern const struct config_schema *const config_schemas[];

/* The schema whose name is `name`, or NULL. */
const struct config_schema *config_schema_find(const char *name);

/* "a, b, c": every schema's name, into buf (n bytes, cut to fit).
 * Returns buf. */
char *config_schema_names(char *buf, size_t n);

#endif
