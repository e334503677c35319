/*
 * fuzz_roundtrip: load -> edit -> save -> load, for every family.
 *
 * Input: one byte picks a shipped preset (so every family is covered and
 * the saves start from real files with comments); or, when the first byte
 * is 0xff, the rest up to a NUL is the file itself.  The remaining bytes are
 * a short script of edits the explorer makes: set a scalar to a value
 * (valid or not), clear an optional field, append or remove a list item.
 * Each edit the validator accepts is applied, as in the explorer; then the
 * text a save would write (save_splice: the original with the edited
 * scalars replaced, or a fresh dump when it cannot) must load back, validate
 * and equal the edited configuration; a spliced save must keep the file's
 * comments.  Guards against: saves that write unloadable or different YAML
 * (issue 14 #1, #6, #11), memory errors in splicing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "family/family.h"
#include "config/cfgwalk.h"
#include "config/param.h"
#include "config/save.h"
#include "config/yaml_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_FIELDS 4096

static struct fuzz_field fields[MAX_FIELDS];

/* One edit from the script; returns false when the script is used up. */
static bool edit(struct fdp *f, struct config *cfg)
{
	if (!f->n)
		return false;
	unsigned op = fdp_u8(f) % 8;
	size_t nf = fuzz_fields(cfg, fields, MAX_FIELDS);
	struct diag d;
	char text[256];

	if (op < 5 && nf) {                   /* set a scalar */
		const struct fuzz_field *fl = &fields[fdp_range(f, 0, (long)nf - 1)];
		fuzz_value(f, fl->p, text, sizeof text);
		struct config *next = fuzz_cfg_dup(cfg);
		if (config_set(next, fl->path, text, &d) == 0)
			config_swap(cfg, next);   /* the old one is freed with next */
		fuzz_cfg_free(next);
	} else if (op == 5 && nf) {           /* clear a field */
		const struct fuzz_field *fl = &fields[fdp_range(f, 0, (long)nf - 1)];
		cfg_clear(cfg, fl->path, &d);
	} else {                              /* append or remove a list item */
		const struct param *lists[16];
		size_t nl = 0;
		for (const struct param *p = cfg->family->schema.params; p->type != PT_END && nl < 16; p++)
			if (p->type == PT_LIST)
				lists[nl++] = p;
		if (!nl)
			return true;
		const struct param *lp = lists[fdp_range(f, 0, (long)nl - 1)];
		size_t cnt = param_list_count(lp, config_cbody(cfg));
		struct config *next = fuzz_cfg_dup(cfg);
		if (op == 6 && cnt) {
			if (param_list_remove(next->family->schema.params, config_body(next), lp->key,
					      (size_t)fdp_range(f, 0, (long)cnt - 1), &d) == 0 &&
			    config_validate(next, &d) == 0)
				config_swap(cfg, next);   /* the old one is freed with next */
		} else {
			/* append: copy the last item's fields into the new one */
			char path[DIAG_PATH_MAX * 2];
			const struct param *sub = lp->sub;
			bool ok = true;
			for (; sub->type != PT_END && ok; sub++) {
				if (sub->type == PT_SECTION || sub->type == PT_LIST)
					continue;
				char val[256] = "";
				if (cnt) {
					snprintf(path, sizeof path, "%s.%zu.%s", lp->key, cnt - 1, sub->key);
					if (param_get_path(next->family->schema.params, config_cbody(next), path,
							   val, sizeof val, NULL) || !val[0])
						continue;
				} else {
					fuzz_value(f, sub, val, sizeof val);
				}
				snprintf(path, sizeof path, "%s.%zu.%s", lp->key, cnt, sub->key);
				ok = param_set_path(next->family->schema.params, config_body(next), path, val,
						    &d) == 0;
			}
			if (ok && config_validate(next, &d) == 0)
				config_swap(cfg, next);   /* the old one is freed with next */
		}
		fuzz_cfg_free(next);
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdp f = { data, size };
	size_t np = fuzz_presets();
	const char *orig;
	size_t len;
	char *own = NULL;
	struct diag d;

	if (size && data[0] == 0xff) {
		const uint8_t *nul = memchr(data + 1, 0, size - 1);
		len = nul ? (size_t)(nul - data - 1) : size - 1;
		own = malloc(len + 1);
		if (!own)
			return 0;
		memcpy(own, data + 1, len);
		own[len] = '\0';
		orig = own;
		f.p = data + 1 + len + (nul != NULL);
		f.n = size - 1 - len - (nul != NULL);
	} else {
		size_t i = fdp_u8(&f) % np;
		orig = fuzz_preset_text(i, &len);
	}
	struct config *cfg = fuzz_load(orig, len, NULL, &d);
	if (!cfg) {
		free(own);
		return 0;
	}
	for (int k = 0; k < 12 && edit(&f, cfg); k++)
		;

	bool lossy = false;
	char why[256] = "";
	char *text = save_splice(orig, len, cfg, &lossy, why, sizeof why);
	if (!text)
		fuzz_fail("save_splice returned NULL");
	struct config *back = fuzz_load(text, strlen(text), NULL, &d);
	if (!back) {
		char msg[1024];
		fuzz_fail("the saved text does not load (%s): %s\n--- saved ---\n%s",
			  lossy ? "fresh dump" : "spliced", diag_format(&d, msg, sizeof msg), text);
	}
	if (!cfg_equal(cfg, back))
		fuzz_fail("the saved text loads as a different configuration (%s)\n--- saved ---\n%s",
			  lossy ? "fresh dump" : "spliced", text);
	if (!lossy && !own) {
		/* a spliced save of a shipped preset keeps its first comment line */
		const char *nl = strchr(orig, '\n');
		if (orig[0] == '#' && nl && strncmp(text, orig, (size_t)(nl - orig)) != 0)
			fuzz_fail("a spliced save lost the file's first comment");
	}
	fuzz_check_dump_roundtrip(cfg, "edited configuration");
	free(text);
	fuzz_cfg_free(back);
	fuzz_cfg_free(cfg);
	free(own);
	return 0;
}
