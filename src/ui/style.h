/*
 * style.h: the explorer's own style roles for canvas cells, beyond the
 * renderers' enum canvas_style (render/canvas.h).  Like those, they say what
 * a cell is; colours.c decides how it looks on a 256-colour, 8-colour or
 * monochrome terminal.  They start at 64 so the renderers can add roles
 * without a clash.
 */
#ifndef ICNX_UI_STYLE_H
#define ICNX_UI_STYLE_H

enum ui_style {
	UI_STY_FIRST = 64,
	UI_HEADER = UI_STY_FIRST, /* a pane's header line, not focused */
	UI_HEADER_FOCUS,          /* the focused pane's header line */
	UI_SELECT,                /* the selection in the focused pane */
	UI_SELECT_DIM,            /* the selection in a pane without focus */
	UI_CHANGED,               /* a value that differs from the file */
	UI_DERIVED,               /* a value computed from the others */
	UI_ERROR,                 /* an error message */
	UI_STATUS,                /* the status line */
	UI_HINT,                  /* the hint line */
	UI_KEY,                   /* a key name in the hints */
	UI_FRAME,                 /* overlay frames and separators */
	UI_EMPH,                  /* an emphasised line of a text view ('*': a
	                             critical path, a marked switch) */
	UI_EMPH_MARK,             /* ... its leading '*' */
	UI_STY_END
};

#endif
