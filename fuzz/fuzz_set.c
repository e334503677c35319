/*
 * fuzz_set: `--set KEY=VALUE` on every shipped preset, through the real
 * command-line parser and loader (options_parse, load_from_options).
 *
 * Input: one byte picks the preset, then up to 8 overrides, each either a
 * raw line of the input (any key, index, '*', junk value) or a field of the
 * preset with a value chosen by fuzz_value (edges of the range, just
 * outside it, junk).  Guards against: memory errors and UB in the dotted
 * path resolver and the value parsers; a configuration accepted with
 * overrides that does not dump and load back equal; a refusal without a
 * message.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "cli/options.h"
#include "config/load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_FIELDS 4096
#define MAX_SETS 8

static struct fuzz_field fields[MAX_FIELDS];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdp f = { data, size };
	size_t np = fuzz_presets();
	size_t pi = fdp_u8(&f) % np;
	const struct config *base = fuzz_preset_cfg(pi);
	size_t nf = fuzz_fields(base, fields, MAX_FIELDS);
	static char sets[MAX_SETS][512];
	char file[256];
	char *argv[4 + 2 * MAX_SETS];
	int argc = 0;

	snprintf(file, sizeof file, "presets/%s.yaml", fuzz_preset_name(pi));
	argv[argc++] = "icnx";
	argv[argc++] = "--batch";
	argv[argc++] = file;
	for (int k = 0; k < MAX_SETS && f.n; k++) {
		unsigned mode = fdp_u8(&f);
		if (mode < 64) {
			fdp_line(&f, sets[k], sizeof sets[k] - 1);
		} else {
			const struct fuzz_field *fl = &fields[fdp_range(&f, 0, (long)nf - 1)];
			char val[256];
			fuzz_value(&f, fl->p, val, sizeof val);
			snprintf(sets[k], sizeof sets[k], "%s=%s", fl->path, val);
		}
		argv[argc++] = "--set";
		argv[argc++] = sets[k];
	}
	argv[argc] = NULL;

	struct options o;
	if (options_parse(&o, argc, argv) != 0)
		return 0;
	struct loaded l;
	struct diag d;
	diag_clear(&d);
	if (load_from_options(&o, &l, &d) != 0) {
		if (!d.msg[0])
			fuzz_fail("a refused --set has no message");
		loaded_free(&l);
		return 0;
	}
	fuzz_check_dump_roundtrip(&l.cfg, "--set");
	loaded_free(&l);
	return 0;
}
