/*
 * simkeep.c: simulated points that survive an edit.  Before cfg changes
 * (an edit, undo or redo) the simulated curve's points of cfg are kept
 * with a copy of cfg (app.kept, like a pin: the plot draws them with their
 * own marker and legend entry); when cfg comes back to an equal
 * configuration (u, U, the same value typed again) they are its points
 * again, as if just simulated.  P clears them.  UI thread only.
 */
#include "ui/app.h"

#include <stdio.h>

#include "config/cfgwalk.h"

void app_describe(const struct app *a, const struct config *c, char *buf, size_t n)
{
	struct cfg_change ch[2];
	bool shrunk = false;
	size_t k = a->have_file_cfg ? cfg_diff(&a->file_cfg, c, ch, 2, &shrunk) : 0;

	if (!a->have_file_cfg || (k == 0 && !shrunk))
		snprintf(buf, n, "%s", a->l->name);
	else if (k == 1 && !shrunk)
		snprintf(buf, n, "%s=%s", ch[0].path, ch[0].text);
	else
		snprintf(buf, n, "%zu edits", k + (shrunk ? 1 : 0));
}

/* The index of the family's simulated curve among its outputs, or -1. */
static int curve_index(const struct app *a)
{
	const struct output_desc *sc = family_sim_curve(a->cfg.family);
	return sc ? (int)(sc - a->cfg.family->outputs) : -1;
}

static void drop(struct app *a, int k)
{
	config_free(&a->kept[k].cfg);
	table_free(&a->kept[k].t);
	for (int j = k; j + 1 < a->nkept; j++)
		a->kept[j] = a->kept[j + 1];
	a->nkept--;
}

/* The kept entry of a configuration equal to c, or -1. */
static int find(const struct app *a, const struct config *c)
{
	for (int k = 0; k < a->nkept; k++)
		if (a->kept[k].cfg.family == c->family && config_equal(&a->kept[k].cfg, c))
			return k;
	return -1;
}

size_t app_sim_keep(struct app *a)
{
	const struct slot *s = &a->res.slot[SLOT_SLOW];
	int i = curve_index(a);
	char d[48];

	if (i < 0 || s->output != i || s->gen != a->gen || a->sim.view_gen[0] != a->gen ||
	    s->table.nrows == 0 || s->table.ncols == 0)
		return 0;
	if (a->nkept && a->kept[0].cfg.family != a->cfg.family)
		app_sim_forget(a, true);
	int k = find(a, &a->cfg);
	if (k >= 0)
		drop(a, k);            /* replaced: the newest goes last */
	if (a->nkept == APP_SIM_KEPT)
		drop(a, 0);            /* the oldest goes */
	struct sim_kept *kp = &a->kept[a->nkept];
	table_init(&kp->t, "");
	if (config_copy(&kp->cfg, &a->cfg)) {
		app_msg(a, true, "out of memory: the simulated points were not kept");
		return 0;
	}
	if (table_copy(&kp->t, &s->table)) {
		config_free(&kp->cfg);
		app_msg(a, true, "out of memory: the simulated points were not kept");
		return 0;
	}
	kp->output = s->output;
	kp->unsaved = a->sim.unsaved[0];   /* the copy carries the flag */
	a->sim.unsaved[0] = false;
	app_describe(a, &a->cfg, d, sizeof d);
	snprintf(kp->label, sizeof kp->label, "kept: %s", d);
	a->nkept++;
	return kp->t.nrows;
}

bool app_sim_restore(struct app *a)
{
	struct slot *s = &a->res.slot[SLOT_SLOW];
	int i = curve_index(a);

	if (i < 0 || (s->gen == a->gen && s->output == i) ||
	    (a->sim.running && a->sim.gen == a->gen))
		return false;          /* cfg has points of its own, or a run */
	int k = find(a, &a->cfg);
	if (k < 0)
		return false;
	struct table t;
	if (table_copy(&t, &a->kept[k].t))
		return false;          /* out of memory: they stay kept */
	table_free(&s->table);
	s->table = t;
	s->gen = a->gen;
	s->output = a->kept[k].output;
	s->refusal[0] = '\0';
	s->refusal_path[0] = '\0';
	a->sim.view_gen[0] = a->gen;
	a->sim.unsaved[0] = a->kept[k].unsaved;
	if (app_sim_index(a) == i)
		a->sim.nlast = t.nrows;    /* not new arrivals (app_sim_took) */
	a->dirty_all = true;
	return true;
}

void app_sim_forget(struct app *a, bool all)
{
	int k;

	if (all) {
		while (a->nkept)
			drop(a, a->nkept - 1);
		return;
	}
	if ((k = find(a, &a->cfg)) >= 0)
		drop(a, k);
}
