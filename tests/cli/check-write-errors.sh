#!/usr/bin/env bash
# Output that cannot be written is an error (red team, round 2 #1): every
# command, and --help and --version, exits 2 with a message when standard
# output fails (a full device, a closed descriptor, a pipe whose reader
# left while SIGPIPE is ignored); with SIGPIPE at its default a reader
# that stops early ends the command by the signal, as for any filter.
# The check is one, in main's exit path, so each command here is one case.
#   check-write-errors.sh CLI TESTS_CLI_DIR LOG
set -u
cli=$1 here=$2 log=$3
job=$here/jobs/llama3-8b-single-node.json
script=$here/cases/scripts/llama3-8b.sbatch
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }

lost="could not write the output to standard output: No space left on device"
# full DESCRIPTION COMMAND-ARGS...: stdout is /dev/full.
full () {
  local what=$1; shift
  timeout 60 "$cli" "$@" >/dev/full 2>"$dir/err"
  local status=$?
  if [[ $status == 2 ]] && grep -qF -- "$lost" "$dir/err"; then
    ok "$what > /dev/full: exit 2 with the reason"
  else
    not_ok "$what > /dev/full: status $status (want 2), stderr: $(head -c 300 "$dir/err")"
  fi
}

if ! [[ -c /dev/full && -w /dev/full ]]; then
  echo "1..0 # SKIP no writable /dev/full here"
  exit 0
fi

echo "1..29"
full "ranks" ranks --world-size 64 --tp 8
full "ranks --json" ranks --world-size 64 --tp 8 --json
full "ranks --json, 16,384 GPUs (streamed)" ranks --world-size 16384 --tp 8 --pp 4 --json
full "analyze" analyze "$script"
full "analyze --json" analyze --json "$script"
full "analyze -- COMMAND-LINE" analyze -- --num-layers 2 --hidden-size 64 --num-attention-heads 4
full "recommend" recommend --gpus 8 --gpu h100-sxm --model llama3-8b
full "recommend --format json" recommend --gpus 8 --gpu h100-sxm --model llama3-8b --format json
full "recommend --format shell" recommend --gpus 8 --gpu h100-sxm --model llama3-8b --format shell
full "optimize" optimize "$job"
full "optimize --json" optimize --json "$job"
full "optimize --apply all" optimize "$job" --apply all
full "troubleshoot --symptom oom" troubleshoot --symptom oom "$job"
full "troubleshoot --symptom oom --json" troubleshoot --symptom oom --json "$job"
full "troubleshoot --log" troubleshoot --log "$log"
full "troubleshoot --json --log" troubleshoot --json --log "$log"
full "script" script "$job"
full "models" models
full "models --json" models --json
full "draw (the picture written, the report lost)" draw grid "$job" --output "$dir/grid.svg"
full "--help" --help
full "--version" --version
full "ranks --help (GOption's own exit)" ranks --help

# Nothing lost: the same commands still succeed.
"$cli" ranks --world-size 64 --tp 8 --json >/dev/null 2>"$dir/err"; s=$?
if [[ $s == 0 && ! -s $dir/err ]]; then ok "ranks --json > /dev/null: 0, quiet"; else not_ok "ranks to /dev/null: $s $(cat "$dir/err")"; fi

# A closed standard output with something to print is lost output too;
# with nothing to print it is not an error.
"$cli" models >&- 2>"$dir/err"; s=$?
if [[ $s == 2 ]] && grep -qF "could not write the output to standard output" "$dir/err"; then
  ok "models >&-: exit 2"
else
  not_ok "models >&-: status $s, $(cat "$dir/err")"
fi
"$cli" ranks --world-size 8 --tp 16 >&- 2>"$dir/err"; s=$?
if [[ $s == 2 ]] && ! grep -qF "could not write" "$dir/err"; then
  ok "an error with stdout closed keeps its own message and status"
else
  not_ok "error with >&-: status $s, $(cat "$dir/err")"
fi

# Standard error lost on an error: the status stays 2.
"$cli" ranks --world-size 8 --tp 16 2>/dev/full >/dev/null; s=$?
if [[ $s == 2 ]]; then ok "an error with stderr on /dev/full: exit 2"; else not_ok "stderr full: status $s"; fi

# SIGPIPE ignored (as a parent may leave it): the reader leaving is a
# write error, reported.  At its default: the signal ends the command.
bash -c "trap '' PIPE; \"\$0\" ranks --world-size 65536 --tp 8 --json 2>\"\$1\" | head -c 10 >/dev/null; exit \${PIPESTATUS[0]}" \
  "$cli" "$dir/err"; s=$?
if [[ $s == 2 ]] && grep -qF "Broken pipe" "$dir/err"; then
  ok "SIGPIPE ignored, reader gone: exit 2, Broken pipe"
else
  not_ok "SIGPIPE ignored: status $s, $(cat "$dir/err")"
fi
bash -c "trap - PIPE; \"\$0\" ranks --world-size 65536 --tp 8 --json 2>\"\$1\" | head -c 10 >/dev/null; exit \${PIPESTATUS[0]}" \
  "$cli" "$dir/err"; s=$?
if [[ $s == $((128 + 13)) && ! -s $dir/err ]]; then
  ok "SIGPIPE at its default, reader gone: ended by the signal, silently (as any filter)"
else
  not_ok "SIGPIPE default: status $s, $(cat "$dir/err")"
fi

exit $failed
