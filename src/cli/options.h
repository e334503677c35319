/*
 * options.h: the parsed command line, shared by the batch mode and the
 * explorer.  Strings point into argv (not owned).
 */
#ifndef ICNX_OPTIONS_H
#define ICNX_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "config/load.h"

#define OPT_MAX_SETS 128
#define OPT_MAX_LOADS 256      /* --load X1,X2,...: values at most */

struct options {
	bool batch, list_presets, dump_config, check, version, help;
	bool ascii, no_color, no_mouse;
	bool man_fields;               /* hidden: print icnx.yaml(5)'s field list */
	bool man_keys;                 /* hidden: print icnx(1)'s KEYS list */
	const char *output;            /* -o; NULL = the family's default */
	int format;                    /* enum out_format */
	const char *sets[OPT_MAX_SETS];/* "KEY=VALUE" */
	size_t nsets;
	bool has_load;                 /* --load FROM:TO:N, or --load X1,X2,... */
	double load_from, load_to;
	size_t load_n;
	bool load_listed;              /* --load X1,X2,...: the x values are
	                                  load_list[0..load_n-1], ascending */
	double load_list[OPT_MAX_LOADS];
	double at;                     /* --at X; NaN = the output's default */
	int select;                    /* --select I[:J]; -1 = default */
	int select2;                   /* the J of --select I:J; -1 = none */
	const char *arg;               /* PRESET or FILE; NULL = default preset */
	int argc;                      /* the command line as given (after
	                                  getopt's reordering), for the comment
	                                  of a --figure file */
	char *const *argv;
	const char *argv0;             /* how the program was started ("./icnx"):
	                                  the explorer's `b` prints commands that run
	                                  the same way */
	const char *calibrate;         /* --calibrate FILE.csv; NULL = none */
	bool headless;                 /* --headless WxH: the explorer without a terminal */
	int headless_w, headless_h;
	const char *keys;              /* --keys SCRIPT (with --headless); NULL = none */
	bool sim;                      /* --sim: add the simulated columns to a curve */
	int jobs;                      /* -j N: simulation threads; 0 = the processors
	                                  this process may use (sched_getaffinity) */
	const char *figure;            /* --figure FILE: also write the curve as a
	                                  gnuplot figure (base/figure.h); NULL = none */
	bool has_points;               /* --points I:J: only points I..J of the sweep */
	size_t points_from, points_to;

};

/* Parse argv.  Returns 0, or 2 after printing a usage error to stderr. */
int options_parse(struct options *o, int argc, char **argv);

/* getopt_long's table of the long options (name NULL at the end), for
 * the shell completion (cli/complete.h); options_hidden(name): the option is
 * for the build, not listed by --help nor completed. */
struct option;
const struct option *options_long(void);
bool options_hidden(const char *name);

/* Print --help text (options, outputs of every family, exit status). */
void options_usage(void);

/* Load o->arg (or the default preset) with o->sets applied: load_with_sets
 * (config/load.h), the same contract. */
int load_from_options(const struct options *o, struct loaded *out, struct diag *d);

#endif
