/* simmem.c: -j against the memory available (simmem.h). */
#include "batch/simmem.h"

#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "family/simcfg.h"

/* kB of MemAvailable in /proc/meminfo, or -1. */
static double meminfo_available(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	double kb = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* Bytes this process maps now (VmSize), or 0. */
static double mapped(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	double pages = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%lf", &pages) != 1)
		pages = 0;
	fclose(f);
	return pages * (double)sysconf(_SC_PAGESIZE);
}

double simmem_available(void)
{
	double avail = meminfo_available(), as;
	struct rlimit rl;

	if (avail >= 0)
		avail *= 1024;
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		as = (double)rl.rlim_cur - mapped();
		if (as < 0)
			as = 0;
		if (avail < 0 || as < avail)
			avail = as;
	}
	return avail;
}

int simmem_jobs(int jobs)
{
	double avail = simmem_available();
	int fit;

	if (jobs <= 1 || avail < 0)
		return jobs;
	fit = (int)(avail / SIMMEM_POINT);
	if (fit < 1)
		fit = 1;
	if (fit >= jobs)
		return jobs;
	fprintf(stderr, "icnx: -j %d: each simulated point may hold %.0f MiB of messages "
		"beside its network (icnx(1) LIMITS) and %.0f MiB are available: running %d "
		"point%s at a time\n", jobs, SIM_POINT_MEMORY / 1048576, avail / 1048576, fit,
		fit == 1 ? "" : "s");
	return fit;
}
