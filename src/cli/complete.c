/* complete.c: shell-completion candidates from the program's tables (see
 * complete.h).  Everything here runs once per Tab: no state survives. */
#include "cli/complete.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/write.h"
#include "cli/options.h"
#include "config/load.h"
#include "config/param.h"
#include "config/presets.h"
#include "family/family.h"

#define MAX_WORDS 512
#define MAX_SEEN 4096

/* The command line as getopt will see it: bash's pieces joined back
 * ("-s", "net.m", "=", "8" is "-s", "net.m=8"). */
struct line {
	char *word[MAX_WORDS];  /* owned */
	size_t n;
	size_t cur;             /* the word under the cursor */
	size_t strip;           /* bytes of word[cur] bash keeps before its own
	                           piece: cut from every candidate */
};

/* Where the word under the cursor stands. */
struct context {
	const struct option *opt;   /* the option whose value it is; NULL = none */
	char lead[64];              /* text before the value in the same word:
	                               "--set=", "-o" ("" when separate) */
	bool option_name;           /* it is an option's name (starts with '-') */
	const char *arg;            /* PRESET|FILE elsewhere on the line, or NULL */
	const char *sets[OPT_MAX_SETS]; /* the other --set values on the line */
	size_t nsets;
};

struct out {
	FILE *fp;
	const char *typed;          /* word[cur]: candidates start with it */
	size_t strip;
	char *seen[MAX_SEEN];       /* printed (owned), for duplicates */
	size_t nseen;
};

static bool is_break(const char *w)
{
	return *w && strspn(w, "=:") == strlen(w);
}

static char *concat(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 1);
	if (s) {
		memcpy(s, a, la);
		memcpy(s + la, b, lb + 1);
	}
	return s;
}

/* Join bash's pieces: piece i belongs to the word before it when glue[i]
 * is '1' (no space between them); pieces after the cursor in its own word
 * are dropped (the text after the cursor). */
static int join(struct line *l, char **w, size_t nw, size_t cword, const char *glue)
{
	memset(l, 0, sizeof *l);
	if (cword >= nw)
		return -1;
	for (size_t i = 0; i < nw; i++) {
		bool joins = l->n > 0 && i < strlen(glue) && glue[i] == '1';
		if (joins && i > cword && l->n - 1 == l->cur)
			continue;
		if (joins) {
			char *s = concat(l->word[l->n - 1], w[i]);
			if (!s)
				return -1;
			size_t before = strlen(l->word[l->n - 1]);
			free(l->word[l->n - 1]);
			l->word[l->n - 1] = s;
			if (i == cword) {
				/* bash completes the text after its last '=' or ':' */
				l->cur = l->n - 1;
				l->strip = is_break(w[i]) ? strlen(s) : before;
			}
			continue;
		}
		if (l->n == MAX_WORDS || !(l->word[l->n] = concat(w[i], "")))
			return -1;
		if (i == cword) {
			l->cur = l->n;
			l->strip = is_break(w[i]) ? strlen(w[i]) : 0;
		}
		l->n++;
	}
	return 0;
}

static void line_free(struct line *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->word[i]);
}

/* The long option named s exactly, or the only one it abbreviates (as
 * getopt_long takes it); NULL if none or ambiguous. */
static const struct option *find_long(const char *s, size_t len)
{
	const struct option *hit = NULL;
	for (const struct option *o = options_long(); o->name; o++) {
		if (strncmp(o->name, s, len) != 0)
			continue;
		if (strlen(o->name) == len)
			return o;
		if (hit && (hit->val != o->val || hit->has_arg != o->has_arg))
			return NULL;
		if (!hit)
			hit = o;
	}
	return hit;
}

/* The long option with short name c, or NULL. */
static const struct option *find_short(int c)
{
	for (const struct option *o = options_long(); o->name; o++)
		if (o->val == c)
			return o;
	return NULL;
}

static bool is_set(const struct option *o)
{
	return o && o->val == 's';
}

/* Walk the words as getopt_long does, noting the preset or file, the
 * --set values and what the word under the cursor is. */
static void scan(const struct line *l, struct context *c)
{
	const struct option *pending = NULL;   /* the previous word wants a value */
	bool only_args = false;

	memset(c, 0, sizeof *c);
	for (size_t i = 1; i < l->n; i++) {
		const char *w = l->word[i];
		const struct option *o = NULL;
		const char *value = NULL;         /* a value in the same word */
		bool here = i == l->cur;

		if (pending) {
			if (here)
				c->opt = pending;
			else if (is_set(pending) && c->nsets < OPT_MAX_SETS)
				c->sets[c->nsets++] = w;
			pending = NULL;
			continue;
		}
		if (only_args || w[0] != '-' || (!w[1] && !here)) {
			if (!here && !c->arg)
				c->arg = w;
			continue;
		}
		if (strcmp(w, "--") == 0) {
			only_args = true;
			continue;
		}
		if (w[1] == '-') {
			const char *eq = strchr(w, '=');
			size_t len = eq ? (size_t)(eq - w - 2) : strlen(w + 2);
			o = find_long(w + 2, len);
			if (eq && o && o->has_arg == required_argument)
				value = eq + 1;
			else if (here && !eq)
				c->option_name = true;
		} else {
			o = find_short(w[1]);
			if (o && o->has_arg == required_argument && w[2])
				value = w + 2;
			else if (here)
				c->option_name = true;
		}
		if (value && here) {
			snprintf(c->lead, sizeof c->lead, "%.*s", (int)(value - w), w);
			c->opt = o;
		} else if (value && is_set(o) && c->nsets < OPT_MAX_SETS) {
			c->sets[c->nsets++] = value;
		} else if (!value && o && o->has_arg == required_argument) {
			pending = o;
		}
	}
}

static void emit(struct out *o, const char *lead, const char *a, const char *b)
{
	char full[1024];
	snprintf(full, sizeof full, "%s%s%s", lead, a, b ? b : "");
	if (strncmp(full, o->typed, strlen(o->typed)) != 0 || strlen(full) < o->strip)
		return;
	for (size_t i = 0; i < o->nseen; i++)
		if (strcmp(o->seen[i], full) == 0)
			return;
	if (o->nseen < MAX_SEEN)
		o->seen[o->nseen++] = concat(full, "");
	fprintf(o->fp, "%s\n", full + o->strip);
}

/* The scalar --set keys below ps, "prefix" + key + "=": a list's index is
 * what the typed word already holds there (a number or *), else "*". */
static void set_keys(struct out *o, const char *lead, const struct param *ps,
		     const char *prefix, const char *typed)
{
	char path[512];
	for (const struct param *p = ps; p->type != PT_END; p++) {
		snprintf(path, sizeof path, "%s%s", prefix, p->key);
		if (p->type == PT_SECTION) {
			strncat(path, ".", sizeof path - strlen(path) - 1);
			set_keys(o, lead, p->sub, path, typed);
		} else if (p->type == PT_LIST) {
			size_t pl = strlen(path);
			const char *index = "*";
			char given[32];
			if (strncmp(typed, path, pl) == 0 && typed[pl] == '.') {
				const char *s = typed + pl + 1, *dot = strchr(s, '.');
				size_t n = dot ? (size_t)(dot - s) : 0;
				if (n && n < sizeof given &&
				    (strspn(s, "0123456789") == n || (n == 1 && *s == '*'))) {
					snprintf(given, sizeof given, "%.*s", (int)n, s);
					index = given;
				}
			}
			snprintf(path + pl, sizeof path - pl, ".%s.", index);
			set_keys(o, lead, p->sub, path, typed);
		} else {
			emit(o, lead, path, "=");
		}
	}
}

/* The field that --set key names (list indices: digits or *), or NULL. */
static const struct param *set_field(const struct param *ps, const char *key)
{
	char seg[128];
	const char *dot = strchr(key, '.');
	size_t n = dot ? (size_t)(dot - key) : strlen(key);
	if (n >= sizeof seg)
		return NULL;
	snprintf(seg, sizeof seg, "%.*s", (int)n, key);
	const struct param *p = param_find(ps, seg);
	if (!p)
		return NULL;
	if (p->type == PT_SECTION)
		return dot ? set_field(p->sub, dot + 1) : NULL;
	if (p->type == PT_LIST) {
		const char *idx = dot ? dot + 1 : NULL, *next = idx ? strchr(idx, '.') : NULL;
		return next ? set_field(p->sub, next + 1) : NULL;
	}
	return dot ? NULL : p;
}

/* The values of field key that the table can name: an enum's choices,
 * true/false, "auto". */
static void set_values(struct out *o, const char *lead, const struct family *f,
		       const char *key)
{
	char prefix[512];
	snprintf(prefix, sizeof prefix, "%s=", key);
	if (strcmp(key, "model") == 0) {
		for (size_t i = 0; icnx_families[i]; i++)
			emit(o, lead, prefix, icnx_families[i]->schema.name);
		return;
	}
	const struct param *p = set_field(f->schema.params, key);
	if (!p)
		return;
	if (p->type == PT_ENUM)
		for (size_t i = 0; p->choices[i]; i++)
			emit(o, lead, prefix, p->choices[i]);
	if (p->type == PT_BOOL) {
		emit(o, lead, prefix, "true");
		emit(o, lead, prefix, "false");
	}
	if (p->flags & PF_AUTO)
		emit(o, lead, prefix, "auto");
}

static void complete_set(struct out *o, const char *lead, const struct family *f)
{
	const char *typed = o->typed + strlen(lead);
	const char *eq = strchr(typed, '=');
	for (size_t i = 0; icnx_families[i]; i++) {
		const struct family *g = icnx_families[i];
		if (f && g != f)
			continue;
		if (eq) {
			char key[512];
			snprintf(key, sizeof key, "%.*s", (int)(eq - typed), typed);
			set_values(o, lead, g, key);
		} else {
			emit(o, lead, "model=", NULL);
			emit(o, lead, "title=", NULL);
			set_keys(o, lead, g->schema.params, "", typed);
		}
	}
}

static void one_preset(const char *name, const char *path, const char *origin, void *ctx)
{
	(void)path;
	(void)origin;
	emit(ctx, "", name, NULL);
}

/* The family of the configuration the line names (its --set applied when
 * they load), or NULL when it does not load: then every family's. */
static const struct family *line_family(const struct context *c)
{
	struct loaded l;
	struct diag d;
	const struct family *f = NULL;
	if (load_with_sets(c->arg, c->sets, c->nsets, &l, &d) == 0)
		f = l.cfg.family;
	loaded_free(&l);
	if (!f && c->nsets) {
		if (load_with_sets(c->arg, NULL, 0, &l, &d) == 0)
			f = l.cfg.family;
		loaded_free(&l);
	}
	return f;
}

int complete_main(FILE *fp, int argc, char **argv)
{
	struct line l;
	struct context c;
	struct out o;
	char *end;
	long cword = argc > 2 ? strtol(argv[0], &end, 10) : -1;

	if (argc < 3 || *end || cword < 0 || strspn(argv[1], "01") != strlen(argv[1]) ||
	    join(&l, argv + 2, (size_t)(argc - 2), (size_t)cword, argv[1]) < 0) {
		fprintf(stderr, "icnx: --complete CWORD GLUE WORD...: the index of the word "
			"under the cursor, 1 for each word written against the one before, "
			"the shell's words\n");
		return 2;
	}
	scan(&l, &c);
	memset(&o, 0, sizeof o);
	o.fp = fp;
	o.typed = l.word[l.cur];
	o.strip = l.strip;

	int v = c.opt ? c.opt->val : 0;
	bool files = !c.opt ? !c.option_name
		: v == 'o' || v == 'f' || v == 's' || v == 'j' ? false
		: strcmp(c.opt->name, "calibrate") == 0 || strcmp(c.opt->name, "keys") == 0 ||
		  strcmp(c.opt->name, "figure") == 0;
	fprintf(fp, "%s\n", files ? "files" : "words");
	if (c.option_name) {
		for (const struct option *p = options_long(); p->name; p++)
			if (!options_hidden(p->name))
				emit(&o, "--", p->name, NULL);
	} else if (!c.opt) {
		preset_list(one_preset, &o);
	} else if (v == 'o') {
		const struct family *f = line_family(&c);
		for (size_t i = 0; icnx_families[i]; i++)
			if (!f || icnx_families[i] == f)
				for (const struct output_desc *d = icnx_families[i]->outputs;
				     d->name; d++)
					emit(&o, c.lead, d->name, NULL);
	} else if (v == 'f') {
		for (size_t i = 0; out_format_names[i]; i++)
			emit(&o, c.lead, out_format_names[i], NULL);
	} else if (v == 's') {
		complete_set(&o, c.lead, line_family(&c));
	}
	for (size_t i = 0; i < o.nseen; i++)
		free(o.seen[i]);
	line_free(&l);
	return 0;
}
