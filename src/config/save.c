/* save.c: comment-preserving splicing and atomic writes (see save.h). */
#include "config/save.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "config/yaml_dump.h"
#include "config/yaml_load.h"
#include "config/cfgwalk.h"

#define MAX_CHANGES 256

struct splice {
	size_t start, end;
	char text[2 * CFG_TEXT_MAX + 4];   /* quoted: every byte may be escaped */
};

static int cmp_splice(const void *a, const void *b)
{
	const struct splice *x = a, *y = b;
	return (x->start > y->start) - (x->start < y->start);
}

static bool is_text_field(const struct config *cfg, const char *path)
{
	const struct param *p = NULL;
	char buf[CFG_TEXT_MAX];
	if (strcmp(path, "title") == 0)
		return true;
	return param_get_path(cfg->schema->params, config_cbody(cfg), path, buf, sizeof buf,
			      &p) == 0 && p && p->type == PT_STR;
}

/* The new value as a YAML scalar, keeping the quoting style of the
 * original (style: libyaml's) where the text allows it, so that it reads
 * back as the same text.  Returns 0, or -1 when it does not fit out. */
static int quote_like(char *out, size_t n, const char *text, int style, bool is_text)
{
	struct strbuf b;
	strbuf_init(&b);
	if (style == 2 /* YAML_SINGLE_QUOTED_SCALAR_STYLE */) {
		strbuf_puts(&b, "'");
		for (const char *c = text; *c; c++)
			strbuf_puts(&b, *c == '\'' ? "''" : (char[]){ *c, 0 });
		strbuf_puts(&b, "'");
	} else if (style == 3 /* YAML_DOUBLE_QUOTED_SCALAR_STYLE */ && is_text) {
		/* yaml_scalar double-quotes (with escapes) whenever it quotes. */
		strbuf_puts(&b, "\"");
		for (const char *c = text; *c; c++) {
			if (*c == '"' || *c == '\\')
				strbuf_printf(&b, "\\%c", *c);
			else
				strbuf_add(&b, c, 1);
		}
		strbuf_puts(&b, "\"");
	} else if (style == 3) {
		strbuf_printf(&b, "\"%s\"", text);
	} else {
		yaml_scalar(&b, text, is_text);
	}
	int rc = b.failed || !b.s || b.len >= n ? -1 : 0;
	if (!rc)
		memcpy(out, b.s, b.len + 1);
	strbuf_free(&b);
	return rc;
}

/* The spliced text, or NULL with why filled. */
static char *try_splice(const char *orig, size_t len, const struct config *cfg, char *why,
			size_t whylen)
{
	struct config base = CONFIG_EMPTY, back = CONFIG_EMPTY;
	struct srcmap *map = NULL;
	struct diag d;
	struct cfg_change *ch = NULL;
	struct splice *sp = NULL;
	char *out = NULL;
	bool shrunk;

	if (config_parse_text(&base, orig, len, "file", &map, &d)) {
		snprintf(why, whylen, "the file no longer parses (%s)", d.msg);
		goto done;
	}
	if (base.schema != cfg->schema) {
		snprintf(why, whylen, "the file is of another model");
		goto done;
	}
	ch = calloc(MAX_CHANGES, sizeof *ch);
	sp = calloc(MAX_CHANGES, sizeof *sp);
	if (!ch || !sp) {
		snprintf(why, whylen, "out of memory");
		goto done;
	}
	size_t n = cfg_diff(&base, cfg, ch, MAX_CHANGES, &shrunk);
	if (shrunk) {
		snprintf(why, whylen, "list items were deleted");
		goto done;
	}
	if (n > MAX_CHANGES) {
		snprintf(why, whylen, "too many changes");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		const struct srcmap_entry *e = srcmap_find(map, ch[i].path);
		if (ch[i].absent) {
			snprintf(why, whylen, "%s was cleared", ch[i].path);
			goto done;
		}
		if (!e || e->end <= e->start) {
			snprintf(why, whylen, "%s is not in the file", ch[i].path);
			goto done;
		}
		sp[i].start = e->start;
		sp[i].end = e->end;
		if (quote_like(sp[i].text, sizeof sp[i].text, ch[i].text, e->style,
			       is_text_field(cfg, ch[i].path))) {
			snprintf(why, whylen, "%s is too long to write", ch[i].path);
			goto done;
		}
	}
	qsort(sp, n, sizeof *sp, cmp_splice);
	struct strbuf b;
	strbuf_init(&b);
	size_t at = 0;
	for (size_t i = 0; i < n; i++) {
		if (sp[i].start < at || sp[i].end > len) {
			snprintf(why, whylen, "overlapping values in the file");
			strbuf_free(&b);
			goto done;
		}
		strbuf_add(&b, orig + at, sp[i].start - at);
		strbuf_puts(&b, sp[i].text);
		at = sp[i].end;
	}
	strbuf_add(&b, orig + at, len - at);
	if (b.failed) {
		strbuf_free(&b);
		snprintf(why, whylen, "out of memory");
		goto done;
	}
	if (!b.s)
		strbuf_puts(&b, "");
	/* Trust it only if it reads back as cfg. */
	if (config_parse_text(&back, b.s, b.len, "spliced", NULL, &d) || !cfg_equal(&back, cfg)) {
		snprintf(why, whylen, "the edited file would not read back the same");
		strbuf_free(&b);
		goto done;
	}
	out = strbuf_take(&b);
done:
	config_free(&base);
	config_free(&back);
	srcmap_free(map);
	free(ch);
	free(sp);
	return out;
}

char *save_splice(const char *orig, size_t len, const struct config *cfg, bool *lossy,
		  char *why, size_t whylen)
{
	char *t = NULL;

	why[0] = '\0';
	if (orig)
		t = try_splice(orig, len, cfg, why, whylen);
	else
		snprintf(why, whylen, "the original file cannot be read");
	*lossy = t == NULL;
	if (t)
		return t;
	t = config_dump(cfg);
	if (t && orig && len >= 3 && memcmp(orig, "\xEF\xBB\xBF", 3) == 0) {
		/* Written afresh: the byte-order mark stays. */
		size_t n = strlen(t);
		char *b = malloc(n + 4);
		if (b) {
			memcpy(b, "\xEF\xBB\xBF", 3);
			memcpy(b + 3, t, n + 1);
		}
		free(t);
		t = b;
	}
	return t;
}

char *save_read(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	struct strbuf b;
	char buf[8192];
	size_t n;

	if (!fp)
		return NULL;
	strbuf_init(&b);
	while ((n = fread(buf, 1, sizeof buf, fp)) > 0) {
		strbuf_add(&b, buf, n);
		if (b.len > 4u << 20) {
			fclose(fp);
			strbuf_free(&b);
			errno = EFBIG;
			return NULL;
		}
	}
	int err = ferror(fp);
	fclose(fp);
	if (err || b.failed) {
		strbuf_free(&b);
		errno = err ? EIO : ENOMEM;
		return NULL;
	}
	if (!b.s)
		strbuf_puts(&b, "");
	*len = b.len;
	return strbuf_take(&b);
}

char *save_expand(const char *path, char *out, size_t n)
{
	const char *home = getenv("HOME");
	if (path[0] == '~' && path[1] == '/' && home && *home)
		snprintf(out, n, "%s/%s", home, path + 2);
	else
		snprintf(out, n, "%s", path);
	return out;
}

static int mkdirs(char *dir)
{
	struct stat st;
	if (stat(dir, &st) == 0)
		return S_ISDIR(st.st_mode) ? 0 : (errno = ENOTDIR, -1);
	char *slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		int rc = mkdirs(dir);
		*slash = '/';
		if (rc)
			return -1;
	}
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* The temporary files of a save: ".NAME.icnx-XXXXXX" next to the target.
 * A writer holds an flock on its temporary file until it is renamed or
 * removed, so one that can be locked belongs to a save that died (killed,
 * power cut).  Versions before that (up to 21c1a4a) named it ".NAME.XXXXXX"
 * and took no lock, and rsync names its own temporaries so too: such a
 * legacy name is removed only when it also looks like nothing but a dead
 * save (legacy_is_dead).  Both: a regular file (not followed through a
 * symlink) owned by the effective user, which nobody holds locked. */
#define SAVE_LEGACY_AGE 600     /* seconds: a save takes milliseconds */

static bool mkstemp_suffix(const char *s, bool legacy)
{
	bool upper_or_digit = false;
	for (int i = 0; i < 6; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')))
			return false;
		upper_or_digit |= !(ch >= 'a' && ch <= 'z');
	}
	/* a legacy name of six lowercase letters (".x.yaml.backup") is more
	 * likely a user's file than mkstemp's (0.5% of its names) */
	return s[6] == '\0' && (!legacy || upper_or_digit);
}

/* A legacy ".NAME.XXXXXX" is a dead save's when it has one link, was not
 * modified for SAVE_LEGACY_AGE seconds (the old writer took no lock) and
 * holds what a save writes: nothing yet, or a preset (a line "model:"). */
static bool legacy_is_dead(int fd, const struct stat *st)
{
	if (st->st_nlink != 1 || time(NULL) - st->st_mtime < SAVE_LEGACY_AGE)
		return false;
	if (st->st_size == 0)
		return true;
	if (st->st_size > 4 << 20)
		return false;
	char *buf = malloc((size_t)st->st_size + 1);
	ssize_t got = buf ? pread(fd, buf, (size_t)st->st_size, 0) : -1;
	bool preset = false;
	if (got > 0) {
		buf[got] = '\0';
		for (const char *p = buf; p && !preset; p = strchr(p, '\n'), p = p ? p + 1 : p)
			preset = strncmp(p, "model:", 6) == 0;
	}
	free(buf);
	return preset;
}

/* Remove the dead temporary files of target `base` in dir (rule above).
 * Returns how many were removed. */
static int remove_stale_temps(const char *dir, const char *base)
{
	char prefix[PATH_MAX], p[PATH_MAX * 2];
	int removed = 0;
	snprintf(prefix, sizeof prefix, ".%s.", base);
	size_t pl = strlen(prefix);
	DIR *dp = opendir(dir);
	if (!dp)
		return 0;
	for (struct dirent *de; (de = readdir(dp));) {
		if (strncmp(de->d_name, prefix, pl) != 0)
			continue;
		const char *rest = de->d_name + pl;
		bool legacy = strncmp(rest, "icnx-", 5) != 0;
		if (!mkstemp_suffix(legacy ? rest : rest + 5, legacy))
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
		int fd = open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		struct stat st;
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0 && (!legacy || legacy_is_dead(fd, &st)) &&
		    unlink(p) == 0)
			removed++;
		close(fd);
	}
	closedir(dp);
	return removed;
}

static int write_all(int fd, const char *text, size_t len)
{
	size_t off = 0;
	while (off < len) {
		ssize_t w = write(fd, text + off, len - off);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)w;
	}
	return 0;
}

/* Overwrite the existing file in place (its inode, so its owner, group,
 * mode, ACLs and other hard links stay), keeping the complete new text in
 * the temporary file tmp until the write has succeeded. */
static int write_in_place(const char *target, const char *text, size_t len, const char *tmp,
			  const char *path, char *err, size_t errlen)
{
	int fd = open(target, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write_all(fd, text, len) < 0 || ftruncate(fd, (off_t)len) < 0 ||
	    fsync(fd) < 0) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		snprintf(err, errlen, "cannot write %s: %s (the new text is in %s)", path,
			 strerror(e), tmp);
		return -1;
	}
	if (close(fd) < 0) {
		snprintf(err, errlen, "cannot write %s: %s (the new text is in %s)", path,
			 strerror(errno), tmp);
		return -1;
	}
	return 0;
}

int save_atomic(const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	char target[PATH_MAX], dir[PATH_MAX], tmp[PATH_MAX + 32];
	struct stat st;
	bool exists;
	mode_t mode;

	/* Follow a symlink so it keeps pointing at the (new) file. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (!realpath(path, target)) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
	} else {
		snprintf(target, sizeof target, "%s", path);
	}
	exists = stat(target, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		return -1;
	}
	if (exists) {
		mode = st.st_mode & 07777;
	} else {
		mode_t um = umask(0);
		umask(um);
		mode = 0666 & ~um;
	}
	snprintf(dir, sizeof dir, "%s", target);
	char *slash = strrchr(dir, '/');
	const char *base = target;
	if (slash) {
		*slash = '\0';
		base = target + (slash - dir) + 1;
		if (dir[0] == '\0')
			snprintf(dir, sizeof dir, "/");
	} else {
		snprintf(dir, sizeof dir, ".");
	}
	if (mkdirs(dir) < 0) {
		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	remove_stale_temps(dir, base);
	snprintf(tmp, sizeof tmp, "%s/.%s.icnx-XXXXXX", dir, base);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write in %s: %s", dir, strerror(errno));
		return -1;
	}
	flock(fd, LOCK_EX);   /* ours until renamed or removed (remove_stale_temps) */
	if (write_all(fd, text, len) < 0 || fsync(fd) < 0 || fchmod(fd, mode) < 0)
		goto fail;
	/* The rule (vim's backupcopy=auto): replace the file by a new one
	 * (rename, atomic) unless that would change what the old one was: it
	 * has other hard links, or its owner or group cannot be given to the
	 * new file; then overwrite it in place. */
	bool in_place = exists && st.st_nlink > 1;
	if (exists && !in_place) {
		struct stat ts;
		if (fstat(fd, &ts) < 0)
			goto fail;
		if ((ts.st_uid != st.st_uid || ts.st_gid != st.st_gid) &&
		    fchown(fd, st.st_uid, st.st_gid) < 0)
			in_place = true;
	}
	if (in_place) {
		if (write_in_place(target, text, len, tmp, path, err, errlen)) {
			close(fd);   /* the temporary file keeps the new text */
			return -1;
		}
		unlink(tmp);
		close(fd);
		return 0;
	}
	if (rename(tmp, target) < 0)
		goto fail;
	close(fd);
	fd = -1;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
fail:
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	unlink(tmp);
	if (fd >= 0)
		close(fd);
	return -1;
}
