/*
 * param.c: generic operations over parameter tables (see param.h):
 * defaults, parsing and range checks, formatting, dotted paths, "did you
 * mean" suggestions.  Numbers are parsed and printed in the C locale (the
 * program sets LC_NUMERIC to "C" at start-up).
 */
#include "base/decimal.h"
#include "config/param.h"

#include "base/textcheck.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIELD(base, p) ((char *)(base) + (p)->off)
#define CFIELD(base, p) ((const char *)(base) + (p)->off)

static bool is_scalar(const struct param *p)
{
	return p->type != PT_SECTION && p->type != PT_LIST && p->type != PT_END;
}

const struct param *param_find(const struct param *fields, const char *key)
{
	for (const struct param *p = fields; p->type != PT_END; p++)
		if (strcmp(p->key, key) == 0)
			return p;
	return NULL;
}

size_t param_list_count(const struct param *p, const void *base)
{
	size_t n;
	memcpy(&n, (const char *)base + p->count_off, sizeof n);
	return n;
}

static void list_set_count(const struct param *p, void *base, size_t n)
{
	memcpy((char *)base + p->count_off, &n, sizeof n);
}

static char *list_items(const struct param *p, const void *base)
{
	char *items;
	memcpy(&items, CFIELD(base, p), sizeof items);
	return items;
}

static void list_set_items(const struct param *p, void *base, void *items)
{
	memcpy(FIELD(base, p), &items, sizeof items);
}

void *param_list_elem(const struct param *p, void *base, size_t i)
{
	return list_items(p, base) + i * p->elem_size;
}

const void *param_list_celem(const struct param *p, const void *base, size_t i)
{
	return list_items(p, base) + i * p->elem_size;
}

/* Room for n items: n rounded up to a power of two (at least 4), so a run
 * of appends reallocates O(log n) times; a copy holds exactly n. */
static size_t list_room(size_t n)
{
	size_t r = 4;
	while (r < n)
		r *= 2;
	return r;
}

void *param_list_push(const struct param *p, void *base)
{
	size_t n = param_list_count(p, base);
	if (n >= p->max_items)
		return NULL;
	/* Every push asks for the room of n + 1 items: a no-op for the
	 * allocator while the block is large enough, and correct after a copy
	 * that holds exactly n. */
	char *items = realloc(list_items(p, base), list_room(n + 1) * p->elem_size);
	if (!items)
		return NULL;
	list_set_items(p, base, items);
	void *e = items + n * p->elem_size;
	memset(e, 0, p->elem_size);
	param_defaults(p->sub, e);
	list_set_count(p, base, n + 1);
	return e;
}

void param_list_clear(const struct param *p, void *base)
{
	size_t n = param_list_count(p, base);
	for (size_t i = 0; i < n; i++)
		param_free_lists(p->sub, param_list_elem(p, base, i));
	free(list_items(p, base));
	list_set_items(p, base, NULL);
	list_set_count(p, base, 0);
}

/* Empty every list below fields without freeing (the pointers are not
 * ours: a byte copy of another struct's). */
static void lists_detach(const struct param *fields, void *base)
{
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (p->type == PT_SECTION) {
			lists_detach(p->sub, FIELD(base, p));
		} else if (p->type == PT_LIST) {
			list_set_items(p, base, NULL);
			list_set_count(p, base, 0);
		}
	}
}

int param_own_lists(const struct param *fields, void *dst, const void *src)
{
	lists_detach(fields, dst);
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (p->type == PT_SECTION) {
			if (param_own_lists(p->sub, FIELD(dst, p), CFIELD(src, p)))
				return -1;
		} else if (p->type == PT_LIST) {
			size_t n = param_list_count(p, src);
			if (n == 0)
				continue;
			char *items = malloc(n * p->elem_size);
			if (!items)
				return -1;
			memcpy(items, list_items(p, src), n * p->elem_size);
			for (size_t i = 0; i < n; i++)
				lists_detach(p->sub, items + i * p->elem_size);
			list_set_items(p, dst, items);
			list_set_count(p, dst, n);
			for (size_t i = 0; i < n; i++)
				if (param_own_lists(p->sub, items + i * p->elem_size,
						    param_list_celem(p, src, i)))
					return -1;
		}
	}
	return 0;
}

void param_free_lists(const struct param *fields, void *base)
{
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (p->type == PT_SECTION) {
			param_free_lists(p->sub, FIELD(base, p));
		} else if (p->type == PT_LIST) {
			param_list_clear(p, base);
		}
	}
}

bool param_equal(const struct param *fields, const void *a, const void *b)
{
	for (const struct param *p = fields; p->type != PT_END; p++) {
		const char *fa = CFIELD(a, p), *fb = CFIELD(b, p);
		switch (p->type) {
		case PT_SECTION:
			if (!param_equal(p->sub, fa, fb))
				return false;
			break;
		case PT_LIST: {
			size_t n = param_list_count(p, a);
			if (n != param_list_count(p, b))
				return false;
			for (size_t i = 0; i < n; i++)
				if (!param_equal(p->sub, param_list_celem(p, a, i),
						 param_list_celem(p, b, i)))
					return false;
			break;
		}
		case PT_REAL: {
			double x, y;
			memcpy(&x, fa, sizeof x);
			memcpy(&y, fb, sizeof y);
			if (isnan(x) && isnan(y))
				break;
			if (memcmp(&x, &y, sizeof x) != 0)
				return false;
			break;
		}
		case PT_INT:
		case PT_ENUM:
			if (memcmp(fa, fb, sizeof(int)) != 0)
				return false;
			break;
		case PT_BOOL:
			if (memcmp(fa, fb, sizeof(bool)) != 0)
				return false;
			break;
		case PT_STR:
			if (strcmp(fa, fb) != 0)
				return false;
			break;
		default:
			break;
		}
	}
	return true;
}

void *param_section(const struct param *p, void *base)
{
	return FIELD(base, p);
}

/* Store the "absent / required-but-missing" sentinel of scalar p. */
static void set_absent(const struct param *p, void *base)
{
	switch (p->type) {
	case PT_INT: { int v = INT_MIN; memcpy(FIELD(base, p), &v, sizeof v); break; }
	case PT_REAL: { double v = NAN; memcpy(FIELD(base, p), &v, sizeof v); break; }
	case PT_ENUM: { int v = -1; memcpy(FIELD(base, p), &v, sizeof v); break; }
	case PT_BOOL: { bool v = false; memcpy(FIELD(base, p), &v, sizeof v); break; }
	case PT_STR: FIELD(base, p)[0] = '\0'; break;
	default: break;
	}
}

bool param_is_absent(const struct param *p, const void *base)
{
	switch (p->type) {
	case PT_INT: { int v; memcpy(&v, CFIELD(base, p), sizeof v); return v == INT_MIN; }
	case PT_REAL: {
		double v;
		memcpy(&v, CFIELD(base, p), sizeof v);
		return isnan(v) && !(p->flags & PF_AUTO);
	}
	case PT_ENUM: { int v; memcpy(&v, CFIELD(base, p), sizeof v); return v < 0; }
	case PT_STR: return CFIELD(base, p)[0] == '\0' && !p->def;
	default: return false;
	}
}

void param_defaults(const struct param *fields, void *base)
{
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (p->type == PT_SECTION) {
			param_defaults(p->sub, FIELD(base, p));
		} else if (p->type == PT_LIST) {
			list_set_items(p, base, NULL);
			list_set_count(p, base, 0);
		} else {
			set_absent(p, base);
			if (p->def)
				(void)param_parse(p, base, p->def, p->key, NULL);
		}
	}
}

/* --- describing and checking values ---------------------------------------- */

static char *fmt_real(double v, char *buf, size_t n)
{
	if (isinf(v)) {
		snprintf(buf, n, "%s", v > 0 ? "inf" : "-inf");
		return buf;
	}
	for (int prec = 6; prec <= 17; prec++) {
		snprintf(buf, n, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

char *param_allowed(const struct param *p, char *buf, size_t n)
{
	char lo[32], hi[32];

	switch (p->type) {
	case PT_ENUM: {
		size_t len = 0;
		buf[0] = '\0';
		for (size_t i = 0; p->choices[i] && len < n; i++)
			len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "",
						p->choices[i]);
		break;
	}
	case PT_BOOL:
		snprintf(buf, n, "true, false");
		break;
	case PT_STR:
		snprintf(buf, n, "text of at most %zu bytes", p->elem_size - 1);
		break;
	case PT_INT:
		snprintf(buf, n, "%s%s in [%.0f, %.0f]",
			 p->flags & PF_EVEN ? "an even integer" : "an integer",
			 p->flags & PF_POW2 ? " power of two" : "", p->min, p->max);
		break;
	case PT_REAL:
		snprintf(buf, n, "a number in %c%s, %s%c%s", p->flags & PF_MIN_EXCL ? '(' : '[',
			 fmt_real(p->min, lo, sizeof lo), fmt_real(p->max, hi, sizeof hi),
			 p->flags & PF_MAX_EXCL ? ')' : ']',
			 p->flags & PF_AUTO ? " or auto" : "");
		break;
	default:
		snprintf(buf, n, "a %s", p->type == PT_LIST ? "list" : "section");
		break;
	}
	return buf;
}

/* Strict number parsing: the whole text, decimal (base/decimal.h), C
 * locale, finite.  -2: a number, but not written in decimal (0x20). */
static int parse_double(const char *text, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (end == text || errno == ERANGE)
		return -1;
	if (!decimal_text(text, (size_t)(end - text)))
		return isfinite(v) ? -2 : -1;    /* "inf", "nan": not a number */
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

static bool in_range(const struct param *p, double v)
{
	if (p->flags & PF_MIN_EXCL ? v <= p->min : v < p->min)
		return false;
	if (p->flags & PF_MAX_EXCL ? v >= p->max : v > p->max)
		return false;
	return true;
}

int param_parse(const struct param *p, void *base, const char *text,
		const char *path, struct diag *d)
{
	char allowed[256];
	double v;
	int rc;

	while (*text == ' ' || *text == '\t')
		text++;
	param_allowed(p, allowed, sizeof allowed);
	switch (p->type) {
	case PT_INT: {
		rc = parse_double(text, &v);
		if (rc == -2)
			return diag_set(d, path, "'%s' is not a decimal number (values are written "
					"in decimal, as in the papers; allowed: %s)", text, allowed);
		if (rc < 0 || v != floor(v))
			return diag_set(d, path, "'%s' is not an integer (allowed: %s)", text, allowed);
		if (!in_range(p, v))
			return diag_set(d, path, "%s is out of range (allowed: %s)", text, allowed);
		int iv = (int)v;
		if ((p->flags & PF_EVEN) && iv % 2 != 0)
			return diag_set(d, path, "%d is odd (allowed: %s)", iv, allowed);
		if ((p->flags & PF_POW2) && (iv <= 0 || (iv & (iv - 1)) != 0))
			return diag_set(d, path, "%d is not a power of two (allowed: %s)", iv, allowed);
		memcpy(FIELD(base, p), &iv, sizeof iv);
		return 0;
	}
	case PT_REAL:
		if ((p->flags & PF_AUTO) && strcmp(text, "auto") == 0) {
			v = NAN;
			memcpy(FIELD(base, p), &v, sizeof v);
			return 0;
		}
		rc = parse_double(text, &v);
		if (rc == -2)
			return diag_set(d, path, "'%s' is not a decimal number (values are written "
					"in decimal, as in the papers; allowed: %s)", text, allowed);
		if (rc < 0)
			return diag_set(d, path, "'%s' is not a number (allowed: %s)", text, allowed);
		if (!in_range(p, v))
			return diag_set(d, path, "%s is out of range (allowed: %s)", text, allowed);
		memcpy(FIELD(base, p), &v, sizeof v);
		return 0;
	case PT_ENUM:
		for (int i = 0; p->choices[i]; i++) {
			if (strcmp(p->choices[i], text) == 0) {
				memcpy(FIELD(base, p), &i, sizeof i);
				return 0;
			}
		}
		return diag_set(d, path, "unknown value '%s' (allowed: %s)", text, allowed);
	case PT_BOOL: {
		bool b;
		if (strcmp(text, "true") == 0 || strcmp(text, "yes") == 0 || strcmp(text, "on") == 0)
			b = true;
		else if (strcmp(text, "false") == 0 || strcmp(text, "no") == 0 || strcmp(text, "off") == 0)
			b = false;
		else
			return diag_set(d, path, "'%s' is not a boolean (allowed: %s)", text, allowed);
		memcpy(FIELD(base, p), &b, sizeof b);
		return 0;
	}
	case PT_STR: {
		const char *bad = text_problem(text, strlen(text));
		if (bad)
			return diag_set(d, path, "the text holds %s (allowed: %s)", bad, allowed);
		if (strlen(text) >= p->elem_size)
			return diag_set(d, path, "text too long (allowed: %s)", allowed);
		memcpy(FIELD(base, p), text, strlen(text) + 1);
		return 0;
	}
	default:
		return diag_set(d, path, "expected %s, not a single value",
				p->type == PT_LIST ? "a list" : "a section (mapping)");
	}
}

char *param_format(const struct param *p, const void *base, char *buf, size_t n)
{
	buf[0] = '\0';
	switch (p->type) {
	case PT_INT: {
		int v;
		memcpy(&v, CFIELD(base, p), sizeof v);
		if (v != INT_MIN)
			snprintf(buf, n, "%d", v);
		break;
	}
	case PT_REAL: {
		double v;
		memcpy(&v, CFIELD(base, p), sizeof v);
		if (isnan(v))
			snprintf(buf, n, "%s", p->flags & PF_AUTO ? "auto" : "");
		else
			fmt_real(v, buf, n);
		break;
	}
	case PT_ENUM: {
		int v;
		memcpy(&v, CFIELD(base, p), sizeof v);
		if (v >= 0)
			snprintf(buf, n, "%s", p->choices[v]);
		break;
	}
	case PT_BOOL: {
		bool v;
		memcpy(&v, CFIELD(base, p), sizeof v);
		snprintf(buf, n, "%s", v ? "true" : "false");
		break;
	}
	case PT_STR:
		snprintf(buf, n, "%s", CFIELD(base, p));
		break;
	default:
		break;
	}
	return buf;
}

/* --- suggestions ---------------------------------------------------------- */

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t row[64];

	if (la >= 63 || lb >= 63)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t prev = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t cur = row[j];
			size_t best = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = cur;
		}
	}
	return row[lb];
}

const char *param_suggest(const struct param *fields, const char *key)
{
	const char *best = NULL;
	size_t best_d = 3;

	for (const struct param *p = fields; p->type != PT_END; p++) {
		size_t d = edit_distance(key, p->key);
		size_t lk = strlen(key);
		if (lk >= 2 && strncmp(key, p->key, lk) == 0)
			d = 1;
		if (d < best_d) {
			best_d = d;
			best = p->key;
		}
	}
	return best;
}

char *param_keys(const struct param *fields, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (const struct param *p = fields; p->type != PT_END && len < n; p++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", p == fields ? "" : ", ", p->key);
	return buf;
}

/* --- dotted paths ------------------------------------------------------- */

static int unknown_key(const struct param *fields, const char *key, const char *path,
		       struct diag *d)
{
	char keys[256];
	const char *s = param_suggest(fields, key);
	if (s)
		return diag_set(d, path, "unknown field '%s'; did you mean '%s'? (allowed: %s)",
				key, s, param_keys(fields, keys, sizeof keys));
	return diag_set(d, path, "unknown field '%s' (allowed: %s)", key,
			param_keys(fields, keys, sizeof keys));
}

static int resolve(const struct param *fields, void *base, const char *rest,
		   char *done, size_t done_len, bool create, param_visit_fn fn,
		   void *ctx, struct diag *d)
{
	char key[64];
	const char *dot = strchr(rest, '.');
	size_t klen = dot ? (size_t)(dot - rest) : strlen(rest);
	const struct param *p;
	size_t dl = strlen(done);

	if (klen == 0 || klen >= sizeof key)
		return diag_set(d, done, "malformed path near '%s'", rest);
	memcpy(key, rest, klen);
	key[klen] = '\0';
	snprintf(done + dl, done_len - dl, "%s%s", dl ? "." : "", key);
	p = param_find(fields, key);
	if (!p)
		return unknown_key(fields, key, done, d);
	if (is_scalar(p)) {
		if (dot)
			return diag_set(d, done, "is a single value and has no field '%s'", dot + 1);
		return fn(p, base, done, ctx);
	}
	if (!dot) {
		char keys[256];
		return diag_set(d, done, "names a %s; give one of its fields (allowed: %s)",
				p->type == PT_LIST ? "list; give an index and a field" : "section",
				param_keys(p->sub, keys, sizeof keys));
	}
	rest = dot + 1;
	if (p->type == PT_SECTION)
		return resolve(p->sub, FIELD(base, p), rest, done, done_len, create, fn, ctx, d);

	/* A list: the next component is an index or '*'. */
	size_t count = param_list_count(p, base);
	dot = strchr(rest, '.');
	if (!dot) {
		char keys[256];
		return diag_set(d, done, "give an index and a field, e.g. %s.0.%s (fields: %s)",
				done, p->sub[0].key, param_keys(p->sub, keys, sizeof keys));
	}
	dl = strlen(done);
	if (rest[0] == '*' && rest + 1 == dot) {
		if (count == 0)
			return diag_set(d, done, "the list is empty; '*' matches nothing");
		for (size_t i = 0; i < count; i++) {
			done[dl] = '\0';
			snprintf(done + dl, done_len - dl, ".%zu", i);
			int rc = resolve(p->sub, param_list_elem(p, base, i), dot + 1, done,
					 done_len, create, fn, ctx, d);
			if (rc)
				return rc;
		}
		return 0;
	}
	char *end;
	errno = 0;
	unsigned long idx = strtoul(rest, &end, 10);
	if (end != dot || rest[0] == '-' || rest[0] == '+' || errno)
		return diag_set(d, done, "'%.*s' is not a list index (allowed: 0..%zu or *)",
				(int)(dot - rest), rest, count ? count - 1 : 0);
	if (idx > count || (idx == count && (!create || count >= p->max_items)))
		return diag_set(d, done, "index %lu is out of range (allowed: 0..%zu%s)", idx,
				count ? count - 1 : 0,
				create && count < p->max_items ? ", or the next index to append" : "");
	if (idx == count && !param_list_push(p, base))
		return diag_set(d, done, "out of memory");
	snprintf(done + dl, done_len - dl, ".%lu", idx);
	return resolve(p->sub, param_list_elem(p, base, idx), dot + 1, done, done_len, create,
		       fn, ctx, d);
}

int param_resolve(const struct param *root, void *base, const char *path, bool create,
		  param_visit_fn fn, void *ctx, struct diag *d)
{
	char done[DIAG_PATH_MAX] = "";
	if (!path || !*path)
		return diag_set(d, "", "empty field name");
	return resolve(root, base, path, done, sizeof done, create, fn, ctx, d);
}

struct set_ctx {
	const char *text;
	struct diag *d;
};

static int set_visit(const struct param *p, void *holder, const char *path, void *ctx)
{
	struct set_ctx *s = ctx;
	return param_parse(p, holder, s->text, path, s->d);
}

int param_set_path(const struct param *root, void *base, const char *path,
		   const char *text, struct diag *d)
{
	struct set_ctx s = { text, d };
	return param_resolve(root, base, path, true, set_visit, &s, d);
}

struct get_ctx {
	char *buf;
	size_t n;
	const struct param **out_p;
};

static int get_visit(const struct param *p, void *holder, const char *path, void *ctx)
{
	struct get_ctx *g = ctx;
	param_format(p, holder, g->buf, g->n);
	if (g->out_p)
		*g->out_p = p;
	return 0;
}

int param_get_path(const struct param *root, const void *base, const char *path,
		   char *buf, size_t n, const struct param **out_p)
{
	struct get_ctx g = { buf, n, out_p };
	if (strchr(path, '*'))
		return -1;
	/* resolve() does not modify base when create is false. */
	return param_resolve(root, (void *)base, path, false, get_visit, &g, NULL);
}

static const struct param *find_list(const struct param *root, void **base,
				     const char *path)
{
	char buf[DIAG_PATH_MAX];
	snprintf(buf, sizeof buf, "%s", path);
	const struct param *fields = root, *p = NULL;
	for (char *tok = strtok(buf, "."); tok; tok = strtok(NULL, ".")) {
		if (p && p->type == PT_SECTION)
			fields = p->sub;
		p = param_find(fields, tok);
		if (!p || (p->type != PT_SECTION && p->type != PT_LIST))
			return NULL;
		if (p->type == PT_SECTION)
			*base = FIELD(*base, p);
		else if (strtok(NULL, "."))
			return NULL; /* path continues past a list */
		else
			return p;
	}
	return NULL;
}

int param_list_remove(const struct param *root, void *base, const char *path, size_t i,
		      struct diag *d)
{
	const struct param *p = find_list(root, &base, path);
	if (!p)
		return diag_set(d, path, "is not a list");
	size_t count = param_list_count(p, base);
	if (i >= count)
		return diag_set(d, path, "index %zu is out of range (allowed: 0..%zu)", i,
				count ? count - 1 : 0);
	if (count <= p->min_items)
		return diag_set(d, path, "cannot remove: at least %zu item%s required",
				p->min_items, p->min_items == 1 ? " is" : "s are");
	char *arr = list_items(p, base);
	param_free_lists(p->sub, arr + i * p->elem_size);
	memmove(arr + i * p->elem_size, arr + (i + 1) * p->elem_size,
		(count - i - 1) * p->elem_size);
	list_set_count(p, base, count - 1);
	if (count == 1) {
		free(arr);
		list_set_items(p, base, NULL);
	}
	return 0;
}

int param_check_required(const struct param *fields, const void *base, const char *prefix,
			 struct diag *d)
{
	char path[DIAG_PATH_MAX], allowed[256];

	for (const struct param *p = fields; p->type != PT_END; p++) {
		snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "", p->key);
		if (p->type == PT_SECTION) {
			if (param_check_required(p->sub, CFIELD(base, p), path, d))
				return -1;
		} else if (p->type == PT_LIST) {
			size_t n = param_list_count(p, base);
			if (n < p->min_items)
				return diag_set(d, path, "%s (allowed: %zu to %zu items)",
						n == 0 ? "missing required list" : "too few items",
						p->min_items, p->max_items);
			for (size_t i = 0; i < n; i++) {
				char ipath[DIAG_PATH_MAX];
				snprintf(ipath, sizeof ipath, "%s.%zu", path, i);
				if (param_check_required(p->sub, param_list_celem(p, base, i), ipath, d))
					return -1;
			}
		} else if (!(p->flags & PF_OPTIONAL) && !p->def && param_is_absent(p, base)) {
			return diag_set(d, path, "missing required field (allowed: %s)",
					param_allowed(p, allowed, sizeof allowed));
		}
	}
	return 0;
}
