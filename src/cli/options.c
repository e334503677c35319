/* options.c: command-line parsing with getopt_long (see options.h). */
#include "base/decimal.h"
#include "base/termsize.h"
#include "cli/options.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/write.h"
#include "family/family.h"

enum { O_BATCH = 256, O_LIST, O_DUMP, O_CHECK, O_ASCII, O_NOCOLOR, O_NOMOUSE, O_VERSION,
       O_LOAD, O_AT, O_SELECT, O_MANFIELDS, O_MANKEYS, O_CALIBRATE,
       O_HEADLESS, O_KEYS, O_SIM, O_POINTS, O_FIGURE };

static const struct option longopts[] = {
	{ "batch", no_argument, NULL, O_BATCH },
	{ "output", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, 'f' },
	{ "set", required_argument, NULL, 's' },
	{ "load", required_argument, NULL, O_LOAD },
	{ "at", required_argument, NULL, O_AT },
	{ "select", required_argument, NULL, O_SELECT },
	{ "list-presets", no_argument, NULL, O_LIST },
	{ "dump-config", no_argument, NULL, O_DUMP },
	{ "check", no_argument, NULL, O_CHECK },
	{ "ascii", no_argument, NULL, O_ASCII },
	{ "no-color", no_argument, NULL, O_NOCOLOR },
	{ "no-colour", no_argument, NULL, O_NOCOLOR },
	{ "no-mouse", no_argument, NULL, O_NOMOUSE },
	{ "version", no_argument, NULL, O_VERSION },
	{ "help", no_argument, NULL, 'h' },
	{ "man-fields", no_argument, NULL, O_MANFIELDS },
	{ "man-keys", no_argument, NULL, O_MANKEYS },
	{ "calibrate", required_argument, NULL, O_CALIBRATE },
	{ "headless", required_argument, NULL, O_HEADLESS },
	{ "keys", required_argument, NULL, O_KEYS },
	{ "sim", no_argument, NULL, O_SIM },
	{ "jobs", required_argument, NULL, 'j' },
	{ "points", required_argument, NULL, O_POINTS },
	{ "figure", required_argument, NULL, O_FIGURE },
	{ NULL, 0, NULL, 0 },
};

const struct option *options_long(void)
{
	return longopts;
}

bool options_hidden(const char *name)
{
	/* for `make man` (tests/gen-man.sh), not for people */
	return strcmp(name, "man-fields") == 0 || strcmp(name, "man-keys") == 0;
}

void options_usage(void)
{
	char names[256];
	printf("usage: icnx [options] [PRESET|FILE]            interactive explorer\n"
	       "       icnx --batch [options] [PRESET|FILE]    compute and print\n"
	       "\n"
	       "  -o, --output WHAT    what to print (per model, below)\n"
	       "  -f, --format FMT     table | csv | tsv | json (default table)\n"
	       "  -s, --set KEY=VALUE  override a field, dotted path as in the file;\n"
	       "                       lists from 0, '*' for all: clusters.*.tau=0\n"
	       "      --load FROM:TO:N the curve's x values: N points, both ends included,\n"
	       "                       spaced like the x axis (log for message sizes);\n"
	       "      --load X1,X2,... or these values (ascending; point k is the k-th),\n"
	       "      --load X         or this one value\n"
	       "      --at X           where per-point outputs look: the load lambda_g (networks)\n"
	       "                       or the message size in bytes (ethernet)\n"
	       "      --select I[:J]   the item for per-item outputs: a cluster group\n"
	       "                       (multicluster), a switch or group (irregular);\n"
	       "                       I:J a pair (irregular routes from I to J)\n"
	       "      --sim            -o curve: add the simulated columns (mean, 95%% bounds,\n"
	       "                       accepted load, messages) at the same loads\n"
	       "  -j, --jobs N         simulate N load points at once (default: the\n"
	       "                       processors this process may use); same output\n"
	       "      --points I:J     only points I..J (from 0) of the sweep, CSV/TSV rows\n"
	       "                       without the header unless I = 0: pieces run\n"
	       "                       anywhere and concatenate into the whole run's output;\n"
	       "                       J past the last point is cut to it (said on stderr)\n"
	       "      --figure FILE    a curve output: also write it as a figure, a gnuplot\n"
	       "                       script with its data (the explorer's F); draw it with\n"
	       "                       gnuplot -e \"set terminal pdfcairo; set output 'f.pdf'\" FILE\n"
	       "      --list-presets   list the presets and where they are\n"
	       "      --dump-config    print the effective configuration as YAML\n"
	       "      --check          validate the configuration and exit\n"
	       "      --calibrate CSV  fit the ethernet model to MPI measurements, print a\n"
	       "                       preset (--set link_rate=BETA: the link rate used)\n"
	       "      --ascii          ASCII glyphs only (explorer)\n"
	       "      --no-color       no colour (also: a non-empty NO_COLOR)\n"
	       "      --no-mouse       ignore the mouse (explorer)\n"
	       "      --headless WxH   the explorer without a terminal: run it at W x H,\n"
	       "                       type --keys SCRIPT, print the screen (for tests)\n"
	       "      --version, -h --help\n"
	       "\n"
	       "A PRESET is a name looked up in ./presets, $XDG_CONFIG_HOME/icnx/presets,\n"
	       "the presets of the tree icnx was built in (its directory/../presets), then\n"
	       "the installed presets; an argument with '/' or ending in .yaml or .yml\n"
	       "is a FILE.\n"
	       "Default: %s.\n\nOutputs (-o) per model:\n", "javadi-n1120");
	for (size_t i = 0; icnx_families[i]; i++) {
		const struct family *f = icnx_families[i];
		printf("  model: %s (%s)\n", f->schema.name, f->schema.title);
		for (const struct output_desc *o = f->outputs; o->name; o++)
			printf("    %-16s %s%s\n", o->name, o->help, o == f->outputs ? " [default]" : "");
	}
	printf("\nExit status: 0 success, 1 computation failed, 2 usage error or invalid\n"
	       "configuration.  See icnx(1), icnx.yaml(5) and icnx-models(7).\n");
	(void)names;
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "icnx: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'icnx --help'.\n");
	return 2;
}

/* A whole decimal number (base/decimal.h: no 0x20, no inf), finite. */
static int parse_number(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end || !isfinite(v) || !decimal_text(s, (size_t)(end - s)))
		return -1;
	*out = v;
	return 0;
}

/* --load X1,X2,... or a single X (also "X,"): at most OPT_MAX_LOADS
 * values, each >= 0, strictly ascending.  An empty item ("a,,b", ",a") is
 * refused, never dropped.  -1 with the reason in why. */
static int parse_load_list(struct options *o, const char *s, char *why, size_t wn)
{
	const char *p = s;
	size_t n = 0;

	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char item[128];
		double v;

		if (!comma && len == 0 && n > 0)     /* "X,": the trailing comma */
			break;
		if (len == 0) {
			snprintf(why, wn, "item %zu is empty", n + 1);
			return -1;
		}
		if (n == OPT_MAX_LOADS) {
			snprintf(why, wn, "more than %d values", OPT_MAX_LOADS);
			return -1;
		}
		snprintf(item, sizeof item, "%.*s", (int)(len < 100 ? len : 100), p);
		if (len >= 100 || parse_number(item, &v)) {
			snprintf(why, wn, "item %zu '%s%s' is not a decimal number", n + 1, item,
				 len >= 100 ? "..." : "");
			return -1;
		}
		if (v < 0) {
			snprintf(why, wn, "item %zu (%s) is negative", n + 1, item);
			return -1;
		}
		if (n > 0 && v <= o->load_list[n - 1]) {
			snprintf(why, wn, "item %zu (%s) is not above the one before it", n + 1, item);
			return -1;
		}
		o->load_list[n++] = v;
		if (!comma)
			break;
		p = comma + 1;
	}
	o->load_n = n;
	o->load_from = o->load_list[0];
	o->load_to = o->load_list[n - 1];
	o->load_listed = true;
	o->has_load = true;
	return 0;
}

static int parse_load(struct options *o, const char *s, char *why, size_t wn)
{
	char buf[256], *a, *b, *c;
	why[0] = '\0';
	if (!strchr(s, ':'))
		return parse_load_list(o, s, why, wn);
	snprintf(buf, sizeof buf, "%s", s);
	a = buf;
	b = strchr(a, ':');
	c = b ? strchr(b + 1, ':') : NULL;
	if (!b || !c)
		return -1;
	*b++ = '\0';
	*c++ = '\0';
	double n;
	if (parse_number(a, &o->load_from) || parse_number(b, &o->load_to) ||
	    parse_number(c, &n) || n < 1 || n > 1e6 || n != floor(n) || o->load_from < 0 ||
	    o->load_to < o->load_from || (n > 1 && o->load_to == o->load_from))
		return -1;
	o->load_n = (size_t)n;
	o->load_listed = false;
	o->has_load = true;
	return 0;
}

int options_parse(struct options *o, int argc, char **argv)
{
	int c;
	memset(o, 0, sizeof *o);
	o->at = NAN;
	o->select = -1;
	o->select2 = -1;
	o->format = FMT_TABLE;
	o->argv0 = argc > 0 ? argv[0] : NULL;
	o->argc = argc;
	o->argv = argv;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":o:f:s:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case O_BATCH: o->batch = true; break;
		case 'o': o->output = optarg; break;
		case 'f':
			o->format = out_format_parse(optarg);
			if (o->format < 0)
				return usage_error("unknown format '%s' (allowed: table, csv, tsv, json)",
						   optarg);
			break;
		case 's':
			if (!strchr(optarg, '='))
				return usage_error("--set %s: expected KEY=VALUE", optarg);
			if (o->nsets == OPT_MAX_SETS)
				return usage_error("too many --set options (allowed: %s)", "128");
			o->sets[o->nsets++] = optarg;
			break;
		case O_LOAD: {
			char why[160];
			if (parse_load(o, optarg, why, sizeof why) == 0)
				break;
			fprintf(stderr, "icnx: --load %s: %s%sexpected FROM:TO:N (N >= 1 points, "
				"0 <= FROM < TO; X:X:1 is X), a list X1,X2,... (at most %d ascending "
				"decimal values >= 0) or one value X\nTry 'icnx --help'.\n", optarg,
				why, why[0] ? "; " : "", OPT_MAX_LOADS);
			return 2;
		}
		case O_AT:
			if (parse_number(optarg, &o->at) || o->at < 0)
				return usage_error("--at %s: expected a value >= 0 (a load, or a message size "
						   "in bytes for ethernet)", optarg);
			break;
		case O_SELECT: {
			char buf[64], *colon;
			double v, w = -1;
			snprintf(buf, sizeof buf, "%s", optarg);
			colon = strchr(buf, ':');
			if (colon)
				*colon++ = '\0';
			if (parse_number(buf, &v) || v < 0 || v != floor(v) || v > 1e6 ||
			    (colon && (parse_number(colon, &w) || w < 0 || w != floor(w) || w > 1e6)))
				return usage_error("--select %s: expected an index I >= 0, or a pair I:J",
						   optarg);
			o->select = (int)v;
			o->select2 = (int)w;
			break;
		}
		case O_LIST: o->list_presets = true; break;
		case O_DUMP: o->dump_config = true; break;
		case O_CHECK: o->check = true; break;
		case O_ASCII: o->ascii = true; break;
		case O_NOCOLOR: o->no_color = true; break;
		case O_NOMOUSE: o->no_mouse = true; break;
		case O_VERSION: o->version = true; break;
		case O_MANFIELDS: o->man_fields = true; break;
		case O_MANKEYS: o->man_keys = true; break;
		case O_CALIBRATE: o->calibrate = optarg; break;
		case O_HEADLESS:
			if (termsize_parse(optarg, &o->headless_w, &o->headless_h))
				return usage_error("--headless %s: expected a size WxH, such as 80x24",
						   optarg);
			o->headless = true;
			break;
		case O_KEYS: o->keys = optarg; break;
		case O_SIM: o->sim = true; break;
		case O_FIGURE: o->figure = optarg; break;
		case 'j': {
			double v;
			if (parse_number(optarg, &v) || v < 1 || v > 1024 || v != floor(v))
				return usage_error("-j %s: expected a number of threads 1..1024", optarg);
			o->jobs = (int)v;
			break;
		}
		case O_POINTS: {
			char buf[64], *colon;
			double a, b;
			snprintf(buf, sizeof buf, "%s", optarg);
			colon = strchr(buf, ':');
			if (colon)
				*colon++ = '\0';
			if (!colon || parse_number(buf, &a) || parse_number(colon, &b) || a < 0 ||
			    b < a || a != floor(a) || b != floor(b) || b > 1e7)
				return usage_error("--points %s: expected I:J, point indices from 0 "
						   "with I <= J", optarg);
			o->has_points = true;
			o->points_from = (size_t)a;
			o->points_to = (size_t)b;
			break;
		}
		case 'h': o->help = true; break;
		case ':':
			return usage_error("option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (o->keys && !o->headless)
		return usage_error("--keys %s: only with --headless WxH", o->keys);
	if (optind < argc && o->calibrate)
		return usage_error("unexpected argument '%s' (--calibrate reads only its CSV file)",
				   argv[optind]);
	if (optind < argc)
		o->arg = argv[optind++];
	if (optind < argc)
		return usage_error("unexpected argument '%s' (give one PRESET or FILE)", argv[optind]);
	return 0;
}

int load_from_options(const struct options *o, struct loaded *out, struct diag *d)
{
	return load_with_sets(o->arg, o->sets, o->nsets, out, d);
}
