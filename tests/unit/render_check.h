/*
 * render_check.h: helpers shared by the renderer tests (test_render*.c):
 * golden files, the sentinel/offset checks of check_render(), and small
 * queries on a canvas.  Header-only (static inline) so each test binary
 * stays one .c file.
 *
 * check_render() checks a render three ways: (1) drawn into a bigger
 * canvas pre-filled with a sentinel, nothing outside its rectangle may
 * change; (2) the same render at the origin of an exact-size canvas must
 * match cell for cell; (3) the text must equal tests/golden/render_<name>.txt
 * (ICNX_UPDATE_GOLDEN=1 rewrites it instead).  Run from the repository root.
 */
#ifndef ICNX_TEST_RENDER_CHECK_H
#define ICNX_TEST_RENDER_CHECK_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/canvas.h"

#define GOLDEN_DIR "tests/golden/"
#define SENTINEL "~"
#define PAD_X 3
#define PAD_Y 2

typedef void (*render_fn)(struct canvas *c, struct canvas_rect r,
			  const void *ctx);

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static inline char *
read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return NULL;
	}
	buf = malloc((size_t)n + 1);
	if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf != NULL)
		buf[n] = '\0';
	fclose(f);
	return buf;
}

static inline void
golden_check(const char *name, const char *text)
{
	char path[256];
	const char *upd = getenv("ICNX_UPDATE_GOLDEN");
	char *want;

	snprintf(path, sizeof path, GOLDEN_DIR "render_%s.txt", name);
	if (upd != NULL && strcmp(upd, "1") == 0) {
		FILE *f = fopen(path, "wb");

		assert_non_null(f);
		assert_true(fputs(text, f) >= 0);
		assert_int_equal(fclose(f), 0);
		return;
	}
	want = read_file(path);
	if (want == NULL)
		fail_msg("missing golden file %s (run with ICNX_UPDATE_GOLDEN=1 "
			 "from the repository root)", path);
	if (strcmp(want, text) != 0) {
		print_error("golden mismatch for %s\n--- want\n%s--- got\n%s---\n",
			    path, want, text);
		free(want);
		fail_msg("render differs from %s", path);
	}
	free(want);
}

/*
 * Render with fn at size w x h: the sentinel/offset checks, then the golden
 * comparison when name is not NULL.  *out receives the exact-size canvas
 * (the caller frees it).
 */
static inline void
check_render(const char *name, enum canvas_charset cs, int w, int h,
	     render_fn fn, const void *ctx, struct canvas *out)
{
	struct canvas pad;
	struct canvas_rect r = { PAD_X, PAD_Y, w, h };
	struct canvas_rect all;
	char *text;
	size_t len;
	int x, y;

	assert_int_equal(canvas_init(&pad, w + 2 * PAD_X, h + 2 * PAD_Y), 0);
	canvas_set_charset(&pad, cs);
	all = (struct canvas_rect){ 0, 0, pad.width, pad.height };
	canvas_fill(&pad, all, SENTINEL, STY_DIM);
	fn(&pad, r, ctx);
	for (y = 0; y < pad.height; y++)
		for (x = 0; x < pad.width; x++) {
			const struct canvas_cell *cell = canvas_at(&pad, x, y);

			if (x >= r.x && x < r.x + w && y >= r.y && y < r.y + h)
				continue;
			if (strcmp(cell->glyph, SENTINEL) != 0 ||
			    cell->style != STY_DIM)
				fail_msg("%s: wrote outside its rectangle at "
					 "(%d,%d): '%s'", name ? name : "render",
					 x - PAD_X, y - PAD_Y, cell->glyph);
		}

	assert_int_equal(canvas_init(out, w, h), 0);
	canvas_set_charset(out, cs);
	fn(out, (struct canvas_rect){ 0, 0, w, h }, ctx);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			const struct canvas_cell *a = canvas_at(out, x, y);
			const struct canvas_cell *b = canvas_at(&pad, x + PAD_X,
								y + PAD_Y);

			if (strcmp(a->glyph, b->glyph) != 0 || a->style != b->style)
				fail_msg("%s: render depends on the offset at "
					 "(%d,%d)", name ? name : "render", x, y);
			if (cs == CANVAS_ASCII &&
			    (a->glyph[0] & 0x80) != 0)
				fail_msg("%s: non-ASCII glyph in ASCII mode at "
					 "(%d,%d)", name ? name : "render", x, y);
		}
	canvas_free(&pad);
	if (name == NULL)
		return;
	text = canvas_to_text(out);
	assert_non_null(text);
	len = strlen(text);
	text = realloc(text, len + 2);
	assert_non_null(text);
	text[len] = '\n';
	text[len + 1] = '\0';
	golden_check(name, text);
	free(text);
}

/* Row y of the canvas as text (trailing spaces kept); caller frees. */
static inline char *
row_text(const struct canvas *c, int y, int x0, int x1)
{
	char *s = malloc((size_t)(x1 - x0) * 4 + 1);
	size_t n = 0;
	int x;

	assert_non_null(s);
	for (x = x0; x < x1; x++) {
		const char *g = canvas_at(c, x, y)->glyph;

		memcpy(s + n, g, strlen(g));
		n += strlen(g);
	}
	s[n] = '\0';
	return s;
}

/* Parse a compact label ("0.25", "20k", "1.5M", "5e-4"); false if not one. */
static inline bool
parse_label(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s)
		return false;
	if (*end == 'k')
		*v *= 1e3, end++;
	else if (*end == 'M')
		*v *= 1e6, end++;
	else if (*end == 'G')
		*v *= 1e9, end++;
	return *end == '\0';
}

/* Numbers in a row of text, left to right; returns how many. */
static inline int
row_numbers(const char *row, double *v, int max)
{
	char tok[64];
	int n = 0, i = 0;
	const char *p = row;

	while (*p != '\0' && n < max) {
		while (*p == ' ')
			p++;
		i = 0;
		while (*p != '\0' && *p != ' ' && i < 63)
			tok[i++] = *p++;
		tok[i] = '\0';
		if (i > 0) {
			if (!parse_label(tok, &v[n]))
				fail_msg("tick label '%s' is not a number", tok);
			n++;
		}
	}
	return n;
}

static inline int
count_glyph(const struct canvas *c, struct canvas_rect r, const char *g,
	    int style)
{
	int x, y, n = 0;

	for (y = r.y; y < r.y + r.h; y++)
		for (x = r.x; x < r.x + r.w; x++) {
			const struct canvas_cell *cell = canvas_at(c, x, y);

			if (cell != NULL && (g == NULL || strcmp(cell->glyph, g) == 0) &&
			    (style < 0 || cell->style == style))
				n++;
		}
	return n;
}

/* The largest number of (glyph, style) cells in one column of r. */
static inline int
max_column(const struct canvas *c, struct canvas_rect r, const char *g,
	   int style)
{
	int x, n, best = 0;

	for (x = r.x; x < r.x + r.w; x++) {
		n = count_glyph(c, (struct canvas_rect){ x, r.y, 1, r.h }, g, style);
		if (n > best)
			best = n;
	}
	return best;
}


static inline bool
text_has(const struct canvas *c, const char *needle)
{
	char *t = canvas_to_text(c);
	bool found;

	assert_non_null(t);
	found = strstr(t, needle) != NULL;
	free(t);
	return found;
}

#endif
