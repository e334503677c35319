/*
 * keyscript.c: parse the headless mode's key script (see keyscript.h).
 */
#include "ui/keyscript.h"
#include "base/termsize.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static const struct {
	const char *name;
	int ch;
	bool code;
} named[] = {
	{ "Enter", '\r', false }, { "Escape", 27, false }, { "Esc", 27, false },
	{ "Tab", '\t', false }, { "BTab", KEY_BTAB, true }, { "Space", ' ', false },
	{ "BSpace", 127, false }, { "DC", KEY_DC, true }, { "IC", KEY_IC, true },
	{ "Up", KEY_UP, true }, { "Down", KEY_DOWN, true }, { "Left", KEY_LEFT, true },
	{ "Right", KEY_RIGHT, true }, { "Home", KEY_HOME, true }, { "End", KEY_END, true },
	{ "PgUp", KEY_PPAGE, true }, { "PPage", KEY_PPAGE, true },
	{ "PgDn", KEY_NPAGE, true }, { "NPage", KEY_NPAGE, true },
};

static struct ks_step *push(struct keyscript *ks, enum ks_kind kind, int line)
{
	if (ks->n == ks->cap) {
		size_t cap = ks->cap ? 2 * ks->cap : 64;
		struct ks_step *s = realloc(ks->steps, cap * sizeof *s);
		if (!s)
			return NULL;
		ks->steps = s;
		ks->cap = cap;
	}
	struct ks_step *s = &ks->steps[ks->n++];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->line = line;
	return s;
}

/* One UTF-8 character at *p: its code point, and advances *p; -1 if bad. */
static int utf8_char(const char **p)
{
	mbstate_t st;
	wchar_t wc;
	memset(&st, 0, sizeof st);
	size_t n = mbrtowc(&wc, *p, strlen(*p), &st);
	if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
		/* Not in a UTF-8 locale, or bad bytes: a byte as itself if ASCII. */
		if ((unsigned char)**p < 128) {
			return (unsigned char)*(*p)++;
		}
		return -1;
	}
	*p += n;
	return (int)wc;
}

static int ks_key_name(const char *tok, int *ch, bool *code)
{
	const char *p = tok;
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (strcmp(tok, named[i].name) == 0) {
			*ch = named[i].ch;
			*code = named[i].code;
			return 0;
		}
	if (tok[0] == 'F' && tok[1] >= '1' && tok[1] <= '9') {
		char *end;
		long f = strtol(tok + 1, &end, 10);
		if (*end == '\0' && f >= 1 && f <= 12) {
			*ch = KEY_F((int)f);
			*code = true;
			return 0;
		}
	}
	if (tok[0] == 'C' && tok[1] == '-' && tok[2] && !tok[3]) {
		int c = tok[2];
		if (c >= 'a' && c <= 'z')
			c -= 'a' - 'A';
		if (c < '@' || c > '_')
			return -1;
		*ch = c & 0x1f;
		*code = false;
		return 0;
	}
	int c = utf8_char(&p);
	if (c < 0 || *p)
		return -1;
	*ch = c;
	*code = false;
	return 0;
}

static int parse_line(struct keyscript *ks, char *s, int line, char *err, size_t errlen)
{
	char *cmd = s, *rest;
	while (*cmd == ' ' || *cmd == '\t')
		cmd++;
	if (!*cmd || *cmd == '#')
		return 0;
	rest = cmd + strcspn(cmd, " \t");
	if (*rest)
		*rest++ = '\0';
	if (strcmp(cmd, "text") == 0) {
		const char *p = rest;
		while (*p) {
			int c = utf8_char(&p);
			struct ks_step *st = c < 0 ? NULL : push(ks, KS_KEY, line);
			if (!st) {
				snprintf(err, errlen, "%d: text: %s", line,
					 c < 0 ? "not UTF-8" : "out of memory");
				return -1;
			}
			st->ch = c;
		}
		return 0;
	}
	if (strcmp(cmd, "keys") == 0) {
		char *save = NULL;
		for (char *tok = strtok_r(rest, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
			int ch;
			bool code;
			if (ks_key_name(tok, &ch, &code)) {
				snprintf(err, errlen, "%d: unknown key '%s' (allowed: a character, "
					 "Enter, Escape, Tab, BTab, Space, BSpace, DC, IC, Up, Down, "
					 "Left, Right, Home, End, PgUp, PgDn, F1-F12, C-x)", line, tok);
				return -1;
			}
			struct ks_step *st = push(ks, KS_KEY, line);
			if (!st) {
				snprintf(err, errlen, "%d: out of memory", line);
				return -1;
			}
			st->ch = ch;
			st->code = code;
		}
		return 0;
	}
	if (strcmp(cmd, "screen") == 0) {
		struct ks_step *st = push(ks, KS_SCREEN, line);
		if (!st) {
			snprintf(err, errlen, "%d: out of memory", line);
			return -1;
		}
		size_t n = strlen(rest);
		while (n && (rest[n - 1] == ' ' || rest[n - 1] == '\t'))
			rest[--n] = '\0';
		snprintf(st->label, sizeof st->label, "%s", *rest ? rest : "screen");
		return 0;
	}
	if (strcmp(cmd, "resize") == 0) {
		int w, h;
		if (termsize_parse(rest, &w, &h)) {
			snprintf(err, errlen, "%d: resize %s: expected WxH", line, rest);
			return -1;
		}
		struct ks_step *st = push(ks, KS_RESIZE, line);
		if (!st) {
			snprintf(err, errlen, "%d: out of memory", line);
			return -1;
		}
		st->w = w;
		st->h = h;
		return 0;
	}
	snprintf(err, errlen, "%d: unknown command '%s' (allowed: keys, text, screen, resize)",
		 line, cmd);
	return -1;
}

int keyscript_parse(struct keyscript *ks, const char *text, char *err, size_t errlen)
{
	memset(ks, 0, sizeof *ks);
	int line = 0;
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *buf = malloc(len + 1);
		if (!buf) {
			snprintf(err, errlen, "%d: out of memory", line + 1);
			keyscript_free(ks);
			return -1;
		}
		memcpy(buf, p, len);
		buf[len] = '\0';
		if (len && buf[len - 1] == '\r')
			buf[len - 1] = '\0';
		int rc = parse_line(ks, buf, ++line, err, errlen);
		free(buf);
		if (rc) {
			keyscript_free(ks);
			return -1;
		}
		p += len + (nl ? 1 : 0);
	}
	return 0;
}

int keyscript_load(struct keyscript *ks, const char *path, char *err, size_t errlen)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *text = NULL;
	size_t n = 0, cap = 0;
	char sub[512];

	memset(ks, 0, sizeof *ks);
	if (!fp) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (cap - n < 4096) {
			char *t = realloc(text, cap + 65536);
			if (!t)
				break;
			text = t;
			cap += 65536;
		}
		size_t r = fread(text + n, 1, cap - n - 1, fp);
		n += r;
		if (r == 0)
			break;
	}
	bool bad = ferror(fp) || !text;
	if (fp != stdin)
		fclose(fp);
	if (bad) {
		snprintf(err, errlen, "%s: cannot read", path);
		free(text);
		return -1;
	}
	text[n] = '\0';
	int rc = keyscript_parse(ks, text, sub, sizeof sub);
	free(text);
	if (rc)
		snprintf(err, errlen, "%s:%s", path, sub);
	return rc;
}

void keyscript_free(struct keyscript *ks)
{
	if (ks == NULL)
		return;
	free(ks->steps);
	memset(ks, 0, sizeof *ks);
}
