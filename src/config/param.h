/*
 * param.h: the parameter table, the one description of a model family's
 * configuration.
 *
 * Each family describes its configuration struct as a tree of `struct param`
 * entries (scalars, nested sections, lists of sections).  The same table
 * drives: the YAML loader, `--set KEY=VALUE`, `--dump-config`, the edit panes
 * of the explorer, and the field list of icnx.yaml(5).  Values live in plain
 * C structs at `off` bytes from the enclosing struct.  A list is a heap array
 * owned by its struct: a pointer at `off` (NULL when empty) and a `size_t`
 * count at `count_off`; it holds what it holds (at most max_items), so a
 * configuration costs what it holds, not its capacity.  The table drives the
 * ownership too: param_own_lists() (deep copy), param_free_lists(),
 * param_equal(); a struct that holds lists is never copied by assignment.
 *
 * Conventions for absent optional values: a real is NaN; PF_AUTO reals store
 * the word "auto" as NaN too.  Enums are stored as int (index into choices).
 * Pure: no I/O.
 */
#ifndef ICNX_PARAM_H
#define ICNX_PARAM_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"

enum ptype {
	PT_END = 0,   /* terminates a field array */
	PT_INT,       /* int */
	PT_REAL,      /* double */
	PT_ENUM,      /* int, index into choices[] */
	PT_BOOL,      /* bool */
	PT_STR,       /* char[elem_size] */
	PT_SECTION,   /* nested struct at off, fields in sub[] */
	PT_LIST,      /* heap array of elem_size structs, its pointer at off
	                 (NULL when empty), fields in sub[], count (size_t) at
	                 count_off, at most max_items */
};

enum {
	PF_OPTIONAL = 1u << 0, /* may be absent (reals: NaN); no default needed */
	PF_AUTO     = 1u << 1, /* real that also accepts "auto" (stored as NaN) */
	PF_EVEN     = 1u << 2, /* int must be even */
	PF_MIN_EXCL = 1u << 3, /* min is exclusive */
	PF_MAX_EXCL = 1u << 4, /* max is exclusive */
	PF_POW2     = 1u << 5, /* int must be a power of two */
	PF_TUPLE    = 1u << 6, /* LIST: an item may be written as a sequence of
	                          its fields' values in order, e.g. [0, 2] for
	                          {a: 0, b: 2}; the dump writes it that way */
	PF_GROUPS   = 1u << 7, /* LIST: item k is group k of the family's summary
	                          (its rows tagged k, table_set_group): the
	                          explorer shows those rows as columns of the
	                          list's items (at most one list per family) */
};

/* The explorer pane that edits a top-level field (param.pane). */
enum param_pane {
	PANE_DEFAULT = 0,       /* by type: lists organisation, else network */
	PANE_ORGANISATION,
	PANE_NETWORK,
	PANE_TRAFFIC,           /* traffic, load sweep, readings of the equations */
};

struct param {
	const char *key;        /* YAML key */
	enum ptype type;
	size_t off;             /* offset in the enclosing struct */
	double min, max;        /* range for INT/REAL (see PF_MIN_EXCL...) */
	unsigned flags;
	const char *def;        /* default as YAML text; NULL = required
	                           (unless PF_OPTIONAL, or a SECTION/LIST) */
	const char *unit;       /* "flits", "time units", "" */
	const char *symbol;     /* the paper's symbol: "tau_i", "t_cn", "M" */
	const char *help;       /* one line */
	const char *const *choices; /* ENUM: NULL-terminated names */
	const struct param *sub;    /* SECTION/LIST: fields, PT_END-terminated */
	size_t elem_size;       /* LIST: element size; STR: buffer size */
	size_t count_off;       /* LIST: offset of its size_t count */
	size_t min_items, max_items; /* LIST: bounds */
	const char *seed;       /* field of a LIST item without a default: the
	                           value a new item starts from when the list is
	                           empty (the explorer's `a`); NULL = the lowest
	                           value its range allows.  Never used to fill a
	                           value missing from a file. */
	enum param_pane pane;   /* top-level fields: the explorer pane that edits
	                           it (PANE_DEFAULT: a list in the organisation
	                           pane, anything else in the network pane) */
};

/* Set every field under `fields` in `base` to its default (absent optionals
 * become NaN / 0, lists become empty).  base is raw storage: lists it held
 * are overwritten, not freed. */
void param_defaults(const struct param *fields, void *base);

/* Ownership of the lists below `fields` (recursively, sections and items):
 * param_own_lists: dst is a byte copy of src (its list pointers src's);
 *   give dst copies of its own.  Returns 0, or -1 out of memory, with dst
 *   left safe to pass to param_free_lists (lists not copied are empty).
 * param_free_lists: free every list of base and leave it empty.
 * param_equal: same values field by field (reals: absent equals absent),
 *   lists item by item. */
int param_own_lists(const struct param *fields, void *dst, const void *src);
void param_free_lists(const struct param *fields, void *base);
bool param_equal(const struct param *fields, const void *a, const void *b);

/* Parse `text` as the value of scalar field p, range-check it and store it in
 * `base` (the struct that contains p).  `path` names the field for the
 * message.  Returns 0, or -1 with *d filled ("... (allowed: ...)"). */
int param_parse(const struct param *p, void *base, const char *text,
		const char *path, struct diag *d);

/* Format the scalar value of p in base as YAML text (C locale, shortest
 * round-tripping real).  Absent optionals give "".  Returns buf. */
char *param_format(const struct param *p, const void *base, char *buf, size_t n);

/* Describe the allowed values of scalar p, e.g. "an even integer in [4, 64]",
 * "uniform, transpose", "a number in [0, 1) or auto".  Returns buf. */
char *param_allowed(const struct param *p, char *buf, size_t n);

/* True when p is an optional field that currently holds no value. */
bool param_is_absent(const struct param *p, const void *base);

/* Find field `key` in a PT_END-terminated array; NULL if none. */
const struct param *param_find(const struct param *fields, const char *key);

/* The closest key to `key` in fields (edit distance <= 2 or a prefix), for
 * "did you mean" hints; NULL if none is close. */
const char *param_suggest(const struct param *fields, const char *key);

/* Comma-separated list of the keys of `fields` into buf.  Returns buf. */
char *param_keys(const struct param *fields, char *buf, size_t n);

/* List access: the count and the i-th element (i < count) of list field p
 * in base. */
size_t param_list_count(const struct param *p, const void *base);
void *param_list_elem(const struct param *p, void *base, size_t i);
const void *param_list_celem(const struct param *p, const void *base, size_t i);

/* Empty list p in base (below its minimum too: the caller refills it). */
void param_list_clear(const struct param *p, void *base);

/* Append an item with default values to list p in base.  Returns it, or
 * NULL when out of memory or the list already holds max_items. */
void *param_list_push(const struct param *p, void *base);

/* Pointer to the section struct of PT_SECTION field p in base. */
void *param_section(const struct param *p, void *base);

/*
 * Dotted paths: "clusters.1.tau", "network.icn1.t_cn", "clusters.*.tau".
 * Lists are indexed from 0; "*" matches every element; the index one past the
 * end appends a new element with default values (so `--set` and the explorer
 * can add cluster groups).  Calls fn for every scalar the path names with the
 * field, the struct that holds it and the concrete path.  Returns 0, the
 * first non-zero value returned by fn, or -1 with *d filled when the path
 * does not name a scalar (unknown key with a suggestion, index out of range,
 * a section where a value is needed).
 */
typedef int (*param_visit_fn)(const struct param *p, void *holder,
			      const char *path, void *ctx);
int param_resolve(const struct param *root, void *base, const char *path,
		  bool create, param_visit_fn fn, void *ctx, struct diag *d);

/* Set the scalar(s) named by path to text (see param_resolve). */
int param_set_path(const struct param *root, void *base, const char *path,
		   const char *text, struct diag *d);

/* Read the scalar named by path (no '*') into buf as text; -1 if no such. */
int param_get_path(const struct param *root, const void *base, const char *path,
		   char *buf, size_t n, const struct param **out_p);

/* Remove element i of the list named by path (e.g. "clusters"); -1 with *d
 * if the list would fall below its minimum or i is out of range. */
int param_list_remove(const struct param *root, void *base, const char *path,
		      size_t i, struct diag *d);

/* Check that every required field below `fields` is present and every list
 * holds at least min_items.  Returns 0 or -1 with *d naming the first. */
int param_check_required(const struct param *fields, const void *base,
			 const char *prefix, struct diag *d);

#endif
