#!/usr/bin/env bash
# Drives the bash completion of launch-planner-cli as bash would
# (COMP_WORDS, COMP_CWORD → COMPREPLY) and checks it against the command
# line itself: its commands, each command's options as its --help lists
# them, the catalogue's ids for --gpu and --model as `models --json` lists
# them, choices, and file names for job and script arguments.  TAP.
#   check-completion.sh COMPLETION-FILE CLI
set -u
completion=$(realpath "$1") cli=$(realpath "$2")
export LC_ALL=C.UTF-8
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }

# shellcheck source=/dev/null
source "$completion" || { echo "1..0 # could not source $completion"; exit 1; }

# complete WORD... : the last word is the one under the cursor ("" for none).
complete_words () {
  COMP_WORDS=("$@")
  COMP_CWORD=$(( $# - 1 ))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _launch_planner_cli launch-planner-cli "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}" 2>/dev/null
  printf '%s\n' "${COMPREPLY[@]}" | sed 's/=$//' | sort -u | tr '\n' ' ' | sed 's/ $//'
}
sorted () { tr ' ' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ' | sed 's/ $//'; }
# expect DESCRIPTION EXPECTED WORD...
expect () {
  local what=$1 want; want=$(sorted <<<"$2"); shift 2
  local got; got=$(complete_words "$@")
  if [[ $got == "$want" ]]; then ok "$what"; else not_ok "$what: got “$got”, want “$want”"; fi
}

commands=$("$cli" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | tr '\n' ' ')
json=$("$cli" models --json)
gpus=$(python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["gpus"]))' <<<"$json")
models=$(python3 -c 'import json,sys; print(" ".join(m["id"] for m in json.load(sys.stdin)["models"]))' <<<"$json")

echo "1..$(( 14 + $(wc -w <<<"$commands") ))"
expect "commands" "$commands --help --version" launch-planner-cli ""
expect "a command's prefix" "troubleshoot" launch-planner-cli tr

# Every option of every command, exactly as its --help lists them.
for command in $commands; do
  options=$("$cli" "$command" --help | grep -oE '^\s+(-[a-z], )?--[a-z0-9-]+' | grep -oE -- '--[a-z0-9-]+|-[a-z]' | grep -vx -- -h | sort -u | tr '\n' ' ')
  expect "$command: its options" "$options" launch-planner-cli "$command" -
done

expect "--gpu: the catalogue's GPUs" "$gpus" launch-planner-cli analyze --gpu ""
expect "--model: the catalogue's models" "$models" launch-planner-cli recommend --gpus 8 --model ""
expect "--model with a prefix" "$(tr ' ' '\n' <<<"$models" | grep '^llama3' | tr '\n' ' ')" \
  launch-planner-cli recommend --model llama3
expect "--gpu=h1 (split at =)" "h100-pcie h100-sxm" launch-planner-cli recommend --gpu = h1
expect "--gpu= (cursor after =)" "$gpus" launch-planner-cli analyze --gpu =
expect "--launcher" "torchrun slurm memory-check" launch-planner-cli script job.json --launcher ""
expect "--symptom" "oom low-mfu slow diverging start-up-error hang hang-mid-run" launch-planner-cli troubleshoot --symptom ""
expect "a number takes no completion" "" launch-planner-cli ranks --tp ""

# File names: job files for script/optimize/troubleshoot, any file for analyze.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/jobs" && touch "$dir/job.json" "$dir/train.sbatch" "$dir/notes.txt"
cd "$dir" || exit 1
expect "script JOB: folders and .json files" "job.json jobs" launch-planner-cli script ""
expect "analyze FILE: any file" "job.json jobs notes.txt train.sbatch" launch-planner-cli analyze ""
expect "draw: the picture first" "grid schedule memory compare" launch-planner-cli draw -o x.png ""
expect "draw PICTURE: then job files" "job.json jobs" launch-planner-cli draw --width 800 grid ""
exit $failed
