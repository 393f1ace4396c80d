#!/usr/bin/env bash
# Quality gates for generated launch scripts (issue 6): every draft of the
# core sweep (each catalog model × GPU/precision × launcher) and of the
# example jobs passes `bash -n` and `shellcheck -x` with zero findings, and
# export through the CLI writes exactly the approved text, mode 0755, never
# over an existing file without --force.
#   check-scripts.sh TEST-SCRIPT-EXE CLI JOBS-DIR
set -u
test_script=$1 cli=$2 jobs=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }

echo "1..8"

# 1. The sweep writes its drafts here.
mkdir "$dir/drafts"
if PLANNER_SCRIPT_DUMP_DIR="$dir/drafts" "$test_script" -p /planner/script/sweep >"$dir/sweep.log" 2>&1; then
  ok "sweep wrote $(find "$dir/drafts" -name '*.sh' | wc -l) drafts"
else
  not_ok "sweep failed: $(tail -n 5 "$dir/sweep.log")"
fi

# 2. The example jobs, both launchers, through the CLI.
count=0 bad=""
# Only the script examples: other commands keep their own jobs here.
for name in llama3-8b-single-node llama3-70b-slurm mixtral-8x7b-slurm deepseek-v3-slurm \
            gpt2-small-gpt2bpe llama3-8b-fp8-h100 llama3-8b-fsdp-h100; do
  job="$jobs/$name.json"
  for launcher in torchrun slurm memory-check; do
    # The fake process group cannot run the flex dispatcher: refused, see 8.
    [[ $launcher == memory-check && $name == deepseek-v3-slurm ]] && continue
    if "$cli" script --launcher "$launcher" "$job" >"$dir/drafts/job-$name-$launcher.sh" 2>"$dir/err"; then
      count=$((count + 1))
    else
      bad="$bad $name/$launcher: $(cat "$dir/err")"
      rm -f "$dir/drafts/job-$name-$launcher.sh"
    fi
  done
done
if [[ -z $bad ]]; then ok "$count example drafts"; else not_ok "example jobs refused:$bad"; fi

# 3. bash -n on every draft.
bad=""
for f in "$dir"/drafts/*.sh; do
  bash -n "$f" 2>>"$dir/bash.log" || bad="$bad $(basename "$f")"
done
if [[ -z $bad ]]; then ok "bash -n: $(find "$dir/drafts" -name '*.sh' | wc -l) scripts, no syntax errors"; else not_ok "bash -n failed:$bad"; fi

# 4. shellcheck, all findings (style included).
if ! command -v shellcheck >/dev/null; then
  not_ok "shellcheck is not installed (Debian package shellcheck)"
elif shellcheck -x -S style "$dir"/drafts/*.sh >"$dir/shellcheck.log" 2>&1; then
  ok "shellcheck: zero findings"
else
  not_ok "shellcheck findings: $(head -n 20 "$dir/shellcheck.log" | tr '\n' ' ')"
fi

# 5. --output without --approve is refused: approval is explicit.
job="$jobs/llama3-8b-single-node.json"
"$cli" script "$job" --output "$dir/out.sh" >/dev/null 2>"$dir/err"
status=$?
if [[ $status == 2 && ! -e $dir/out.sh ]] && grep -q -- "--approve" "$dir/err"; then
  ok "--output without --approve refused"
else
  not_ok "--output without --approve: status $status"
fi

# 6. --approve writes the draft with the approval line, mode 0755.
"$cli" script "$job" >"$dir/draft.sh"
"$cli" script "$job" --output "$dir/out.sh" --approve --approved-at 2026-05-01T12:30:00Z >/dev/null 2>"$dir/err"
status=$?
mode=$(stat -c %a "$dir/out.sh" 2>/dev/null)
expected=$(sed '2s/.*/# Approved for export on 2026-05-01 12:30:00 UTC. Review it before running; the planner has run nothing./' "$dir/draft.sh")
if [[ $status == 0 && $mode == 755 && $(cat "$dir/out.sh") == "$expected" ]] && cmp -s <(tail -n +3 "$dir/out.sh") <(tail -n +3 "$dir/draft.sh"); then
  ok "approved export: exact text, mode $mode"
else
  not_ok "approved export: status $status, mode $mode, $(cat "$dir/err")"
fi

# 7. No overwrite without --force; --force replaces it.
echo mine >"$dir/out.sh"
"$cli" script "$job" --output "$dir/out.sh" --approve >/dev/null 2>"$dir/err"
status=$?
kept=$(cat "$dir/out.sh")
"$cli" script "$job" --output "$dir/out.sh" --approve --force >/dev/null 2>&1
status_force=$?
if [[ $status == 2 && $kept == mine && $status_force == 0 ]] && grep -q "^# Approved for export on" "$dir/out.sh"; then
  ok "existing file kept without --force, replaced with it"
else
  not_ok "overwrite: status $status, kept '$kept', --force status $status_force"
fi

# 8. The memory check is refused where --fake-process-group cannot run the job.
if ! "$cli" script --launcher memory-check "$jobs/deepseek-v3-slurm.json" >"$dir/mc.sh" 2>"$dir/err" &&
   [[ ! -s $dir/mc.sh ]] && grep -q "flex" "$dir/err"; then
  ok "memory check refused for the flex dispatcher"
else
  not_ok "memory check of a flex-dispatcher job was not refused"
fi

exit $failed
