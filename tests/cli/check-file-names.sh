#!/usr/bin/env bash
# File names that are not UTF-8 (red team, round 2): a job, a script, a
# log or an output named in the Latin-1 byte range ("caf\xe9") is read and
# written under exactly that name, in a UTF-8 and in the C locale, and a
# message shows it escaped ("caf\xe9"), never mangled or as U+FFFD.  Text
# options that are not text are refused by name.  TAP.
#   check-file-names.sh CLI JOB SCRIPT LOG
set -u
cli=$(realpath "$1") job=$(realpath "$2") script=$(realpath "$3") log=$(realpath "$4")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }
# expect STATUS TEXT DESCRIPTION COMMAND...: the status, TEXT in stdout or
# stderr, and no U+FFFD anywhere.
expect () {
  local want=$1 text=$2 what=$3; shift 3
  (cd "$dir" && timeout 60 "$@") >"$dir/out" 2>"$dir/err"
  local status=$?
  if [[ $status != "$want" ]]; then
    not_ok "$what: status $status (want $want), stderr: $(head -c 300 "$dir/err")"
  elif ! grep -qF -- "$text" "$dir/err" "$dir/out"; then
    not_ok "$what: no “$text” in the output, stderr: $(head -c 300 "$dir/err")"
  elif grep -q $'\xef\xbf\xbd' "$dir/err" "$dir/out"; then
    not_ok "$what: a name was mangled into U+FFFD: $(head -c 300 "$dir/err")"
  else
    ok "$what"
  fi
}

e=$'\xe9'
cp "$job" "$dir/caf$e.json"
cp "$script" "$dir/caf$e.sbatch"
cp "$log" "$dir/caf$e.log"
mkdir "$dir/fold$e"

echo "1..34"
for locale in C.UTF-8 C; do
  export LC_ALL=$locale
  rm -f "$dir"/out"$e".*
  expect 0 "Layout" "$locale: analyze reads caf\\xe9.sbatch" "$cli" analyze "caf$e.sbatch"
  expect 1 "Layout" "$locale: analyze -- takes an argument that is not UTF-8" \
    "$cli" analyze -- --tensor-model-parallel-size 2 --data-path "/data/caf$e"
  expect 0 "#!/bin/bash" "$locale: script reads caf\\xe9.json" "$cli" script "caf$e.json"
  expect 0 'Approved and wrote out\xe9.sh' "$locale: script writes out\\xe9.sh, named so" \
    "$cli" script "caf$e.json" --output "out$e.sh" --approve
  if [[ -f $dir/out$e.sh ]]; then ok "$locale: …the file has the very name given"; else not_ok "$locale: …no out\\xe9.sh"; fi
  expect 2 'out\xe9.sh already exists' "$locale: an existing out\\xe9.sh is named escaped" \
    "$cli" script "caf$e.json" --output "out$e.sh" --approve
  expect 0 'Wrote the new job to out\xe9.json' "$locale: optimize --apply all --output out\\xe9.json" \
    "$cli" optimize "caf$e.json" --apply all --output "out$e.json"
  expect 0 "Layout" "$locale: …and the job written reads back" "$cli" optimize "out$e.json"
  expect 0 "What the log shows" "$locale: troubleshoot --log caf\\xe9.log" "$cli" troubleshoot --log "caf$e.log"
  expect 2 'Could not read' "$locale: a missing log is named escaped" \
    "$cli" troubleshoot --log "missing$e.log"
  expect 2 'fold\xe9 is a folder' "$locale: a folder given as the log is named escaped" \
    "$cli" troubleshoot --log "fold$e"
  expect 2 'Could not read missing\xe9.json' "$locale: a missing job is named escaped" \
    "$cli" optimize "missing$e.json"
  expect 0 'Wrote out\xe9.svg' "$locale: draw --output out\\xe9.svg" \
    "$cli" draw grid "caf$e.json" --output "out$e.svg"
  expect 2 '--gpu: “h100\xe9” is not text' "$locale: a text option that is not text is refused by name" \
    "$cli" recommend --gpus 8 --gpu "h100$e" --model llama3-8b
  expect 2 'unexpected argument “caf\xe9”' "$locale: an extra argument is named escaped" \
    "$cli" recommend --gpus 8 --gpu h100-sxm --model llama3-8b "caf$e"
  expect 2 'give one job file; “caf\xe9.json” is extra' "$locale: an extra job file is named escaped" \
    "$cli" script "caf$e.json" "caf$e.json"
done
# Nothing was written under another name.
left=$(cd "$dir" && ls | LC_ALL=C sort | tr '\n' ' ')
want=$(printf '%s ' "caf$e.json" "caf$e.log" "caf$e.sbatch" err "fold$e" out "out$e.json" "out$e.sh" "out$e.svg" | tr ' ' '\n' \
       | LC_ALL=C sort | tr '\n' ' ')
if [[ $left == "$want" ]]; then ok "no file under a mangled name"; else not_ok "files: $left"; fi
# A log given as a URI is a file name, never fetched.
expect 2 'Could not read' "a URI for --log is a path, not fetched" "$cli" troubleshoot --log "http://localhost:1/x.log"
exit $failed
