/*
 * filestamp.h: what a file held when it was read, to notice later that
 * another program changed it (the explorer asks before a save would
 * silently revert that change, as vim and emacs do).
 *
 * A stamp is the file's identity and metadata (device, inode, size,
 * modification time) and a 64-bit FNV-1a hash of the bytes read, taken from
 * the same open file (fstat) as the bytes, so the two agree.  A file
 * counts as changed when its bytes differ (same size and mtime with new
 * bytes, as a quick edit within one clock tick leaves it, still counts;
 * a `touch` alone does not).  File I/O only; any thread.
 */
#ifndef ICNX_BASE_FILESTAMP_H
#define ICNX_BASE_FILESTAMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct file_stamp {
	bool valid;            /* false: nothing was read */
	dev_t dev;
	ino_t ino;
	off_t size;            /* bytes */
	long long mtime_s;     /* modification time, seconds and nanoseconds */
	long mtime_ns;
	uint64_t hash;         /* FNV-1a of the bytes */
};

/* Read the whole file at path (at most max bytes) into a malloc'd
 * NUL-terminated buffer *text (caller frees), its length in *len, and its
 * stamp.  Returns 0; -1 when it cannot be opened, -2 when it cannot be
 * read (EFBIG: longer than max), errno set and *text NULL. */
int file_read_stamped(const char *path, size_t max, char **text, size_t *len,
		      struct file_stamp *st);

enum file_change {
	FILE_SAME,      /* the bytes are those of the stamp */
	FILE_CHANGED,   /* other bytes (or another size) */
	FILE_GONE,      /* no file at path any more */
	FILE_UNREADABLE /* it exists but cannot be read (errno) */
};

/* How the file at path compares with stamp st (st->valid). */
enum file_change file_stamp_compare(const struct file_stamp *st, const char *path, size_t max);

#endif
