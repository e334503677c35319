/* layout.c: the pane layout for a terminal size (see layout.h). */
#include "ui/layout.h"

#include <string.h>

static struct canvas_rect rect(int x, int y, int w, int h)
{
	if (w <= 0 || h <= 0)
		return (struct canvas_rect){ x, y, 0, 0 };
	return (struct canvas_rect){ x, y, w, h };
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static bool is_editor(int p)
{
	return p == P_ORG || p == P_NET || p == P_TRAFFIC;
}

/*
 * Heights of the three stacked editing panes in avail rows.  Every pane
 * shows at least its header.  The focused one (if an editor) grows to its
 * natural height, but each other pane keeps a peek of up to 3 rows when
 * possible; rows left over go to the others in order; a last remainder
 * goes to the focused pane, then to the last pane unless that one is
 * collapsed (natural height 1: its title line says it has nothing), which
 * never takes more than its title: the rows below it stay empty.
 */
static void stack_editors(const struct layout_in *in, int avail, int h[3])
{
	int nat[3], left = avail;
	int f = is_editor(in->focus) ? in->focus : -1;

	for (int i = 0; i < 3; i++) {
		nat[i] = in->natural[i] < 1 ? 1 : in->natural[i];
		h[i] = 1;
	}
	left -= 3;
	if (left <= 0) {
		/* Not even a header each: give the rows in order, focused first. */
		for (int i = 0; i < 3; i++)
			h[i] = 0;
		left = avail;
		if (f >= 0 && left > 0) {
			h[f] = 1;
			left--;
		}
		for (int i = 0; i < 3 && left > 0; i++)
			if (h[i] == 0) {
				h[i] = 1;
				left--;
			}
		return;
	}
	if (f >= 0) {
		int reserve = 0;
		for (int i = 0; i < 3; i++)
			if (i != f)
				reserve += clamp(nat[i], 1, 3) - 1;
		int want = nat[f] - 1;
		int give = want < left - reserve ? want : left - reserve;
		if (give < 0)
			give = 0;
		if (give > left)
			give = left;
		h[f] += give;
		left -= give;
		/* First the peeks, then whatever is left, in order. */
		for (int i = 0; i < 3 && left > 0; i++) {
			if (i == f)
				continue;
			int g = clamp(nat[i], 1, 3) - h[i];
			if (g > left)
				g = left;
			if (g > 0) {
				h[i] += g;
				left -= g;
			}
		}
		for (int i = 0; i < 3 && left > 0; i++) {
			if (i == f)
				continue;
			int g = nat[i] - h[i];
			if (g > left)
				g = left;
			h[i] += g;
			left -= g;
		}
		if (left > 0 && h[f] < nat[f]) {
			int g = nat[f] - h[f] < left ? nat[f] - h[f] : left;
			h[f] += g;
			left -= g;
		}
	} else {
		/* Water-filling: raise the smallest panes first. */
		while (left > 0) {
			int best = -1;
			for (int i = 0; i < 3; i++)
				if (h[i] < nat[i] && (best < 0 || h[i] < h[best]))
					best = i;
			if (best < 0)
				break;
			h[best]++;
			left--;
		}
	}
	/* Fill the column: the remainder goes to the last pane, unless it is
	 * collapsed (a title line only, whatever the room). */
	if (nat[2] > 1)
		h[2] += left;
}

void layout_compute(const struct layout_in *in, struct layout *out)
{
	int W = in->w, H = in->h;

	memset(out, 0, sizeof *out);
	if (W < LAYOUT_MIN_W || H < LAYOUT_MIN_H) {
		out->too_small = true;
		return;
	}
	int bottom = H >= 16 ? 2 : 1;
	int body = H - bottom;
	out->status = rect(0, H - 1, W, 1);
	if (bottom == 2)
		out->hint = rect(0, H - 2, W, 1);

	int focus = in->focus >= 0 && in->focus < P_NPANES ? in->focus : P_PLOT;

	if (W < LAYOUT_NARROW_W) {
		/* One pane at a time: the focused one fills the body. */
		out->pane[focus] = rect(0, 0, W, body);
		return;
	}

	int lw = clamp(W * 2 / 5, 26, 46);
	int rx = lw + 1, rw = W - rx;
	out->sep = rect(lw, 0, 1, body);

	int h[3];
	stack_editors(in, body, h);
	for (int i = 0, y = 0; i < 3; y += h[i], i++)
		out->pane[i] = rect(0, y, lw, h[i]);

	/* The right column: plot on top, breakdown and heatmap below. */
	int bh = 0;
	bool heat = false, table = false;
	if (body >= 34 && rw >= 72) {
		bh = body * 2 / 5;
		heat = table = true;
	} else if (body >= 30) {
		bh = body / 3;
		table = true;
	} else if (body >= 16) {
		bh = LAYOUT_COMPACT_H;
		table = true;
	}
	bool promote = (focus == P_TABLE && (!table || bh < 8)) || (focus == P_HEAT && !heat) ||
		       (in->expand && (focus == P_TABLE || focus == P_HEAT));
	if (promote) {
		out->pane[focus] = rect(rx, 0, rw, body);
		return;
	}
	out->pane[P_PLOT] = rect(rx, 0, rw, body - bh);
	if (heat) {
		/* The breakdown's names need more room than the heatmap. */
		int hw = clamp(rw * 2 / 5, 28, 64);
		int tw = rw - hw - 1;
		out->pane[P_TABLE] = rect(rx, body - bh, tw, bh);
		out->pane[P_HEAT] = rect(rx + tw + 1, body - bh, rw - tw - 1, bh);
	} else if (table) {
		out->pane[P_TABLE] = rect(rx, body - bh, rw, bh);
	}
}
