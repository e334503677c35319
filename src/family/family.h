/*
 * family.h: the model descriptor.  Each model family (multicluster, star,
 * irregular, ethernet) registers one `struct family`: its parameter table, a
 * validate() hook for rules that span fields, the x axis of its curves, and
 * the outputs it offers (curve, summary, hops, distances, ...), each of which
 * fills a generic `struct table`.  The batch mode and the explorer are driven
 * by the descriptor alone, so a new family adds a descriptor, not UI code.
 *
 * Thread contract: every function pointer here is pure with respect to the
 * configuration it is given (no globals, no I/O) and may run on the worker
 * thread; long ones poll req->cancel.
 */
#ifndef ICNX_FAMILY_H
#define ICNX_FAMILY_H

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "config/param.h"
#include "config/schema.h"
#include "base/table.h"

struct config;
struct sim_config;

enum output_kind {
	OUT_CURVE,    /* first column x, then the series and their components */
	OUT_SUMMARY,  /* rows: quantity, value, unit, symbol */
	OUT_TABLE,    /* any other table (hop distributions, routes) */
	OUT_MATRIX,   /* square matrix: first column the row label, then one
	                 column per node; shown as a heatmap */
	OUT_TEXT,     /* text: one text column "line", printed verbatim whatever
	                 -f says (a simulator's topology, a hostfile, a drawing);
	                 a line starting with '*' is emphasised in the explorer
	                 (e.g. a critical path) */
	OUT_BARS,     /* a bar chart: first column the category (e.g. hops);
	                 the series are the following numeric columns with the
	                 unit of the second column (others are shown as text) */
	OUT_SCATTER,  /* measured points, printed as a table and plotted as
	                 points: each COL_X column is an x the plot offers, the
	                 COL_VALUE columns with the unit of the first are its
	                 y's (COL_LOWER/UPPER their bars), COL_FIT columns the
	                 lines fitted against their x (`of`), and a COL_LABEL
	                 text column splits the rows into series (e.g. one per
	                 traffic pattern) */
};

/* Where the explorer runs an output (engine/worker.h). */
enum output_lane {
	LANE_FAST,    /* on the fast lane: the curve and summary for every
	                 configuration, the others when a pane shows them */
	LANE_SLOW,    /* a long computation (a simulation): never on the fast
	                 lane; the explorer runs it on the slow lane only on
	                 request (worker_sim_output), in its own result slot
	                 SLOT_SLOW + k (k: its rank among the family's LANE_SLOW
	                 outputs), publishing partial tables
	                 (run_req.publish); a view change never waits for it,
	                 a configuration change cancels it */
};

/* What a simulated output is to the batch layer and the explorer: a typed
 * role, never found by its name or its position among the outputs. */
enum sim_role {
	SIM_NONE = 0,   /* not simulated */
	SIM_CURVE,      /* the family's simulated curve, the counterpart of its
	                   model curve: OUT_CURVE, its points independent and
	                   seeded by index (run_req.point0), run one request per
	                   point by sim_points_run (family/simpoints.h), joined
	                   after the model's curve by --sim and the explorer's r
	                   where x is a load; at most one per family */
	SIM_POINTS,     /* another simulated OUT_CURVE whose points are
	                   independent (seeded by index): split by -j and
	                   --points like SIM_CURVE, never joined to the model */
	SIM_RUN,        /* any other simulated output (a saturation search, a
	                   per-pair view): one run, its probes depending on each
	                   other (no -j, no --points) */
};

/* What a run is asked for. */
struct run_req {
	const double *x;        /* OUT_CURVE: the x values; NULL = the family's sweep */
	size_t nx;
	int select;             /* OUT_MATRIX/OUT_TABLE: item to show (e.g. cluster
	                           group, a source switch); -1 = the family's default */
	int select2;            /* a second index (e.g. the destination of a pair,
	                           the column of a matrix cell); -1 = none */
	double at;              /* x of the cursor for per-point views; NaN = none */
	const atomic_int *cancel;   /* may be NULL; non-zero = abandon (return 1) */
	void (*progress)(void *ctx, double fraction); /* may be NULL */
	void *progress_ctx;
	/* May be NULL: receives the rows computed so far (table.partial set)
	 * while a progressive output runs, on the running thread; it copies
	 * what it keeps and may ignore calls (rate limiting is its job). */
	void (*publish)(void *ctx, const struct table *partial);
	void *publish_ctx;
	/* The family's prepared model of this configuration (family.prepare),
	 * shared read-only by every output of one configuration generation; NULL:
	 * the output prepares its own (family_prepared). */
	const void *prepared;
	/* Index in the whole sweep of x[0]: a simulated output seeds point k
	 * of this request with the stream point0 + k, so a point computed
	 * alone (batch -j, --points) equals the same point of the full run. */
	size_t point0;
	/* Points of the whole run this request belongs to (the explorer
	 * simulates its sim.points loads one request each); 0 = nx.  A
	 * simulated output gives each point the work share of a run that long
	 * (simcfg.h sim_work_share). */
	size_t run_points;
};

/* Fill req with the defaults (whole sweep, default item, no cursor). */
void run_req_init(struct run_req *req);

/* What an x value is: the family's x axis declares it (x_axis.quantity)
 * and a per-point output declares what it reads from run_req.at
 * (output_desc.at), so the explorer passes the cursor's x only to an
 * output that reads that quantity (output_at_cursor): a distance is never
 * read as a load. */
enum x_quantity {
	XQ_NONE = 0,   /* output_desc.at: the output reads no run_req.at */
	XQ_LOAD,       /* offered load, msg/node/(time unit or cycle) */
	XQ_SIZE,       /* message size, bytes */
	XQ_DISTANCE,   /* a distance (irregular: equivalent distance T_ij) */
};

/* How the explorer draws an OUT_CURVE's points. */
enum output_discrete {
	DISCRETE_NONE = 0,  /* a continuous function, sampled: connected lines */
	DISCRETE_STEMS      /* discrete values (a distribution over distinct
	                       distances): one stem per point, nothing between
	                       points, the y axis fits every value */
};

struct output_desc {
	const char *name;       /* as given to -o: "curve", "summary", "hops" */
	const char *help;       /* one line, for --help and the man page */
	enum output_kind kind;
	/* Fill *out (initialised empty by the caller; the caller frees it).
	 * Returns 0, 1 if cancelled, -1 with *d filled on failure. */
	int (*run)(const struct config *cfg, const struct run_req *req,
		   struct table *out, struct diag *d);
	/* Optional, for the explorer: */
	const char *fallback;   /* output to show instead when this one refuses the
	                           request (diag.usage), e.g. a distribution when a
	                           node-to-node table would be too large */
	enum x_quantity at;     /* per-point outputs: the quantity they read
	                           from run_req.at (batch --at); NaN there = the
	                           output's own default.  The explorer passes the
	                           cursor's x, and `b` prints --at, only when it
	                           is the family's x quantity (output_at_cursor) */
	enum sim_role sim;      /* SIM_NONE unless simulated (enum sim_role);
	                           every simulated output has .lane = LANE_SLOW */
	/* Simulated outputs: the default x values (the loads simulated when
	 * run_req.x is NULL), so the batch layer can split them; *x allocated
	 * (caller frees).  Returns 0, 1 cancelled, -1 with *d. */
	int (*loads)(const struct config *cfg, const struct run_req *req, double **x,
		     size_t *n, struct diag *d);
	enum output_lane lane;  /* LANE_FAST unless said (see enum output_lane) */
	bool breakdown;         /* the breakdown pane's default view (else its
	                           first table) */
	const char *cell_detail;/* OUT_MATRIX: output describing one cell, run with
	                           select = the row's label and select2 = the
	                           column's name, read as integers (e.g. the
	                           routes between two switches) */
	enum output_discrete discrete; /* OUT_CURVE: lines or stems */
	bool select;            /* reads run_req.select (an item: a cluster group,
	                           a switch): the explorer's ] and [ step it, its
	                           header shows #I and `b` passes --select; other
	                           views say they have no items */
};

struct x_axis {
	const char *name;       /* CSV column: "load", "size_bytes" */
	const char *symbol;     /* "lambda_g" */
	const char *unit;       /* "msg/node/time unit" */
	const char *label;      /* "offered load" */
	bool log;               /* log-scaled by default */
	/* The saturation x (lambda_g*) and an x the plot marks (the threshold
	 * S) are rows of the family's summary typed ROW_SATURATION and
	 * ROW_MARKER (base/table.h, outkit.h summary_row_as), not named here. */
	bool whole;             /* x values are whole units (bytes): the sweep
	                           rounds them and keeps them distinct (curve.h) */
	bool y_log;             /* the plot's y axis log-scaled by default (the
	                           first screen must show the model's feature,
	                           e.g. Ethernet times over six decades) */
	enum x_quantity quantity; /* what x is (never XQ_NONE) */
	const char *y_columns[4]; /* the curve columns the plot starts on, the
	                           first the plotted one, the others drawn with it
	                           (NULL-terminated; those the curve lacks are
	                           skipped, and when it has none of them every
	                           column of the curve is drawn); all NULL: the
	                           curve's value column alone.  Chosen so the first
	                           screen shows the model's feature (Ethernet: the
	                           one-to-many jump at S against p2p) */
};

struct family {
	/* What config knows of the family (config/schema.h): name, title,
	 * papers, params, cfg_size, validate; schema.family points back here. */
	struct config_schema schema;
	struct x_axis x;
	/* The default sweep: from, to, points (e.g. 0 to just below saturation),
	 * using req->prepared when set; req->cancel polled.  Returns 0, 1
	 * cancelled, -1 with *d. */
	int (*sweep)(const struct config *cfg, const struct run_req *req, double *from,
		     double *to, size_t *n, struct diag *d);
	/* Optional: the work every output of one configuration shares (the
	 * model, a network with its routing and distance table, the saturation
	 * load), done once.  The worker prepares once per configuration
	 * generation and the batch mode once per run, and hand the result to
	 * every output in run_req.prepared; after prepare it is read-only, so
	 * threads may share it.  req gives cancel and progress.  Returns 0 (*prep
	 * set), 1 cancelled, -1 with *d. */
	int (*prepare)(const struct config *cfg, const struct run_req *req, void **prep,
		       struct diag *d);
	void (*release)(void *prep);    /* frees what prepare made */
	const struct output_desc *outputs; /* name == NULL terminates; [0] is the
	                                      default output */
	/* Optional: the simulator's settings of a configuration of this family
	 * (family/simcfg.h; its `sim` section), NULL for a family without a
	 * simulator.  Read through sim_config_of. */
	const struct sim_config *(*sim_config)(const struct config *cfg);
	/* Optional: which readings of the model the flit-level simulation
	 * supports and where the model holds, one paragraph from the last
	 * `make validate` (docs/VALIDATION.md), for the explorer's help; NULL
	 * when the family has no simulator. */
	const char *validation;
	/* Optional: which system the simulator simulates by default (the
	 * model's) and what each physical variant of the `sim` section
	 * changes, one paragraph for the explorer's help (icnx(1) SIMULATED
	 * SYSTEMS says the same); NULL when the family has no simulator. */
	const char *simulates;
	/* Optional: refuse (-1, *d naming the setting and why) a configuration
	 * whose options ask a model for a system that model does not express
	 * (the multi-cluster refined model with sim.V = 2: it has no virtual
	 * channels), never approximated silently; 0 = fine.  Pure and cheap.
	 * The batch mode refuses the run (exit 2); the explorer computes the
	 * rest (prepare leaves that model out), draws no curve of it and says
	 * why (app_model_refusal). */
	int (*model_refusal)(const struct config *cfg, struct diag *d);
	/* With model_refusal: the setting that asks for the printed model
	 * alone ("options.model=paper"), which the explorer's b puts in its
	 * command of a refused configuration in place of the refused option,
	 * so the command prints what the screen shows. */
	const char *model_off;
};

/* The prepared model an output uses: req->prepared when set, otherwise a
 * fresh one from cfg->family->prepare, also left in *own for the caller to
 * pass to family_release (NULL when borrowed).  *prep is NULL for a family
 * without prepare.  Returns 0, 1 cancelled, -1 with *d. */
int family_prepared(const struct config *cfg, const struct run_req *req, const void **prep,
		    void **own, struct diag *d);
/* Release a prepared model of f (NULL is a no-op). */
void family_release(const struct family *f, void *prep);

/* A family.sweep for a family whose prepared model knows its saturation:
 * the configured from, to and points, where an unset `to` (NaN) becomes
 * 0.98 of sat_of(prepared model) (1.0 when that is infinite: nothing
 * saturates), and at least just above `from`.  Returns 0, 1 cancelled, -1
 * with *d. */
int family_sweep_below_saturation(const struct config *cfg, const struct run_req *req,
				  double from, double to, int points,
				  double (*sat_of)(const void *prep), double *o_from,
				  double *o_to, size_t *o_n, struct diag *d);

/* Counters of the expensive shared work, process-wide and atomic, for
 * `make bench` (builds per edit): never read by the program itself. */
enum family_stat {
	FSTAT_PREPARE,       /* family.prepare calls */
	FSTAT_NET_BUILD,     /* irregular: network + up*-down* + distance table */
	FSTAT_SATURATION,    /* saturation searches (multicluster, star) */
	FSTAT_COUNT
};
void family_stat_add(enum family_stat s);
unsigned long family_stat(enum family_stat s);

/* Does output o of f read the explorer's cursor x as its run_req.at (o
 * reads the quantity f's x axis is)?  Pure. */
bool output_at_cursor(const struct family *f, const struct output_desc *o);

/* The registered families, NULL-terminated. */
extern const struct family *const icnx_families[];

/* Find a family by name; NULL if none. */
const struct family *family_find(const char *name);
/* Comma-separated family names into buf.  Returns buf. */
char *family_names(char *buf, size_t n);
/* f's simulated curve (the output whose role is SIM_CURVE), or NULL for a
 * family without a simulator. */
const struct output_desc *family_sim_curve(const struct family *f);
/* Does o run one independent request per point (SIM_CURVE, SIM_POINTS)? */
bool output_sim_points(const struct output_desc *o);

/* Find an output of f by name; NULL if none. */
const struct output_desc *family_output(const struct family *f, const char *name);
/* Comma-separated output names of f into buf.  Returns buf. */
char *family_output_names(const struct family *f, char *buf, size_t n);

#endif
