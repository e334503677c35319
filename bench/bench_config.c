/*
 * bench_config.c: what configurations cost in memory, for `make bench`:
 * sizeof(struct config) and the heap that 200 undo edits hold (each edit
 * pushes the configuration it replaces) on arnau-autonet10 and on a
 * 1024-switch irregular network given as an edge list (a ring with chords
 * i -> i+37, 2048 links), from glibc's mallinfo2; and the explorer's
 * peak resident memory (wait4's ru_maxrss) over 200 edits in its headless
 * mode (`icnx --headless 100x30 --keys SCRIPT`: a field stepped up and down
 * 100 times), on javadi-n1120 and arnau-autonet10; the icnx binary is
 * found beside the bench directory (BUILD/bench/.. /icnx), min and median
 * of RSS_RUNS runs (the heap rows are exact: the same every run).
 *   name | value | target | verdict
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "config/config.h"
#include "config/load.h"
#include "config/undo.h"

#define EDITS 200
#define RSS_RUNS 3

static size_t heap_in_use(void)
{
#ifdef __GLIBC__
	struct mallinfo2 m = mallinfo2();
	return m.uordblks + m.hblkhd;
#else
	return 0;
#endif
}

/* Write the 1024-switch edge list to a temporary file; path into buf. */
static int write_irr1024(char *buf, size_t n)
{
	snprintf(buf, n, "/tmp/icnx-bench-irr1024-XXXXXX");
	int fd = mkstemp(buf);
	if (fd < 0)
		return -1;
	FILE *f = fdopen(fd, "w");
	if (!f)
		return -1;
	fprintf(f, "model: irregular\nswitches: 1024\nlinks: [");
	for (int i = 0; i < 1024; i++)
		fprintf(f, "%s[%d, %d], [%d, %d]", i ? ", " : "", i, (i + 1) % 1024, i,
			(i + 37) % 1024);
	fprintf(f, "]\n");
	return fclose(f);
}

/* Heap held by EDITS undo snapshots of arg's configuration, or 0. */
static size_t undo_cost(const char *arg, const char *field, int modulo)
{
	struct loaded l;
	struct diag d = { 0 };
	struct undo u;
	char val[32];

	memset(&l, 0, sizeof l);
	if (load_arg(arg, &l, &d)) {
		fprintf(stderr, "bench_config: %s: %s\n", arg, d.msg);
		return 0;
	}
	size_t before = heap_in_use();
	if (undo_init(&u))
		return 0;
	for (int i = 0; i < EDITS; i++) {
		undo_push(&u, &l.cfg);
		snprintf(val, sizeof val, "%d", 1 + i % modulo);
		if (config_set(&l.cfg, field, val, &d)) {
			fprintf(stderr, "bench_config: %s=%s: %s\n", field, val, d.msg);
			break;
		}
	}
	size_t after = heap_in_use();
	undo_free(&u);
	loaded_free(&l);
	return after > before ? after - before : 0;
}

/* Peak RSS in kB of the explorer doing EDITS edits of the field that
 * `select` keys reach on preset; 0 when it cannot run. */
static long explorer_peak_kb(const char *icnx, const char *preset, const char *select)
{
	char keys[64];
	snprintf(keys, sizeof keys, "/tmp/icnx-bench-keys-XXXXXX");
	int fd = mkstemp(keys);
	if (fd < 0)
		return 0;
	FILE *f = fdopen(fd, "w");
	if (!f)
		return 0;
	fprintf(f, "keys %s\n", select);
	for (int i = 0; i < EDITS / 2; i++)
		fprintf(f, "keys +\nkeys -\n");
	fprintf(f, "keys C-c\n");
	fclose(f);
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		setenv("TERM", "xterm-256color", 0);
		execl(icnx, icnx, "--headless", "100x30", "--keys", keys, preset, (char *)NULL);
		_exit(127);
	}
	int st = 0;
	struct rusage ru;
	long kb = 0;
	if (pid > 0 && wait4(pid, &st, 0, &ru) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		kb = ru.ru_maxrss;
	unlink(keys);
	return kb;
}

static void row(const char *name, double value, const char *unit, double target)
{
	char v[32], t[32];
	snprintf(v, sizeof v, "%.0f %s", value, unit);
	snprintf(t, sizeof t, "<= %.0f %s", target, unit);
	printf("%-52s | %12s | %12s | %s\n", name, v, t, value <= target ? "ok" : "OVER");
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

/* The explorer's peak RSS: min/median of RSS_RUNS runs; the median against
 * the target.  Nothing printed when it cannot run. */
static void rss_row(const char *icnx, const char *preset, const char *keys, const char *name,
		    double target_mib)
{
	long kb[RSS_RUNS];
	char v[32], t[32], label[96];
	for (int i = 0; i < RSS_RUNS; i++)
		if ((kb[i] = explorer_peak_kb(icnx, preset, keys)) <= 0)
			return;
	qsort(kb, RSS_RUNS, sizeof kb[0], cmp_long);
	double lo = (double)kb[0] / 1024.0, med = (double)kb[RSS_RUNS / 2] / 1024.0;
	snprintf(label, sizeof label, "%s, min/med", name);
	snprintf(v, sizeof v, "%.1f/%.1f MiB", lo, med);
	snprintf(t, sizeof t, "<= %.0f MiB", target_mib);
	printf("%-52s | %12s | %12s | %s\n", label, v, t, med <= target_mib ? "ok" : "OVER");
}

int main(int argc, char **argv)
{
	char path[64], icnx[4096];

	row("config: sizeof(struct config)", (double)sizeof(struct config), "B", 256);
	row("config: 200 undo edits, arnau-autonet10",
	    (double)undo_cost("arnau-autonet10", "root", 9) / 1024.0, "kB", 256);
	if (write_irr1024(path, sizeof path) == 0) {
		row("config: 200 undo edits, 1024 switches, 2048 links",
		    (double)undo_cost(path, "root", 1000) / 1024.0, "kB", 8192);
		unlink(path);
	}
	/* BUILD/bench/bench_config -> BUILD/icnx */
	snprintf(icnx, sizeof icnx, "%s", argc > 0 ? argv[0] : "");
	char *slash = strrchr(icnx, '/');
	if (slash) {
		*slash = '\0';
		slash = strrchr(icnx, '/');
	}
	if (slash) {
		snprintf(slash + 1, sizeof icnx - (size_t)(slash + 1 - icnx), "icnx");
		static const struct { const char *preset, *keys, *name; } ex[] = {
			{ "javadi-n1120", "1 j l l", "explorer peak RSS, 200 edits, javadi-n1120" },
			{ "arnau-autonet10", "2 j", "explorer peak RSS, 200 edits, autonet10" },
		};
		for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++)
			rss_row(icnx, ex[i].preset, ex[i].keys, ex[i].name, 8);
	}
	return 0;
}
