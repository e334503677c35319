#!/bin/sh
# truth.sh: the first screens are true to the numbers (issue 13), at 80x24.
# - lastovetsky-hcl16 starts on a log time axis (x_axis.y_log), so the jump
#   at the threshold S shows; with every operation the x axis ends at the
#   data's last size, each curve tagged with its legend glyph.
# - A generated 512-switch network's distribution (counts up to 30782) is
#   drawn as stems on an axis that fits every count: nothing clipped.
# - A latency curve that the robust cap clips says so, with the key (Y)
#   that fits the axis; Y fits it, Y again clips.
# - With NO_COLOR the heatmap cursor is still visible: a bracketed cell.
. "$(dirname "$0")/lib.inc"

start 80 24 lastovetsky-hcl16
settled
screen | grep -q "log y" || fail "the Ethernet plot does not start on a log time axis"
screen | grep -q "┊S" || fail "the threshold S is not marked"
keys m
wait_for "5 curves"
screen | grep -q "10M" && fail "the x axis goes on past the data"
for tag in '\*' '+' 'o' 'x' '#'; do
	screen | grep -q "$tag p2p\|$tag one_to_many\|$tag multi_p2p\|$tag bcast_binomial\|$tag bcast_flat" ||
		fail "no legend glyph $tag"
done
keys C-c
wait_exit >/dev/null

cat >"$TMPD/g512.yaml" <<'YAML'
model: irregular
title: generated 512-switch network
ports: 8
nodes: 4
generate: {switches: 512, nodes: 4, free_ports: 4, links: 3, seed: 1}
YAML
start 80 24 "$TMPD/g512.yaml"
settled
screen | grep -q "40k ┤" || fail "the distribution's y axis does not reach its largest count"
screen | grep -q "clipped" && fail "the distribution is clipped"
keys C-c
wait_exit >/dev/null

# javadi-n1120's latency shoots up near saturation: the robust cap clips
# it and the plot says so; Y fits the axis.
start 80 24 javadi-n1120
settled
wait_for "clipped above"
screen | grep -q "(Y fits)" || fail "the clip note does not name the key"
keys Y
wait_for "fits every value"
wait_gone "clipped above"
keys Y
wait_for "clipped above"
keys C-c
wait_exit >/dev/null

# NO_COLOR: the heatmap cursor is a bracketed cell.
E2E_ENV="NO_COLOR=1" start 80 24 arnau-autonet10
settled
keys 6 l l l l l l l
wait_for "switch 0 -> 7: 3"
screen | grep -q "^.*│0 .*\[\]" || fail "the cursor cell is not marked without colour"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "exit status"
echo "ok: truth"
