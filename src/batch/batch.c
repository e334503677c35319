/* batch.c: the batch mode (see batch.h). */
#include "batch/batch.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/write.h"
#include "family/curve.h"
#include "family/outkit.h"

int batch_run(const struct options *o, const struct loaded *l)
{
	const struct family *f = l->cfg.family;
	const struct output_desc *out = o->output ? family_output(f, o->output) : &f->outputs[0];
	struct run_req req;
	struct table t;
	struct diag d;
	double *xs = NULL;
	char names[256], msg[1024];

	if (!out) {
		fprintf(stderr, "icnx: -o %s: model %s has no such output (allowed: %s)\n",
			o->output, f->name, family_output_names(f, names, sizeof names));
		return 2;
	}
	run_req_init(&req);
	req.at = o->at;
	req.select = o->select;
	req.select2 = o->select2;
	if (o->has_load) {
		xs = malloc(o->load_n * sizeof *xs);
		if (!xs) {
			fprintf(stderr, "icnx: out of memory\n");
			return 1;
		}
		/* The one spacing rule (curve.h): log for message sizes. */
		curve_spacing(o->load_from, o->load_to, o->load_n, f->x.log, xs);
		req.x = xs;
		req.nx = o->load_n;
	}
	table_init(&t, "");
	diag_clear(&d);
	/* The family's prepared model, as the explorer's worker hands it to
	 * every output; if it fails the output reports its own error. */
	void *prep = NULL;
	if (f->prepare && f->prepare(&l->cfg, &req, &prep, &d) == 0)
		req.prepared = prep;
	diag_clear(&d);
	int rc = output_run(out, &l->cfg, &req, &t, &d);
	family_release(f, prep);
	free(xs);
	if (rc) {
		fprintf(stderr, "icnx: %s: %s\n", l->name, diag_format(&d, msg, sizeof msg));
		table_free(&t);
		return d.usage ? 2 : 1;
	}
	struct write_meta meta = { f->name, l->name, out->name };
	if (out->kind == OUT_TEXT) {
		for (size_t r = 0; r < t.nrows; r++)
			printf("%s\n", table_get_text(&t, r, 0));
		rc = ferror(stdout) ? -1 : 0;
	} else {
		rc = write_table(stdout, &t, (enum out_format)o->format, &meta);
	}
	table_free(&t);
	if (rc || fflush(stdout)) {
		perror("icnx: writing output");
		return 1;
	}
	return 0;
}
