/*
 * config.h: `struct config`, one validated configuration of one model family.
 *
 * The configuration is opaque to the core: it knows the family (whose
 * schema gives the size of its struct, schema->cfg_size, and the
 * parameter table that describes it; config/schema.h) and the title; the family's own struct
 * lives on the heap behind `body`.  Read it through the family's typed
 * accessor (mc_cfg(), star_cfg(), irr_cfg(), eth_cfg() in family/<name>.h)
 * or generically through config_body() and the parameter table.
 *
 * Ownership: a struct config owns its body (and, inside it, every list of
 * the parameter table, see param.h).  It is NOT copied by assignment:
 *   - config_copy(&dst, &src) makes dst an independent deep copy;
 *   - config_move(&dst, &src) hands src's contents to dst (src left empty);
 *   - config_free(&cfg) releases it and leaves it empty.
 * Only config_free releases anything: every function that fills a config
 * (config_defaults, config_copy, config_move, the loaders) treats the
 * destination as raw storage and overwrites it, so free what it held first.
 * An empty config ({0}, CONFIG_EMPTY, or after config_free) holds nothing;
 * freeing it again is a no-op.  A copy costs what the configuration holds
 * (its struct plus its lists' items), not the lists' capacity.
 */
#ifndef ICNX_CONFIG_H
#define ICNX_CONFIG_H

#include <stdbool.h>

#include "config/param.h"
#include "config/schema.h"

#define CONFIG_TITLE_MAX 160

struct config {
	const struct config_schema *schema; /* NULL only when empty */
	const struct family *family;   /* schema->family: the descriptor
	                                  (family/family.h; opaque here) */
	char title[CONFIG_TITLE_MAX];  /* the preset's `title:` ("" if none) */
	void *body;                    /* owned: the family's struct,
	                                  schema->cfg_size bytes; NULL when empty */
};

#define CONFIG_EMPTY ((struct config){ 0 })

/* Pointer to the family-specific struct that schema->params describes. */
void *config_body(struct config *cfg);
const void *config_cbody(const struct config *cfg);

/* cfg becomes the defaults of the family whose schema is s (required
 * fields left absent); what cfg held is overwritten, not freed.  Returns 0,
 * or -1 when out of memory (cfg is then empty).  Above config, pass
 * &family->schema. */
int config_defaults(struct config *cfg, const struct config_schema *s);

/* dst becomes a deep copy of src (an empty src gives an empty dst); what
 * dst held is overwritten, not freed.  Returns 0, or -1 when out of memory
 * (dst is then empty). */
int config_copy(struct config *dst, const struct config *src);

/* dst takes src's contents (no allocation); src is left empty.  What dst
 * held is overwritten, not freed. */
void config_move(struct config *dst, struct config *src);

/* Exchange the contents of a and b. */
void config_swap(struct config *a, struct config *b);

/* Release what cfg holds and leave it empty.  NULL is a no-op. */
void config_free(struct config *cfg);

/* True when a and b hold the same values: family, title and every field of
 * the parameter table (lists item by item; absent values equal absent). */
bool config_equal(const struct config *a, const struct config *b);

/* Required fields, then the family's cross-field rules.  Returns 0 or -1. */
int config_validate(const struct config *cfg, struct diag *d);

/* Set one field by dotted path from text (see param_set_path), then
 * re-validate; on failure *cfg is left unchanged.  Returns 0 or -1. */
int config_set(struct config *cfg, const char *path, const char *text, struct diag *d);

#endif
