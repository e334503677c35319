/*
 * batch.h: `icnx --batch`: compute the requested output of a loaded
 * configuration and print it to stdout; never touches the terminal.
 */
#ifndef ICNX_BATCH_H
#define ICNX_BATCH_H

#include "config/load.h"
#include "cli/options.h"

/* Returns the exit status: 0 success, 1 computation failed, 2 usage. */
int batch_run(const struct options *o, const struct loaded *l);

#endif
