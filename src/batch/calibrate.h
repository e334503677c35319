/*
 * calibrate.h: `icnx --calibrate FILE.csv`: read measured MPI times, fit the
 * ethernet model and print the calibrated preset (the CSV format and the
 * fit: family/ethernet_calib.h; docs/calibration.md).
 */
#ifndef ICNX_CALIBRATE_H
#define ICNX_CALIBRATE_H

#include "cli/options.h"

/* icnx --calibrate: read o->calibrate, print the preset to stdout, errors
 * to stderr.  Returns the exit status (0, 1, 2). */
int calibrate_main(const struct options *o);

#endif
