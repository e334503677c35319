/*
 * yaml_load.c: the table-driven preset loader (see yaml_load.h), on libyaml's
 * document API.  libyaml resolves no types: every scalar is text and is
 * parsed by param_parse() in the C locale.
 */
#include "config/yaml_load.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/textcheck.h"

#define MAX_FILE_BYTES (4u << 20)

struct loader {
	yaml_document_t *doc;
	const char *text;
	size_t len;
	struct srcmap *map;
	struct diag *d;
	size_t base;          /* bytes before text in the caller's buffer (a BOM) */
	size_t last_chars, last_bytes;   /* byte_offset's last conversion */
};

/* libyaml marks count characters; convert a character index to bytes.
 * Marks mostly come in increasing order, so the walk resumes from the last
 * conversion (L->last_chars, L->last_bytes) when it can: linear in the
 * file, not quadratic (a 3 MB comment before 8000 scalars took a minute). */
static size_t byte_offset(struct loader *L, size_t chars)
{
	size_t b = 0, c = 0;
	if (chars >= L->last_chars) {
		b = L->last_bytes;
		c = L->last_chars;
	}
	for (; c < chars && b < L->len; c++) {
		unsigned char ch = (unsigned char)L->text[b];
		b += ch < 0x80 ? 1 : ch < 0xE0 ? 2 : ch < 0xF0 ? 3 : 4;
	}
	if (b > L->len)
		b = L->len;
	L->last_chars = c;
	L->last_bytes = b;
	return b;
}

static int at(struct loader *L, yaml_mark_t mark, const char *path)
{
	if (L->d) {
		L->d->line = (int)mark.line + 1;
		L->d->col = (int)mark.column + 1;
		if (path)
			snprintf(L->d->path, sizeof L->d->path, "%s", path);
	}
	return -1;
}

static int map_add(struct loader *L, const char *path, yaml_mark_t key_mark,
		   const yaml_node_t *value)
{
	struct srcmap *m = L->map;
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 32;
		struct srcmap_entry *e = realloc(m->e, cap * sizeof *e);
		if (!e)
			return -1;
		m->e = e;
		m->cap = cap;
	}
	struct srcmap_entry *e = &m->e[m->n++];
	memset(e, 0, sizeof *e);
	snprintf(e->path, sizeof e->path, "%s", path);
	e->line = (int)key_mark.line + 1;
	e->col = (int)key_mark.column + 1;
	if (value && value->type == YAML_SCALAR_NODE) {
		e->start = L->base + byte_offset(L, value->start_mark.index);
		e->end = L->base + byte_offset(L, value->end_mark.index);
		e->style = value->data.scalar.style;
	}
	return 0;
}

static const char *node_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE: return "a single value";
	case YAML_SEQUENCE_NODE: return "a list";
	case YAML_MAPPING_NODE: return "a mapping";
	default: return "nothing";
	}
}

static int load_fields(struct loader *L, const struct param *fields, void *base,
		       yaml_node_t *node, const char *prefix);

static int load_scalar(struct loader *L, const struct param *p, void *holder,
		       yaml_node_t *v, const char *path)
{
	char allowed[256];
	if (v->type != YAML_SCALAR_NODE) {
		diag_set(L->d, path, "expected %s, found %s (allowed: %s)",
			 p->type == PT_STR ? "text" : "a single value", node_kind(v),
			 param_allowed(p, allowed, sizeof allowed));
		return at(L, v->start_mark, NULL);
	}
	const char *s = (const char *)v->data.scalar.value;
	bool plain = v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	if (plain && (s[0] == '\0' || strcmp(s, "~") == 0 || strcmp(s, "null") == 0)) {
		diag_set(L->d, path, "missing value (allowed: %s)",
			 param_allowed(p, allowed, sizeof allowed));
		return at(L, v->start_mark, NULL);
	}
	if (param_parse(p, holder, s, path, L->d))
		return at(L, v->start_mark, NULL);
	return 0;
}

/* A PF_TUPLE item written as [v0, v1, ...]: the values of the element's
 * fields in table order. */
static int load_tuple(struct loader *L, const struct param *p, void *elem,
		      yaml_node_t *item, const char *ipath)
{
	char keys[256], fpath[DIAG_PATH_MAX];
	size_t nf = 0, nv = (size_t)(item->data.sequence.items.top -
				     item->data.sequence.items.start);
	while (p->sub[nf].type != PT_END)
		nf++;
	if (nv != nf) {
		diag_set(L->d, ipath, "expected %zu values [%s], found %zu", nf,
			 param_keys(p->sub, keys, sizeof keys), nv);
		return at(L, item->start_mark, NULL);
	}
	for (size_t f = 0; f < nf; f++) {
		yaml_node_t *v = yaml_document_get_node(L->doc, item->data.sequence.items.start[f]);
		snprintf(fpath, sizeof fpath, "%s.%s", ipath, p->sub[f].key);
		if (map_add(L, fpath, v->start_mark, v))
			return diag_set(L->d, ipath, "out of memory");
		if (load_scalar(L, &p->sub[f], elem, v, fpath))
			return -1;
	}
	return 0;
}

static int load_list(struct loader *L, const struct param *p, void *holder,
		     yaml_node_t *v, const char *path)
{
	char keys[256];
	if (v->type != YAML_SEQUENCE_NODE) {
		diag_set(L->d, path, "expected a list of %s%s%s, found %s",
			 p->flags & PF_TUPLE ? "[" : "{", param_keys(p->sub, keys, sizeof keys),
			 p->flags & PF_TUPLE ? "]" : "}", node_kind(v));
		return at(L, v->start_mark, NULL);
	}
	size_t n = 0;
	for (yaml_node_item_t *it = v->data.sequence.items.start;
	     it < v->data.sequence.items.top; it++, n++) {
		yaml_node_t *item = yaml_document_get_node(L->doc, *it);
		char ipath[DIAG_PATH_MAX];
		snprintf(ipath, sizeof ipath, "%s.%zu", path, n);
		if (n >= p->max_items) {
			diag_set(L->d, path, "too many items: %zu or more (allowed: %zu to %zu items)",
				 n + 1, p->min_items, p->max_items);
			return at(L, item->start_mark, NULL);
		}
		void *elem = param_list_push(p, holder);
		if (!elem)
			return diag_set(L->d, path, "out of memory");
		if (map_add(L, ipath, item->start_mark, NULL))
			return diag_set(L->d, path, "out of memory");
		if (item->type == YAML_SEQUENCE_NODE && (p->flags & PF_TUPLE)) {
			if (load_tuple(L, p, elem, item, ipath))
				return -1;
			continue;
		}
		if (item->type != YAML_MAPPING_NODE) {
			diag_set(L->d, ipath, "expected a mapping {%s}, found %s",
				 param_keys(p->sub, keys, sizeof keys), node_kind(item));
			return at(L, item->start_mark, NULL);
		}
		if (load_fields(L, p->sub, elem, item, ipath))
			return -1;
	}
	return 0;
}

static int load_fields(struct loader *L, const struct param *fields, void *base,
		       yaml_node_t *node, const char *prefix)
{
	for (yaml_node_pair_t *pr = node->data.mapping.pairs.start;
	     pr < node->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(L->doc, pr->key);
		yaml_node_t *v = yaml_document_get_node(L->doc, pr->value);
		char path[DIAG_PATH_MAX];

		if (k->type != YAML_SCALAR_NODE) {
			diag_set(L->d, prefix, "a key must be a plain name, found %s", node_kind(k));
			return at(L, k->start_mark, NULL);
		}
		const char *key = (const char *)k->data.scalar.value;
		snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "", key);
		bool top_key = !*prefix && (strcmp(key, "model") == 0 || strcmp(key, "title") == 0);
		for (yaml_node_pair_t *q = node->data.mapping.pairs.start; q < pr; q++) {
			yaml_node_t *k2 = yaml_document_get_node(L->doc, q->key);
			if (k2->type == YAML_SCALAR_NODE &&
			    strcmp((const char *)k2->data.scalar.value, key) == 0) {
				diag_set(L->d, path, "given twice (first at line %lu)",
					 (unsigned long)k2->start_mark.line + 1);
				return at(L, k->start_mark, NULL);
			}
		}
		if (top_key)
			continue;   /* handled by the caller */
		const struct param *p = param_find(fields, key);
		if (!p) {
			char keys[256];
			const char *s = param_suggest(fields, key);
			if (s)
				diag_set(L->d, path, "unknown field; did you mean '%s'? (allowed: %s)",
					 s, param_keys(fields, keys, sizeof keys));
			else
				diag_set(L->d, path, "unknown field (allowed: %s)",
					 param_keys(fields, keys, sizeof keys));
			return at(L, k->start_mark, NULL);
		}
		if (map_add(L, path, k->start_mark, v))
			return diag_set(L->d, path, "out of memory");
		if (p->type == PT_SECTION) {
			if (v->type != YAML_MAPPING_NODE) {
				char keys[256];
				diag_set(L->d, path, "expected a mapping with %s, found %s",
					 param_keys(p->sub, keys, sizeof keys), node_kind(v));
				return at(L, v->start_mark, NULL);
			}
			if (load_fields(L, p->sub, param_section(p, base), v, path))
				return -1;
		} else if (p->type == PT_LIST) {
			if (load_list(L, p, base, v, path))
				return -1;
		} else if (load_scalar(L, p, base, v, path)) {
			return -1;
		}
	}
	return 0;
}

static const char *scalar_of(yaml_document_t *doc, yaml_node_t *map, const char *key,
			     yaml_node_t **knode, yaml_node_t **vnode)
{
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0) {
			*knode = k;
			*vnode = yaml_document_get_node(doc, pr->value);
			return (*vnode)->type == YAML_SCALAR_NODE
				       ? (const char *)(*vnode)->data.scalar.value : NULL;
		}
	}
	*knode = *vnode = NULL;
	return NULL;
}

static int load_doc(struct loader *L, struct config *cfg)
{
	yaml_node_t *root = yaml_document_get_root_node(L->doc);
	char names[128];

	if (!root) {
		diag_set(L->d, "", "empty file (expected a mapping that starts with model: %s)",
			 config_schema_names(names, sizeof names));
		return -1;
	}
	if (root->type != YAML_MAPPING_NODE) {
		diag_set(L->d, "", "expected a mapping of fields at the top level, found %s",
			 node_kind(root));
		return at(L, root->start_mark, NULL);
	}
	yaml_node_t *k, *v;
	const char *model = scalar_of(L->doc, root, "model", &k, &v);
	config_schema_names(names, sizeof names);
	if (!k) {
		diag_set(L->d, "model", "missing required field (allowed: %s)", names);
		return at(L, root->start_mark, NULL);
	}
	const struct config_schema *f = model ? config_schema_find(model) : NULL;
	if (!f) {
		diag_set(L->d, "model", "unknown model '%s' (allowed: %s)", model ? model : "",
			 names);
		return at(L, v->start_mark, NULL);
	}
	if (config_defaults(cfg, f))
		return diag_set(L->d, "", "out of memory");
	if (map_add(L, "model", k->start_mark, v))
		return diag_set(L->d, "", "out of memory");

	const char *title = scalar_of(L->doc, root, "title", &k, &v);
	if (k) {
		if (!title) {
			diag_set(L->d, "title", "expected text, found %s", node_kind(v));
			return at(L, v->start_mark, NULL);
		}
		const char *bad = text_problem(title, strlen(title));
		if (bad) {
			diag_set(L->d, "title", "the text holds %s (allowed: text without control "
				 "characters)", bad);
			return at(L, v->start_mark, NULL);
		}
		if (strlen(title) >= sizeof cfg->title) {
			diag_set(L->d, "title", "too long (allowed: at most %zu bytes)",
				 sizeof cfg->title - 1);
			return at(L, v->start_mark, NULL);
		}
		snprintf(cfg->title, sizeof cfg->title, "%s", title);
		if (map_add(L, "title", k->start_mark, v))
			return diag_set(L->d, "", "out of memory");
	}
	return load_fields(L, f->params, config_body(cfg), root, "");
}

/* Check the nesting depth with libyaml's event parser, stopping at the
 * first collection deeper than YAML_DEPTH_MAX.  libyaml's scanner spends
 * time proportional to the flow depth on every token, so a document is
 * never handed to the (whole-document) loader before this bound holds:
 * the cost is then linear in the size.  Returns 0, or -1 with d set (also
 * on a syntax error, which the loader would report the same way). */
static int check_depth(const char *text, size_t len, struct diag *d)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	int depth = 0, rc = 0;

	if (!yaml_parser_initialize(&parser))
		return diag_set(d, "", "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	for (;;) {
		if (!yaml_parser_parse(&parser, &ev))
			break;   /* the loader reports syntax errors with their context */
		yaml_event_type_t t = ev.type;
		yaml_mark_t mk = ev.start_mark;
		yaml_event_delete(&ev);
		if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT) {
			if (++depth > YAML_DEPTH_MAX) {
				diag_set(d, "", "nested too deeply (allowed: at most %d levels of "
					 "lists and mappings)", YAML_DEPTH_MAX);
				if (d) {
					d->line = (int)mk.line + 1;
					d->col = (int)mk.column + 1;
				}
				rc = -1;
				break;
			}
		} else if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT) {
			depth--;
		} else if (t == YAML_STREAM_END_EVENT) {
			break;
		}
	}
	yaml_parser_delete(&parser);
	return rc;
}

int config_parse_text(struct config *cfg, const char *text, size_t len, const char *name,
		      struct srcmap **map, struct diag *d)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	struct srcmap *m = calloc(1, sizeof *m);
	/* libyaml skips a UTF-8 byte-order mark without counting it in its
	 * marks: the source map's byte offsets start after it. */
	size_t bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	struct loader L = { &doc, text + bom, len - bom, m, d, bom, 0, 0 };
	int rc = -1;

	*cfg = CONFIG_EMPTY;

	diag_clear(d);
	if (d)
		snprintf(d->file, sizeof d->file, "%s", name);
	if (!m)
		return diag_set(d, "", "out of memory");
	snprintf(m->file, sizeof m->file, "%s", name);
	if (!yaml_parser_initialize(&parser)) {
		free(m);
		return diag_set(d, "", "out of memory");
	}
	if (check_depth(text, len, d)) {
		yaml_parser_delete(&parser);
		srcmap_free(m);
		return -1;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		diag_set(d, "", "%s%s%s", parser.problem ? parser.problem : "syntax error",
			 parser.context ? " " : "", parser.context ? parser.context : "");
		if (d) {
			yaml_mark_t mk = parser.problem_mark;
			if (parser.context && parser.problem_mark.line == 0 &&
			    parser.problem_mark.column == 0)
				mk = parser.context_mark;
			d->line = (int)mk.line + 1;
			d->col = (int)mk.column + 1;
		}
		goto out_parser;
	}
	rc = load_doc(&L, cfg);
	if (rc == 0) {
		/* A second document is almost always a mistake (a stray '---'). */
		yaml_document_t doc2;
		if (yaml_parser_load(&parser, &doc2)) {
			if (yaml_document_get_root_node(&doc2)) {
				diag_set(d, "", "more than one YAML document (allowed: one per file)");
				rc = at(&L, yaml_document_get_root_node(&doc2)->start_mark, NULL);
			}
			yaml_document_delete(&doc2);
		}
	}
	yaml_document_delete(&doc);
out_parser:
	yaml_parser_delete(&parser);
	if (rc == 0 && map)
		*map = m;
	else
		srcmap_free(m);
	if (rc != 0)
		config_free(cfg);
	return rc;
}

int config_parse_file_read(struct config *cfg, const char *path, const char *name,
			   struct srcmap **map, char **text, size_t *len, struct file_stamp *st,
			   struct diag *d)
{
	const char *shown = name ? name : path;
	struct file_stamp own;
	char *buf = NULL;
	size_t n = 0;
	int rc;

	*cfg = CONFIG_EMPTY;
	diag_clear(d);
	if (d)
		snprintf(d->file, sizeof d->file, "%s", shown);
	if (text)
		*text = NULL;
	if (st)
		st->valid = false;
	rc = file_read_stamped(path, MAX_FILE_BYTES, &buf, &n, st ? st : &own);
	if (rc == -1)
		return diag_set(d, "", "cannot open: %s", strerror(errno));
	if (rc && errno == EFBIG)
		return diag_set(d, "", "file too large (allowed: at most %u bytes)", MAX_FILE_BYTES);
	if (rc)
		return diag_set(d, "", "cannot read: %s", strerror(errno));
	if (memchr(buf, '\0', n)) {
		free(buf);
		return diag_set(d, "", "not a text file (it contains NUL bytes)");
	}
	rc = config_parse_text(cfg, buf, n, shown, map, d);
	if (rc == 0 && text) {
		*text = buf;
		*len = n;
	} else {
		free(buf);
	}
	return rc;
}

int config_parse_file(struct config *cfg, const char *path, const char *name,
		      struct srcmap **map, struct diag *d)
{
	return config_parse_file_read(cfg, path, name, map, NULL, NULL, NULL, d);
}

const struct srcmap_entry *srcmap_find(const struct srcmap *m, const char *path)
{
	for (size_t i = 0; m && i < m->n; i++)
		if (strcmp(m->e[i].path, path) == 0)
			return &m->e[i];
	return NULL;
}

void srcmap_locate(const struct srcmap *m, struct diag *d)
{
	char path[DIAG_PATH_MAX];

	if (!d || !m)
		return;
	snprintf(d->file, sizeof d->file, "%s", m->file);
	snprintf(path, sizeof path, "%s", d->path);
	for (;;) {
		const struct srcmap_entry *e = srcmap_find(m, path);
		if (e) {
			d->line = e->line;
			d->col = e->col;
			return;
		}
		char *dot = strrchr(path, '.');
		if (!dot)
			break;
		*dot = '\0';
	}
	d->line = 1;
	d->col = 1;
}

void srcmap_free(struct srcmap *m)
{
	if (!m)
		return;
	free(m->e);
	free(m);
}
