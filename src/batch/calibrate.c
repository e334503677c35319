/*
 * calibrate.c: `icnx --calibrate FILE.csv` (see calibrate.h): reads the
 * file, runs the calibrator (family/ethernet_calib.c, text to text) and
 * prints the preset or the error.  The I/O lives here, not in the fit.
 */
#include "batch/calibrate.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "family/ethernet_calib.h"

#define CSV_MAX_BYTES (64u << 20)

int calibrate_main(const struct options *o)
{
	const char *path = o->calibrate;
	FILE *fp = fopen(path, "rb");
	struct strbuf text, out;
	struct diag d;
	char buf[65536], msg[1024];
	size_t got;

	if (!fp) {
		fprintf(stderr, "icnx: %s: cannot open: %s\n", path, strerror(errno));
		return 2;
	}
	strbuf_init(&text);
	while ((got = fread(buf, 1, sizeof buf, fp)) > 0 && text.len <= CSV_MAX_BYTES)
		strbuf_add(&text, buf, got);
	int rerr = ferror(fp);
	fclose(fp);
	if (rerr || text.failed || text.len > CSV_MAX_BYTES) {
		fprintf(stderr, "icnx: %s: %s\n", path, rerr ? "read error" : text.failed ?
			"out of memory" : "larger than 64 MiB");
		strbuf_free(&text);
		return rerr || text.len > CSV_MAX_BYTES ? 2 : 1;
	}
	strbuf_init(&out);
	diag_clear(&d);
	int rc = calibrate_text(text.s ? text.s : "", text.len, path, o->sets, o->nsets, &out,
				&d);
	strbuf_free(&text);
	if (rc) {
		if (rc < 0 && d.line > 0)   /* FILE:LINE: message */
			fprintf(stderr, "icnx: %s:%d: %s%s%s\n", d.file, d.line, d.path,
				d.path[0] ? ": " : "", d.msg);
		else if (rc < 0)
			fprintf(stderr, "icnx: %s\n", diag_format(&d, msg, sizeof msg));
		else
			fprintf(stderr, "icnx: out of memory\n");
		strbuf_free(&out);
		return rc < 0 ? 2 : 1;
	}
	rc = fputs(out.s, stdout) < 0 || fflush(stdout) ? 1 : 0;
	if (rc)
		perror("icnx: writing output");
	strbuf_free(&out);
	return rc;
}
