/*
 * complete.h: the candidates behind shell completion (`icnx --complete`,
 * hidden; completion/icnx.bash and completion/_icnx call it), drawn from the
 * program's own tables so that they cannot drift from what it accepts: the
 * long options (cli/options.c), the output names of the model the command
 * line names (family/family.h), the formats (base/write.h), the presets
 * icnx finds (config/presets.h) and the --set keys with their allowed values
 * (the parameter table, config/param.h).
 */
#ifndef ICNX_COMPLETE_H
#define ICNX_COMPLETE_H

#include <stdio.h>

/*
 * icnx --complete CWORD GLUE WORD...: the words of the command line being
 * typed as bash splits them (COMP_WORDS: "=" and ":" are words of their
 * own; the first WORD is the program), the index of the one under the
 * cursor (COMP_CWORD), and GLUE, one character a word: '1' when the word
 * was written against the one before it (no space: "net.m", "=", "8" is
 * the one argument "net.m=8"), else '0' (zsh passes no 1s).  Writes to out
 * one line saying what else the shell should offer, "files" (file names
 * too: PRESET|FILE, --calibrate, --keys) or "words" (nothing else), then the
 * matching candidates one a line, each without the part of the word bash
 * keeps before its last '=' or ':' (as COMPREPLY wants them).  Returns the
 * exit status: 0, or 2 for a malformed call.
 */
int complete_main(FILE *out, int argc, char **argv);

#endif
