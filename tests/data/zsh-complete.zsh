#!/usr/bin/env zsh
# Prints, one per line, what zsh's completion offers for a command line
# ending where the cursor is, with the completion function from FOLDER
# (the file _launch-planner-cli in it).  zsh completes only inside its line
# editor, so an interactive zsh runs in a pseudo-terminal (zsh/zpty); every
# match the completion adds is also written to a file, which is read once
# the completion has finished.
#   zsh-complete.zsh FOLDER 'launch-planner-cli analyze --gpu '
emulate -L zsh
zmodload zsh/zpty || exit 2
folder=${1:A} line=$2
out=$(mktemp) done_mark=$(mktemp -u)
trap 'zpty -d lpc 2>/dev/null; rm -f $out $done_mark' EXIT

zpty lpc zsh -f -i
setup=(
  "PS1='' PROMPT='' RPROMPT=''; unsetopt zle_bracketed_paste 2>/dev/null"
  "fpath=(${(q)folder} \$fpath); autoload -Uz compinit; compinit -u -D"
  "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' menu no"
  # Every match, as the completion adds it: compadd with -O, -A or -D only
  # collects, so it is passed through untouched.
  "compadd () { if (( \${@[(I)-[OAD]*]} )); then builtin compadd \"\$@\"; return; fi;"
  "  local -a hits; builtin compadd -O hits \"\$@\"; print -rl -- \$hits >> ${(q)out}; builtin compadd \"\$@\"; }"
  "_lpc_done () { : > ${(q)done_mark}; }; comppostfuncs=(_lpc_done)"
  "bindkey '^I' complete-word"
)
for command in $setup; do
  zpty -w lpc "$command"
done
zpty -w -n lpc "$line"$'\t'

# Wait for the completion to finish (at most 20 s).
for (( i = 0; i < 200; i++ )); do
  [[ -e $done_mark ]] && break
  sleep 0.1
done
[[ -e $done_mark ]] || { print -u2 "zsh-complete: the completion did not finish"; exit 1; }
sort -u $out
