/*
 * fuzz_calib_csv: the calibration CSV reader and `--calibrate`'s output.
 *
 * Input: the bytes of a measurements file (tools/mpi/icnx-mpi-probe's CSV,
 * docs/calibration.md).  The reader must accept or refuse it with a message
 * naming a line; when the fit succeeds, the printed preset must load back
 * and validate (every fitted value inside its field's range, every node
 * name a loadable string) and dump back equal.  Guards against: memory
 * errors and UB in the reader and the fit, quadratic time (libFuzzer
 * -timeout), presets icnx cannot load (issue 14 #7, #8).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "base/strbuf.h"
#include "family/ethernet_calib.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct calib_data cd;
	struct diag d;

	diag_clear(&d);
	if (calib_parse_csv((const char *)data, size, "fuzz.csv", &cd, &d) != 0) {
		if (!d.msg[0])
			fuzz_fail("a refused CSV has no message");
		calib_data_free(&cd);
		return 0;
	}
	if (cd.nodes < 1 || cd.nodes > ETH_MAX_NODES)
		fuzz_fail("accepted a CSV with %d nodes", cd.nodes);
	calib_data_free(&cd);

	struct strbuf out;
	strbuf_init(&out);
	diag_clear(&d);
	int rc = calibrate_text((const char *)data, size, "fuzz.csv", NULL, 0, &out, &d);
	if (rc == 0) {
		if (out.failed || !out.s)
			fuzz_fail("calibrate_text succeeded without output");
		struct config *cfg = fuzz_load(out.s, out.len, NULL, &d);
		if (!cfg) {
			char msg[1024];
			fuzz_fail("the calibrated preset does not load: %s\n--- preset ---\n%s",
				  diag_format(&d, msg, sizeof msg), out.s);
		}
		fuzz_check_dump_roundtrip(cfg, "calibrate output");
		fuzz_cfg_free(cfg);
	} else if (rc < 0 && !d.msg[0]) {
		fuzz_fail("calibrate_text refused without a message");
	}
	strbuf_free(&out);
	return 0;
}
