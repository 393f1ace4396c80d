#!/usr/bin/env python3
# Issue 19: no message is rewritten after it is made.  A message names each
# setting in its reader's words when it is made (PlannerWords: the flag, the
# job key or the form's label); nothing renames the settings of a finished
# message.  planner_recommend_name_job_fields is gone; the call sites that
# still reword a finished message with planner_field_rewrite_message are
# listed in STILL_REWRITING, and the list may only shrink.
#
# Usage: check-messages-made-once.py SOURCE_ROOT
import os
import re
import sys

root = sys.argv[1]
GONE = ("planner_recommend_name_job_fields",)
REWRITE = "planner_field_rewrite_message"
# The drafts' marks and refusals, and the fields' own checks: not yet made
# in the form's words (their reports are the command line's).
STILL_REWRITING = {
    "src/core/job/planner-field.c",          # the definition
    "src/core/job/planner-field.h",
    "src/core/job/planner-field-check.c",    # a field's own check, for the window
    "src/core/script/planner-script.c",      # a draft's marks
    "src/core/document/planner-problems.c",  # the draft's marks no field check said
    "src/gui/pages/planner-script-pane.c",   # the draft's marks
    "src/gui/window/planner-window.c",       # why there is no draft
}

failures = []
checked = 0
for top in ("src", "tests"):
    for dirpath, _, names in os.walk(os.path.join(root, top)):
        for name in names:
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            text = open(path, encoding="utf-8").read()
            text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
            checked += 1
            for gone in GONE:
                if re.search(r"\b" + gone + r"\b", text):
                    failures.append(f"{rel}: {gone} is back")
            if top == "src" and re.search(r"\b" + REWRITE + r"\s*\(", text) and rel not in STILL_REWRITING:
                failures.append(f"{rel}: rewrites a finished message ({REWRITE})")

print("1..1")
if checked == 0:
    print("not ok 1 - no sources found under", root)
    sys.exit(1)
for f in failures:
    print("#", f)
print(("not ok" if failures else "ok") + f" 1 - {checked} files: messages are made once")
sys.exit(1 if failures else 0)
