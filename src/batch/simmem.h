/*
 * simmem.h: how many simulated load points may run at once in the memory
 * this process has.  A point holds its network's state and at most
 * SIM_POINT_MEMORY bytes of messages whatever the load (family/simcfg.h,
 * icnx(1) LIMITS); -j threads each hold one point, so -j is lowered, with
 * a message on stderr, to what the memory available (MemAvailable of
 * /proc/meminfo, and the address-space limit, ulimit -v, less what the
 * process already maps) holds at SIMMEM_POINT bytes a point.
 */
#ifndef ICNX_SIMMEM_H
#define ICNX_SIMMEM_H

#include <stddef.h>

/* Bytes one simulating thread is planned to take: the messages' bound plus
 * its stack and allocator arena (the network's own state comes on top; it
 * is the same at every load). */
#define SIMMEM_POINT (SIM_POINT_MEMORY + 64.0 * 1024 * 1024)

/* Bytes available to this process (the smaller of MemAvailable and what
 * ulimit -v leaves), or a negative value when neither can be read. */
double simmem_available(void);

/*
 * jobs lowered to the points that fit the available memory (at least 1);
 * when lowered, a line on stderr says so and why.
 */
int simmem_jobs(int jobs);

#endif
