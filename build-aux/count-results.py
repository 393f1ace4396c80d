#!/usr/bin/env python3
# Adds up meson's test logs into the one closing line CI reads:
# "N passed, N failed" (", N skipped" when any were skipped).
# meson reports a TAP test that planned no subtest ("1..0") as skipped, so
# an empty test file shows up in the skipped count rather than as a pass.
import json
import sys

passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as e:
        print(f"count-results: {e}")
        failed += 1
        continue
    for line in lines:
        result = json.loads(line)
        verdict = result.get("result")
        if verdict in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif verdict == "SKIP":
            skipped += 1
        else:
            failed += 1
            print(f"failed: {result.get('name')} ({verdict})")

line = f"{passed} passed, {failed} failed"
if skipped:
    line += f", {skipped} skipped"
print(line)
sys.exit(1 if failed else 0)
