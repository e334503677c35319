# icnx.bash: bash completion for icnx(1).  Installed as
# /usr/share/bash-completion/completions/icnx (loaded on first use by the
# bash-completion package), or source it from ~/.bashrc.
#
# Every candidate comes from the program itself (`icnx --complete CWORD
# WORD...`, src/cli/complete.h): options, the outputs of the model the line
# names (-o), formats (-f), the presets icnx finds, --set keys and their
# allowed values.  Nothing here lists them, so this file cannot drift.
# Needs bash >= 4 (mapfile, compopt); nothing from the bash-completion package.

_icnx() {
	local cmd=${COMP_WORDS[0]} out line=$COMP_LINE glue= w
	# the icnx being completed (./icnx, build/icnx), else the one on PATH
	[[ $cmd == */* && -x $cmd ]] || cmd=icnx
	# which words bash cut at '=' or ':' with no space between (1), to be
	# joined back: "-s" "net.m" "=" "8" is -s net.m=8 (the empty word at a
	# cursor between blanks stands alone)
	for w in "${COMP_WORDS[@]}"; do
		if [[ -z $w ]]; then
			glue+=0
		elif [[ $line == [[:space:]]* ]]; then
			glue+=0
			line=${line#"${line%%[![:space:]]*}"}
		else
			glue+=1
		fi
		line=${line#"$w"}
	done
	mapfile -t out < <("$cmd" --complete "$COMP_CWORD" "$glue" "${COMP_WORDS[@]}" 2>/dev/null)
	COMPREPLY=("${out[@]:1}")
	# the first line says whether file names are wanted too (PRESET|FILE,
	# --calibrate, --keys)
	if [[ ${out[0]-} == files ]]; then
		local cur=${COMP_WORDS[COMP_CWORD]}
		[[ $cur == [=:] ]] && cur=
		compopt -o filenames 2>/dev/null
		mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
	fi
	# a key ("net.m=", "clusters.*.") or option value is not finished yet
	if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *[=.:] ]]; then
		compopt -o nospace 2>/dev/null
	fi
	return 0
}
complete -F _icnx icnx
