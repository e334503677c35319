#!/bin/sh
# zshcompletion.sh: the zsh completion (completion/_icnx, issue 24) in a
# real interactive zsh (tmux, its own socket; the screen polled, never a
# blind sleep): a --set value after '=' completes and gets its space, an
# option name completes, a list key keeps zsh's quoting of '*' and gets no
# space after '=', a preset name completes, and -o offers the outputs of the
# model the line names.  Under CI=true a missing zsh is a failure.
. "$(dirname "$0")/lib.inc"
if ! command -v zsh >/dev/null 2>&1; then
	[ "${CI:-}" = true ] && { echo "FAIL: zsh is not installed (CI=true)"; exit 1; }
	echo "SKIP: zsh is not installed"; exit 0
fi
mkdir -p "$TMPD/bin"
ln -s "$ICNX" "$TMPD/bin/icnx"
$T new-session -d -x 150 -y 20 "cd '$REPO' && env -i HOME='$TMPD' TERM=$E2E_TERM \
	PATH='$TMPD/bin:/usr/bin:/bin' XDG_CONFIG_HOME='$TMPD/xdg' zsh -f" || fail "cannot start tmux"
text "PS1='%% '; fpath=('$REPO/completion' \$fpath); autoload -U compinit; compinit -u -D; clear; print RE''ADY"
keys Enter
wait_for "READY"
text "icnx -s sim.routing=ad"
keys Tab
wait_for "icnx -s sim.routing=adaptive"
text "--for"
keys Tab
wait_for "icnx -s sim.routing=adaptive --format"
text "csv -s clusters."
keys Tab
wait_for "-s clusters.\\*."
text "ta"
keys Tab
wait_for "-s clusters.\\*.tau="
text "0 kiasari-s5-v1"
keys Tab
wait_for "tau=0 kiasari-s5-v12"
text "-o cla"
keys Tab
wait_for "kiasari-s5-v12 -o classes"
exit 0
