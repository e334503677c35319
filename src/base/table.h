/*
 * table.h: the one result shape every model output produces.
 *
 * A table has named columns (with unit and a short label for the UI), each
 * either numeric or text, and rows.  Curves (x column first), summaries
 * (quantity, value, unit), hop distributions and distance matrices are all
 * tables, so one set of writers (table/csv/tsv/json) and one set of UI
 * renderers serve every model family.  Numeric cells: INFINITY means
 * "saturated" (printed "inf", JSON null), NaN means "not applicable"
 * (printed "", JSON null).  Pure: no I/O.
 *
 * Storage: numeric cells are doubles (formatted only by the writers and
 * renderers); text cells live in a separate array with one pointer per row
 * and text column, so a large numeric matrix carries no text pointers.
 *
 * Rows can say which group they describe (table_set_group): a summary of
 * a multi-cluster system has rows about cluster group k; readers find them
 * by that number, not by their quantity's name.  A row can also say what it
 * is to its readers (table_set_row_role): the saturation load, an x the plot
 * marks.
 *
 * Out of memory: the first failed allocation latches table.nomem; from then
 * on table_add_col and table_add_row return -1, and table_set,
 * table_set_text, table_set_group, table_set_row_role and table_set_role
 * do nothing (given the
 * -1 of a failed table_add_row or table_add_col too), so a producer writes without an error path and
 * output_run turns a latched table into "out of memory" at the end.
 *
 * Ownership: a table owns all its memory; table_free() releases it.
 * table_free(NULL) is a no-op.  Not thread-safe; one owner at a time.
 */
#ifndef ICNX_TABLE_H
#define ICNX_TABLE_H

#include <stdbool.h>
#include <stddef.h>

enum col_kind { COL_NUM, COL_TEXT };

/* What a column means, so readers find the x axis, a value and its bounds
 * by type rather than by name.  table_add_col gives COL_VALUE to numeric
 * columns and COL_LABEL to text ones; producers refine with table_set_role. */
enum col_role {
	COL_VALUE,      /* a result (a latency, a count) */
	COL_X,          /* the independent variable of a curve */
	COL_LOWER,      /* lower bound of the value column `of` (e.g. 95% CI) */
	COL_UPPER,      /* upper bound of the value column `of` */
	COL_COMPONENT,  /* a part of the value column `of` (W_s of T) */
	COL_LABEL,      /* a row label or other text */
	COL_WEIGHT,     /* how many a row's values stand for (occurrences,
	                   messages): a count beside the result, not a result */
	COL_FIT,        /* a fitted line (least squares) of the table's first
	                   COL_VALUE column against the COL_X column `of`,
	                   evaluated at each row's x: drawn as a line through
	                   the measured points; its label carries the fit;
	                   NaN: the row is not one of the fitted points */
	COL_SETTLED,    /* a flag of the value column `of` in each row: 1 its
	                   run reached a steady state, 0 it did not settle
	                   (the value is what was measured, its interval
	                   columns are NaN: none to trust), NaN not
	                   applicable (saturated, no traffic) */
	COL_DELTA,      /* the model column `of` against the row's simulated
	                   value (the COL_LOWER column's `of`): 100 (model -
	                   sim) / sim, in percent; NaN where either is not
	                   finite (saturated, failed) or sim is 0 (base/vsim.h) */
	COL_CLASS,      /* the mean of the value column `of` over one class of
	                   messages (column.measure: CM_INTRA, CM_INTER, or
	                   CM_GROUP with column.group): a simulation's
	                   counterpart of the model's column of that class */
	COL_FLAGS,      /* text: what the simulated value column `of` of each
	                   row is besides its number: "saturated", "unsettled"
	                   (did not settle), "failed" (a ROW_FAILED row), joined
	                   by '+'; empty for a plain point (base/vsim.h) */
};

/* What a latency column measures, so a model's column and a simulation's
 * that measure the same part of a message's life are paired by type (the
 * explorer's model-against-simulation breakdown), never by name. */
enum col_measure {
	CM_NONE = 0,         /* nothing paired */
	CM_SOURCE_WAIT,      /* time in the source queue (W_s; sim_wait) */
	CM_AFTER_SOURCE,     /* from leaving the source queue to the tail's
	                        arrival: the value less the source wait
	                        (sim_network; for a model, T - W_s) */
	CM_QUEUE_WAIT,       /* waiting at the concentrators and dispatchers
	                        (model 2W_d; sim_queue_wait), a part of the
	                        time after the source queue */
	/* A latency over one class of messages, beside the whole value (a
	 * model's COL_VALUE with of = -1; a simulation's with of = its
	 * simulated value column): paired model to simulation by measure and
	 * column.group (table_measure_group). */
	CM_INTRA,            /* messages within their cluster (model T_in) */
	CM_INTER,            /* messages between clusters (model T_out) */
	CM_GROUP,            /* messages sent by the nodes of group
	                        column.group (model T^(i) of cluster group i) */
	/* Measures one kind of computation has alone (no model pairs with
	 * them) are declared with it, from CM_EXTENSION on: the simulator's
	 * in base/vsim.h (CM_WORK).  A reader that does not know one pairs
	 * nothing by it. */
	CM_EXTENSION = 64,
};

/* A table's shape, so readers lay it out by type, not by column names. */
enum table_layout {
	TL_ANY = 0,       /* columns as their roles say */
	TL_SUMMARY,       /* rows of quantity, value, unit, symbol, note: the
	                     columns SUM_* below (family/outkit.h summary_cols) */
};
enum { SUM_QUANTITY, SUM_VALUE, SUM_UNIT, SUM_SYMBOL, SUM_NOTE, SUM_NCOLS };

/* What a row is to its readers, beyond its group (table_set_row_role). */
enum row_role {
	ROW_PLAIN = 0,
	ROW_SATURATION,   /* its value is the x at which the family's curve
	                     saturates (lambda_g*): the plot marks it and stops
	                     the cursor there */
	ROW_MARKER,       /* its value is an x the plot marks (the threshold S) */
	ROW_SATURATION_REFINED, /* its value is the x at which a refined model
	                     beside the printed one (the columns that
	                     refine others, struct column.refines) saturates:
	                     the plot marks it apart from ROW_SATURATION */
	ROW_OVERVIEW,     /* a figure of the whole configuration (clusters C,
	                     nodes N): the explorer shows it with the lists */
	ROW_FAILED,       /* the row's computation failed (a simulated point
	                     refused or in error): its x is set, its values are
	                     NaN, and table_row_note says why (the whole
	                     message); the other rows stand */
};

struct param;             /* config/param.h: a field of a parameter table */

/* Per row: what the row is about and what it is (see above). */
struct row_tag {
	int group;        /* the group the row describes; -1 = the whole result */
	enum row_role role;
	const struct param *about; /* the configuration section the row is
	                     derived from (ICN1's t_cn from its link timing), an
	                     entry of the family's parameter table; NULL none */
	char *note;       /* owned: why a ROW_FAILED row failed; NULL none */
};

struct column {
	char name[48];    /* machine name: "load", "latency", "W_s" */
	char unit[32];    /* "msg/node/time unit", "time units", "" */
	char label[64];   /* human label for the UI: "source-queue wait W_s" */
	enum col_kind kind;
	enum col_role role;
	int of;           /* LOWER/UPPER/COMPONENT: index of the value column it
	                     belongs to; FIT: of the x column it is fitted
	                     against; -1 otherwise */
	enum col_measure measure;  /* CM_NONE unless table_set_measure */
	char symbol[16];  /* the paper's symbol where it is not the name (the
	                     column W_d holds 2W_d of Eq. 32); "" = the name
	                     (table_set_symbol, table_symbol) */
	int text_index;   /* COL_TEXT: its index among the text columns; -1 */
	int refines;      /* a refined model's value of the printed model's
	                     column `refines` (latency_refined of latency,
	                     icnx's model beside the paper's, issue 20); -1
	                     none (table_set_refines, table_refined) */
	int group;        /* CM_GROUP: the group the column describes (a
	                     cluster group); -1 otherwise (table_set_col_group) */
};

struct table {
	char title[256];          /* "latency vs load", "summary", ... */
	size_t ncols, nrows;
	struct column *cols;
	double *num;              /* nrows*ncols, row-major; unused for text cols */
	char **text;              /* nrows*ntext, row-major: the text columns only */
	size_t ntext;             /* text columns */
	size_t row_cap;
	bool nomem;               /* an allocation failed (see above) */
	bool partial;             /* a progressive result still being computed */
	enum table_layout layout;
	size_t samples;           /* samples behind each value (a simulation's
	                             replications); 0 = an exact model */
	struct row_tag *tag;      /* per row (row_cap of them); NULL until a row
	                             is tagged (every row {-1, ROW_PLAIN}) */
};

/* Initialise an empty table (no allocation). */
void table_init(struct table *t, const char *title);
/* Release everything; the table is empty and reusable afterwards. */
void table_free(struct table *t);
/* Add a column; only before the first row.  Returns its index or -1 (ENOMEM). */
int table_add_col(struct table *t, const char *name, const char *unit,
		  const char *label, enum col_kind kind);
/* Append a row (numeric cells NaN, text cells empty).  Returns its index or
 * -1 (ENOMEM, latched). */
long table_add_row(struct table *t);
/* Cell setters/getters; r, c must be in range. */
void table_set(struct table *t, size_t r, size_t c, double v);
int table_set_text(struct table *t, size_t r, size_t c, const char *s);
/* Append one row per line of text (lines end in '\n'; the last may not),
 * the line without its '\n' in text column c.  Returns 0, or -1 (ENOMEM,
 * latched). */
int table_add_lines(struct table *t, size_t c, const char *text);
double table_get(const struct table *t, size_t r, size_t c);
const char *table_get_text(const struct table *t, size_t r, size_t c);
/* Row r describes group g (>= 0; an item the output describes in turn,
 * e.g. cluster group g); rows default to -1, the whole result.  Returns 0,
 * or -1 (ENOMEM, latched). */
int table_set_group(struct table *t, size_t r, int g);
/* The group row r describes, or -1. */
int table_group(const struct table *t, size_t r);
/* Row r is a row_role; rows default to ROW_PLAIN.  Returns 0, or -1
 * (ENOMEM, latched). */
int table_set_row_role(struct table *t, size_t r, enum row_role role);
enum row_role table_row_role(const struct table *t, size_t r);
/* Row r's note (owned copy of s; NULL clears): why a ROW_FAILED row
 * failed.  Returns 0, or -1 (ENOMEM, latched). */
int table_set_row_note(struct table *t, size_t r, const char *s);
/* Row r's note, or NULL. */
const char *table_row_note(const struct table *t, size_t r);
/* How many rows have this role. */
size_t table_count_role(const struct table *t, enum row_role role);
/* Row r is derived from the configuration section `about` (a parameter
 * table entry, not owned).  Returns 0, or -1 (ENOMEM, latched). */
int table_set_about(struct table *t, size_t r, const struct param *about);
const struct param *table_about(const struct table *t, size_t r);
/* The first row with this role, or -1. */
long table_role_row(const struct table *t, enum row_role role);
/* Set column c's role and the value column it belongs to (-1 none). */
void table_set_role(struct table *t, size_t c, enum col_role role, int of);
/* Index of the first column with this role, or -1. */
int table_role(const struct table *t, enum col_role role);
/* Set what column c measures (enum col_measure). */
void table_set_measure(struct table *t, size_t c, enum col_measure m);
/* Set column c's symbol (struct column.symbol; no-op if c is out of range). */
void table_set_symbol(struct table *t, size_t c, const char *symbol);
/* Column c's symbol: its symbol if set, else its name. */
const char *table_symbol(const struct table *t, size_t c);
/* Column c is a refined model's value of the printed model's column
 * printed (struct column.refines; -1 none). */
void table_set_refines(struct table *t, size_t c, int printed);
/* Column c describes group g (struct column.group; -1 none). */
void table_set_col_group(struct table *t, size_t c, int g);
/* Index of the first column measuring m of group g (-1: any, for measures
 * without a group) that belongs to value column of, or -1. */
int table_measure_group(const struct table *t, enum col_measure m, int of, int g);
/* The first column that refines column printed, or -1. */
int table_refined(const struct table *t, int printed);
/* Index of the first column measuring m that belongs to value column of
 * (its `of`), or -1. */
int table_measure(const struct table *t, enum col_measure m, int of);
/* The row whose value in column c is nearest x (the first of equals), or -1
 * when the table has no rows or x is NaN. */
long table_nearest_row(const struct table *t, size_t c, double x);
/* Index of the column named name, or -1. */
int table_col(const struct table *t, const char *name);
/* Move src into dst (dst freed first); src becomes empty. */
void table_move(struct table *dst, struct table *src);
/* dst: src's title, columns (roles, measures, symbols), layout, samples
 * and partial flag, no rows.  0, or -1 (ENOMEM, dst left empty). */
int table_copy_shape(struct table *dst, const struct table *src);
/* Append a ROW_FAILED row: x in column 0, every other cell NaN, the note
 * why (copied).  Returns its index, or -1 (ENOMEM, latched). */
long table_add_failed(struct table *t, double x, const char *why);
/* Deep copy; returns 0 or -1 (ENOMEM, dst left empty). */
int table_copy(struct table *dst, const struct table *src);
/* Join: a copy of m with the columns of s after them, except s's first
 * (its x column), roles, owners, measures and m's refined links
 * (column.refines) kept, row by row: both must have the same number of
 * rows, in the same x order (the caller's contract; a model curve and a
 * simulated one at the same loads).  Row tags are m's, except that a row
 * s says ROW_FAILED is failed (with its note) in the result.  Result in
 * *out (initialised here; title, samples: m's and s's).  0, or -1 (no
 * memory, or the row counts differ; *out left empty). */
int table_join(const struct table *m, const struct table *s, struct table *out);

#endif
