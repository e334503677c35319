/*
 * fuzz.h: what the libFuzzer harnesses in fuzz/ share: a reader that turns
 * the fuzzer's bytes into choices, the configuration helpers every harness
 * uses (one place to adapt when the config API changes), the shipped
 * presets, and the one way a harness reports a broken invariant (a message
 * on stderr, then abort(), which libFuzzer records as a crash with the
 * input that caused it).
 *
 * Built only by `make fuzz` / `make fuzz-build` with clang's
 * -fsanitize=fuzzer,address,undefined; never part of ./icnx.
 */
#ifndef ICNX_FUZZ_H
#define ICNX_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "config/yaml_load.h"

/* Report a broken invariant and abort (libFuzzer keeps the input). */
void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* --- the fuzzer's bytes as choices ---------------------------------------- */
struct fdp {
	const uint8_t *p;
	size_t n;
};
/* Next byte, 0 once the data is used up. */
uint8_t fdp_u8(struct fdp *f);
/* Uniform-ish integer in [lo, hi] (lo <= hi). */
long fdp_range(struct fdp *f, long lo, long hi);
/* A real in [0, 1] from 16 bits. */
double fdp_unit(struct fdp *f);
/* Up to max bytes as a NUL-terminated string in out (size max + 1), cut at
 * the first '\n'; the rest of the data follows. */
size_t fdp_line(struct fdp *f, char *out, size_t max);

/* --- configurations --------------------------------------------------------- */
/* An empty configuration on the heap (config/config.h); free with
 * fuzz_cfg_free (config_free, then free).  Aborts when out of memory. */
struct config *fuzz_cfg_new(void);
void fuzz_cfg_free(struct config *cfg);
/* A deep copy of cfg (config_copy; fuzz_cfg_free it). */
struct config *fuzz_cfg_dup(const struct config *cfg);

/* Parse and validate text; NULL when icnx refuses it (d says why).  *map
 * (may be NULL) receives the source map on success. */
struct config *fuzz_load(const char *text, size_t len, struct srcmap **map, struct diag *d);

/* The invariant every accepted configuration must keep: it dumps, the dump
 * loads back, validates and equals cfg, and dumping that gives the same
 * text.  `what` names the step for the message.  Aborts otherwise. */
void fuzz_check_dump_roundtrip(const struct config *cfg, const char *what);

/* --- the shipped presets ---------------------------------------------------- */
/* Load every presets/NAME.yaml (directory $ICNX_FUZZ_PRESETS or "presets",
 * relative to the repository root where the harnesses run) once, sorted by
 * name.  Returns how many; aborts if none. */
size_t fuzz_presets(void);
const char *fuzz_preset_name(size_t i);
const char *fuzz_preset_text(size_t i, size_t *len);
const struct config *fuzz_preset_cfg(size_t i);

/* --- the scalar fields of a configuration ----------------------------------- */
struct fuzz_field {
	char path[DIAG_PATH_MAX];
	const struct param *p;
};
/* Every scalar of cfg (dotted paths, lists item by item), at most max;
 * returns how many. */
size_t fuzz_fields(const struct config *cfg, struct fuzz_field *out, size_t max);
/* A text value for field p chosen by f: mostly inside the allowed range
 * (edges, round numbers, random reals), sometimes just outside, sometimes
 * junk (empty, "nan", "inf", "-0", very long, control characters).
 * Writes into out (size n). */
void fuzz_value(struct fdp *f, const struct param *p, char *out, size_t n);

#endif
