/*
 * keyscript.h: the key script of the headless mode (--headless WxH --keys
 * FILE): what to type into the explorer, one command per line.
 *
 *   # a comment (blank lines too)
 *   keys 1 j l l Enter    keys by tmux's names, separated by blanks: a single
 *                         character is itself; Enter Escape Tab BTab Space
 *                         BSpace DC IC Up Down Left Right Home End PgUp PgDn
 *                         (also PPage NPage) F1..F12, C-x for control keys
 *   text 0.3              the rest of the line after one blank, typed as is
 *   screen LABEL          print the screen here, headed "--- LABEL"
 *   resize 60x20          the terminal changes size
 *
 * Before every step the explorer is settled (the worker has finished and
 * its results are drawn), so a script's screens are the same on every run.
 * The parser is pure (no curses calls; curses.h only for the key codes).
 */
#ifndef ICNX_KEYSCRIPT_H
#define ICNX_KEYSCRIPT_H

#include <stdbool.h>
#include <stddef.h>

enum ks_kind { KS_KEY, KS_SCREEN, KS_RESIZE };

struct ks_step {
	enum ks_kind kind;
	int ch;            /* KS_KEY: the character or curses key code */
	bool code;         /* KS_KEY: ch is a curses KEY_* code */
	int w, h;          /* KS_RESIZE */
	char label[64];    /* KS_SCREEN */
	int line;          /* the script's line, 1-based */
};

struct keyscript {
	struct ks_step *steps;
	size_t n, cap, next;
};

/* Parse text (NUL-terminated, UTF-8) into ks (which it initialises).
 * Returns 0, or -1 with "LINE: what is wrong" in err.  On success the
 * caller frees ks with keyscript_free(). */
int keyscript_parse(struct keyscript *ks, const char *text, char *err, size_t errlen);

/* Read the file (path "-" = standard input) and parse it; -1 with the
 * message ("FILE:LINE: ..." or "FILE: cannot open: ...") in err. */
int keyscript_load(struct keyscript *ks, const char *path, char *err, size_t errlen);

void keyscript_free(struct keyscript *ks);

#endif
