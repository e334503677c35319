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
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define EDITS 30

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

struct run {
	int master;
	pid_t pid;
	FILE *trace;
	char trace_path[64];
	long pos;
};

/* Read and discard the terminal output (the child would block otherwise). */
static void drain(struct run *r, int ms)
{
	char buf[65536];
	struct pollfd p = { r->master, POLLIN, 0 };
	while (poll(&p, 1, ms) > 0) {
		if (read(r->master, buf, sizeof buf) <= 0)
			break;
		ms = 0;
	}
}

/* Wait for a trace line starting (after the time) with `what`; returns its
 * time, or -1 after timeout_ms.  The rest of the line goes to rest (may be
 * NULL). */
static double wait_trace(struct run *r, const char *what, double timeout_ms, char *rest,
			 size_t n)
{
	char line[256];
	double end = now_ms() + timeout_ms;
	size_t wl = strlen(what);

	while (now_ms() < end) {
		drain(r, 1);
		fseek(r->trace, r->pos, SEEK_SET);
		while (fgets(line, sizeof line, r->trace)) {
			if (line[strlen(line) - 1] != '\n')
				break;          /* a partial line: read it again later */
			r->pos = ftell(r->trace);
			char *sp = strchr(line, ' ');
			if (sp && strncmp(sp + 1, what, wl) == 0) {
				if (rest)
					snprintf(rest, n, "%s", sp + 1 + wl);
				return strtod(line, NULL);
			}
		}
		clearerr(r->trace);
	}
	return -1;
}

static int start(struct run *r, const char *icnx, const char *preset)
{
	struct winsize ws = { 24, 80, 0, 0 };

	snprintf(r->trace_path, sizeof r->trace_path, "/tmp/icnx-bench-%d.trace", (int)getpid());
	unlink(r->trace_path);
	r->master = posix_openpt(O_RDWR | O_NOCTTY);
	if (r->master < 0 || grantpt(r->master) || unlockpt(r->master))
		return -1;
	const char *slave = ptsname(r->master);
	if (!slave)
		return -1;
	r->pid = fork();
	if (r->pid < 0)
		return -1;
	if (r->pid == 0) {
		setsid();
		int s = open(slave, O_RDWR);
		if (s < 0)
			_exit(127);
		ioctl(s, TIOCSCTTY, 0);
		ioctl(s, TIOCSWINSZ, &ws);
		dup2(s, 0);
		dup2(s, 1);
		int devnull = open("/dev/null", O_WRONLY);
		dup2(devnull, 2);
		close(s);
		close(r->master);
		setenv("TERM", "xterm-256color", 1);
		setenv("LC_ALL", "C.UTF-8", 1);
		setenv("ICNX_UI_TRACE", r->trace_path, 1);
		execl(icnx, icnx, preset, (char *)NULL);
		_exit(127);
	}
	/* The trace file appears when the explorer starts. */
	for (int i = 0; i < 500 && !r->trace; i++) {
		drain(r, 10);
		r->trace = fopen(r->trace_path, "r");
	}
	r->pos = 0;
	return r->trace ? 0 : -1;
}

static void key(struct run *r, const char *k)
{
	ssize_t n = write(r->master, k, strlen(k));
	(void)n;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void row(const char *name, const char *value, const char *target, const char *verdict)
{
	printf("%-52s | %12s | %12s | %s\n", name, value, target, verdict);
}

int main(int argc, char **argv)
{
	char icnx[4096], v[32], name[128];
	const char *preset = argc > 2 ? argv[2] : "javadi-n1120";
	struct run r;
	double lat[EDITS];
	int n = 0, rc = 0;

	if (argc > 1) {
		snprintf(icnx, sizeof icnx, "%s", argv[1]);
	} else if (getenv("ICNX")) {
		snprintf(icnx, sizeof icnx, "%s", getenv("ICNX"));
	} else {
		snprintf(icnx, sizeof icnx, "%s", argv[0]);
		char *slash = strrchr(icnx, '/');
		if (slash)
			snprintf(slash + 1, sizeof icnx - (size_t)(slash + 1 - icnx), "../icnx");
		else
			snprintf(icnx, sizeof icnx, "./icnx");
	}
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
	/* Quit (answering the question if the edits left it modified). */
	drain(&r, 100);
	key(&r, "q");
	int status = 0;
	bool reaped = false;
	for (int i = 0; i < 500 && !reaped; i++) {
		drain(&r, 10);
		if (i == 30)
			key(&r, "y");
		reaped = waitpid(r.pid, &status, WNOHANG) == r.pid;
	}
	if (!reaped) {
		fprintf(stderr, "bench_ui: the explorer did not quit; killing it\n");
		kill(r.pid, SIGKILL);
		waitpid(r.pid, &status, 0);
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
