#!/usr/bin/env bash
# Fuzzes one libFuzzer target for PLANNER_FUZZ_SECONDS (default 60):
#   run-fuzzer.sh FUZZER SEED-CORPUS WORK-DIR
# The seeds are read, never written; new inputs go to WORK-DIR/corpus, a
# crash, leak or timeout to WORK-DIR/ (printed in hex so a CI log is
# enough to reproduce it: save it and run FUZZER FILE).  TAP, one test.
set -u
fuzzer=$1 seeds=$2 work=$3
seconds=${PLANNER_FUZZ_SECONDS:-60}
mkdir -p "$work/corpus"
rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*
echo "1..1"
# Leaks are checked per input (libFuzzer's -detect_leaks, on by default,
# reruns any input that allocates more than it frees under LeakSanitizer)
# and once more at exit, where memory nothing points to any more shows
# growth no single input causes (an interned key per input, say).
nice -n 10 "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$seeds" >"$work/log" 2>&1
status=$?
if [[ $status == 0 ]]; then
  echo "ok 1 $(basename "$fuzzer"): $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$work/log" | grep -o '[0-9]*$') inputs in ${seconds}s, no crash"
  exit 0
fi
echo "not ok 1 $(basename "$fuzzer") exited $status"
# On standard error, which meson shows for a failed test.
{
  grep -v '^#[0-9]' "$work/log" | tail -n 60
  for artifact in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [[ -f $artifact ]] || continue
    echo "reproducer $artifact (run: $fuzzer FILE):"
    od -A n -t x1 -v "$artifact" | head -n 40
  done
} >&2
exit 1
