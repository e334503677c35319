/*
 * yaml_dump.c: writing a configuration as a YAML preset, driven by the
 * parameter table: every present field, in table order, each with a comment
 * giving its symbol, unit and meaning.  The text loads back to the same
 * configuration (reals are printed with the shortest round-tripping form).
 */
#include "config/yaml_dump.h"

#include <string.h>

#include "base/strbuf.h"

static void indent(struct strbuf *b, int n)
{
	for (int i = 0; i < n; i++)
		strbuf_puts(b, "  ");
}

static void comment(struct strbuf *b, const struct param *p, size_t used)
{
	const int column = 34;
	if (!p->help || !*p->help)
		return;
	for (size_t i = used; i < column; i++)
		strbuf_puts(b, " ");
	strbuf_puts(b, " # ");
	if (p->symbol && *p->symbol)
		strbuf_printf(b, "%s", p->symbol);
	if (p->unit && *p->unit)
		strbuf_printf(b, "%s[%s]", p->symbol && *p->symbol ? " " : "", p->unit);
	strbuf_printf(b, "%s%s", (p->symbol && *p->symbol) || (p->unit && *p->unit) ? ": " : "",
		      p->help);
}

/* True when a plain scalar s would not read back as the same text. */
static bool needs_quotes(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || strpbrk(s, ":#{}[],&*!|>'\"%@`") || s[0] == ' ' || s[0] == '-' ||
	    s[0] == '?' || s[n - 1] == ' ' || strcmp(s, "~") == 0 || strcmp(s, "null") == 0)
		return true;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++)
		if (*c < 0x20 || *c == 0x7F)
			return true;
	return false;
}

void yaml_scalar(struct strbuf *b, const char *s, bool is_text)
{
	bool quote = is_text && needs_quotes(s);
	if (!quote) {
		strbuf_puts(b, s);
		return;
	}
	strbuf_puts(b, "\"");
	for (const char *c = s; *c; c++) {
		if (*c == '"' || *c == '\\')
			strbuf_printf(b, "\\%c", *c);
		else if ((unsigned char)*c < 0x20 || *c == 0x7F)
			strbuf_printf(b, "\\x%02x", (unsigned char)*c);
		else
			strbuf_add(b, c, 1);
	}
	strbuf_puts(b, "\"");
}

/* A PF_TUPLE list item on one line: [v0, v1, ...]. */
static void dump_tuple(struct strbuf *b, const struct param *fields, const void *base)
{
	char val[128];
	strbuf_puts(b, "[");
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (p != fields)
			strbuf_puts(b, ", ");
		yaml_scalar(b, param_format(p, base, val, sizeof val), p->type == PT_STR);
	}
	strbuf_puts(b, "]\n");
}

/* True when dump_fields would write nothing for these fields (a section
 * whose fields are all absent optionals or empty lists, such as an unused
 * `generate:`); such a section is left out, as "key:" alone would not load. */
static bool nothing_to_dump(const struct param *fields, const void *base)
{
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (p->type == PT_SECTION) {
			if (!nothing_to_dump(p->sub, (const char *)base + p->off))
				return false;
		} else if (p->type == PT_LIST) {
			if (param_list_count(p, base) > 0 || p->min_items > 0)
				return false;
		} else if (!param_is_absent(p, base)) {
			return false;
		}
	}
	return true;
}

static void dump_fields(struct strbuf *b, const struct param *fields, const void *base,
			int depth, bool first_in_item)
{
	char val[128];

	for (const struct param *p = fields; p->type != PT_END; p++) {
		int ind = depth;
		size_t start;
		if (p->type == PT_SECTION && nothing_to_dump(p->sub, (const char *)base + p->off))
			continue;
		if (p->type == PT_LIST && param_list_count(p, base) == 0 && p->min_items == 0)
			continue;
		if (p->type != PT_SECTION && p->type != PT_LIST && param_is_absent(p, base))
			continue;
		/* Only a field that is written may take the place after "- ". */
		if (first_in_item) {
			/* The first field of a list item follows "- ". */
			first_in_item = false;
			ind = 0;
		}
		if (p->type == PT_SECTION) {
			indent(b, ind);
			start = b->len;
			strbuf_printf(b, "%s:", p->key);
			comment(b, p, b->len - start + 2 * (size_t)ind);
			strbuf_puts(b, "\n");
			dump_fields(b, p->sub, (const char *)base + p->off, depth + 1, false);
		} else if (p->type == PT_LIST) {
			size_t n = param_list_count(p, base);
			if (n == 0 && p->min_items == 0)
				continue;
			indent(b, ind);
			start = b->len;
			strbuf_printf(b, "%s:", p->key);
			comment(b, p, b->len - start + 2 * (size_t)ind);
			strbuf_puts(b, "\n");
			for (size_t i = 0; i < n; i++) {
				indent(b, depth + 1);
				strbuf_puts(b, "- ");
				if (p->flags & PF_TUPLE)
					dump_tuple(b, p->sub, param_list_celem(p, base, i));
				else
					dump_fields(b, p->sub, param_list_celem(p, base, i), depth + 2,
						    true);
			}
		} else {
			if (param_is_absent(p, base))
				continue;
			indent(b, ind);
			start = b->len;
			strbuf_printf(b, "%s: ", p->key);
			yaml_scalar(b, param_format(p, base, val, sizeof val), p->type == PT_STR);
			comment(b, p, b->len - start + 2 * (size_t)(ind ? ind : depth));
			strbuf_puts(b, "\n");
		}
	}
}

char *config_dump(const struct config *cfg)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_printf(&b, "# icnx preset: %s (%s)\n", cfg->schema->title, cfg->schema->papers);
	strbuf_printf(&b, "model: %s\n", cfg->schema->name);
	if (cfg->title[0]) {
		strbuf_puts(&b, "title: ");
		yaml_scalar(&b, cfg->title, true);
		strbuf_puts(&b, "\n");
	}
	dump_fields(&b, cfg->schema->params, config_cbody(cfg), 0, false);
	return strbuf_take(&b);
}
