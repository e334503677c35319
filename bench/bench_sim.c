/*
 * bench_sim.c: simulator timings for `make bench`, in the rows of
 * bench/run.sh (name | figure | target | verdict).  Each figure times the
 * batch mode as a whole process (fork, exec ./icnx, wait4's CPU time and
 * peak memory), so it is what a user gets:
 *   - throughput in flit-hops (one flit crossing one channel) per CPU
 *     second on one thread at 50% of saturation, best and median of RUNS
 *     runs (the verdict on the median; the
 *     preset's default 50000 measured messages), for javadi-n1120 and
 *     kiasari-s5-v6 (the model's saturation) and arnau-random24 (the
 *     simulated saturation, -o saturation with 5000 messages per probe);
 *     target 50 million per second, beside main d461f9b's figure (the
 *     engine before the active-set core, issue 21);
 *   - the cycle core against BookSim2 on tests/validate/booksim.py's
 *     workload at 50% and 90% of BookSim's saturation, against the speed
 *     BookSim was measured at (docs/validation/booksim-speed.csv; targets
 *     100x and 50x; a load with no BookSim figure says so);
 *   - the -j 2 speed-up (wall, -j 1 over -j 2) of kiasari-s5-v6's 10-point
 *     simulated curve at 20000 messages per point, with each run's CPU over
 *     wall time (the share of the machine it got: on a loaded shared
 *     machine the walls' ratio is not the program's speed-up);
 *   - the explorer's key r on every network preset (its default points
 *     and budget, on both cores): the wall time of a headless session
 *     (icnx --headless, keys "r" then "q") less that of a session that
 *     only quits, against the 2 s of issue 21, with its CPU over wall
 *     time (below 2: the machine did not give it both cores);
 *   - the wall and CPU time of the 10-point simulated curve of every
 *     network preset (-o sim, irregular -o curve; the default loads, up to
 *     the model's saturation), one run each, and the peak memory (the
 *     largest ru_maxrss of every run).
 * Run length: by default the curves measure 5000 messages per point (after
 * 1000 of warm-up) so that the whole program stays near 1 minute of CPU
 * (about 3 minutes on a loaded 2-core machine); BENCH_SIM_FULL=1 runs them
 * with the presets' defaults (50000 + 5000, several minutes each for the
 * multi-cluster presets).  BENCH_SIM_WALL=S (default 180) bounds the whole
 * program's wall time: a curve run still going when S seconds have passed
 * since the start is stopped (SIGALRM, its row says "cut") and the rows
 * left are skipped, so that `make bench` always finishes.
 * BENCH_SIM_BEFORE=PATH (another icnx binary, e.g. an older commit's
 * build) adds a same-machine, same-run "before" to the throughput and
 * BookSim rows: each of their runs is paired with a run of PATH on the same
 * arguments, in turn, and the verdict names PATH's median beside the
 * figure (a loaded shared machine drifts between two bench runs; pairs in
 * turn see the same drift).
 * BENCH_SIM_ONLY=r runs the explorer's r rows alone (about 30 s on an
 * idle 2-core machine): the figure of the r scheduling, without the
 * minutes of the other rows.
 * Usage: bench_sim [ICNX]  (run from the source tree; default ./icnx).
 */
#define _GNU_SOURCE
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *icnx = "./icnx";
static const char *before_icnx;  /* BENCH_SIM_BEFORE, or NULL */

static double wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Run icnx with args (NULL-terminated, after argv[0]); its stdout into out
 * (cap bytes).  CPU seconds, wall seconds, peak KiB.  With secs > 0 the
 * child is killed by SIGALRM after secs seconds of wall time (alarm()
 * survives exec).  0, -2 (cut by the alarm; *w, *cpu, *kib set) or -1. */
static double csv_field(const char *csv, const char *name);

static int run_bin(const char *bin, char *const *args, char *out, size_t cap, double *cpu,
		   double *w, long *kib, unsigned secs)
{
	int fd[2], st;
	pid_t pid;
	struct rusage ru;
	size_t len = 0;
	double t0 = wall();

	setvbuf(stdout, NULL, _IOLBF, 0);     /* rows as they come */
	char *argv[32];
	int n = 0;

	argv[n++] = (char *)bin;
	for (; args[n - 1] && n < 31; n++)
		argv[n] = args[n - 1];
	argv[n] = NULL;
	if (pipe(fd))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		if (secs)
			alarm(secs);
		execv(bin, argv);
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		ssize_t r = read(fd[0], out + len, cap - 1 - len);
		if (r <= 0)
			break;
		len += (size_t)r;
		if (len + 1 >= cap)
			len = 0;            /* keep the tail only */
	}
	out[len] = '\0';
	close(fd[0]);
	if (wait4(pid, &st, 0, &ru) < 0)
		return -1;
	*w = wall() - t0;
	*cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
	       (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
	*kib = ru.ru_maxrss;
	if (secs && WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM)
		return -2;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static int run_for(char *const *args, char *out, size_t cap, double *cpu, double *w, long *kib,
		   unsigned secs)
{
	return run_bin(icnx, args, out, cap, cpu, w, kib, secs);
}

static int run(char *const *args, char *out, size_t cap, double *cpu, double *w, long *kib)
{
	return run_for(args, out, cap, cpu, w, kib, 0);
}

/* With BENCH_SIM_BEFORE: the before binary on the same arguments, its
 * flit-hops per CPU second into *rate (NaN when it failed). */
static void run_before(char *const *args, double *rate)
{
	static char bbuf[1 << 20];
	double cpu, w;
	long kib;

	*rate = NAN;
	if (before_icnx && !run_bin(before_icnx, args, bbuf, sizeof bbuf, &cpu, &w, &kib, 0) &&
	    cpu > 0)
		*rate = csv_field(bbuf, "sim_flit_hops") / cpu;
}

/* The value of row `name` (column 2) of a CSV summary. */
static double summary_value(const char *csv, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = csv; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, name, n) == 0 && p[n] == ',')
			return strtod(p + n + 1, NULL);
	return -1;
}

/* The field under header `name` in the last line of a CSV (the header is
 * its first line; the batch CSV names its columns, so the bench reads them
 * by the documented name, not by position: sim_queue_wait was added after
 * sim_flit_hops).  NaN when the column is missing. */
static double csv_field(const char *csv, const char *name)
{
	size_t len = strlen(name);
	int col = 0, k = 0;
	const char *p = csv, *end = csv + strlen(csv), *last;

	for (;;) {
		if (!strncmp(p, name, len) && (p[len] == ',' || p[len] == '\n'))
			break;
		while (*p && *p != ',' && *p != '\n')
			p++;
		if (*p != ',')
			return NAN;
		p++;
		col++;
	}
	while (end > csv && end[-1] == '\n')
		end--;
	last = end;
	while (last > csv && last[-1] != '\n')
		last--;
	for (p = last; k < col && p < end; p++)
		if (*p == ',')
			k++;
	return k == col ? strtod(p, NULL) : NAN;
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void row(const char *name, const char *fig, const char *target, const char *verdict)
{
	printf("%-52s | %12s | %12s | %s\n", name, fig, target, verdict);
}

static char buf[1 << 20];
static long peak;

#define RUNS 5                 /* runs of each throughput and BookSim row (and
                                  of BENCH_SIM_BEFORE's, paired in turn) */

/* The issue 21 figures of main d461f9b (before the active-set core), same
 * workload, M flit-hops per CPU second: the "was" beside each row. */
struct before { const char *preset; double mfh; };
static const struct before before_d461f9b[] = {
	{ "javadi-n1120", 24.2 }, { "kiasari-s5-v6", 13.2 }, { "arnau-random24", 31.9 },
};

static int throughput(const char *preset, int simulated_sat)
{
	char load[64], name[96], fig[32], verdict[64];
	double sat, cpu, w, rate[RUNS], brate[RUNS], was = NAN;
	long kib;

	if (simulated_sat) {
		char *a[] = { "--batch", (char *)preset, "-o", "saturation", "-f", "csv", "-j", "1",
			      "--set", "sim.measured=5000", NULL };
		if (run(a, buf, sizeof buf, &cpu, &w, &kib))
			return -1;
		sat = summary_value(buf, "saturation_load");
	} else {
		char *a[] = { "--batch", (char *)preset, "-o", "summary", "-f", "csv", NULL };
		if (run(a, buf, sizeof buf, &cpu, &w, &kib))
			return -1;
		sat = summary_value(buf, "saturation_load");
	}
	if (!(sat > 0))
		return -1;
	snprintf(load, sizeof load, "%.9g:%.9g:1", sat / 2, sat / 2);
	for (int i = 0; i < RUNS; i++) {
		char *a[] = { "--batch", (char *)preset, "-o", strncmp(preset, "arnau", 5) ? "sim" : "curve",
			      "--load", load, "-f", "csv", "-j", "1", NULL };
		if (run(a, buf, sizeof buf, &cpu, &w, &kib))
			return -1;
		rate[i] = csv_field(buf, "sim_flit_hops") / cpu;
		if (kib > peak)
			peak = kib;
		run_before(a, &brate[i]);
	}
	qsort(rate, RUNS, sizeof rate[0], cmpd);
	qsort(brate, RUNS, sizeof brate[0], cmpd);
	for (size_t i = 0; i < sizeof before_d461f9b / sizeof before_d461f9b[0]; i++)
		if (!strcmp(before_d461f9b[i].preset, preset))
			was = before_d461f9b[i].mfh;
	snprintf(name, sizeof name, "sim flit-hops/CPU-s, best/med, 50%% sat: %s", preset);
	snprintf(fig, sizeof fig, "%.3g/%.3g M/s", rate[RUNS - 1] / 1e6, rate[RUNS / 2] / 1e6);
	if (before_icnx)
		snprintf(verdict, sizeof verdict, "%s (before: %.3g/%.3g M/s, this run)",
			 rate[RUNS / 2] >= 50e6 ? "ok" : "SLOW", brate[RUNS - 1] / 1e6,
			 brate[RUNS / 2] / 1e6);
	else
		snprintf(verdict, sizeof verdict, "%s (d461f9b: %.1f M/s)",
			 rate[RUNS / 2] >= 50e6 ? "ok" : "SLOW", was);
	row(name, fig, ">= 50 M/s", verdict);
	return 0;
}

/* The CSV field under header `name` in the data line whose first two
 * fields are `key` and `frac` (booksim-speed.csv: network, fraction), or
 * in the line whose first field is `key` when frac is NULL.  NaN when
 * missing. */
static double csv_lookup(const char *csv, const char *key, const char *frac, const char *name)
{
	size_t klen = strlen(key), flen = frac ? strlen(frac) : 0, nlen = strlen(name);
	int col = -1, k = 0;
	const char *p = csv;

	for (const char *h = csv; *h && *h != '\n'; k++) {
		if (!strncmp(h, name, nlen) && (h[nlen] == ',' || h[nlen] == '\n'))
			col = k;
		while (*h && *h != ',' && *h != '\n')
			h++;
		if (*h == ',')
			h++;
	}
	if (col < 0)
		return NAN;
	while ((p = strchr(p, '\n')) && *++p) {
		if (strncmp(p, key, klen) || p[klen] != ',')
			continue;
		if (frac && (strncmp(p + klen + 1, frac, flen) || p[klen + 1 + flen] != ','))
			continue;
		for (k = 0; k < col && *p && *p != '\n'; p++)
			if (*p == ',')
				k++;
		return k == col ? strtod(p, NULL) : NAN;
	}
	return NAN;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *t;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	t = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (t && fread(t, 1, (size_t)n, f) != (size_t)n) {
		free(t);
		t = NULL;
	}
	if (t)
		t[n] = '\0';
	fclose(f);
	return t;
}

/*
 * The cycle core against BookSim2 on the same workload: the networks,
 * routing, loads, message length (M = 32), buffers (8 flits) and messages
 * (2000 warm-up, 20000 measured) of tests/validate/booksim.py's loaded
 * runs, one thread, at fraction `frac` of BookSim's saturation
 * (docs/validation/booksim-saturation.csv), against BookSim's flit-hops per
 * CPU second there (docs/validation/booksim-speed.csv, its three seeds).
 * The core runs with its own timing (sim.timing = paper: no router
 * pipeline); sim.timing = booksim is another engine (src/sim/iqrouter.c),
 * not timed here.  One row per network: the best and median ratio of RUNS
 * runs (the verdict on the median).
 */
static const struct bsnet {
	const char *name, *preset, *out, *set1, *set2, *mset;
} bsnets[] = {
	{ "fattree-4p3t-dmodk", "tests/validate/one-tree.yaml", "sim", NULL, NULL,
	  "traffic.message_length=32" },
	{ "star-s5-min", "kiasari-s5-v6", "sim", "sim.routing=deterministic", NULL, NULL },
	{ "random24", "arnau-random24", "curve", "sim.routing=adaptive", "sim.V=1", "sim.M=32" },
	{ "autonet10", "arnau-autonet10", "curve", "sim.routing=adaptive", "sim.V=1", "sim.M=32" },
};

static int booksim_rows(const char *frac, double target)
{
	char *speed = slurp("docs/validation/booksim-speed.csv");
	char *sat = slurp("docs/validation/booksim-saturation.csv");
	int rc = 0;

	if (!speed || !sat) {
		row("sim vs BookSim2", "no CSV", "", "docs/validation/booksim-*.csv missing");
		free(speed);
		free(sat);
		return -1;
	}
	for (size_t i = 0; i < sizeof bsnets / sizeof bsnets[0]; i++) {
		const struct bsnet *n = &bsnets[i];
		double bs = csv_lookup(speed, n->name, frac, "booksim_mfh_per_s");
		double s = csv_lookup(sat, n->name, NULL, "booksim"), f = strtod(frac, NULL);
		double rate[RUNS], brate[RUNS], cpu, w;
		char load[64], name[96], fig[32], verdict[80];
		long kib;
		int bad = 0;

		snprintf(name, sizeof name, "sim vs BookSim2, best/med, %.0f%% of sat.: %s", 100 * f, n->name);
		if (!(bs > 0) || !(s > 0)) {
			row(name, "n/a", "", "no BookSim figure at this load in the CSV");
			continue;
		}
		snprintf(load, sizeof load, "%.9g:%.9g:1", f * s / 32, f * s / 32);
		for (int r = 0; r < RUNS && !bad; r++) {
			char *a[32] = { "--batch", (char *)n->preset, "-o", (char *)n->out, "--load", load,
					"-f", "csv", "-j", "1", "--set", "sim.buffer=8", "--set",
					"sim.warmup=2000", "--set", "sim.measured=20000" };
			int k = 16;
			const char *extra[] = { n->set1, n->set2, n->mset };
			for (int e = 0; e < 3; e++)
				if (extra[e]) {
					a[k++] = "--set";
					a[k++] = (char *)extra[e];
				}
			a[k] = NULL;
			if (run(a, buf, sizeof buf, &cpu, &w, &kib) || !(cpu > 0))
				bad = 1;
			else
				rate[r] = csv_field(buf, "sim_flit_hops") / cpu / 1e6;
			run_before(a, &brate[r]);
			brate[r] /= 1e6;
		}
		if (bad) {
			row(name, "failed", "", "FAIL");
			rc = -1;
			continue;
		}
		qsort(rate, RUNS, sizeof rate[0], cmpd);
		qsort(brate, RUNS, sizeof brate[0], cmpd);
		snprintf(fig, sizeof fig, "%.0f/%.0fx", rate[RUNS - 1] / bs, rate[RUNS / 2] / bs);
		if (before_icnx)
			snprintf(verdict, sizeof verdict, "%s (%.3g vs %.3g M/s; before: %.0fx)",
				 rate[RUNS / 2] / bs >= target ? "ok" : "SLOW", rate[RUNS / 2], bs,
				 brate[RUNS / 2] / bs);
		else
			snprintf(verdict, sizeof verdict, "%s (%.3g vs %.3g M/s)",
				 rate[RUNS / 2] / bs >= target ? "ok" : "SLOW", rate[RUNS / 2], bs);
		snprintf(load, sizeof load, ">= %.0fx", target);
		row(name, fig, load, verdict);
	}
	free(speed);
	free(sat);
	return rc;
}

/* Write text to a new file path; 0 or -1. */
static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		return -1;
	rc = fputs(text, f) < 0 ? -1 : 0;
	return fclose(f) || rc ? -1 : 0;
}

/* The explorer's r on each preset, headless (a private configuration
 * directory, TERM set), while BENCH_SIM_WALL lasts (limit seconds from
 * t0).  Returns 0, or -1 when a run failed. */
static int explorer_r_rows(const char *const *presets, int limit, double t0)
{
	char dir[] = "/tmp/icnx-bench-r.XXXXXX", rkeys[64], qkeys[64];
	int rc = 0;

	if (!mkdtemp(dir)) {
		row("explorer r", "failed", "", "FAIL: no temporary directory");
		return -1;
	}
	snprintf(rkeys, sizeof rkeys, "%s/r", dir);
	snprintf(qkeys, sizeof qkeys, "%s/q", dir);
	if (write_file(rkeys, "keys r\nkeys q\n") || write_file(qkeys, "keys q\n") ||
	    setenv("XDG_CONFIG_HOME", dir, 1) || setenv("TERM", "xterm-256color", 1)) {
		row("explorer r", "failed", "", "FAIL: cannot set up the session");
		rc = -1;
		goto out;
	}
	for (int i = 0; presets[i]; i++) {
		char *ar[] = { "--headless", "100x30", "--keys", rkeys, (char *)presets[i], NULL };
		char *aq[] = { "--headless", "100x30", "--keys", qkeys, (char *)presets[i], NULL };
		char name[96], fig[32], verdict[64];
		double cpu, cpuq, w, wq, left = limit - (wall() - t0);
		long kib;
		int r;

		snprintf(name, sizeof name, "explorer r (default points, 2 threads), wall: %s",
			 presets[i]);
		if (left < 1) {
			row(name, "skipped", "", "BENCH_SIM_WALL spent");
			continue;
		}
		if (run_for(aq, buf, sizeof buf, &cpuq, &wq, &kib, (unsigned)left)) {
			row(name, "failed", "", "FAIL (start and quit)");
			rc = -1;
			continue;
		}
		r = run_for(ar, buf, sizeof buf, &cpu, &w, &kib, (unsigned)left);
		if (r == -2) {
			snprintf(fig, sizeof fig, "> %.0f s", w);
			row(name, fig, "<= 2 s", "cut: BENCH_SIM_WALL");
			continue;
		}
		if (r) {
			row(name, "failed", "", "FAIL");
			rc = -1;
			continue;
		}
		snprintf(fig, sizeof fig, "%.1f s", w - wq);
		snprintf(verdict, sizeof verdict, "%s (CPU/wall %.2f)", w - wq <= 2 ? "ok" : "SLOW",
			 (cpu - cpuq) / (w - wq));
		row(name, fig, "<= 2 s", verdict);
	}
out:
	unlink(rkeys);
	unlink(qkeys);
	rmdir(dir);
	return rc;
}

static int env_int(const char *name, int dflt)
{
	const char *v = getenv(name);
	return v && *v ? atoi(v) : dflt;
}

int main(int argc, char **argv)
{
	int full = env_int("BENCH_SIM_FULL", 0), limit = env_int("BENCH_SIM_WALL", 180);
	double t0 = wall();

	setvbuf(stdout, NULL, _IOLBF, 0);     /* rows as they come */
	/* the quick ones first: a BENCH_SIM_WALL cut skips the slowest */
	static const char *const presets[] = { "kiasari-s5-v6", "kiasari-s5-v9", "kiasari-s5-v12",
		"arnau-autonet10", "arnau-random16", "arnau-random24", "javadi-n1120", "javadi-n544",
		"sharifi-n1144", "sharifi-n592", NULL };
	double cpu, w1, w2;
	long kib;
	char fig[32], name[96];
	int rc = 0;

	if (argc > 1)
		icnx = argv[1];
	before_icnx = getenv("BENCH_SIM_BEFORE");
	if (before_icnx && !*before_icnx)
		before_icnx = NULL;
	if (getenv("BENCH_SIM_ONLY") && strcmp(getenv("BENCH_SIM_ONLY"), "r") == 0)
		return explorer_r_rows(presets, limit, t0) ? 1 : 0;
	if (throughput("javadi-n1120", 0) || throughput("kiasari-s5-v6", 0) ||
	    throughput("arnau-random24", 1)) {
		row("sim throughput", "failed", "", "FAIL");
		rc = 1;
	}
	if (booksim_rows("0.5", 100) || booksim_rows("0.9", 50))
		rc = 1;
	{
		char *a1[] = { "--batch", "kiasari-s5-v6", "-o", "sim", "-f", "csv", "-j", "1",
			       "--set", "sim.measured=20000", NULL };
		char *a2[] = { "--batch", "kiasari-s5-v6", "-o", "sim", "-f", "csv", "-j", "2",
			       "--set", "sim.measured=20000", NULL };
		double cpu2;
		if (run(a1, buf, sizeof buf, &cpu, &w1, &kib) || run(a2, buf, sizeof buf, &cpu2, &w2, &kib)) {
			row("sim -j 2 speed-up", "failed", "", "FAIL");
			rc = 1;
		} else {
			/* CPU/wall of each run says how much of the machine it got:
			 * on a shared, loaded machine the ratio of walls is not the
			 * program's speed-up */
			char verdict[64];
			snprintf(fig, sizeof fig, "%.2fx", w1 / w2);
			snprintf(verdict, sizeof verdict, "%s (CPU/wall %.2f, %.2f)",
				 w1 / w2 > 1.3 ? "ok" : "check load", cpu / w1, cpu2 / w2);
			row("sim -j 2 speed-up, kiasari-s5-v6 10-pt curve, wall", fig, "~2x on 2 idle cores",
			    verdict);
		}
	}
	if (explorer_r_rows(presets, limit, t0))
		rc = 1;
	for (int i = 0; presets[i]; i++) {
		char *a[] = { "--batch", (char *)presets[i], "-o",
			      strncmp(presets[i], "arnau", 5) ? "sim" : "curve", "-f", "csv", "-j", "1",
			      full ? NULL : "--set", "sim.measured=5000", "--set", "sim.warmup=1000", NULL };
		char verdict[64];
		snprintf(name, sizeof name, "sim 10-pt curve%s, 1 thread, wall: %s",
			 full ? "" : " (5000 msg/pt)", presets[i]);
		double left = limit - (wall() - t0);
		int r;
		if (left < 1) {
			row(name, "skipped", "", "BENCH_SIM_WALL spent");
			continue;
		}
		r = run_for(a, buf, sizeof buf, &cpu, &w1, &kib, (unsigned)left);
		if (r == -2) {
			snprintf(fig, sizeof fig, "> %.0f s", w1);
			snprintf(verdict, sizeof verdict, "cut: BENCH_SIM_WALL (%.1f CPU-s)", cpu);
			row(name, fig, "", verdict);
			continue;
		}
		if (r) {
			row(name, "failed", "", "FAIL");
			rc = 1;
			continue;
		}
		if (kib > peak)
			peak = kib;
		snprintf(fig, sizeof fig, "%.1f s", w1);
		snprintf(verdict, sizeof verdict, "info: %.1f CPU-s", cpu);
		row(name, fig, full ? "~1 s/point" : "~0.1 s/point", verdict);
	}
	snprintf(fig, sizeof fig, "%.1f MiB", peak / 1024.0);
	row("sim peak memory (largest run above)", fig, "", "info");
	return rc;
}
