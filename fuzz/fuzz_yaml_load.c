/*
 * fuzz_yaml_load: the preset loader with validation on arbitrary text.
 *
 * Input: the bytes of a preset file.  Guards against: memory errors,
 * undefined behaviour, hangs (libFuzzer -timeout) and leaks in the YAML
 * reader, the parameter table's parser and the families' validation; a
 * refusal without a message; an accepted file whose configuration cannot
 * be written back (every accepted file must dump and load back equal).
 */
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "config/yaml_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d;
	struct srcmap *map = NULL;
	struct config *cfg = fuzz_load((const char *)data, size, &map, &d);

	if (!cfg) {
		if (!d.msg[0])
			fuzz_fail("a refused file has no message");
		if (d.line < 0 || d.col < 0)
			fuzz_fail("negative position %d:%d", d.line, d.col);
		return 0;
	}
	if (!cfg->family)
		fuzz_fail("an accepted file has no family");
	/* every scalar the source map names lies inside the text */
	for (size_t i = 0; i < map->n; i++)
		if (map->e[i].start > map->e[i].end || map->e[i].end > size)
			fuzz_fail("source map entry %s: [%zu, %zu) outside %zu bytes",
				  map->e[i].path, map->e[i].start, map->e[i].end, size);
	srcmap_free(map);
	fuzz_check_dump_roundtrip(cfg, "load -> dump -> load");
	fuzz_cfg_free(cfg);
	return 0;
}
