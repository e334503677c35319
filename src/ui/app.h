/*
 * app.h: the explorer's state, shared by the panes, the overlays and the
 * main loop, and the edit operations every pane uses.
 *
 * The app owns four configurations (config_free'd by app_stop): `cfg` is
 * the live one (always valid:
 * the worker computes it), `saved` is the one last loaded or saved (the
 * modified mark compares with it), `file_cfg` is the file as read without
 * --set overrides (the equivalent command line lists what differs from it).
 * Every change of cfg bumps `gen`, and the main loop posts it to the worker.
 *
 * Multi-field edits (the draft): a value that does not parse or is out of
 * range is refused in place.  A value that parses but breaks a rule across
 * fields (config_validate fails: a mix whose probabilities no longer sum to
 * 1, half of a network's other timing form) is kept in `draft`, marked
 * "incomplete: <the validator's message>" in the status line; further edits
 * continue on the draft (app_edit_cfg), the worker is not asked to compute
 * it and the plot dims the last valid curve.  When an edit makes the draft
 * valid it becomes cfg in one undo step; app_revert (Esc) drops it; saving
 * or quitting asks first.
 *
 * Thread contract: a struct app and every function here belong to the UI
 * thread; the worker only sees copies posted through worker_post().
 */
#ifndef ICNX_UI_APP_H
#define ICNX_UI_APP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config/load.h"
#include "config/config.h"
#include "ui/layout.h"
#include "ui/lineedit.h"
#include "ui/pane.h"
#include "config/undo.h"
#include "engine/worker.h"
#include "ui/simstate.h"
#include "base/strbuf.h"

#define APP_MSG_MAX 768

/* What the line editor at the bottom is asking for. */
enum prompt_kind {
	PR_NONE = 0,
	PR_VALUE,      /* a new value for prompt_path */
	PR_SAVE,       /* a file name to save the preset as */
	PR_OPEN,       /* a preset file or name to open */
	PR_CSV,        /* a file name for the curve's CSV */
	PR_SCREEN,     /* a file name for the screen as text */
	PR_FIGURE,     /* a file name for the plot as a gnuplot figure */
};

/* The overlay on top of the panes, if any. */
enum overlay_kind {
	OV_NONE = 0,
	OV_HELP,
	OV_PICKER,
	OV_CONFIRM,
	OV_INFO,       /* a text to read (confirm_text); any key closes */
	OV_TEXT,       /* every cut text in full (fulltext.h); scrolls */
};

/* What a yes/no question is about. */
enum confirm_kind {
	CF_QUIT,          /* quit with unsaved edits */
	CF_SAVE_LOSSY,    /* save, losing the file's comments */
	CF_OVERWRITE,     /* overwrite an existing file (exports, save as) */
	CF_OPEN,          /* open another preset, discarding unsaved edits */
	CF_SAVE_DRAFT,    /* save the last valid configuration, not the draft */
	CF_MKDIR,         /* save or export into a directory that does not
	                     exist: create it */
	CF_DISK_CHANGED,  /* the file changed on disk since it was read: o
	                     overwrite it, r reload it, c cancel */
};

struct picker;
struct ui_options;     /* ui/ui.h */

/* Simulated points kept with their configuration (simkeep.c): the
 * simulated curve's table (SLOT_SLOW, rank 0) as it was when an edit, undo
 * or redo left that configuration, its finished points (a cancelled run's
 * so far).  Drawn beside the current configuration's points, each with its
 * own marker, until P clears them; when the configuration comes back (u,
 * U, or the same edit typed again) they are its points again. */
#define APP_SIM_KEPT 3
struct sim_kept {
	struct config cfg;             /* the configuration (owned) */
	struct table t;                /* its points (owned) */
	int output;                    /* the slot's output index */
	char label[64];                /* the legend's name: "kept: n=5" */
	bool unsaved;                  /* no export has written these points */
};

struct app {
	/* inputs, borrowed from main() */
	const struct ui_options *opt;
	struct loaded *l;              /* the file shown; replaced on open (its
	                                  cfg is moved into cfg below) */

	/* the configuration */
	struct config cfg, saved, file_cfg;
	bool have_file_cfg;
	unsigned long gen;             /* bumped by every change of cfg */
	struct undo undo;
	bool have_draft;               /* an incomplete multi-field edit (above) */
	struct config draft;           /* ... its values (valid fields, one rule broken) */
	char draft_msg[APP_MSG_MAX];   /* ... the validator's message */
	char draft_path[DIAG_PATH_MAX];/* ... the field it is about (diag.path,
	                                  "" = none): the form marks it */

	/* the view the worker computes the per-point outputs for */
	struct view_req view;
	unsigned long view_gen;

	/* results from the worker, owned here */
	struct worker *worker;
	struct results res;
	/* the simulated runs (key r): ui/simstate.h */
	struct sim_session sim;
	/* simulated points kept with their configuration (above), oldest
	 * first; of the family of cfg (another family's are dropped) */
	struct sim_kept kept[APP_SIM_KEPT];
	int nkept;

	/* panes and layout */
	struct pane pane[P_NPANES];
	int focus;                     /* enum pane_id */
	struct layout lay;
	bool expand;                   /* a focused breakdown/heatmap takes the right column */
	bool select_wait;              /* [ / ] steps await their view's answer: */
	int select_start;              /* ... view.select before the first of them */
	int select_dir;                /* ... the last step's direction (a refusal
	                                  steps back that way, towards the start) */
	int select_pane;               /* ... the pane that stepped */

	/* display capabilities */
	bool utf8;                     /* glyphs: Unicode (else ASCII) */
	bool utf8_locale;              /* the locale can show Unicode at all */
	int colors;                    /* 0 mono, 8, 256 */
	bool mouse;

	/* a field the editing pane showing it should select (after an add) */
	char want_select[DIAG_PATH_MAX];

	/* status line */
	unsigned long progress_gen;    /* the edit whose progress is shown ... */
	double progress_shown;         /* ... and the most shown for it: the
	                                  percentage never goes back within one
	                                  edit (stages restart at 0) */
	char msg[APP_MSG_MAX];
	bool msg_err;
	bool msg_wide;                 /* show msg on the (wider) hint line */
	bool msg_auto_wide;            /* ... because it does not fit (status_draw) */
	bool msg_narrow;               /* never on the hint line, cut on the status
	                                  line: the hint has the cursor's simulated
	                                  point (sim_ended) */

	/* line editor */
	enum prompt_kind prompt;
	char prompt_label[160];
	char prompt_path[DIAG_PATH_MAX]; /* PR_VALUE: the field */
	struct lineedit le;

	/* overlays */
	enum overlay_kind overlay;
	int help_scroll;               /* OV_HELP's scroll, and OV_INFO's */
	bool info_scrolls;             /* OV_INFO has more lines than rows
	                                  (info_draw): arrows scroll it */
	char *info_text;               /* OV_INFO's text, key b's command(s),
	                                  of any length (owned; NULL = none) */
	char *fulltext;                /* OV_TEXT's text (owned; fulltext.h) */
	int text_scroll, text_hscroll; /* ... its scroll: lines, columns */
	struct picker *picker;
	enum confirm_kind confirm;
	char confirm_text[APP_MSG_MAX];
	char pending_path[4096];       /* the file a confirmed action writes/opens */
	int pending_prompt;            /* the prompt kind that asked to overwrite */

	/* main loop */
	unsigned dirty;                /* bit per pane_id to redraw */
	bool dirty_status, dirty_all, relayout;
	bool quit;
	FILE *trace;                   /* ICNX_UI_TRACE: timestamps for the bench */
	unsigned long traced_idle;     /* generation whose "idle" line is written */
	bool draw_now;                 /* a final result arrived: draw without
	                                  waiting for the frame pacing */
};

/* Set the status message (printf-style); err marks it as an error. */
void app_msg(struct app *a, bool err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Free the app's configurations (cfg, saved, file_cfg, draft). */
void app_free_configs(struct app *a);

/* Are there simulated results no export has written that quitting would
 * lose: a view's still in its result slot (r has not cleared them) and
 * not exported since they arrived (app.sim.unsaved[rank]), points kept
 * by an edit (app.kept) or a pin's copy not in an export either?  Each
 * result set has its own flag: s of one view leaves another's unsaved. */
bool app_sim_unsaved(const struct app *a);
/* The shown simulated view's results (the points, or another view's
 * table) have just been exported: no longer unsaved. */
void app_sim_saved(struct app *a);

/* Has cfg changed since the last load or save (or is there a draft)? */
bool app_modified(const struct app *a);

/* The configuration the editing panes show and edit: the draft when there
 * is one, else cfg. */
const struct config *app_edit_cfg(const struct app *a);

/* Take next, the edited configuration (every value parsed and in range):
 * when it validates it becomes cfg (a draft ends: one undo step for the
 * whole edit); when it breaks a cross-field rule it becomes the draft.
 * what describes the change.  The app takes next's contents (next is left
 * empty).  Returns K_* flags. */
unsigned app_edit(struct app *a, struct config *next, const char *what);

/* Key r (simrun.c): start the simulation of the current configuration on
 * the worker's slow lane, or stop it if it runs.  K_* flags. */
unsigned app_simulate(struct app *a);
/* The selected simulated view's output (a LANE_SLOW output: the simulated
 * curve unless key v chose another), or NULL; *idx (may be NULL) its index
 * in the family's outputs. */
const struct output_desc *app_sim_output(const struct app *a);
int app_sim_index(const struct app *a);
/* Is the selected simulated view the family's simulated curve (drawn over
 * the model's curve; true also for a family without a simulator) rather
 * than another view (drawn alone, simview.h)? */
bool app_sim_is_curve(const struct app *a);
/* The result slot of the selected simulated view (SLOT_SLOW + rank). */
int app_sim_slot(const struct app *a);
/* Key v in the plot: the next plottable simulated view (the curve, then
 * OUT_SCATTER outputs).  K_* flags. */
unsigned app_sim_next_view(struct app *a);
/* Is there a simulation of the current configuration (running, done or
 * stopped)?  *done points of *total arrived; *running: more may come. */
bool app_sim_state(const struct app *a, size_t *done, size_t *total, bool *running);
/* The loads key r simulates: the configuration's sim.points (a family
 * without a sim section: WORKER_SIM_POINTS). */
int app_sim_points(const struct app *a);
/* The simulated value column of a simulated table (SLOT_SLOW, a pin's
 * copy): base/vsim.h's vsim_value, else (no 95% bounds) its first value
 * column; -1 where there is none.  The model's value beside it is
 * vsim_model.  Pure. */
int app_sim_value_col(const struct table *st);
/* Append the batch options that reproduce every simulated point of the
 * configuration (the simulated curve, rank 0) to b: "-o curve --sim --load
 * X1,...,Xn" where the points carry the model's columns (as the slow lane
 * joins them), else "-o NAME --load X1,...,Xn" (the simulated output
 * itself: irregular), each load in its shortest form that reads back the
 * same double.  Point k is simulated as point k of the list, so the
 * command prints the same numbers.  More than SIM_RUN_POINTS points (what
 * one batch run simulates): a '#' comment line, then one line per
 * "--points I:J -f csv" piece of that same sweep (pane_ops.cmdline's
 * lines).  False when there are no points. */
bool app_sim_cmdline(const struct app *a, struct strbuf *b);
/* Key s: the table the plot shows, to export as the batch output it is
 * (simrun.c).  A simulated view other than the curve (key v): its slot's
 * table, run as `-o NAME` (simview_cmdline) prints it; the curve with
 * simulated points of this configuration (done or stopped, not running):
 * SLOT_SLOW, the model's columns joined beside the simulated ones at the
 * simulated loads, as the command of app_sim_cmdline prints them; else
 * the model's curve (SLOT_CURVE).  write_table of e->t in CSV is then
 * byte for byte what that command prints with -f csv.  Returns 0 with *e
 * filled (e->t owned by a->res: valid until the next take of results), or
 * -1 with the reason in why (still computing, simulating, a view not
 * simulated or failed). */
struct app_export {
	const struct table *t;
	const char *output;        /* the -o name that prints it */
	char what[96];             /* "the curve", "the simulated points", ... */
	char suffix[64];           /* of the default file name: "-curve.csv" */
	bool sim;                  /* a simulated table (not the model's curve) */
};
int app_export_table(const struct app *a, struct app_export *e, char *why, size_t n);
/* After each take of results: note when new simulated points arrived (the
 * time-left estimate's clock); when the simulation of this configuration
 * ends, say so and what the keys do now (done: r clears, b command, s
 * export; refused: the simulator's reason, as an error). */
void app_sim_took(struct app *a);
/* The refusal of the shown simulated view of the current configuration
 * (the simulator's reason, e.g. "n: ... n <= 7 ..."), or NULL if it did not
 * fail; *path (may be NULL) the field it is about ("" = none). */
const char *app_sim_refusal(const struct app *a, const char **path);
/* Before a configuration change (edit, undo, redo): what the change does
 * to the simulation of the current configuration ("simulation cancelled"
 * while it runs, "simulated points cleared" once done), or NULL if there
 * is none.  The caller appends it to its message. */
const char *app_sim_dropped(const struct app *a);
/* The status line's words for a running simulation: its progress (points
 * and percent, never going back) and, after the first point, the time left
 * ("sim 2/6 41% ~12 s left"); for one done, stopped or refused, "sim 6/6",
 * "sim 2/6 stopped" or "sim failed"; points that failed (ROW_FAILED rows)
 * are counted after the points ("sim 6/6, 1 failed").  brief: for a
 * narrow line, without the percent and the word "left" ("sim 2/6, 1
 * failed ~12 s").  Writes "" when there is none. */
void app_sim_status(struct app *a, char *buf, size_t len, bool brief);

/* Before cfg changes (edit, undo, redo): keep the simulated curve's points
 * of cfg, if any, with a copy of cfg (replacing what was kept for an equal
 * configuration; the oldest goes when APP_SIM_KEPT are kept).  Returns how
 * many points were kept (0: none; out of memory: none, said so). */
size_t app_sim_keep(struct app *a);
/* After cfg changed, and after each take of results: when points are kept
 * for a configuration equal to cfg and cfg has none of its own (none
 * simulated, none running), they become cfg's points again (SLOT_SLOW, as
 * if simulated now: the status, b, s, i and the breakdown see them).
 * Returns true when it restored them. */
bool app_sim_restore(struct app *a);
/* Forget what is kept for a configuration equal to cfg (r starts or clears
 * its points), or everything (all: P, another family). */
void app_sim_forget(struct app *a, bool all);
/* A short description of configuration c: what differs from the file as
 * read ("n=5", "3 edits"), else the preset's name. */
void app_describe(const struct app *a, const struct config *c, char *buf, size_t n);

/* Drop the draft: back to the last valid configuration.  K_* flags. */
unsigned app_revert(struct app *a);

/* Clear an optional field (absent), through app_edit.  K_* flags. */
unsigned app_clear(struct app *a, const char *path);

/* Replace the configuration by next (already validated), recording the old
 * one for undo (moved there, not copied).  The app takes next's contents
 * (next is left empty).  what describes the change for the status line. */
unsigned app_commit(struct app *a, struct config *next, const char *what);

/* Set one field from text (the loader's parsing, range checks and
 * messages), then app_edit.  A value that does not parse or is out of range
 * is refused: nothing changes and the message is shown.  Returns K_* flags. */
unsigned app_set(struct app *a, const char *path, const char *text);

/* Append a copy of item `from` to the list at list_path (e.g. "clusters"),
 * or an item with default values when the list is empty.  K_* flags. */
unsigned app_list_add(struct app *a, const char *list_path, long from);

/* Delete item i of the list at list_path.  K_* flags. */
unsigned app_list_remove(struct app *a, const char *list_path, size_t i);

/* Delete every item of the list at list_path in one edit (one undo step);
 * refused for a list that needs items.  K_* flags. */
unsigned app_list_clear(struct app *a, const char *list_path);

/* Undo / redo an edit; with a draft, undo drops the draft (app_revert)
 * and redo drops it before redoing. */
unsigned app_undo(struct app *a);
unsigned app_redo(struct app *a);

/* Start the line editor. */
void app_prompt(struct app *a, enum prompt_kind k, const char *label, const char *initial,
		const char *path);

/* Ask a yes/no question (the confirm overlay). */
void app_confirm(struct app *a, enum confirm_kind k, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The summary's first row typed `role` (ROW_SATURATION, ROW_MARKER; results
 * of the current generation or older); its row index or -1. */
long app_summary_role(const struct app *a, enum row_role role);

/* The saturation x: the value of the summary's ROW_SATURATION row (the
 * family's summary output); NaN if none or unknown. */
double app_saturation(const struct app *a);
/* The x where the refined model beside the printed one saturates (the
 * summary's ROW_SATURATION_REFINED row), NaN when there is none or the
 * summary is of an older configuration.  UI thread. */
double app_refined_saturation(const struct app *a);

/* Why the configuration's model option names a model the explorer leaves
 * out (family.model_refusal: e.g. the refined multi-cluster model with
 * sim.V = 2), "path: reason" in buf (n bytes), or false when none.  UI
 * thread; cheap. */
bool app_model_refusal(const struct app *a, char *buf, size_t n);

/* The name of the family's first OUT_CURVE output (the plot's numbers), or
 * NULL.  Any thread. */
const char *app_curve_output(const struct app *a);

/* The family's outputs and their count (n may be NULL). */
const struct output_desc *app_outputs(const struct app *a, size_t *n);
/* The index of the next output after `cur` (cyclically) that `accept`
 * takes, or -1 when none does.  UI thread. */
int app_next_output(const struct app *a, int cur,
		    bool (*accept)(const struct output_desc *o));

/* [ and ]: step view.select by dir (the default, -1, counts as 0; 0 is the
 * lowest).  How many items an output has is its own business: pane p
 * awaits the answer (app_view_answer), and a refusal steps back with the
 * output's message.  K_* flags. */
unsigned app_step_select(struct app *a, int p, int dir);

/* The view result pane p shows has arrived for the current view: ok, or
 * failed with why (its message).  Ends a [ / ] step (stepping back on
 * failure). */
void app_view_answer(struct app *a, int p, bool ok, const char *why);

/* f: a focused breakdown or heatmap takes the whole right column, or gives
 * it back.  K_* flags. */
unsigned app_toggle_expand(struct app *a);

/* The index of the output a view slot shows: out itself, or its fallback
 * (output_desc.fallback) when refusal is non-empty; -1 if none. */
int app_shown_output(const struct app *a, int out, const char *refusal);

/* Mark pane p (or every pane with -1) for redrawing. */
void app_dirty(struct app *a, int p);

/* Turn a paper symbol into its display form: in UTF-8, lambda -> λ,
 * tau -> τ, theta -> θ.  Returns buf. */
char *app_symbol(const struct app *a, const char *sym, char *buf, size_t n);

/* Write a trace line (the bench reads them) when ICNX_UI_TRACE is set. */
void app_trace(struct app *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
