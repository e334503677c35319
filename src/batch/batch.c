/* batch.c: the batch mode (see batch.h). */
#include "batch/batch.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/write.h"
#include "base/pool.h"
#include "batch/batchfig.h"
#include "batch/simbatch.h"
#include "family/curve.h"
#include "family/outkit.h"
#include "family/simcfg.h"

/* The x values of a curve run that the batch layer must know itself
 * (--sim, a simulated output, --points): --load, else the simulated
 * output's default loads, else the family's sweep.  *xs allocated. */
static int curve_xs(const struct options *o, const struct config *cfg,
		    const struct output_desc *sim, struct run_req *req, double **xs, size_t *n,
		    struct diag *d)
{
	const struct family *f = cfg->family;
	double from, to;
	int rc;

	if (o->has_load) {
		*xs = malloc(o->load_n * sizeof **xs);
		if (!*xs)
			return diag_set(d, "", "out of memory");
		if (o->load_listed) {
			/* a whole-unit axis (bytes) takes whole values only */
			for (size_t k = 0; k < o->load_n && f->x.whole; k++)
				if (o->load_list[k] != floor(o->load_list[k])) {
					free(*xs);
					*xs = NULL;
					d->usage = true;
					return diag_set(d, "", "--load: %g: the %s values are whole "
							"%s", o->load_list[k], f->x.name,
							f->x.unit);
				}
			memcpy(*xs, o->load_list, o->load_n * sizeof **xs);
		}
		else
			curve_spacing(o->load_from, o->load_to, o->load_n,
				      curve_axis_spacing(&f->x), *xs);
		*n = o->load_n;
		return 0;
	}
	if (sim && sim->loads)
		return sim->loads(cfg, req, xs, n, d);
	rc = f->sweep(cfg, req, &from, &to, n, d);
	if (rc)
		return rc;
	*xs = malloc((*n ? *n : 1) * sizeof **xs);
	if (!*xs)
		return diag_set(d, "", "out of memory");
	curve_spacing(from, to, *n, curve_axis_spacing(&f->x), *xs);
	return 0;
}

/* Print t; with --points I:J for I > 0, CSV/TSV without the header line. */
static int print_table(const struct options *o, const struct table *t,
		       const struct write_meta *meta)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	int rc;

	if (!(o->has_points && o->points_from > 0))
		return write_table(stdout, t, (enum out_format)o->format, meta);
	mem = open_memstream(&buf, &len);
	if (!mem)
		return -1;
	rc = write_table(mem, t, (enum out_format)o->format, meta);
	if (fclose(mem) || rc) {
		free(buf);
		return -1;
	}
	{
		char *nl = memchr(buf, '\n', len);
		size_t skip = nl ? (size_t)(nl - buf) + 1 : len;
		if (len > skip && fwrite(buf + skip, 1, len - skip, stdout) != len - skip)
			rc = -1;
	}
	free(buf);
	return rc;
}

/* The failed points of a simulated run that printed the others: one line
 * each on stderr, the point's index in the sweep and the whole reason (the
 * rows themselves are printed with empty simulated cells).  Returns how
 * many. */
static size_t report_failed(const char *name, const struct table *t, size_t point0)
{
	size_t n = table_count_role(t, ROW_FAILED);

	for (size_t r = 0; r < t->nrows; r++)
		if (table_row_role(t, r) == ROW_FAILED)
			fprintf(stderr, "icnx: %s: simulated point %zu failed (its row has no simulated "
				"values): %s\n", name, point0 + r,
				table_row_note(t, r) ? table_row_note(t, r) : "no reason given");
	if (n)
		fprintf(stderr, "icnx: %s: %zu of %zu simulated points failed; the other rows are "
			"printed (exit status 3)\n", name, n, t->nrows);
	return n;
}

static int usage(const char *msg, const char *arg)
{
	fprintf(stderr, "icnx: ");
	fprintf(stderr, msg, arg);
	fputc('\n', stderr);
	return 2;
}

int batch_run(const struct options *o, const struct loaded *l)
{
	const struct family *f = l->cfg.family;
	const struct output_desc *out = o->output ? family_output(f, o->output) : &f->outputs[0];
	const struct output_desc *sim = NULL;
	struct run_req req;
	struct table t;
	struct diag d;
	double *xs = NULL;
	size_t nx = 0;
	int jobs = o->jobs > 0 ? o->jobs : pool_default_threads();
	char names[256], msg[1024];
	bool explicit_x;

	if (!out) {
		fprintf(stderr, "icnx: -o %s: model %s has no such output (allowed: %s)\n",
			o->output, f->schema.name, family_output_names(f, names, sizeof names));
		return 2;
	}
	if (o->sim && out->kind != OUT_CURVE)
		return usage("--sim: -o %s is not a curve (--sim adds simulated columns to "
			     "-o curve)", out->name);
	if (o->sim && !output_sim_points(out)) {
		sim = family_sim_curve(f);
		if (!sim)
			return usage("--sim: model %s has no simulator", f->schema.name);
	}
	if (o->has_points && out->kind != OUT_CURVE)
		return usage("--points: -o %s is not a curve", out->name);
	if (o->figure && out->kind != OUT_CURVE)
		return usage("--figure: -o %s is not a curve (a figure plots -o curve, with "
			     "--sim its simulated points)", out->name);
	if (o->figure && !batch_figure_dir_ok(o->figure))
		return usage("--figure %s: its directory does not exist (nothing computed or "
			     "written; a figure never creates directories)", o->figure);
	if (o->has_points && o->format != FMT_CSV && o->format != FMT_TSV)
		return usage("--points: pieces concatenate only as CSV or TSV rows (%s)",
			     "add -f csv");
	/* a model asked for a system it does not express: refused whatever
	 * the output, with the setting and the reason (family.h) */
	diag_clear(&d);
	if (f->model_refusal && f->model_refusal(&l->cfg, &d)) {
		fprintf(stderr, "icnx: %s: %s\n", l->name, diag_format(&d, msg, sizeof msg));
		return 2;
	}
	run_req_init(&req);
	req.at = o->at;
	req.select = o->select;
	req.select2 = o->select2;
	table_init(&t, "");
	diag_clear(&d);
	/* The family's prepared model, as the explorer's worker hands it to
	 * every fast-lane output; if it fails the output reports its own
	 * error.  A slow-lane output (the simulator's) prepares its own when
	 * it needs one (family_prepared), so a request it refuses before
	 * simulating is refused without the model's tables (0.5 s on 1024
	 * switches). */
	void *prep = NULL;
	if (f->prepare && out->lane != LANE_SLOW && f->prepare(&l->cfg, &req, &prep, &d) == 0)
		req.prepared = prep;
	diag_clear(&d);
	int rc = 0;
	explicit_x = out->kind == OUT_CURVE && (sim || output_sim_points(out) || o->has_points);
	if (explicit_x) {
		rc = curve_xs(o, &l->cfg, sim ? sim : output_sim_points(out) ? out : NULL, &req, &xs,
			     &nx, &d);
		if (!rc && o->has_points) {
			/* J past the sweep's end is cut to its last point (a
			 * Slurm array's last, shorter piece) and said so; a piece
			 * that would start past the end is an error */
			if (o->points_from >= nx) {
				d.usage = true;
				rc = diag_set(&d, "", "--points %zu:%zu: the sweep has points 0..%zu, "
					      "none from %zu (I must be a point of the sweep)",
					      o->points_from, o->points_to, nx ? nx - 1 : 0,
					      o->points_from);
			} else {
				size_t to = o->points_to < nx ? o->points_to : nx - 1;
				if (to < o->points_to)
					fprintf(stderr, "icnx: %s: --points %zu:%zu: the sweep has "
						"points 0..%zu; computing %zu..%zu\n", l->name,
						o->points_from,
						o->points_to, nx - 1, o->points_from, to);
				req.x = xs + o->points_from;
				req.nx = to - o->points_from + 1;
				req.point0 = o->points_from;
			}
		} else if (!rc) {
			req.x = xs;
			req.nx = nx;
		}
	} else if (o->has_load) {
		rc = curve_xs(o, &l->cfg, NULL, &req, &xs, &nx, &d);
		req.x = xs;
		req.nx = nx;
	}
	if (!rc && (output_sim_points(out) || sim) && req.nx > SIM_RUN_POINTS) {
		/* each point may take SIM_WORK_POINT events: one run at most
		 * SIM_RUN_POINTS of them (icnx.yaml(5) LIMITS) */
		d.usage = true;
		rc = diag_set(&d, "", "%zu simulated points: one run simulates at most %d (each "
			      "may take %.0e events, icnx.yaml(5) LIMITS); run the sweep in pieces "
			      "with --points I:J -f csv", req.nx, SIM_RUN_POINTS,
			      (double)SIM_WORK_POINT);
	}
	if (!rc) {
		if (output_sim_points(out))
			rc = simbatch_run(out, NULL, &l->cfg, &req, jobs, &t, &d);
		else if (sim)
			rc = simbatch_run(sim, out, &l->cfg, &req, jobs, &t, &d);
		else
			rc = output_run(out, &l->cfg, &req, &t, &d);
	}
	if (!rc && o->figure) {
		/* the command that prints the figure's numbers: this one,
		 * without --figure */
		struct strbuf cmd;
		strbuf_init(&cmd);
		for (int i = 0; i < o->argc; i++) {
			const char *a = o->argv[i];
			if (strcmp(a, "--figure") == 0) {
				i++;
				continue;
			}
			if (strncmp(a, "--figure=", 9) == 0)
				continue;
			strbuf_puts(&cmd, i ? " " : "");
			if (a[strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				     "0123456789_./:=,+-")] == '\0' && *a) {
				strbuf_puts(&cmd, a);
				continue;
			}
			strbuf_puts(&cmd, "'");
			for (const char *p = a; *p; p++)
				strbuf_puts(&cmd, *p == '\'' ? "'\\''" : (char[]){ *p, 0 });
			strbuf_puts(&cmd, "'");
		}
		rc = batch_figure(o->figure, l, out, &t, cmd.failed ? NULL : cmd.s, &d);
		strbuf_free(&cmd);
	}
	family_release(f, prep);
	free(xs);
	if (rc) {
		fprintf(stderr, "icnx: %s: %s\n", l->name, diag_format(&d, msg, sizeof msg));
		table_free(&t);
		return d.usage ? 2 : 1;
	}
	struct write_meta meta = { f->schema.name, l->name, out->name };
	if (out->kind == OUT_TEXT) {
		for (size_t r = 0; r < t.nrows; r++)
			printf("%s\n", table_get_text(&t, r, 0));
		rc = ferror(stdout) ? -1 : 0;
	} else {
		rc = print_table(o, &t, &meta);
	}
	size_t failed = rc ? 0 : report_failed(l->name, &t, req.point0);
	table_free(&t);
	if (rc || fflush(stdout)) {
		perror("icnx: writing output");
		return 1;
	}
	return failed ? 3 : 0;
}
