/*
 * ptyrun.h: the explorer in a pseudo-terminal, for the benchmarks that time
 * it from the outside (bench_ui.c, bench_edit.c): start it with
 * ICNX_UI_TRACE set, type keys, read its trace lines (CLOCK_MONOTONIC ms,
 * then what happened: "first-frame", "edit gen=G", "frame-curve gen=G",
 * "idle gen=G ...").  Header-only (static functions): each benchmark is
 * one program.
 */
#ifndef ICNX_BENCH_PTYRUN_H
#define ICNX_BENCH_PTYRUN_H

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

static inline int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static inline void row(const char *name, const char *value, const char *target, const char *verdict)
{
	printf("%-52s | %12s | %12s | %s\n", name, value, target, verdict);
}

/* Quit the explorer: C-c (quit at once, discarding edits); returns its
 * wait status, or -1 if it had to be killed. */
static int quit(struct run *r)
{
	int status = 0;
	bool reaped = false;
	drain(r, 100);
	key(r, "\003");
	/* A deadline, not a count of drains: once the explorer has closed the
	 * terminal, drain returns at once (EIO) while it may still be freeing
	 * a large network. */
	for (double end = now_ms() + 10000; !reaped && now_ms() < end;) {
		drain(r, 10);
		reaped = waitpid(r->pid, &status, WNOHANG) == r->pid;
		if (!reaped)
			nanosleep(&(struct timespec){ 0, 5000000 }, NULL);
	}
	if (!reaped) {
		kill(r->pid, SIGKILL);
		waitpid(r->pid, &status, 0);
		return -1;
	}
	return status;
}

/* The icnx binary: argv[1], $ICNX, or ../icnx beside this program. */
static inline void icnx_path(char *icnx, size_t n, int argc, char **argv)
{
	if (argc > 1) {
		snprintf(icnx, n, "%s", argv[1]);
	} else if (getenv("ICNX")) {
		snprintf(icnx, n, "%s", getenv("ICNX"));
	} else {
		snprintf(icnx, n, "%s", argv[0]);
		char *slash = strrchr(icnx, '/');
		if (slash)
			snprintf(slash + 1, n - (size_t)(slash + 1 - icnx), "../icnx");
		else
			snprintf(icnx, n, "./icnx");
	}
}

#endif
