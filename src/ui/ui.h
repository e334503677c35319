/*
 * ui.h: the interactive explorer's entry point.  Called from main() on the
 * main thread with a validated configuration; owns the terminal until it
 * returns, and always restores it.
 */
#ifndef ICNX_UI_H
#define ICNX_UI_H

#include <stdio.h>

#include <stdbool.h>

#include "config/load.h"

/* What the explorer takes from the command line (main() fills it from
 * struct options; the explorer does not depend on the command-line parser). */
struct ui_options {
	bool ascii, no_color, no_mouse;
	bool headless;                 /* --headless WxH: no terminal, the screen
	                                  printed as text */
	int headless_w, headless_h;
	const char *keys;              /* --keys SCRIPT (with headless); NULL none */
	const char *program;           /* how icnx was started (argv[0], "./icnx"):
	                                  `b` prints commands that run the same way */
};

/* Run the explorer on l (which it may replace when the user opens another
 * file).  Returns the exit status (0, or 2 when there is no terminal). */
int ui_main(const struct ui_options *o, struct loaded *l);

/* Print the KEYS list of icnx(1) in mdoc, generated from the key table (for
 * `icnx --man-keys` and tests/gen-man.sh).  Any thread; no terminal. */
void ui_man_keys(FILE *fp);

#endif
