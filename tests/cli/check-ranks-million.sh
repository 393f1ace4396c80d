#!/usr/bin/env bash
# ranks --json at the allowed maximum of 1,048,576 GPUs: the bytes are
# those the json-glib tree printed before the output was streamed (the
# checksums below were recorded from it: 452 MB and 4.2 GB of memory for
# the first), and the memory stays flat while 450 MB go by.
set -u
cli=$1
echo "1..2"
status=0
n=0
check () {
  local expected=$1; shift
  local out rss sum
  n=$((n + 1))
  out=$(mktemp)
  if [[ -x /usr/bin/time ]]; then
    sum=$( { /usr/bin/time -f '%M' -o "$out" "$cli" "$@" | md5sum | cut -d' ' -f1; } )
    rss=$(tail -n1 "$out")
  else
    sum=$("$cli" "$@" | md5sum | cut -d' ' -f1)
    rss=0
  fi
  rm -f "$out"
  # 256 MB leaves room for the sanitizers; the plain build needs about 13 MB.
  if [[ $sum == "$expected" ]] && (( rss < 262144 )); then
    echo "ok $n $* — same bytes, peak ${rss} KB"
  else
    echo "not ok $n $* — md5 $sum (expected $expected), peak ${rss} KB"
    status=1
  fi
}
check 9266bd4cfd1715cdc7ba27c99fdf244e ranks --world-size 1048576 --json
check be57ca3eddae9a6f947f6216f14405e1 ranks --world-size 1048576 --tp 8 --pp 16 --ep 64 --json
exit $status
