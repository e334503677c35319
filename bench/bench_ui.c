/*
 * bench_ui.c: the explorer's responsiveness for `make bench`, measured on
 * the real binary in a pseudo-terminal of 80x24:
 *   - time to the first frame, and to the first frame with the full curve;
 *   - time from a keypress that changes a parameter (+ on tau of a cluster
 *     group) to the frame that shows the recomputed curve (median and
 *     worst of 30 edits), target under 50 ms for javadi-n1120;
 *   - peak memory (maximum resident set size) of the explorer.
 * The explorer writes timestamps (CLOCK_MONOTONIC, ms) of its frames and
 * edits to the file named by ICNX_UI_TRACE; this program compares them with
 * the moments it wrote the keys.  Rows: name | value | target | verdict.
 * Usage: bench_ui [ICNX [PRESET]]  (default: ../icnx beside this program,
 * javadi-n1120); run from the repository's top directory.
 */
#include "ptyrun.h"

#define EDITS 30

int main(int argc, char **argv)
{
	char icnx[4096], v[32], name[128];
	const char *preset = argc > 2 ? argv[2] : "javadi-n1120";
	struct run r;
	double lat[EDITS];
	int n = 0, rc = 0;

	icnx_path(icnx, sizeof icnx, argc, argv);
	memset(&r, 0, sizeof r);
	double t0 = now_ms();
	if (start(&r, icnx, preset)) {
		fprintf(stderr, "bench_ui: cannot start %s in a pseudo-terminal\n", icnx);
		return 1;
	}
	double first = wait_trace(&r, "first-frame", 10000, NULL, 0);
	double full = wait_trace(&r, "frame-curve", 10000, NULL, 0);
	if (first < 0 || full < 0) {
		fprintf(stderr, "bench_ui: no frames from %s\n", icnx);
		kill(r.pid, SIGTERM);
		waitpid(r.pid, NULL, 0);
		return 1;
	}
	snprintf(name, sizeof name, "ui: time to first frame (%s)", preset);
	snprintf(v, sizeof v, "%.1f ms", first - t0);
	row(name, v, "< 200 ms", first - t0 < 200 ? "ok" : "SLOW");
	snprintf(name, sizeof name, "ui: time to the first full curve (%s)", preset);
	snprintf(v, sizeof v, "%.1f ms", full - t0);
	row(name, v, "< 300 ms", full - t0 < 300 ? "ok" : "SLOW");

	/* Select tau of group 1 in the organisation pane, then step it. */
	key(&r, "1j");
	key(&r, "ll");
	drain(&r, 300);
	for (int i = 0; i < EDITS; i++) {
		char want[64], gen[32];
		drain(&r, 20);
		double k0 = now_ms();
		key(&r, i % 2 ? "-" : "+");
		double e = wait_trace(&r, "edit gen=", 2000, gen, sizeof gen);
		if (e < 0)
			break;
		/* The frame that shows the full curve of the edit's generation. */
		snprintf(want, sizeof want, "frame-curve gen=%s", gen);
		double f = wait_trace(&r, want, 2000, NULL, 0);
		if (f < 0)
			break;
		lat[n++] = f - k0;
	}
	int status = quit(&r);
	if (status < 0) {
		fprintf(stderr, "bench_ui: the explorer did not quit; killed it\n");
		status = 0;
		rc = 1;
	}
	if (n < EDITS) {
		fprintf(stderr, "bench_ui: only %d of %d edits were redrawn\n", n, EDITS);
		rc = 1;
	}
	if (n > 0) {
		qsort(lat, (size_t)n, sizeof lat[0], cmp);
		snprintf(name, sizeof name, "ui: keypress to redrawn curve, median (%s)", preset);
		snprintf(v, sizeof v, "%.1f ms", lat[n / 2]);
		row(name, v, "< 50 ms", lat[n / 2] < 50 ? "ok" : "SLOW");
		snprintf(name, sizeof name, "ui: keypress to redrawn curve, worst of %d", n);
		snprintf(v, sizeof v, "%.1f ms", lat[n - 1]);
		row(name, v, "< 50 ms", lat[n - 1] < 50 ? "ok" : "SLOW");
	}
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	snprintf(v, sizeof v, "%.1f MiB", ru.ru_maxrss / 1024.0);
	row("ui: peak memory (max resident set size)", v, "< 64 MiB",
	    ru.ru_maxrss < 64 * 1024 ? "ok" : "BIG");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench_ui: the explorer did not exit cleanly\n");
		rc = 1;
	}
	fclose(r.trace);
	unlink(r.trace_path);
	close(r.master);
	return rc;
}
