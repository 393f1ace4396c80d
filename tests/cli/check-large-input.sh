#!/usr/bin/env bash
# A 50 MB script is refused at once with exit 2 and a message naming the
# size, without reading it into memory first.
set -u
cli=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
head -c 52428800 /dev/zero | tr '\0' '#' > "$dir/huge.sh"
start=$(date +%s)
"$cli" analyze "$dir/huge.sh" >"$dir/out" 2>"$dir/err"
status=$?
elapsed=$(( $(date +%s) - start ))
echo "1..1"
if [[ $status == 2 ]] && grep -q "52.4 MB" "$dir/err" && grep -q "only up to 8 MiB" "$dir/err" && (( elapsed < 5 )); then
  echo "ok 1 50 MB script refused: $(cat "$dir/err")"
else
  echo "not ok 1 status $status after ${elapsed}s: $(cat "$dir/err")"
  exit 1
fi
