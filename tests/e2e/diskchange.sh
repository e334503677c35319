#!/bin/sh
# diskchange.sh: a file another program changed after the explorer read it
# is not silently reverted by w (d461f9b said "saved (comments kept)" and
# wrote the other program's comment with the old m): w asks, as vim and
# emacs do; c keeps the file as the other program left it, o overwrites it
# with the configuration shown (the text read, the edit spliced in), r
# reloads it (the edit dropped).  A touch alone (same bytes) does not ask,
# nor a save after our own save.  tmux, its own socket.
. "$(dirname "$0")/lib.inc"

f="$TMPD/n.yaml"
cp "$REPO/presets/javadi-n1120.yaml" "$f"
other() {   # what another program does to the file: a comment, m: 8 -> 4
	sed -e 's/^m: 8 /m: 4 /' -e '1i # a comment from another program' "$f" >"$f.new" &&
		cat "$f.new" >"$f"
}
save() {    # w Enter: save to the file shown
	keys w
	wait_for "save preset as:"
	keys Enter
}

start 80 24 "$f"
settled
keys 1 j +
wait_for "n.yaml* |"
other
save
wait_for "has changed on disk"
wait_for "o: overwrite"
keys c
wait_for "cancelled"
grep -q "^m: 4 " "$f" && grep -q "a comment from another program" "$f" ||
	fail "cancel changed the file: $(head -3 "$f")"

save
wait_for "has changed on disk"
keys o
wait_for "(comments kept)"
grep -q "^m: 8 " "$f" || fail "overwrite did not write m: 8: $(grep '^m:' "$f")"
grep -q "a comment from another program" "$f" && fail "overwrite kept the other program's text"
grep -q "count: 17," "$f" || fail "overwrite lost the edit"

# after our own save, a further edit saves without a question
keys +
wait_for "n.yaml* |"
save
wait_for "(comments kept)"
grep -q "count: 18," "$f" || fail "the second save did not write count 18"

# a touch alone: the same bytes, no question
touch -d "2001-01-01" "$f"
keys +
wait_for "n.yaml* |"
save
wait_for "(comments kept)"
grep -q "count: 19," "$f" || fail "the save after touch did not write count 19"

# r: the file as the other program left it, the edit dropped
keys +
wait_for "n.yaml* |"
other
save
wait_for "has changed on disk"
keys r
wait_for "reloaded"
status_line | grep -q "n.yaml |" || fail "the reloaded file is shown as modified"
grep -q "count: 19," "$f" && grep -q "^m: 4 " "$f" || fail "reload changed the file"
keys q
[ "$(wait_exit)" = 0 ] || fail "q after reload: exit status $(cat "$TMPD/exit")"
echo "ok: diskchange"
