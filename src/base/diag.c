/* diag.c: building and formatting user-facing diagnostics (see diag.h). */
#include "base/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void diag_clear(struct diag *d)
{
	if (d)
		memset(d, 0, sizeof *d);
}

int diag_set(struct diag *d, const char *path, const char *fmt, ...)
{
	va_list ap;

	if (!d)
		return -1;
	snprintf(d->path, sizeof d->path, "%s", path ? path : "");
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	return -1;
}

char *diag_format(const struct diag *d, char *buf, size_t n)
{
	size_t len = 0;

	if (n == 0)
		return buf;
	buf[0] = '\0';
	if (d->file[0]) {
		if (d->line > 0)
			len = (size_t)snprintf(buf, n, "%s:%d:%d: ", d->file, d->line,
					       d->col > 0 ? d->col : 1);
		else
			len = (size_t)snprintf(buf, n, "%s: ", d->file);
	}
	if (len < n && d->path[0])
		len += (size_t)snprintf(buf + len, n - len, "%s: ", d->path);
	if (len < n)
		snprintf(buf + len, n - len, "%s", d->msg);
	return buf;
}
