/* complete.c: file-name completion at the prompts (see complete.h). */
#include "ui/complete.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config/save.h"

#define MAX_MATCHES 4096

struct matches {
	char **name;            /* owned */
	bool *dir;
	int n, cap;
};

static void add(struct matches *m, const char *name, bool dir)
{
	if (m->n == m->cap) {
		int cap = m->cap ? 2 * m->cap : 32;
		if (cap > MAX_MATCHES)
			return;
		char **nn = realloc(m->name, (size_t)cap * sizeof *nn);
		bool *nd = realloc(m->dir, (size_t)cap * sizeof *nd);
		if (nn)
			m->name = nn;
		if (nd)
			m->dir = nd;
		if (!nn || !nd)
			return;
		m->cap = cap;
	}
	for (int i = 0; i < m->n; i++)
		if (strcmp(m->name[i], name) == 0)
			return;       /* a preset and a file of the same name */
	char *s = strdup(name);
	if (!s)
		return;
	m->name[m->n] = s;
	m->dir[m->n] = dir;
	m->n++;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int complete_path(const char *text, const char *const *extra, char *out, size_t n,
		  char *list, size_t ln)
{
	char expanded[4096], dir[4096];
	struct matches m = { 0 };
	const char *slash = strrchr(text, '/');
	const char *base = slash ? slash + 1 : text;
	size_t blen = strlen(base), keep = (size_t)(base - text);

	snprintf(out, n, "%s", text);
	if (list && ln)
		list[0] = '\0';
	/* The directory to read: the typed one (~ expanded), or "." */
	save_expand(text, expanded, sizeof expanded);
	char *es = strrchr(expanded, '/');
	if (es) {
		size_t dl = (size_t)(es - expanded);
		snprintf(dir, sizeof dir, "%.*s", (int)(dl ? dl : 1), expanded);
	} else {
		snprintf(dir, sizeof dir, ".");
	}
	DIR *d = opendir(dir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			if (e->d_name[0] == '.' && base[0] != '.')
				continue;     /* hidden files only when asked for */
			if (strncmp(e->d_name, base, blen) != 0)
				continue;
			char full[8192];
			struct stat st;
			snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
			add(&m, e->d_name, stat(full, &st) == 0 && S_ISDIR(st.st_mode));
		}
		closedir(d);
	}
	if (!slash && extra)
		for (const char *const *x = extra; *x; x++)
			if (strncmp(*x, base, blen) == 0)
				add(&m, *x, false);
	if (m.n == 0)
		goto done;
	qsort(m.name, (size_t)m.n, sizeof *m.name, cmp_str);   /* dir flags: looked up below */
	/* The longest common prefix of the matches. */
	size_t common = strlen(m.name[0]);
	for (int i = 1; i < m.n; i++) {
		size_t k = 0;
		while (k < common && m.name[i][k] == m.name[0][k])
			k++;
		common = k;
	}
	bool is_dir = false;
	if (m.n == 1) {
		char full[8192];
		struct stat st;
		snprintf(full, sizeof full, "%s/%s", dir, m.name[0]);
		is_dir = stat(full, &st) == 0 && S_ISDIR(st.st_mode);
	}
	if (keep + common + 2 <= n)
		snprintf(out, n, "%.*s%.*s%s", (int)keep, text, (int)common, m.name[0],
			 is_dir ? "/" : "");
	if (m.n > 1 && list && ln) {
		size_t len = 0;
		for (int i = 0; i < m.n && len + 1 < ln; i++)
			len += (size_t)snprintf(list + len, ln - len, "%s%s", i ? " " : "", m.name[i]);
	}
done:
	for (int i = 0; i < m.n; i++)
		free(m.name[i]);
	free(m.name);
	free(m.dir);
	return m.n;
}
