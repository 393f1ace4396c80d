#!/usr/bin/env bash
# Drives the fish completion of launch-planner-cli (`complete -C`) and
# checks it against the command line: commands, each command's options as
# its --help lists them, the catalogue's ids, choices and job file names.
# TAP; skipped where fish is not installed.
#   check-completion-fish.sh COMPLETION-FILE CLI
set -u
completion=$(realpath "$1") cli=$(realpath "$2")
export LC_ALL=C.UTF-8
if ! command -v fish >/dev/null; then
  echo "1..0 # SKIP fish is not installed (Debian package fish)"
  exit 0
fi
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }
sorted () { tr ' ' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ' | sed 's/ $//'; }
# expect DESCRIPTION EXPECTED COMMAND-LINE
expect () {
  local want got
  want=$(sorted <<<"$2")
  got=$(fish --no-config -c "source $(printf '%q' "$completion"); complete -C $(printf '%q' "$3")" 2>&1 \
        | cut -f1 | sort -u | tr '\n' ' ' | sed 's/ $//')
  if [[ $got == "$want" ]]; then ok "$1"; else not_ok "$1: got “$got”, want “$want”"; fi
}

commands=$("$cli" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | tr '\n' ' ')
json=$("$cli" models --json)
gpus=$(python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["gpus"]))' <<<"$json")
models=$(python3 -c 'import json,sys; print(" ".join(m["id"] for m in json.load(sys.stdin)["models"]))' <<<"$json")

echo "1..$(( 8 + $(wc -w <<<"$commands") ))"
expect "commands" "$commands" "launch-planner-cli "
for command in $commands; do
  options=$("$cli" "$command" --help | grep -oE '^\s+(-[a-z], )?--[a-z0-9-]+' | grep -oE -- '--[a-z0-9-]+|-[a-z]' | sort -u | tr '\n' ' ')
  expect "$command: its options" "$options" "launch-planner-cli $command -"
done
expect "--gpu: the catalogue's GPUs" "$gpus" "launch-planner-cli analyze --gpu "
expect "--model: the catalogue's models" "$models" "launch-planner-cli recommend --model "
expect "--gpu=h1" "--gpu=h100-pcie --gpu=h100-sxm" "launch-planner-cli recommend --gpu=h1"
expect "--symptom" "oom low-mfu slow diverging start-up-error hang hang-mid-run" "launch-planner-cli troubleshoot --symptom "

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/jobs" && touch "$dir/job.json" "$dir/notes.txt"
cd "$dir" || exit 1
expect "script JOB: folders and .json files" "job.json jobs/" "launch-planner-cli script "
expect "draw: the picture first" "compare grid memory schedule" "launch-planner-cli draw "
expect "draw PICTURE: then job files" "job.json jobs/" "launch-planner-cli draw grid "
exit $failed
