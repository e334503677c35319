/*
 * config.h: `struct config`, one validated configuration of one model family.
 *
 * A configuration is a plain value: fixed-capacity arrays, no pointers to
 * owned memory, so it is copied by assignment (the explorer snapshots it for
 * the worker thread and keeps copies for undo).  The family's parameter table
 * (family->params) describes the struct at family->cfg_off.
 */
#ifndef ICNX_CONFIG_H
#define ICNX_CONFIG_H

#include "family/family.h"
#include "family/multicluster.h"
#include "family/star.h"
#include "family/irregular.h"
#include "family/ethernet.h"

struct config {
	const struct family *family;   /* never NULL in a loaded config */
	char title[160];               /* the preset's `title:` ("" if none) */
	union {
		struct mc_config mc;
		struct star_config star;
		struct irr_config irr;
		struct eth_config eth;
	} u;
};

/* Pointer to the family-specific struct that family->params describes. */
void *config_body(struct config *cfg);
const void *config_cbody(const struct config *cfg);

/* Reset cfg to the defaults of family f (required fields left absent). */
void config_defaults(struct config *cfg, const struct family *f);

/* Required fields, then the family's cross-field rules.  Returns 0 or -1. */
int config_validate(const struct config *cfg, struct diag *d);

/* Set one field by dotted path from text (see param_set_path), then
 * re-validate; on failure *cfg is left unchanged.  Returns 0 or -1. */
int config_set(struct config *cfg, const char *path, const char *text, struct diag *d);

#endif
