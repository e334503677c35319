/*
 * actions.h: what the explorer does with files and prompts: save the
 * preset (atomic, comment-keeping, never over a shipped preset), open a
 * preset or file, export what the plot shows (the curve, or the simulated
 * points or view: app_export_table) as CSV and the screen as text, answer a
 * yes/no question, accept a typed value, show the batch command line.
 * Each returns K_* flags for the main loop.
 *
 * UI thread only (the screen export reads curses' screen).
 */
#ifndef ICNX_UI_ACTIONS_H
#define ICNX_UI_ACTIONS_H

#include <stdbool.h>

#include "ui/app.h"

/* Open the line editor for a file name (save / open / CSV / screen), with a
 * sensible default. */
unsigned act_prompt_file(struct app *a, enum prompt_kind k);

/* The line editor's Enter. */
unsigned act_prompt_accept(struct app *a);

/* The question's answer. */
unsigned act_confirm(struct app *a, bool yes);

unsigned act_save(struct app *a, const char *path, bool lossy_ok, bool overwrite_ok);
unsigned act_open(struct app *a, const char *arg, bool discard_ok);
/* The file shown as it is on disk now, the edits not saved dropped (the
 * answer r to CF_DISK_CHANGED). */
unsigned act_reload(struct app *a);
unsigned act_export_csv(struct app *a, const char *path, bool overwrite_ok);
unsigned act_export_screen(struct app *a, const char *path, bool overwrite_ok);
/* Key F: the plot as a gnuplot figure (plot_pane_figure) to path, atomic,
 * asking before overwriting or creating a directory, as the CSV export. */
unsigned act_export_figure(struct app *a, const char *path, bool overwrite_ok);

/* Put the focused pane's batch command in the status line. */
unsigned act_cmdline(struct app *a);

/* w: the save prompt; with an incomplete draft, ask first whether to save
 * the last valid configuration. */
unsigned act_save_key(struct app *a);

/* q: quit, asking first when there are unsaved edits or a draft. */
unsigned act_quit(struct app *a);

#endif
