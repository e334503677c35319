/*
 * version.h: which build this is.  The strings are fixed when the program is
 * built (src/base/version.c, from the Makefile's version stamp): the release
 * number (the Makefile's VERSION, e.g. "0.1.0") and the commit it was built
 * from ("d461f9b1c2a3", with "-dirty" when the checkout had uncommitted
 * changes, "unknown" for a tree that is neither a git checkout nor a `git
 * archive` export).  icnx_version is both, "0.1.0+d461f9b1c2a3[-dirty]": what
 * --version, JSON output and the help overlay print.
 */
#ifndef ICNX_VERSION_H
#define ICNX_VERSION_H

extern const char icnx_release[];
extern const char icnx_commit[];
extern const char icnx_version[];

#endif
