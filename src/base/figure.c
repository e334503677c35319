/* figure.c: a plot as a gnuplot script (see figure.h). */
#include "base/figure.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* gnuplot dash types: a refined model's curve (dash-dot) and its
 * saturation line (dotted); pins use the numbered types 2.. */
#define REF_DASH "(8,4,2,4)"
#define REF_SAT_DASH "(2,4)"

void figure_init(struct figure *f)
{
	memset(f, 0, sizeof *f);
	f->x_min = f->x_max = f->y_min = f->y_max = NAN;
	f->sat_x = f->ref_sat_x = f->mark_x = NAN;
}

/* s as a single-quoted gnuplot string ('' for a quote). */
static void quoted(struct strbuf *b, const char *s)
{
	strbuf_puts(b, "'");
	for (const char *p = s ? s : ""; *p; p++) {
		if (*p == '\'')
			strbuf_puts(b, "''");
		else if (*p == '\n' || *p == '\r')
			strbuf_puts(b, " ");
		else
			strbuf_add(b, p, 1);
	}
	strbuf_puts(b, "'");
}

/* A number for gnuplot: finite in %.10g, else NaN (missing). */
static void num(struct strbuf *b, double v)
{
	if (isfinite(v))
		strbuf_printf(b, "%.10g", v);
	else
		strbuf_puts(b, "NaN");
}

/* A comment line, each line of s after "# ". */
static void comment(struct strbuf *b, const char *s)
{
	strbuf_puts(b, "# ");
	for (const char *p = s; *p; p++) {
		strbuf_add(b, p, 1);
		if (*p == '\n' && p[1])
			strbuf_puts(b, "# ");
	}
	if (!*s || s[strlen(s) - 1] != '\n')
		strbuf_puts(b, "\n");
}

/* Is point i of s above the figure's y axis (or saturated)? */
static bool above(const struct figure *f, const struct figure_series *s, size_t i)
{
	double y = s->y[i];
	return y == INFINITY || (isfinite(y) && isfinite(f->y_max) && y > f->y_max);
}

static void datablock(struct strbuf *b, const struct figure *f, size_t k)
{
	const struct figure_series *s = &f->series[k];

	strbuf_printf(b, "$s%zu << EOD\n", k);
	strbuf_puts(b, s->points ? "# x y lo hi\n" : "# x y\n");
	for (size_t i = 0; i < s->n; i++) {
		bool off = s->points && above(f, s, i);
		num(b, s->x[i]);
		strbuf_puts(b, " ");
		num(b, off ? NAN : s->y[i]);     /* drawn on the top edge instead */
		if (s->points) {
			strbuf_puts(b, " ");
			num(b, off || !s->lo ? NAN : s->lo[i]);
			strbuf_puts(b, " ");
			num(b, off || !s->hi ? NAN : s->hi[i]);
		}
		strbuf_puts(b, "\n");
	}
	strbuf_puts(b, "EOD\n");
}

/* "set xrange [lo:hi]" for axis ('x' or 'y'); a NaN end is gnuplot's. */
static void range(struct strbuf *b, char axis, double lo, double hi)
{
	if (!isfinite(lo) && !isfinite(hi))
		return;
	strbuf_printf(b, "set %crange [", axis);
	if (isfinite(lo))
		num(b, lo);
	strbuf_puts(b, ":");
	if (isfinite(hi))
		num(b, hi);
	strbuf_puts(b, "]\n");
}

/* A marked line's text, quoted: "label x" (x in 3 significant digits). */
static void line_text(struct strbuf *b, const char *label, double x)
{
	char text[160];
	snprintf(text, sizeof text, "%s %.3g", label, x);
	quoted(b, text);
}

/* A vertical line at x with its label (at height y, in graph units), as
 * the explorer marks it; dash a gnuplot dashtype ("2", "(2,4)"). */
static void vline(struct strbuf *b, int id, double x, const char *label, const char *dash,
		  double y)
{
	strbuf_printf(b, "set arrow %d from ", id);
	num(b, x);
	strbuf_printf(b, ", graph 0 to ");
	num(b, x);
	strbuf_printf(b, ", graph 1 nohead dashtype %s linecolor rgb 'gray40'\n", dash);
	if (label && *label) {
		strbuf_printf(b, "set label %d ", id);
		line_text(b, label, x);
		strbuf_puts(b, " at ");
		num(b, x);
		strbuf_printf(b, ", graph %.2f offset 0.5,0 left noenhanced textcolor rgb 'gray40'\n",
			      y);
	}
}

void figure_gnuplot(const struct figure *f, struct strbuf *b)
{
	size_t ns = f->nseries < FIGURE_MAX_SERIES ? f->nseries : FIGURE_MAX_SERIES;
	bool any_above = false;
	int lab = 10;

	strbuf_puts(b, "# A figure written by icnx: a gnuplot script with its data.\n");
	if (f->title && *f->title)
		comment(b, f->title);
	if (f->command && *f->command) {
		strbuf_puts(b, "# The numbers (icnx(1)):\n");
		comment(b, f->command);
	}
	strbuf_puts(b, "# Draw it with gnuplot (Debian: apt install gnuplot-nox), e.g.\n"
		    "#   gnuplot -e \"set terminal pdfcairo; set output 'fig.pdf'\" THIS_FILE\n"
		    "#   gnuplot -e \"set terminal svg; set output 'fig.svg'\" THIS_FILE\n"
		    "#   gnuplot -e \"set terminal pngcairo; set output 'fig.png'\" THIS_FILE\n"
		    "#   gnuplot -p THIS_FILE    (a window, where there is a display)\n\n");
	for (size_t k = 0; k < ns; k++)
		datablock(b, f, k);
	strbuf_puts(b, "\nset encoding utf8\nset datafile missing 'NaN'\n");
	if (f->title && *f->title) {
		strbuf_puts(b, "set title ");
		quoted(b, f->title);
		strbuf_puts(b, " noenhanced\n");
	}
	strbuf_puts(b, "set xlabel ");
	quoted(b, f->x_label);
	/* the y axis clipped as on screen: its label says so */
	bool clipped = false;
	for (size_t k = 0; k < ns && isfinite(f->y_max); k++)
		for (size_t i = 0; i < f->series[k].n && !clipped; i++)
			clipped = isfinite(f->series[k].y[i]) && f->series[k].y[i] > f->y_max;
	char yl[256];
	snprintf(yl, sizeof yl, "%s", f->y_label ? f->y_label : "");
	if (clipped)
		snprintf(yl + strlen(yl), sizeof yl - strlen(yl), "%sclipped above %.4g",
			 yl[0] ? ", " : "", f->y_max);
	strbuf_puts(b, " noenhanced\nset ylabel ");
	quoted(b, yl);
	strbuf_puts(b, " noenhanced\n");
	strbuf_puts(b, "set key below left vertical Left reverse noenhanced box\nset grid\n"
		    "set format x '%g'\nset format y '%g'\n");
	if (f->x_log)
		strbuf_puts(b, "set logscale x\n");
	if (f->y_log)
		strbuf_puts(b, "set logscale y\n");
	range(b, 'x', f->x_min, f->x_max);
	range(b, 'y', f->y_min, f->y_max);
	/* the refined model's saturation: dotted, its label higher up, so
	 * neither label covers the other when the two loads are close */
	const char *rsl = f->ref_sat_label ? f->ref_sat_label : "refined sat";
	bool ref_sat = isfinite(f->ref_sat_x);
	if (isfinite(f->sat_x))
		vline(b, 1, f->sat_x, f->sat_label ? f->sat_label : "saturation", "2", 0.04);
	if (isfinite(f->mark_x))
		vline(b, 2, f->mark_x, f->mark_label, "3", 0.04);
	if (ref_sat)
		vline(b, 3, f->ref_sat_x, rsl, REF_SAT_DASH, 0.12);
	/* measured points above the axis or saturated: a triangle on the top
	 * edge, with the value (or "saturated") above it */
	for (size_t k = 0; k < ns; k++) {
		const struct figure_series *s = &f->series[k];
		for (size_t i = 0; s->points && i < s->n; i++) {
			if (!above(f, s, i) || !isfinite(s->x[i]))
				continue;
			char v[32] = "";
			if (s->y[i] != INFINITY)      /* saturated: the triangle alone */
				snprintf(v, sizeof v, "%.4g", s->y[i]);
			strbuf_printf(b, "set label %d ", lab++);
			quoted(b, v);
			strbuf_puts(b, " at ");
			num(b, s->x[i]);
			strbuf_printf(b, ", graph 1 center offset 0,-1.2 noenhanced point pointtype 9 "
				      "pointsize 1.5 linecolor %zu front\n", k + 1);
			any_above = true;
		}
	}
	strbuf_puts(b, "plot");
	bool first = true;
	for (size_t k = 0; k < ns; k++) {
		const struct figure_series *s = &f->series[k];
		strbuf_printf(b, "%s \\\n  $s%zu ", first ? "" : ",", k);
		first = false;
		static const int pt[6] = { 7, 5, 13, 11, 3, 1 };   /* never 9: above the axis */
		if (s->points)
			strbuf_printf(b, "using 1:2:3:4 with yerrorbars pointtype %d pointsize 1.2 "
				      "linecolor %zu", pt[k % 6], k + 1);
		else if (s->refined)
			strbuf_printf(b, "using 1:2 with lines linewidth 2 dashtype %s linecolor %zu",
				      REF_DASH, k + 1);
		else if (s->impulses)
			strbuf_printf(b, "using 1:2 with impulses linewidth 2 linecolor %zu", k + 1);
		else
			strbuf_printf(b, "using 1:2 with lines linewidth %s dashtype %d linecolor %zu",
				      s->dash > 1 ? "1.5" : "2", s->dash > 0 ? s->dash : 1, k + 1);
		strbuf_puts(b, " title ");
		quoted(b, s->name);
	}
	/* with the refined model's line, both saturation lines in the key,
	 * as the explorer's legend has them */
	if (ref_sat) {
		if (isfinite(f->sat_x)) {
			strbuf_printf(b, "%s \\\n  keyentry with lines dashtype 2 linecolor rgb 'gray40' "
				      "title ", first ? "" : ",");
			line_text(b, f->sat_label ? f->sat_label : "saturation", f->sat_x);
			first = false;
		}
		strbuf_printf(b, "%s \\\n  keyentry with lines dashtype %s linecolor rgb 'gray40' "
			      "title ", first ? "" : ",", REF_SAT_DASH);
		line_text(b, rsl, f->ref_sat_x);
		first = false;
	}
	if (any_above)
		strbuf_printf(b, "%s \\\n  keyentry with points pointtype 9 linecolor rgb 'black' "
			      "title 'saturated, or above the axis (value below it)'", first ? "" : ",");
	if (first && !any_above)
		strbuf_puts(b, " NaN notitle");
	strbuf_puts(b, "\n");
}
