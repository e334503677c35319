/*
 * test_save.c: regression tests for saving of issue 14: a symlink or a hard
 * link cannot bypass "shipped presets are never overwritten" (defect 5);
 * temporary files of a killed save are removed by the next one, the owner
 * and group of a file stay, and a second hard link sees the new text
 * (defect 9; the rule is vim's backupcopy=auto, see save.h); a file that
 * starts with a UTF-8 byte-order mark keeps its comments and its BOM
 * (defect 11).  Works in a private directory under $TMPDIR.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "config/config.h"
#include "config/presets.h"
#include "config/save.h"
#include "config/yaml_load.h"

static char root[PATH_MAX];

static void put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "wb");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static char *get(const char *path)
{
	size_t len;
	char *s = save_read(path, &len);
	assert_non_null(s);
	return s;
}

static int setup(void **state)
{
	const char *t = getenv("TMPDIR");
	snprintf(root, sizeof root, "%s/icnx-test-save.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(root))
		return -1;
	char p[PATH_MAX + 32];
	snprintf(p, sizeof p, "%s/shipped", root);
	mkdir(p, 0755);
	snprintf(p, sizeof p, "%s/user", root);
	mkdir(p, 0755);
	setenv("ICNX_PRESETS_DIR", root, 1);   /* replaced below per test */
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

/* Defect 5: the shipped check follows links as the save does. */
static void test_shipped_by_real_path(void **state)
{
	char shipped[PATH_MAX + 32], a[PATH_MAX + 64], p[PATH_MAX + 64];
	snprintf(shipped, sizeof shipped, "%s/shipped", root);
	setenv("ICNX_PRESETS_DIR", shipped, 1);
	snprintf(a, sizeof a, "%s/a.yaml", shipped);
	put(a, "model: star\n");
	assert_true(preset_is_shipped(a));
	snprintf(p, sizeof p, "%s/user/link.yaml", root);
	assert_int_equal(symlink(a, p), 0);
	assert_true(preset_is_shipped(p));          /* a symlink to a shipped file */
	snprintf(p, sizeof p, "%s/user/hard.yaml", root);
	assert_int_equal(link(a, p), 0);
	assert_true(preset_is_shipped(p));          /* a hard link to it */
	snprintf(p, sizeof p, "%s/user/dirlink", root);
	assert_int_equal(symlink(shipped, p), 0);
	snprintf(p, sizeof p, "%s/user/dirlink/new.yaml", root);
	assert_true(preset_is_shipped(p));          /* a new file through a dir link */
	snprintf(p, sizeof p, "%s/user/mine.yaml", root);
	put(p, "model: star\n");
	assert_false(preset_is_shipped(p));
	snprintf(p, sizeof p, "%s/user/absent.yaml", root);
	assert_false(preset_is_shipped(p));
}

static size_t count_temps(const char *dir, const char *base)
{
	char prefix[PATH_MAX];
	size_t n = 0;
	DIR *dp = opendir(dir);
	snprintf(prefix, sizeof prefix, ".%s.", base);
	for (struct dirent *de; dp && (de = readdir(dp));)
		n += strncmp(de->d_name, prefix, strlen(prefix)) == 0;
	if (dp)
		closedir(dp);
	return n;
}

/* Defect 9a: a killed save's temporary file goes at the next save; one a
 * live save holds (locked) stays. */
static void test_stale_temps_removed(void **state)
{
	char dir[PATH_MAX + 32], f[PATH_MAX + 64], t1[PATH_MAX + 64], t2[PATH_MAX + 64];
	char err[512];
	snprintf(dir, sizeof dir, "%s/user", root);
	snprintf(f, sizeof f, "%s/f.yaml", dir);
	snprintf(t1, sizeof t1, "%s/.f.yaml.icnx-AbC123", dir);
	snprintf(t2, sizeof t2, "%s/.f.yaml.icnx-LiVe99", dir);
	put(f, "old\n");
	put(t1, "half a save");
	put(t2, "a save in progress");
	int live = open(t2, O_RDONLY);
	assert_true(live >= 0);
	assert_int_equal(flock(live, LOCK_EX), 0);
	assert_int_equal(save_atomic(f, "new\n", 4, err, sizeof err), 0);
	assert_int_equal(access(t1, F_OK), -1);
	assert_int_equal(access(t2, F_OK), 0);
	close(live);
	assert_int_equal(save_atomic(f, "new\n", 4, err, sizeof err), 0);
	assert_int_equal(count_temps(dir, "f.yaml"), 0);
	char *s = get(f);
	assert_string_equal(s, "new\n");
	free(s);
	/* A failing save leaves nothing either: the target is a directory. */
	snprintf(f, sizeof f, "%s/d.yaml", dir);
	mkdir(f, 0755);
	assert_int_equal(save_atomic(f, "x", 1, err, sizeof err), -1);
	assert_int_equal(count_temps(dir, "d.yaml"), 0);
}

/* Set path's modification time to `age` seconds ago. */
static void age_file(const char *path, long age)
{
	struct timeval tv[2];
	gettimeofday(&tv[0], NULL);
	tv[0].tv_sec -= age;
	tv[1] = tv[0];
	assert_int_equal(utimes(path, tv), 0);
}

/* Defect 9a, legacy names: a killed save of a version up to 21c1a4a left
 * ".NAME.XXXXXX" (no lock); the next save removes it when it is our own
 * dead temporary by the rule of save.h, and nothing that may be a user's
 * file or a live writer's. */
static void test_legacy_temps(void **state)
{
	char dir[PATH_MAX + 32], f[PATH_MAX + 64], p[PATH_MAX + 96], err[512];
	static const struct {
		const char *name, *text;
		long age;
		bool gone;
	} cases[] = {
		{ "AbC123", "model: star\nn: 5\n", 3600, true },      /* a dead save */
		{ "Zq9xYw", "", 86400, true },                          /* killed before writing */
		{ "x7Rk2p", "# c\nmodel: star\n", 601, true },
		{ "Lm4Nq8", "model: star\n", 30, false },              /* recent: maybe live */
		{ "backup", "model: star\n", 3600, false },            /* a user's name */
		{ "Old123", "my notes\n", 3600, false },               /* not a preset */
		{ "AbC12", "model: star\n", 3600, false },             /* not 6 characters */
		{ "AbC1234", "model: star\n", 3600, false },
		{ "AbC-12", "model: star\n", 3600, false },            /* not mkstemp's alphabet */
	};
	size_t n = sizeof cases / sizeof cases[0];
	snprintf(dir, sizeof dir, "%s/legacy", root);
	mkdir(dir, 0755);
	snprintf(f, sizeof f, "%s/g.yaml", dir);
	put(f, "model: star\n");
	for (size_t i = 0; i < n; i++) {
		snprintf(p, sizeof p, "%s/.g.yaml.%s", dir, cases[i].name);
		put(p, cases[i].text);
		age_file(p, cases[i].age);
	}
	/* old and a preset, but another name links to it: kept */
	char l1[PATH_MAX + 96], l2[PATH_MAX + 96], s1[PATH_MAX + 96], s2[PATH_MAX + 96];
	snprintf(l1, sizeof l1, "%s/.g.yaml.Lnk001", dir);
	snprintf(l2, sizeof l2, "%s/keep-link", dir);
	put(l1, "model: star\n");
	assert_int_equal(link(l1, l2), 0);
	age_file(l1, 3600);
	/* a symlink of the pattern to an old preset: neither followed nor removed */
	snprintf(s1, sizeof s1, "%s/.g.yaml.Sym001", dir);
	snprintf(s2, sizeof s2, "%s/target.yaml", dir);
	put(s2, "model: star\n");
	age_file(s2, 3600);
	assert_int_equal(symlink(s2, s1), 0);
	/* old and a preset, but a writer holds it locked: kept */
	char lk[PATH_MAX + 96];
	snprintf(lk, sizeof lk, "%s/.g.yaml.Lck001", dir);
	put(lk, "model: star\n");
	age_file(lk, 3600);
	int live = open(lk, O_RDONLY);
	assert_true(live >= 0);
	assert_int_equal(flock(live, LOCK_EX), 0);

	assert_int_equal(save_atomic(f, "model: star\nn: 6\n", 17, err, sizeof err), 0);
	for (size_t i = 0; i < n; i++) {
		snprintf(p, sizeof p, "%s/.g.yaml.%s", dir, cases[i].name);
		if (cases[i].gone)
			assert_int_equal(access(p, F_OK), -1);
		else
			assert_int_equal(access(p, F_OK), 0);
	}
	assert_int_equal(access(l1, F_OK), 0);
	struct stat st;
	assert_int_equal(lstat(s1, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(access(s2, F_OK), 0);
	assert_int_equal(access(lk, F_OK), 0);
	close(live);
	char *s = get(f);
	assert_string_equal(s, "model: star\nn: 6\n");
	free(s);
	/* owned by someone else: kept (only root can make one here) */
	if (geteuid() == 0) {
		snprintf(p, sizeof p, "%s/.g.yaml.Oth001", dir);
		put(p, "model: star\n");
		assert_int_equal(chown(p, 4242, 4343), 0);
		age_file(p, 3600);
		assert_int_equal(save_atomic(f, "model: star\n", 12, err, sizeof err), 0);
		assert_int_equal(access(p, F_OK), 0);
	}
	(void)state;
}

/* Defect 9b, 9c: owner, group and mode stay; other hard links see the
 * new text. */
static void test_owner_mode_links(void **state)
{
	char f[PATH_MAX + 64], g[PATH_MAX + 64], err[512];
	struct stat st;
	snprintf(f, sizeof f, "%s/user/o.yaml", root);
	put(f, "old\n");
	chmod(f, 0640);
	bool root_user = geteuid() == 0;
	if (root_user)
		assert_int_equal(chown(f, 4242, 4343), 0);
	assert_int_equal(save_atomic(f, "new text\n", 9, err, sizeof err), 0);
	assert_int_equal(stat(f, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	if (root_user) {
		assert_int_equal(st.st_uid, 4242);
		assert_int_equal(st.st_gid, 4343);
	}
	snprintf(g, sizeof g, "%s/user/o-link.yaml", root);
	assert_int_equal(link(f, g), 0);
	assert_int_equal(save_atomic(f, "third\n", 6, err, sizeof err), 0);
	char *s = get(g);
	assert_string_equal(s, "third\n");
	free(s);
	struct stat sf, sg;
	assert_int_equal(stat(f, &sf), 0);
	assert_int_equal(stat(g, &sg), 0);
	assert_true(sf.st_ino == sg.st_ino);
	assert_int_equal(count_temps(root, "o.yaml"), 0);
}

/* Defect 11: a BOM does not shift the source map; it is kept. */
static void test_bom_kept(void **state)
{
	static const char orig[] =
		"\xEF\xBB\xBF# a preset with a BOM\n"
		"model: star\n"
		"n: 5          # five symbols\n"
		"V: 6\n"
		"M: 32\n";
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	char why[256];
	bool lossy;
	assert_int_equal(config_parse_text(&cfg, orig, strlen(orig), "b.yaml", NULL, &d), 0);
	assert_int_equal(config_validate(&cfg, &d), 0);
	assert_int_equal(config_set(&cfg, "V", "9", &d), 0);
	char *out = save_splice(orig, strlen(orig), &cfg, &lossy, why, sizeof why);
	assert_false(lossy);
	assert_memory_equal(out, "\xEF\xBB\xBF# a preset", 13);
	assert_non_null(strstr(out, "V: 9\n"));
	assert_non_null(strstr(out, "# five symbols"));
	free(out);
	/* Written afresh (a change not in the file), the BOM stays too. */
	assert_int_equal(config_set(&cfg, "options.tol", "1e-8", &d), 0);
	out = save_splice(orig, strlen(orig), &cfg, &lossy, why, sizeof why);
	assert_true(lossy);
	assert_memory_equal(out, "\xEF\xBB\xBF", 3);
	free(out);
	config_free(&cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_by_real_path),
		cmocka_unit_test(test_stale_temps_removed),
		cmocka_unit_test(test_legacy_temps),
		cmocka_unit_test(test_owner_mode_links),
		cmocka_unit_test(test_bom_kept),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
