/* common.c: the helpers the fuzz harnesses share (see fuzz.h). */
#include "fuzz.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family/family.h"
#include "config/cfgwalk.h"
#include "config/save.h"
#include "config/yaml_dump.h"
#include "config/yaml_load.h"

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;
	fputs("icnx fuzz invariant broken: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* --- bytes as choices ------------------------------------------------------- */
uint8_t fdp_u8(struct fdp *f)
{
	if (!f->n)
		return 0;
	f->n--;
	return *f->p++;
}

long fdp_range(struct fdp *f, long lo, long hi)
{
	unsigned long span = (unsigned long)(hi - lo), v = 0;
	if (span == 0)
		return lo;
	for (unsigned long s = span; s; s >>= 8)
		v = (v << 8) | fdp_u8(f);
	return lo + (long)(v % (span + 1));
}

double fdp_unit(struct fdp *f)
{
	unsigned v = (unsigned)fdp_u8(f) << 8 | fdp_u8(f);
	return v / 65535.0;
}

size_t fdp_line(struct fdp *f, char *out, size_t max)
{
	size_t k = 0;
	while (f->n && k < max) {
		uint8_t c = fdp_u8(f);
		if (c == '\n')
			break;
		out[k++] = (char)c;
	}
	out[k] = '\0';
	return k;
}

/* --- configurations --------------------------------------------------------- */
struct config *fuzz_cfg_new(void)
{
	struct config *c = calloc(1, sizeof *c);
	if (!c)
		fuzz_fail("out of memory");
	return c;
}

void fuzz_cfg_free(struct config *cfg)
{
	config_free(cfg);
	free(cfg);
}

struct config *fuzz_cfg_dup(const struct config *cfg)
{
	struct config *c = fuzz_cfg_new();
	if (config_copy(c, cfg))
		fuzz_fail("out of memory");
	return c;
}

struct config *fuzz_load(const char *text, size_t len, struct srcmap **map, struct diag *d)
{
	struct config *c = fuzz_cfg_new();
	struct srcmap *m = NULL;

	diag_clear(d);
	if (config_parse_text(c, text, len, "fuzz.yaml", &m, d) || config_validate(c, d)) {
		if (m)
			srcmap_locate(m, d);  /* the error path of the real loader */
		srcmap_free(m);
		fuzz_cfg_free(c);
		return NULL;
	}
	if (map)
		*map = m;
	else
		srcmap_free(m);
	return c;
}

void fuzz_check_dump_roundtrip(const struct config *cfg, const char *what)
{
	struct diag d;
	char *one = config_dump(cfg);
	if (!one)
		fuzz_fail("%s: config_dump returned NULL", what);
	struct config *back = fuzz_load(one, strlen(one), NULL, &d);
	if (!back) {
		char msg[1024];
		fuzz_fail("%s: the dump does not load back: %s\n--- dump ---\n%s", what,
			  diag_format(&d, msg, sizeof msg), one);
	}
	if (!cfg_equal(cfg, back))
		fuzz_fail("%s: the dump loads back as a different configuration\n--- dump ---\n%s",
			  what, one);
	char *two = config_dump(back);
	if (!two || strcmp(one, two) != 0)
		fuzz_fail("%s: dumping the reloaded configuration changes the text\n--- first ---\n"
			  "%s\n--- second ---\n%s", what, one, two ? two : "(NULL)");
	free(two);
	free(one);
	fuzz_cfg_free(back);
}

/* --- presets ---------------------------------------------------------------- */
struct preset {
	char name[128];
	char *text;
	size_t len;
	struct config *cfg;
};
static struct preset *presets;
static size_t npresets;

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct preset *)a)->name, ((const struct preset *)b)->name);
}

size_t fuzz_presets(void)
{
	if (npresets)
		return npresets;
	const char *dir = getenv("ICNX_FUZZ_PRESETS");
	if (!dir)
		dir = "presets";
	DIR *dp = opendir(dir);
	if (!dp)
		fuzz_fail("cannot open the presets directory '%s' (run from the repository root "
			  "or set ICNX_FUZZ_PRESETS)", dir);
	struct dirent *e;
	while ((e = readdir(dp))) {
		size_t l = strlen(e->d_name);
		if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") != 0 || l - 5 >= sizeof presets->name)
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct preset p = { 0 };
		memcpy(p.name, e->d_name, l - 5);
		p.text = save_read(path, &p.len);
		if (!p.text)
			fuzz_fail("cannot read %s", path);
		struct diag d;
		p.cfg = fuzz_load(p.text, p.len, NULL, &d);
		if (!p.cfg) {
			char msg[1024];
			fuzz_fail("shipped preset %s does not load: %s", path,
				  diag_format(&d, msg, sizeof msg));
		}
		struct preset *np = realloc(presets, (npresets + 1) * sizeof *np);
		if (!np)
			fuzz_fail("out of memory");
		presets = np;
		presets[npresets++] = p;
	}
	closedir(dp);
	if (!npresets)
		fuzz_fail("no presets in '%s'", dir);
	qsort(presets, npresets, sizeof *presets, by_name);
	return npresets;
}

const char *fuzz_preset_name(size_t i)
{
	return presets[i].name;
}

const char *fuzz_preset_text(size_t i, size_t *len)
{
	*len = presets[i].len;
	return presets[i].text;
}

const struct config *fuzz_preset_cfg(size_t i)
{
	return presets[i].cfg;
}

/* --- fields ----------------------------------------------------------------- */
struct fields_ctx {
	struct fuzz_field *out;
	size_t max, n;
};

static void field_visit(const char *path, const struct param *p, const void *holder, void *ctx)
{
	struct fields_ctx *fc = ctx;
	(void)holder;
	if (fc->n < fc->max) {
		snprintf(fc->out[fc->n].path, sizeof fc->out[fc->n].path, "%s", path);
		fc->out[fc->n].p = p;
	}
	fc->n++;
}

size_t fuzz_fields(const struct config *cfg, struct fuzz_field *out, size_t max)
{
	struct fields_ctx fc = { out, max, 0 };
	cfg_walk(cfg->family->schema.params, config_cbody(cfg), "", field_visit, &fc);
	return fc.n < max ? fc.n : max;
}

static const char *const junk[] = {
	"", "nan", "NaN", "inf", "-inf", ".inf", "-0", "0", "1", "-1", "1e308", "1e-308",
	"4.9e-324", "0x10", "1e400", "~", "null", "auto", "true", "[1, 2]", "{a: 1}", "'x'",
	"\"\\u2028\"", "a\rb", "\x01", "\xc3\x28", "\357\273\2771", "1 # c", "- 1",
	"99999999999999999999", "-2147483649", "2147483648", " 1", "1 ", "1.", ".5", "5e",
};

static void real_text(double v, char *out, size_t n)
{
	snprintf(out, n, "%.17g", v);
}

void fuzz_value(struct fdp *f, const struct param *p, char *out, size_t n)
{
	unsigned mode = fdp_u8(f) % 16;

	if (mode >= 14 || p->type == PT_STR) {
		if (p->type == PT_STR && mode < 10) {
			fdp_line(f, out, n - 1 < 200 ? n - 1 : 200);
			return;
		}
		snprintf(out, n, "%s", junk[fdp_range(f, 0, sizeof junk / sizeof *junk - 1)]);
		return;
	}
	switch (p->type) {
	case PT_ENUM: {
		size_t k = 0;
		while (p->choices[k])
			k++;
		snprintf(out, n, "%s", p->choices[fdp_range(f, 0, (long)k - 1)]);
		return;
	}
	case PT_BOOL:
		snprintf(out, n, "%s", fdp_u8(f) & 1 ? "true" : "false");
		return;
	case PT_INT: {
		double lo = p->min, hi = p->max;
		if (lo < -1e6)
			lo = -1e6;
		if (hi > 1e6)
			hi = 1e6;
		long v;
		switch (mode % 5) {
		case 0: v = (long)lo; break;
		case 1: v = (long)hi; break;
		case 2: v = (long)lo - 1; break;
		case 3: v = (long)lo + fdp_range(f, 0, 8); break;
		default: v = fdp_range(f, (long)lo, (long)hi); break;
		}
		if ((p->flags & PF_EVEN) && (mode & 1))
			v &= ~1L;
		snprintf(out, n, "%ld", v);
		return;
	}
	case PT_REAL: {
		double lo = p->min, hi = p->max, u = fdp_unit(f), v;
		if (!isfinite(lo))
			lo = -1e300;
		if (!isfinite(hi))
			hi = 1e300;
		switch (mode % 7) {
		case 0: v = lo; break;
		case 1: v = hi; break;
		case 2: v = nextafter(lo, hi); break;
		case 3: v = nextafter(hi, lo); break;
		case 4: /* log-uniform over the positive part of the range */
			if (hi > 0) {
				double a = lo > 0 ? lo : (hi < 1e-12 ? hi * 1e-12 : 1e-12);
				v = exp(log(a) + u * (log(hi) - log(a)));
				break;
			}
			/* fall through */
		case 5: v = lo + u * (hi - lo); break;
		default: /* near a round number inside the range */
			v = lo + (hi - lo) * (fdp_u8(f) % 11) / 10.0;
			break;
		}
		if ((p->flags & PF_AUTO) && mode == 13) {
			snprintf(out, n, "auto");
			return;
		}
		real_text(v, out, n);
		return;
	}
	default:
		snprintf(out, n, "0");
		return;
	}
}
