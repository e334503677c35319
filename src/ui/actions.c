/* actions.c: saving, opening, exporting, questions (see actions.h). */
#include "ui/actions.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/filestamp.h"
#include "config/presets.h"
#include "base/write.h"
#include "ui/blit.h"
#include "config/cfgwalk.h"
#include "ui/cmdline.h"
#include "config/save.h"

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* The user's preset directory. */
static void user_dir(char *out, size_t n)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	if (xdg && *xdg)
		snprintf(out, n, "%s/icnx/presets", xdg);
	else
		snprintf(out, n, "%s/.config/icnx/presets", home && *home ? home : ".");
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* The preset's name without directory and extension ("javadi-n544"). */
static void preset_stem(const struct app *a, char *stem, size_t n)
{
	snprintf(stem, n, "%s", base_name(a->l->path));
	char *dot = strrchr(stem, '.');
	if (dot)
		*dot = '\0';
}

/* A typed name that is a directory ("/tmp", "out/"): the file goes inside
 * it, named stem + suffix, never next to it.  Returns false (path
 * unchanged) when it is not a directory, or when the name would not fit. */
static bool into_directory(char *path, size_t n, const char *stem, const char *suffix)
{
	struct stat st;
	size_t pl = strlen(path);
	bool slash = pl > 0 && path[pl - 1] == '/';

	if (!slash && !(stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
		return false;
	while (pl > 1 && path[pl - 1] == '/')
		path[--pl] = '\0';
	if (pl + 1 + strlen(stem) + strlen(suffix) + 1 > n)
		return false;
	snprintf(path + pl, n - pl, "%s%s%s", strcmp(path, "/") == 0 ? "" : "/", stem, suffix);
	return true;
}

/* Why a typed name cannot be written as a file, or NULL: its last
 * component is blank (only spaces: not a name anyone means), or it exists
 * and is neither a regular file nor a directory (/dev/null, a FIFO: a
 * preset or an export is a file, and ".yaml" is never added to such a
 * name).  The reason goes into why. */
static const char *unwritable(const char *path, char *why, size_t n)
{
	const char *last = strrchr(path, '/');
	struct stat st;

	last = last ? last + 1 : path;
	if (*last && last[strspn(last, " \t")] == '\0') {
		snprintf(why, n, "'%s' is not a file name (only blanks)", path);
		return why;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		snprintf(why, n, "%s is %s, not a regular file", path,
			 S_ISCHR(st.st_mode) ? "a character device" : S_ISBLK(st.st_mode)
			 ? "a block device" : S_ISFIFO(st.st_mode) ? "a FIFO"
			 : S_ISSOCK(st.st_mode) ? "a socket" : "not a file");
		return why;
	}
	return NULL;
}

/* The directory path would be written in, when it does not exist (copied
 * into dir): save_atomic would create it, which the user is asked about
 * first, unless it is the user's own presets directory (the name the
 * save prompt proposes for a shipped preset: created if need be). */
static bool missing_dir(const char *path, char *dir, size_t n)
{
	char presets[PATH_MAX];
	struct stat st;
	const char *slash = strrchr(path, '/');

	if (!slash || slash == path)
		return false;
	snprintf(dir, n, "%.*s", (int)(slash - path), path);
	if (stat(dir, &st) == 0)
		return false;
	user_dir(presets, sizeof presets);
	return strcmp(dir, presets) != 0;
}

/* When path's directory is missing (missing_dir), ask whether to create it
 * (CF_MKDIR; a yes redoes prompt k's action on path) and return true. */
static bool ask_mkdir(struct app *a, const char *path, enum prompt_kind k, const char *verb)
{
	char dir[PATH_MAX];

	if (!missing_dir(path, dir, sizeof dir))
		return false;
	snprintf(a->pending_path, sizeof a->pending_path, "%s", path);
	a->pending_prompt = k;
	app_confirm(a, CF_MKDIR, "The directory %s does not exist. Create it (and any missing "
		    "parents) and %s %s there?", dir, verb, base_name(path));
	return true;
}

unsigned act_prompt_file(struct app *a, enum prompt_kind k)
{
	char def[PATH_MAX + 64], dir[PATH_MAX], stem[256];

	snprintf(stem, sizeof stem, "%s", base_name(a->l->path));
	char *dot = strrchr(stem, '.');
	if (dot)
		*dot = '\0';
	switch (k) {
	case PR_SAVE:
		if (!preset_is_shipped(a->l->path)) {
			snprintf(def, sizeof def, "%s", a->l->path);
		} else {
			user_dir(dir, sizeof dir);
			snprintf(def, sizeof def, "%s/%s.yaml", dir, stem);
		}
		app_prompt(a, k, "save preset as: ", def, NULL);
		break;
	case PR_OPEN:
		app_prompt(a, k, "open file or preset: ", "", NULL);
		break;
	case PR_CSV: {
		/* say what the plot shows, as it will be written */
		struct app_export e;
		char why[APP_MSG_MAX], label[160];
		if (app_export_table(a, &e, why, sizeof why)) {
			app_msg(a, true, "%s", why);
			return K_HANDLED | K_STATUS;
		}
		snprintf(def, sizeof def, "%s%s", stem, e.suffix);
		if (e.sim)
			snprintf(label, sizeof label, "export simulated %s (CSV) to: ",
				 app_sim_is_curve(a) ? "points" : "view");
		else
			snprintf(label, sizeof label, "export curve (CSV) to: ");
		app_prompt(a, k, label, def, NULL);
		break;
	}
	case PR_SCREEN:
		snprintf(def, sizeof def, "%s-screen.txt", stem);
		app_prompt(a, k, "save screen as text to: ", def, NULL);
		break;
	case PR_FIGURE: {
		struct strbuf b;
		char why[APP_MSG_MAX];
		strbuf_init(&b);
		int rc = plot_pane_figure(&a->pane[P_PLOT], &b, why, sizeof why);
		strbuf_free(&b);
		if (rc) {
			app_msg(a, true, "no figure: %s", why);
			return K_HANDLED | K_STATUS;
		}
		snprintf(def, sizeof def, "%s-figure.gp", stem);
		app_prompt(a, k, "write the plot as a gnuplot figure to: ", def, NULL);
		break;
	}
	default:
		break;
	}
	return K_HANDLED | K_STATUS;
}

/* The file a typed name writes to, into path (size n): ~ expanded, a
 * directory given the preset's stem + suffix inside it.  false, with the
 * reason on the message line ("nothing <done>", "not <done>: ..."), when
 * no name was typed or the place cannot be written. */
static bool target_path(struct app *a, const char *typed, char *path, size_t n,
			const char *suffix, const char *done)
{
	char stem[256], bad[PATH_MAX + 64];

	save_expand(typed, path, n);
	if (!path[0]) {
		app_msg(a, true, "no file name given; nothing %s", done);
		return false;
	}
	if (unwritable(path, bad, sizeof bad)) {
		app_msg(a, true, "not %s: %s", done, bad);
		return false;
	}
	preset_stem(a, stem, sizeof stem);
	into_directory(path, n, stem, suffix);
	return true;
}

unsigned act_save(struct app *a, const char *typed, bool lossy_ok, bool overwrite_ok)
{
	char path[PATH_MAX], why[256], err[PATH_MAX + 128];
	size_t len = 0;
	bool lossy;

	if (!target_path(a, typed, path, sizeof path, ".yaml", "saved"))
		return K_HANDLED | K_STATUS;
	size_t pl = strlen(path);
	if (!(pl > 5 && strcmp(path + pl - 5, ".yaml") == 0) &&
	    !(pl > 4 && strcmp(path + pl - 4, ".yml") == 0) && pl + 5 < sizeof path)
		strcat(path, ".yaml");
	if (preset_is_shipped(path)) {
		char dir[PATH_MAX];
		user_dir(dir, sizeof dir);
		app_msg(a, true, "refused: shipped presets are never overwritten (%s); save under "
			"%s/", path, dir);
		return K_HANDLED | K_STATUS;
	}
	if (exists(path) && !same_file(path, a->l->path) && !overwrite_ok) {
		snprintf(a->pending_path, sizeof a->pending_path, "%s", path);
		a->pending_prompt = PR_SAVE;
		app_confirm(a, CF_OVERWRITE, "%s exists. Overwrite it?", path);
		return K_HANDLED | K_REDRAW_ALL;
	}
	if (!overwrite_ok && ask_mkdir(a, path, PR_SAVE, "save"))
		return K_HANDLED | K_REDRAW_ALL;
	/* The file shown changed on disk since it was read (another program
	 * wrote it): ask, as vim and emacs do, before a save reverts that. */
	if (!overwrite_ok && a->l->stamp.valid && (same_file(path, a->l->path) ||
	    (strcmp(path, a->l->path) == 0)) &&
	    file_stamp_compare(&a->l->stamp, a->l->path, 4u << 20) == FILE_CHANGED) {
		snprintf(a->pending_path, sizeof a->pending_path, "%s", path);
		app_confirm(a, CF_DISK_CHANGED, "%s has changed on disk since it was read (another "
			    "program wrote it). Overwrite it with the configuration shown, reload it "
			    "(the edits not saved are dropped), or cancel?", a->l->path);
		return K_HANDLED | K_REDRAW_ALL;
	}
	/* splice into the text as it was read (what the screen came from),
	 * not into what the file holds now */
	char *orig = a->l->text ? NULL : save_read(a->l->path, &len);
	char *text = a->l->text ? save_splice(a->l->text, a->l->len, &a->cfg, &lossy, why, sizeof why)
		: save_splice(orig, len, &a->cfg, &lossy, why, sizeof why);
	free(orig);
	if (!text) {
		app_msg(a, true, "out of memory");
		return K_HANDLED | K_STATUS;
	}
	if (lossy && !lossy_ok) {
		free(text);
		snprintf(a->pending_path, sizeof a->pending_path, "%s", path);
		app_confirm(a, CF_SAVE_LOSSY, "The comments and layout of %s cannot be kept (%s): "
			    "the file will be written afresh from the configuration, with a comment "
			    "per field. Save anyway?", a->l->path, why);
		return K_HANDLED | K_REDRAW_ALL;
	}
	int rc = save_atomic(path, text, strlen(text), err, sizeof err);
	free(text);
	if (rc) {
		app_msg(a, true, "not saved: %s", err);
		return K_HANDLED | K_STATUS;
	}
	/* Show the saved file from now on. */
	struct loaded nl;
	struct diag d;
	char arg[PATH_MAX + 2];
	snprintf(arg, sizeof arg, "%s%s", strchr(path, '/') ? "" : "./", path);
	if (load_arg(arg, &nl, &d) == 0 && config_equal(&nl.cfg, &a->cfg)) {
		loaded_free(a->l);
		config_free(&a->file_cfg);
		config_move(&a->file_cfg, &nl.cfg);
		a->have_file_cfg = true;
		*a->l = nl;    /* its configuration moved to file_cfg */
	} else {
		loaded_free(&nl);
		/* still the file shown: what it holds now is ours */
		char *t;
		size_t n;
		struct file_stamp st;
		if (same_file(path, a->l->path) &&
		    file_read_stamped(a->l->path, 4u << 20, &t, &n, &st) == 0) {
			free(a->l->text);
			a->l->text = t;
			a->l->len = n;
			a->l->stamp = st;
		}
	}
	config_free(&a->saved);
	config_copy(&a->saved, &a->cfg);    /* out of memory: shown as modified */
	app_msg(a, false, "saved %s%s", path, lossy ? " (written afresh; the old comments are gone)"
		: " (comments kept)");
	return K_HANDLED | K_REDRAW_ALL;
}

unsigned act_reload(struct app *a)
{
	char arg[PATH_MAX + 2], path[PATH_MAX];
	unsigned f;

	a->overlay = OV_NONE;
	snprintf(path, sizeof path, "%s", a->l->path);
	snprintf(arg, sizeof arg, "%s%s", strchr(path, '/') ? "" : "./", path);
	f = act_open(a, arg, true);
	if (f & K_RECOMPUTE)
		app_msg(a, false, "reloaded %s as it is on disk now; the edits not saved were "
			"dropped", path);
	return K_REDRAW_ALL | f;
}

unsigned act_open(struct app *a, const char *typed, bool discard_ok)
{
	char arg[PATH_MAX], msg[1024];
	struct loaded nl;
	struct diag d;

	save_expand(typed, arg, sizeof arg);
	if (!arg[0]) {
		app_msg(a, false, "nothing opened");
		return K_HANDLED | K_STATUS;
	}
	if (app_modified(a) && !discard_ok) {
		snprintf(a->pending_path, sizeof a->pending_path, "%s", arg);
		app_confirm(a, CF_OPEN, "%s has unsaved edits. Open %s and discard them?",
			    a->l->name, arg);
		return K_HANDLED | K_REDRAW_ALL;
	}
	diag_clear(&d);
	if (load_arg(arg, &nl, &d)) {
		loaded_free(&nl);
		app_msg(a, true, "cannot open: %s", diag_format(&d, msg, sizeof msg));
		return K_HANDLED | K_STATUS;
	}
	loaded_free(a->l);
	a->have_draft = false;
	config_free(&a->draft);
	config_free(&a->cfg);
	config_free(&a->saved);
	config_free(&a->file_cfg);
	config_move(&a->cfg, &nl.cfg);
	/* simulated points kept of another family cannot be drawn here (as pins) */
	if (a->nkept && a->kept[0].cfg.family != a->cfg.family)
		app_sim_forget(a, true);
	*a->l = nl;    /* its configuration moved to cfg */
	config_copy(&a->saved, &a->cfg);    /* out of memory: shown as modified */
	a->have_file_cfg = config_copy(&a->file_cfg, &a->cfg) == 0;
	undo_clear(&a->undo);
	a->gen++;
	a->view.at = NAN;
	a->view.select = -1;
	a->view_gen++;
	for (int i = 0; i < P_NPANES; i++)
		if (a->pane[i].ops->update)
			a->pane[i].ops->update(&a->pane[i], U_FILE | U_CONFIG);
	app_msg(a, false, "opened %s (%s)", a->l->name, a->cfg.title[0] ? a->cfg.title
		: a->cfg.family->schema.title);
	return K_HANDLED | K_RECOMPUTE | K_REDRAW_ALL | K_RELAYOUT | K_VIEW;
}

/* Write text to path (atomically), asking before overwriting; a directory
 * gets the preset's stem + suffix inside it. */
static unsigned export_text(struct app *a, const char *typed, const char *text, size_t len,
			    enum prompt_kind k, bool overwrite_ok, const char *what,
			    const char *suffix, bool sim)
{
	char path[PATH_MAX], err[PATH_MAX + 128];

	if (!target_path(a, typed, path, sizeof path, suffix, "written"))
		return K_HANDLED | K_STATUS;
	if (exists(path) && !overwrite_ok) {
		snprintf(a->pending_path, sizeof a->pending_path, "%s", path);
		a->pending_prompt = k;
		app_confirm(a, CF_OVERWRITE, "%s exists. Overwrite it?", path);
		return K_HANDLED | K_REDRAW_ALL;
	}
	if (!overwrite_ok && ask_mkdir(a, path, k, "write"))
		return K_HANDLED | K_REDRAW_ALL;
	if (save_atomic(path, text, len, err, sizeof err)) {
		app_msg(a, true, "not written: %s", err);
		return K_HANDLED | K_STATUS;
	}
	app_msg(a, false, "wrote %s to %s", what, path);
	if (sim && k == PR_FIGURE)     /* the simulated points the figure holds */
		plot_pane_figure_written(&a->pane[P_PLOT]);
	else if (sim)                  /* the shown view's results are in a file */
		app_sim_saved(a);
	return K_HANDLED | K_STATUS;
}

unsigned act_export_csv(struct app *a, const char *path, bool overwrite_ok)
{
	struct app_export e;
	char *buf = NULL, why[APP_MSG_MAX], what[160];
	size_t len = 0;

	/* the table the plot shows, in batch's own CSV (write_table) */
	if (app_export_table(a, &e, why, sizeof why)) {
		app_msg(a, true, "%s", why);
		return K_HANDLED | K_STATUS;
	}
	FILE *fp = open_memstream(&buf, &len);
	if (!fp) {
		app_msg(a, true, "out of memory");
		return K_HANDLED | K_STATUS;
	}
	struct write_meta meta = { a->cfg.family->schema.name, a->l->name, e.output };
	int rc = write_table(fp, e.t, FMT_CSV, &meta);
	fclose(fp);
	snprintf(what, sizeof what, "%s (CSV)", e.what);
	unsigned f = rc ? (app_msg(a, true, "cannot format the CSV"), K_HANDLED | K_STATUS)
		: export_text(a, path, buf, len, PR_CSV, overwrite_ok, what, e.suffix,
			      e.sim);
	free(buf);
	return f;
}

unsigned act_export_screen(struct app *a, const char *path, bool overwrite_ok)
{
	char *text = blit_screen_text();
	if (!text) {
		app_msg(a, true, "out of memory");
		return K_HANDLED | K_STATUS;
	}
	unsigned f = export_text(a, path, text, strlen(text), PR_SCREEN, overwrite_ok,
				 "the screen", "-screen.txt", false);
	free(text);
	return f;
}

unsigned act_export_figure(struct app *a, const char *path, bool overwrite_ok)
{
	struct strbuf b;
	char why[APP_MSG_MAX];

	strbuf_init(&b);
	if (plot_pane_figure(&a->pane[P_PLOT], &b, why, sizeof why)) {
		strbuf_free(&b);
		app_msg(a, true, "no figure: %s", why);
		return K_HANDLED | K_STATUS;
	}
	unsigned f = export_text(a, path, b.s, b.len, PR_FIGURE, overwrite_ok,
				 "the plot as a gnuplot figure (gnuplot -e \"set terminal pdfcairo; "
				 "set output 'fig.pdf'\" FILE)", "-figure.gp",
				 plot_pane_figure_has_points(&a->pane[P_PLOT]));
	strbuf_free(&b);
	return f;
}

unsigned act_prompt_accept(struct app *a)
{
	enum prompt_kind k = a->prompt;
	char text[LINEEDIT_MAX], path[DIAG_PATH_MAX];

	snprintf(text, sizeof text, "%s", a->le.buf);
	snprintf(path, sizeof path, "%s", a->prompt_path);
	a->prompt = PR_NONE;
	a->dirty_status = true;
	switch (k) {
	case PR_VALUE: return app_set(a, path, text);
	case PR_SAVE: return act_save(a, text, false, false);
	case PR_OPEN: return act_open(a, text, false);
	case PR_CSV: return act_export_csv(a, text, false);
	case PR_SCREEN: return act_export_screen(a, text, false);
	case PR_FIGURE: return act_export_figure(a, text, false);
	default: return K_HANDLED | K_STATUS;
	}
}

unsigned act_confirm(struct app *a, bool yes)
{
	char path[sizeof a->pending_path];

	a->overlay = OV_NONE;
	snprintf(path, sizeof path, "%s", a->pending_path);
	if (!yes) {
		app_msg(a, false, a->confirm == CF_QUIT ? "not quitting" : "cancelled");
		return K_HANDLED | K_REDRAW_ALL;
	}
	switch (a->confirm) {
	case CF_QUIT: return K_HANDLED | K_QUIT;
	case CF_SAVE_DRAFT: return K_REDRAW_ALL | act_prompt_file(a, PR_SAVE);
	case CF_SAVE_LOSSY: return K_REDRAW_ALL | act_save(a, path, true, true);
	case CF_OPEN: return K_REDRAW_ALL | act_open(a, path, true);
	case CF_DISK_CHANGED: return K_REDRAW_ALL | act_save(a, path, false, true);
	case CF_OVERWRITE:
	case CF_MKDIR:
		switch (a->pending_prompt) {
		case PR_SAVE: return K_REDRAW_ALL | act_save(a, path, false, true);
		case PR_CSV: return K_REDRAW_ALL | act_export_csv(a, path, true);
		case PR_SCREEN: return K_REDRAW_ALL | act_export_screen(a, path, true);
		case PR_FIGURE: return K_REDRAW_ALL | act_export_figure(a, path, true);
		default: break;
		}
		break;
	}
	return K_HANDLED | K_REDRAW_ALL;
}

unsigned act_cmdline(struct app *a)
{
	struct strbuf b;
	char why[256];

	strbuf_init(&b);
	if (cmdline_build(a, a->focus, &b, why, sizeof why) == 0 && b.s) {
		if ((int)strlen(b.s) < a->lay.hint.w && !strchr(b.s, '\n')) {
			app_msg(a, false, "%s", b.s);
			a->msg_wide = true;
		} else {
			if (b.failed) {
				app_msg(a, true, "out of memory");
				strbuf_free(&b);
				return K_HANDLED | K_STATUS;
			}
			free(a->info_text);     /* whole, however long */
			a->info_text = strbuf_take(&b);
			a->overlay = OV_INFO;
			a->help_scroll = 0;
			app_msg(a, false, "the command is in the box; any key closes it");
			return K_HANDLED | K_REDRAW_ALL;
		}
	} else
		app_msg(a, true, "%s", why);
	strbuf_free(&b);
	return K_HANDLED | K_STATUS;
}

unsigned act_save_key(struct app *a)
{
	if (a->have_draft) {
		app_confirm(a, CF_SAVE_DRAFT, "The edit in progress is incomplete (%s). Save the last "
			    "valid configuration, without it? (It stays on screen to finish.)",
			    a->draft_msg);
		return K_HANDLED | K_REDRAW_ALL;
	}
	return act_prompt_file(a, PR_SAVE);
}

unsigned act_quit(struct app *a)
{
	char k[16], e[16], what[160];
	bool edits = app_modified(a), sim = app_sim_unsaved(a);

	if (a->have_draft) {
		app_confirm(a, CF_QUIT, "quit? The edit in progress is incomplete (%s). Quit and lose "
			    "it%s%s? y or q quits, n stays", a->draft_msg,
			    !cfg_equal(&a->saved, &a->cfg) ? ", and the unsaved edits before it" : "",
			    sim ? ", and the unsaved simulated results" : "");
		return K_HANDLED | K_REDRAW_ALL;
	}
	if (!edits && !sim)
		return K_HANDLED | K_QUIT;
	keys_for(ACT_SAVE, CTX_GLOBAL, k, sizeof k);
	keys_for(ACT_EXPORT_CSV, CTX_GLOBAL, e, sizeof e);
	snprintf(what, sizeof what, "%s%s%s", edits ? "unsaved edits" : "",
		 edits && sim ? " and " : "", sim ? "unsaved simulated results" : "");
	app_confirm(a, CF_QUIT, "quit? %s has %s. Quit and lose them? y or q quits, n stays "
		    "(then %s%s%s%s%s)", a->l->name, what, edits ? k : "", edits ? " saves" : "",
		    edits && sim ? ", " : "", sim ? e : "", sim ? " exports the points" : "");
	return K_HANDLED | K_REDRAW_ALL;
}
