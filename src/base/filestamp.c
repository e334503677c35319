/*
 * filestamp.c: what a file held when it was read (see filestamp.h).
 */
#include "base/filestamp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static uint64_t fnv1a(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ull;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

int file_read_stamped(const char *path, size_t max, char **text, size_t *len,
		      struct file_stamp *st)
{
	FILE *fp = fopen(path, "rb");
	struct stat sb;
	char *buf;
	size_t n;
	int err;

	*text = NULL;
	*len = 0;
	st->valid = false;
	if (!fp)
		return -1;
	if (fstat(fileno(fp), &sb) != 0 || !(buf = malloc(max + 1))) {
		err = errno;
		fclose(fp);
		errno = err ? err : ENOMEM;
		return -2;
	}
	n = fread(buf, 1, max + 1, fp);
	err = ferror(fp) ? (errno ? errno : EIO) : 0;
	fclose(fp);
	if (err || n > max) {
		free(buf);
		errno = err ? err : EFBIG;
		return -2;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	*st = (struct file_stamp){ true, sb.st_dev, sb.st_ino, (off_t)n,
				   (long long)sb.st_mtim.tv_sec, sb.st_mtim.tv_nsec, fnv1a(buf, n) };
	return 0;
}

enum file_change file_stamp_compare(const struct file_stamp *st, const char *path, size_t max)
{
	struct file_stamp now;
	struct stat sb;
	char *text;
	size_t len;

	if (stat(path, &sb) != 0)
		return errno == ENOENT || errno == ENOTDIR ? FILE_GONE : FILE_UNREADABLE;
	if (S_ISREG(sb.st_mode) && sb.st_size != st->size)
		return FILE_CHANGED;
	if (file_read_stamped(path, max, &text, &len, &now) != 0)
		return errno == EFBIG ? FILE_CHANGED : errno == ENOENT ? FILE_GONE : FILE_UNREADABLE;
	free(text);
	return now.size == st->size && now.hash == st->hash ? FILE_SAME : FILE_CHANGED;
}
