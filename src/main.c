/*
 * main.c: icnx's entry point: parse the command line, then list presets,
 * check or dump a configuration, run the batch mode, or start the explorer
 * (or, hidden, print shell-completion candidates: cli/complete.h).
 * Exit status: 0 success, 1 computation failed, 2 usage error or invalid
 * configuration.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family/family.h"
#include "base/version.h"
#include "batch/batch.h"
#include "batch/calibrate.h"
#include "config/load.h"
#include "cli/complete.h"
#include "cli/options.h"
#include "batch/manfields.h"
#include "config/presets.h"
#include "config/yaml_dump.h"
#include "ui/ui.h"

static void list_one(const char *name, const char *path, const char *origin, void *ctx)
{
	struct config cfg;
	struct diag d;
	(void)ctx;
	if (config_parse_file(&cfg, path, NULL, NULL, &d) == 0) {
		printf("%-31s %-13s %-10s %s\n", name, cfg.family->schema.name, origin, cfg.title);
		config_free(&cfg);
	} else
		printf("%-31s %-13s %-10s (invalid: %s)\n", name, "?", origin, d.msg);
}

int main(int argc, char **argv)
{
	struct options o;
	struct loaded l;
	struct diag d;
	char msg[1024];
	int rc;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");   /* numbers always with a '.' */

	if (argc > 1 && strcmp(argv[1], "--complete") == 0)
		return complete_main(stdout, argc - 2, argv + 2);
	rc = options_parse(&o, argc, argv);
	if (rc)
		return rc;
	if (o.help) {
		options_usage();
		return 0;
	}
	if (o.version) {
		size_t n = strcspn(icnx_commit, "-");
		printf("icnx %s\nrelease %s, ", icnx_version, icnx_release);
		if (strcmp(icnx_commit, "unknown") == 0)
			printf("built from a tree that names no commit\n");
		else
			printf("built from commit %.*s%s\n", (int)n, icnx_commit,
			       icnx_commit[n] ? " with uncommitted changes" : "");
		return 0;
	}
	if (o.man_fields) {
		man_fields(stdout);
		return 0;
	}
	if (o.man_keys) {
		ui_man_keys(stdout);
		return 0;
	}
	if (o.calibrate)
		return calibrate_main(&o);
	if (o.list_presets) {
		printf("%-31s %-13s %-10s %s\n", "NAME", "MODEL", "WHERE", "TITLE");
		if (preset_list(list_one, NULL) == 0)
			fprintf(stderr, "icnx: no presets found\n");
		return 0;
	}
	if (load_from_options(&o, &l, &d)) {
		fprintf(stderr, "icnx: %s\n", diag_format(&d, msg, sizeof msg));
		loaded_free(&l);
		return 2;
	}
	diag_clear(&d);
	if (o.check && l.cfg.family->model_refusal && l.cfg.family->model_refusal(&l.cfg, &d)) {
		/* a model asked for a system it does not express: batch refuses it */
		fprintf(stderr, "icnx: %s: %s\n", l.name, diag_format(&d, msg, sizeof msg));
		rc = 2;
	} else if (o.check) {
		printf("%s: ok (model %s%s%s)\n", l.name, l.cfg.family->schema.name,
		       l.cfg.title[0] ? ": " : "", l.cfg.title);
		rc = 0;
	} else if (o.dump_config) {
		char *text = config_dump(&l.cfg);
		rc = text && fputs(text, stdout) >= 0 ? 0 : 1;
		free(text);
	} else if (o.batch) {
		rc = batch_run(&o, &l);
	} else {
		struct ui_options uo = {
			.ascii = o.ascii, .no_color = o.no_color, .no_mouse = o.no_mouse,
			.headless = o.headless, .headless_w = o.headless_w,
			.headless_h = o.headless_h, .keys = o.keys, .program = o.argv0,
		};
		rc = ui_main(&uo, &l);
	}
	loaded_free(&l);
	return rc;
}
