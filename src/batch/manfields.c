/* manfields.c: mdoc field lists from the parameter tables (see manfields.h). */
#include "batch/manfields.h"

#include <string.h>

#include "family/family.h"

/* Escape text for mdoc: backslashes, and a leading dot or quote. */
static void text(FILE *fp, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", fp);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", fp);
		else
			fputc(*s, fp);
	}
}

static void fields(FILE *fp, const struct param *ps, const char *prefix)
{
	char path[256], allowed[256];

	fputs(".Bl -tag -width Ds\n", fp);
	for (const struct param *p = ps; p->type != PT_END; p++) {
		snprintf(path, sizeof path, "%s%s", prefix, p->key);
		fprintf(fp, ".It Cm %s\n", path);
		text(fp, p->help);
		fputs(".\n", fp);
		if (p->symbol && *p->symbol) {
			fputs("Symbol: ", fp);
			text(fp, p->symbol);
			fputs(".\n", fp);
		}
		if (p->type == PT_SECTION) {
			fputs("A mapping with these fields:\n", fp);
			char sub[256];
			snprintf(sub, sizeof sub, "%s.", path);
			fields(fp, p->sub, sub);
			continue;
		}
		if (p->type == PT_LIST) {
			fprintf(fp, "A list of %zu to %zu mappings, each with these fields "
				"(in\n.Fl -set ,\nindex the list from 0, or use *)", p->min_items,
				p->max_items);
			if (p->flags & PF_TUPLE) {
				char keys[128];
				fprintf(fp, "; an item may also be written as the sequence [%s]",
					param_keys(p->sub, keys, sizeof keys));
			}
			fputs(":\n", fp);
			char sub[256];
			snprintf(sub, sizeof sub, "%s.N.", path);
			fields(fp, p->sub, sub);
			continue;
		}
		fputs("Allowed: ", fp);
		text(fp, param_allowed(p, allowed, sizeof allowed));
		fputs(".\n", fp);
		if (p->unit && *p->unit) {
			fputs("Unit: ", fp);
			text(fp, p->unit);
			fputs(".\n", fp);
		}
		if (p->def) {
			fputs("Default: ", fp);
			text(fp, p->def);
			fputs(".\n", fp);
		} else if (p->flags & PF_OPTIONAL) {
			fputs("Optional.\n", fp);
		} else {
			fputs("Required.\n", fp);
		}
	}
	fputs(".El\n", fp);
}

void man_fields(FILE *fp)
{
	for (size_t i = 0; icnx_families[i]; i++) {
		const struct family *f = icnx_families[i];
		fprintf(fp, ".Ss model: %s\n", f->schema.name);
		text(fp, f->schema.title);
		fputs(" (", fp);
		text(fp, f->schema.papers);
		fputs(").\n", fp);
		fields(fp, f->schema.params, "");
	}
}
