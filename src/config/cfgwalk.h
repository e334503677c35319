/*
 * cfgwalk.h: walking, comparing and stepping the fields of a configuration
 * through its family's parameter table.
 *
 * Used by the editing panes (+/- steps), the modified mark, the equivalent
 * command line (the --set list of what differs from the file) and saving
 * (which scalars to splice into the file's text).
 *
 * Pure; any thread may call these on configurations it owns.
 */
#ifndef ICNX_CONFIG_CFGWALK_H
#define ICNX_CONFIG_CFGWALK_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"

#define CFG_TEXT_MAX 192

/* Called for every scalar below fields: its dotted path, its field and the
 * struct that holds it.  Sections are walked in table order, lists item by
 * item. */
typedef void (*cfg_scalar_fn)(const char *path, const struct param *p,
			      const void *holder, void *ctx);
void cfg_walk(const struct param *fields, const void *base, const char *prefix,
	      cfg_scalar_fn fn, void *ctx);

/* One scalar that differs: its path and new value as text ("" = absent). */
struct cfg_change {
	char path[DIAG_PATH_MAX];
	char text[CFG_TEXT_MAX];
	bool absent;               /* the new value is absent (optional) */
	bool was_absent;           /* the old value was absent */
};

/*
 * Compare cur with base (same family).  Writes up to max changes (in table
 * order) to out and returns how many there are in all (may exceed max).
 * Items appended to a list count as changes of each of their fields.
 * *shrunk is set when some list of cur is shorter than in base (a removal,
 * which a list of changes cannot express).  A different family or title
 * sets *shrunk too.
 */
size_t cfg_diff(const struct config *base, const struct config *cur,
		struct cfg_change *out, size_t max, bool *shrunk);

/* True when a and b hold the same values (lists, title, family): the same
 * as config_equal, kept for the callers that compare while walking. */
bool cfg_equal(const struct config *a, const struct config *b);

/*
 * The value one step up (dir > 0) or down (dir < 0) from cur, the current
 * value of scalar p as text: integers by 1 (even ones by 2, powers of two
 * doubled or halved), reals in a range no wider than 1 by 0.01, other reals
 * by about 10% rounded to two significant digits, enums to the next or
 * previous choice (wrapping), booleans toggled.  Returns 0 with the text in
 * out, or -1 with a reason in out (absent values, "auto", text fields).
 * The result is not range-checked: the validator refuses it with the
 * usual message.
 */
int cfg_step(const struct param *p, const char *cur, int dir, char *out, size_t n);

/* Set scalar path to absent (optional fields) in a copy of cfg, then
 * validate; on success *cfg is replaced.  Returns 0 or -1 with *d. */
int cfg_clear(struct config *cfg, const char *path, struct diag *d);

/* Set scalar path to absent (optional fields; a field with a default
 * returns to it) without validating across fields: the explorer's draft
 * decides what to do with the result.  Returns 0 or -1 with *d (a required
 * field, or not a scalar). */
int cfg_clear_field(struct config *cfg, const char *path, struct diag *d);

#endif
