/*
 * picker.h: the preset picker overlay: every preset the search path finds
 * (./presets, the user's $XDG_CONFIG_HOME/icnx/presets, the installed
 * ones), with its model, origin and title; / filters by a part of the name,
 * the title, the model or the model's title ("star" finds the kiasari
 * presets), and Enter then opens the selected match; C-u clears the filter, as in the other line editors.  It draws into a canvas and turns keys into "open this".
 *
 * UI thread only.
 */
#ifndef ICNX_UI_PICKER_H
#define ICNX_UI_PICKER_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"
#include "ui/keys.h"

struct picker;

/* Scan the presets.  Returns NULL when out of memory. */
struct picker *picker_new(void);
void picker_free(struct picker *pk);

enum picker_result { PK_CONTINUE, PK_CLOSE, PK_OPEN };

/* Handle an action (CTX_PICKER, CTX_MOVE) or, while filtering, a typed
 * character (ch >= 32, action ACT_NONE).  On PK_OPEN, *name is the preset's
 * name (borrowed, valid until the next call). */
enum picker_result picker_key(struct picker *pk, enum action a, int ch, const char **name);

/* Draw the list into c (the whole canvas: frame, title, rows). */
void picker_draw(struct picker *pk, struct canvas *c, bool utf8);

/* Is the filter being typed (keys go to it)? */
bool picker_filtering(const struct picker *pk);

#endif
