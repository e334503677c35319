/*
 * ui.c: placeholder entry point of the explorer until the ncurses front end
 * lands: prints the summary of the configuration, as `--batch -o summary`.
 */
#include "ui/ui.h"

#include <stdio.h>

#include "cli/batch.h"

int ui_main(const struct options *o, struct loaded *l)
{
	struct options so = *o;
	so.output = "summary";
	fprintf(stderr, "icnx: the interactive explorer is not built yet; "
		"showing the summary of %s\n", l->name);
	return batch_run(&so, l);
}
