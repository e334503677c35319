/*
 * glyphs.c: the ASCII and UTF-8 glyph tables of the renderers.
 */
#include "render/glyphs.h"

static const struct glyphs glyphs_ascii = {
	.braille = false,
	.hline = "-", .vline = "|", .corner = "+", .xtick = "+", .ytick = "+",
	.satline = ":", .markline = "!", .refsatline = ";", .refined = "~", .refpin = "\"", .saturated = "^", .cursor = "X",
	.unsettled = "?", .failed = "!",
	/* never '+', the ticks: a pin (series 1) is '=' */
	.marker = { "*", "=", "o", "x", "#", "@", "%", "&" },
	.heat = { " ", ".", ":", "-", "=", "+", "*", "#", "%", "@" },
	.nheat = 10,
	.diverge = { "=", "-", ".", "+", "#" },
	.bar = { "#", "=", "o", "x", "*", "+", "%", "&" },
	.hpart = { NULL }, .vpart = { NULL },
	.tiny_h = ".", .tiny_v = "_",
};

static const struct glyphs glyphs_utf8 = {
	.braille = true,
	.hline = "\u2500", .vline = "\u2502", .corner = "\u2514",
	.xtick = "\u252c", .ytick = "\u2524",
	.satline = "\u2506", .markline = "\u250a", .refsatline = "\u254e", .refined = "~", .refpin = "\"", .saturated = "^", .cursor = "\u25c6",
	.unsettled = "\u25cb", .failed = "\u2717",
	.marker = { "*", "+", "o", "x", "#", "@", "%", "&" },
	.heat = { " ", "\u2591", "\u2592", "\u2593", "\u2588" },
	.nheat = 5,
	.diverge = { "=", "-", "\u00b7", "+", "#" },
	.bar = { "\u2588", "\u2592", "\u2591", "\u2593", "#", "=", "o", "x" },
	.hpart = { "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a",
		   "\u2589", "\u2588" },
	.tiny_h = "\u258f", .tiny_v = "\u2581",
	.vpart = { "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586",
		   "\u2587", "\u2588" },
};

const struct glyphs *
glyphs_get(enum canvas_charset cs)
{
	return cs == CANVAS_UTF8 ? &glyphs_utf8 : &glyphs_ascii;
}
