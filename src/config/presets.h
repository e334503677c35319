/*
 * presets.h: finding presets by name and listing them.
 *
 * An argument containing '/' or ending in ".yaml" is a file; any other is a
 * preset name, looked up as NAME.yaml in: ./presets, $XDG_CONFIG_HOME/icnx/
 * presets (default ~/.config/icnx/presets), the presets of the tree the
 * program was built in (the executable's directory/../presets, when it
 * exists: build/icnx run from anywhere), then the installed presets
 * directory (ICNX_DATADIR/presets, or $ICNX_PRESETS_DIR when set).
 * Directories 0 (./presets), 2 (tree) and 3 (installed) hold shipped presets.
 */
#ifndef ICNX_PRESETS_H
#define ICNX_PRESETS_H

#include <stdbool.h>
#include <stddef.h>

#define ICNX_DEFAULT_PRESET "javadi-n1120"
#define PRESET_DIRS_MAX 4

/* True when arg names a file rather than a preset. */
bool preset_arg_is_file(const char *arg);

/* The search directories, in order, into dirs (each PATH_MAX-sized buffer
 * supplied by the caller as dirs[i] of size n).  Returns how many. */
size_t preset_dirs(char dirs[PRESET_DIRS_MAX][4096]);

/* Resolve arg (file or preset name) to a readable path in out (size n).
 * Returns 0, or -1 when no such preset exists. */
int preset_resolve(const char *arg, char *out, size_t n);

/* Would a save to path write a shipped preset (in the installed or
 * ./presets directory)?  Decided on the real path of what the save writes
 * (every symlink followed, as save_atomic does) and, for a file with more
 * than one hard link, on its identity (a link to a shipped preset counts).
 * Used to refuse overwriting shipped presets. */
bool preset_is_shipped(const char *path);

/* Callback for preset_list: name, path, origin ("./presets", "user", "installed"). */
typedef void (*preset_fn)(const char *name, const char *path, const char *origin, void *ctx);
/* Visit every preset once (first directory wins), sorted by name within a
 * directory.  Returns the number visited. */
size_t preset_list(preset_fn fn, void *ctx);

#endif
