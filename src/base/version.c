/* version.c: the build's release and commit (see version.h).  Only this file
 * sees ICNX_RELEASE and ICNX_COMMIT (the Makefile passes them to it alone and
 * rebuilds it when they change, so a new commit relinks, nothing else). */
#include "base/version.h"

#ifndef ICNX_RELEASE
#error "ICNX_RELEASE is set by the Makefile"
#endif
#ifndef ICNX_COMMIT
#define ICNX_COMMIT "unknown"
#endif

const char icnx_release[] = ICNX_RELEASE;
const char icnx_commit[] = ICNX_COMMIT;
const char icnx_version[] = ICNX_RELEASE "+" ICNX_COMMIT;
