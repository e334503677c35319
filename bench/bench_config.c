/*
 * bench_config.c: what configurations cost in memory, for `make bench`:
 * sizeof(struct config) and the heap that 200 undo edits hold (each edit
 * pushes the configuration it replaces) on arnau-autonet10 and on a
 * 1024-switch irregular network given as an edge list (a ring with chords
 * i -> i+37, 2048 links).  Heap from glibc's mallinfo2.
 *   name | value | target | verdict
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "config/config.h"
#include "config/load.h"
#include "config/undo.h"

#define EDITS 200

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

static void row(const char *name, double value, const char *unit, double target)
{
	char v[32], t[32];
	snprintf(v, sizeof v, "%.0f %s", value, unit);
	snprintf(t, sizeof t, "<= %.0f %s", target, unit);
	printf("%-52s | %12s | %12s | %s\n", name, v, t, value <= target ? "ok" : "SLOW");
}

int main(void)
{
	char path[64];

	row("config: sizeof(struct config)", (double)sizeof(struct config), "B", 256);
	row("config: 200 undo edits, arnau-autonet10",
	    (double)undo_cost("arnau-autonet10", "root", 9) / 1024.0, "kB", 256);
	if (write_irr1024(path, sizeof path) == 0) {
		row("config: 200 undo edits, 1024 switches, 2048 links",
		    (double)undo_cost(path, "root", 1000) / 1024.0, "kB", 8192);
		unlink(path);
	}
	return 0;
}
