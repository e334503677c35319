/* presets.c: preset lookup and listing (see presets.h). */
#include "config/presets.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool preset_arg_is_file(const char *arg)
{
	size_t n = strlen(arg);
	return strchr(arg, '/') || (n > 5 && strcmp(arg + n - 5, ".yaml") == 0) ||
	       (n > 4 && strcmp(arg + n - 4, ".yml") == 0);
}

static const char *const origins[PRESET_DIRS_MAX] = { "./presets", "user", "tree",
							 "installed" };

/* The presets of the tree the running program sits in: the real directory
 * of /proc/self/exe, then ../presets (build/icnx -> the source tree's
 * presets, whatever the current directory).  "" when there is none (an
 * installed icnx in /usr/bin has no /usr/presets; no /proc). */
static void tree_presets(char out[4096])
{
	char exe[4096], dir[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	struct stat st;
	char *slash;

	out[0] = '\0';
	if (n <= 0 || (size_t)n >= sizeof exe - 1)
		return;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return;
	snprintf(slash, sizeof exe - (size_t)(slash - exe), "/../presets");
	if (realpath(exe, dir) && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		snprintf(out, 4096, "%s", dir);
}

size_t preset_dirs(char dirs[PRESET_DIRS_MAX][4096])
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	const char *inst = getenv("ICNX_PRESETS_DIR");

	snprintf(dirs[0], 4096, "presets");
	if (xdg && *xdg)
		snprintf(dirs[1], 4096, "%s/icnx/presets", xdg);
	else if (home && *home)
		snprintf(dirs[1], 4096, "%s/.config/icnx/presets", home);
	else
		dirs[1][0] = '\0';
	tree_presets(dirs[2]);
	if (inst && *inst)
		snprintf(dirs[3], 4096, "%s", inst);
	else
		snprintf(dirs[3], 4096, "%s/presets", ICNX_DATADIR);
	return PRESET_DIRS_MAX;
}

int preset_resolve(const char *arg, char *out, size_t n)
{
	char dirs[PRESET_DIRS_MAX][4096];

	if (preset_arg_is_file(arg)) {
		snprintf(out, n, "%s", arg);
		return 0;
	}
	size_t nd = preset_dirs(dirs);
	for (size_t i = 0; i < nd; i++) {
		if (!dirs[i][0])
			continue;
		snprintf(out, n, "%s/%s.yaml", dirs[i], arg);
		if (access(out, R_OK) == 0)
			return 0;
	}
	return -1;
}

/* The real path of what a save to path would write: the file itself with
 * every symlink resolved (save_atomic follows them), or, for a file that
 * does not exist yet, the real directory plus the name.  0 or -1. */
static int save_target_real(const char *path, char *out, size_t n)
{
	char tmp[PATH_MAX], dir[PATH_MAX];
	if (realpath(path, tmp)) {
		snprintf(out, n, "%s", tmp);
		return 0;
	}
	snprintf(tmp, sizeof tmp, "%s", path);
	char *slash = strrchr(tmp, '/');
	const char *base = slash ? slash + 1 : tmp;
	if (slash)
		*slash = '\0';
	if (!realpath(slash ? (tmp[0] ? tmp : "/") : ".", dir))
		return -1;
	snprintf(out, n, "%s/%s", dir, base);
	return 0;
}

/* True when st is the same file as a *.yaml in dir (a hard link to it). */
static bool linked_into(const struct stat *st, const char *dir)
{
	DIR *dp = opendir(dir);
	char p[PATH_MAX];
	struct stat s2;
	bool found = false;
	if (!dp)
		return false;
	for (struct dirent *de; !found && (de = readdir(dp));) {
		size_t l = strlen(de->d_name);
		if (l <= 5 || strcmp(de->d_name + l - 5, ".yaml") != 0)
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
		found = stat(p, &s2) == 0 && s2.st_dev == st->st_dev && s2.st_ino == st->st_ino;
	}
	closedir(dp);
	return found;
}

bool preset_is_shipped(const char *path)
{
	char dirs[PRESET_DIRS_MAX][4096], real_path[PATH_MAX], real_dir[PATH_MAX];
	struct stat st;

	if (save_target_real(path, real_path, sizeof real_path))
		return false;
	bool exists = stat(real_path, &st) == 0;
	char *slash = strrchr(real_path, '/');
	if (slash == real_path)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	preset_dirs(dirs);
	for (size_t i = 0; i < PRESET_DIRS_MAX; i++) {   /* all but the user's */
		if (i == 1 || !dirs[i][0] || !realpath(dirs[i], real_dir))
			continue;
		if (strcmp(real_dir, real_path) == 0)
			return true;
		/* A second name (hard link) of a shipped preset elsewhere: a save
		 * in place would change the shipped file. */
		if (exists && st.st_nlink > 1 && linked_into(&st, real_dir))
			return true;
	}
	return false;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t preset_list(preset_fn fn, void *ctx)
{
	char dirs[PRESET_DIRS_MAX][4096], path[4096 + 256];
	char **seen = NULL;
	size_t nseen = 0, visited = 0;

	preset_dirs(dirs);
	for (size_t i = 0; i < PRESET_DIRS_MAX; i++) {
		DIR *dp = dirs[i][0] ? opendir(dirs[i]) : NULL;
		if (!dp)
			continue;
		char **names = NULL;
		size_t nn = 0;
		for (struct dirent *de; (de = readdir(dp));) {
			size_t l = strlen(de->d_name);
			if (l <= 5 || strcmp(de->d_name + l - 5, ".yaml") != 0)
				continue;
			char **nn2 = realloc(names, (nn + 1) * sizeof *names);
			if (!nn2)
				break;
			names = nn2;
			names[nn] = strndup(de->d_name, l - 5);
			if (names[nn])
				nn++;
		}
		closedir(dp);
		qsort(names, nn, sizeof *names, cmp_names);
		for (size_t k = 0; k < nn; k++) {
			bool dup = false;
			for (size_t s = 0; s < nseen && !dup; s++)
				dup = strcmp(seen[s], names[k]) == 0;
			if (dup) {
				free(names[k]);
				continue;
			}
			snprintf(path, sizeof path, "%s/%s.yaml", dirs[i], names[k]);
			fn(names[k], path, origins[i], ctx);
			visited++;
			char **s2 = realloc(seen, (nseen + 1) * sizeof *seen);
			if (s2) {
				seen = s2;
				seen[nseen++] = names[k];
			} else {
				free(names[k]);
			}
		}
		free(names);
	}
	for (size_t s = 0; s < nseen; s++)
		free(seen[s]);
	free(seen);
	return visited;
}
