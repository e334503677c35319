/*
 * manfields.h: the field reference of icnx.yaml(5), generated from the
 * parameter tables (so the man page cannot drift from the loader).
 */
#ifndef ICNX_MANFIELDS_H
#define ICNX_MANFIELDS_H

#include <stdio.h>

/* Print, as mdoc, one subsection per model family listing every field with
 * its type, allowed values, default, unit and the paper's symbol. */
void man_fields(FILE *fp);

#endif
