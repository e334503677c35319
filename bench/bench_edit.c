/*
 * bench_edit.c: the cost of one edit, for `make bench`: the real explorer
 * in a pseudo-terminal of 80x24 on FILE; SELECT keys pick a scalar field,
 * then EDITS alternate + and - on it.  For each edit, from the explorer's
 * trace (ICNX_UI_TRACE):
 *   - key to redrawn plot: from writing the key to the frame that shows the
 *     full curve of the edit's generation;
 *   - worker CPU, and the shared work the worker did (family.prepare calls,
 *     irregular network builds, saturation searches): differences of the
 *     cumulative counters on the "idle gen=G" lines (written once the worker
 *     has settled on the edit);
 * and, outside the explorer, a single `icnx --batch FILE -o OUTPUT` (the
 * same curve), run once after each edit has settled (the explorer idle),
 * so both sample the same load on a shared machine; one run before the
 * edits warms the caches.  Rows (min and median of the runs):
 *   name | value | target | verdict
 * Targets: key-to-plot median at most 1.25 times the --batch median (or at
 * most MAX_MS when given), COUNTER (net_builds or saturations) at most 1
 * on every edit.
 * Usage: bench_edit ICNX FILE SELECT OUTPUT COUNTER EDITS [MAX_MS]
 * (COUNTER: net_builds, saturations, or none)
 * (run from the repository's top directory).
 */
#include "ptyrun.h"

#define MAXEDITS 64

struct idle {
	double cpu, prepares, builds, sats;
};

static int parse_idle(const char *rest, struct idle *s)
{
	return sscanf(rest, "%*s worker_cpu_ms=%lf prepares=%lf net_builds=%lf saturations=%lf",
		      &s->cpu, &s->prepares, &s->builds, &s->sats) == 4 ? 0 : -1;
}

/* Wait for both "frame-curve gen=G" (its time into *frame) and "idle gen=G"
 * (parsed into *s), in either order.  Returns 0, or -1 after timeout_ms. */
static int wait_edit(struct run *r, const char *gen, double timeout_ms, double *frame,
		     struct idle *s)
{
	char line[512], want_f[64], want_i[64];
	double end = now_ms() + timeout_ms;
	bool got_f = false, got_i = false;

	snprintf(want_f, sizeof want_f, "frame-curve gen=%s", gen);
	snprintf(want_i, sizeof want_i, "idle gen=%s ", gen);
	while (now_ms() < end && !(got_f && got_i)) {
		drain(r, 1);
		fseek(r->trace, r->pos, SEEK_SET);
		while (fgets(line, sizeof line, r->trace)) {
			if (line[strlen(line) - 1] != '\n')
				break;
			r->pos = ftell(r->trace);
			line[strlen(line) - 1] = '\0';
			char *sp = strchr(line, ' ');
			if (!sp)
				continue;
			if (!got_f && strcmp(sp + 1, want_f) == 0) {
				*frame = strtod(line, NULL);
				got_f = true;
			}
			if (!got_i && strncmp(sp + 1, want_i, strlen(want_i)) == 0)
				got_i = parse_idle(sp + 1 + 5, s) == 0;
		}
		clearerr(r->trace);
	}
	return got_f && got_i ? 0 : -1;
}

/* Wall ms of `icnx --batch FILE -o OUTPUT >/dev/null`. */
static double batch_ms(const char *icnx, const char *file, const char *output)
{
	double t0 = now_ms();
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);
		dup2(fd, 1);
		dup2(fd, 2);
		execl(icnx, icnx, "--batch", file, "-o", output, (char *)NULL);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? now_ms() - t0 : -1;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof v[0], cmp);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double minimum(const double *v, int n)
{
	double m = v[0];
	for (int i = 1; i < n; i++)
		m = v[i] < m ? v[i] : m;
	return m;
}

int main(int argc, char **argv)
{
	if (argc < 7) {
		fprintf(stderr, "usage: bench_edit ICNX FILE SELECT OUTPUT COUNTER EDITS [MAX_MS]\n");
		return 2;
	}
	const char *icnx = argv[1], *file = argv[2], *select = argv[3], *output = argv[4];
	const char *counter = argv[5];
	int edits = atoi(argv[6]);
	double max_ms = argc > 7 ? atof(argv[7]) : 0;
	char base[64];
	snprintf(base, sizeof base, "%s", strrchr(file, '/') ? strrchr(file, '/') + 1 : file);
	base[strcspn(base, ".")] = '\0';
	double lat[MAXEDITS], cpu[MAXEDITS], work[MAXEDITS], bt[MAXEDITS];
	char name[128], v[48], tgt[32];
	struct run r;
	struct idle prev, cur;
	int n = 0, rc = 0;

	if (edits < 1 || edits > MAXEDITS)
		edits = MAXEDITS;
	bool builds = strcmp(counter, "net_builds") == 0;
	memset(&r, 0, sizeof r);
	if (start(&r, icnx, file)) {
		fprintf(stderr, "bench_edit: cannot start %s in a pseudo-terminal\n", icnx);
		return 1;
	}
	double f0;
	if (wait_edit(&r, "1", 60000, &f0, &prev) < 0) {
		fprintf(stderr, "bench_edit: %s: no settled first frame\n", file);
		kill(r.pid, SIGTERM);
		waitpid(r.pid, NULL, 0);
		return 1;
	}
	key(&r, select);
	drain(&r, 300);
	if (batch_ms(icnx, file, output) < 0) {     /* warms the caches */
		fprintf(stderr, "bench_edit: %s --batch %s -o %s failed\n", icnx, file, output);
		kill(r.pid, SIGTERM);
		waitpid(r.pid, NULL, 0);
		return 1;
	}
	for (int i = 0; i < edits; i++) {
		char gen[32];
		drain(&r, 20);
		double k0 = now_ms();
		key(&r, i % 2 ? "-" : "+");
		double e = wait_trace(&r, "edit gen=", 5000, gen, sizeof gen);
		double f = 0;
		gen[strcspn(gen, "\n")] = '\0';
		if (e < 0 || wait_edit(&r, gen, 60000, &f, &cur) < 0)
			break;
		lat[n] = f - k0;
		cpu[n] = cur.cpu - prev.cpu;
		work[n] = builds ? cur.builds - prev.builds : cur.sats - prev.sats;
		/* The same curve by the batch mode, now, while the explorer idles. */
		bt[n] = batch_ms(icnx, file, output);
		if (bt[n] < 0) {
			fprintf(stderr, "bench_edit: %s --batch %s -o %s failed\n", icnx, file, output);
			break;
		}
		n++;
		prev = cur;
	}
	int status = quit(&r);
	if (status != 0) {          /* what the explorer did last */
		char line[512];
		fseek(r.trace, 0, SEEK_SET);
		long total = 0;
		while (fgets(line, sizeof line, r.trace))
			total++;
		fseek(r.trace, 0, SEEK_SET);
		for (long i = 0; fgets(line, sizeof line, r.trace); i++)
			if (i >= total - 8)
				fprintf(stderr, "bench_edit: trace: %s", line);
	}
	fclose(r.trace);
	unlink(r.trace_path);
	close(r.master);
	if (n < edits) {
		fprintf(stderr, "bench_edit: %s: only %d of %d edits were redrawn\n", file, n,
			edits);
		rc = 1;
	}
	if (status != 0) {
		fprintf(stderr, "bench_edit: %s: the explorer did not exit cleanly (status %#x)\n", file, status);
		rc = 1;
	}
	if (n == 0)
		return 1;
	int nb = n;
	double lmin = minimum(lat, n), lmed = median(lat, n);
	double bmin = minimum(bt, nb), bmed = median(bt, nb);
	double wmin = minimum(work, n), wmed = median(work, n), wmax = wmin;
	for (int i = 0; i < n; i++)
		wmax = work[i] > wmax ? work[i] : wmax;
	double cmin = minimum(cpu, n), cmed = median(cpu, n);

	snprintf(name, sizeof name, "%s: key to redrawn plot, min/med", base);
	snprintf(v, sizeof v, "%.1f/%.1f ms", lmin, lmed);
	if (max_ms > 0) {
		snprintf(tgt, sizeof tgt, "<= %g ms", max_ms);
		printf("%-52s | %12s | %12s | %s\n", name, v, tgt, lmed <= max_ms ? "ok" : "SLOW");
	} else {
		printf("%-52s | %12s | %12s | %s\n", name, v, "", "");
	}
	snprintf(name, sizeof name, "%s: --batch -o %s, min/med", base, output);
	snprintf(v, sizeof v, "%.1f/%.1f ms", bmin, bmed);
	printf("%-52s | %12s | %12s | %s\n", name, v, "", "");
	snprintf(name, sizeof name, "%s: key-to-plot / --batch (medians)", base);
	snprintf(v, sizeof v, "%.2f", lmed / bmed);
	printf("%-52s | %12s | %12s | %s\n", name, v, "<= 1.25",
	       max_ms > 0 || lmed <= 1.25 * bmed ? "ok" : "SLOW");
	if (strcmp(counter, "none") != 0) {
		snprintf(name, sizeof name, "%s: %s per edit, min/med", base,
			 builds ? "network builds" : "saturation searches");
		snprintf(v, sizeof v, "%.0f/%.0f", wmin, wmed);
		printf("%-52s | %12s | %12s | %s\n", name, v, "1",
		       wmax <= 1 ? "ok" : "REDONE");   /* every edit, not the median */
	}
	snprintf(name, sizeof name, "%s: worker CPU per edit, min/med", base);
	snprintf(v, sizeof v, "%.1f/%.1f ms", cmin, cmed);
	printf("%-52s | %12s | %12s | %s\n", name, v, "", "");
	fflush(stdout);
	return rc;
}
