#!/usr/bin/env python3
# Issue 19: no message is rewritten after it is made.  A message names each
# setting in its reader's words when it is made (PlannerWords: the flag, the
# job key or the form's label, filled into a template's "{--flag}",
# "{dest}" and "{section.key}" marks); nothing searches a finished message
# to rename the settings in it.  The functions that did are gone and must
# not come back, and no code may split a finished message on a word and
# join it back with another (what planner-job-args.c did to name the
# recommended arguments), nor replace words in one with GString or GRegex.
#
# Usage: check-messages-made-once.py SOURCE_ROOT
import os
import re
import sys

root = sys.argv[1]
# The rewriters issue 19 removed: the recommendation's job-field namer, and
# the field layer's message rewriter with its helpers.
GONE = (
    "planner_recommend_name_job_fields",
    "planner_field_rewrite_message",
    "rewrite_megatron_names",
    "collapse_repeats",
)
# Searching a finished message to reword it: a message (an error's, a
# diagnostic's, a problem's) split on anything but a line break, joined
# back into a message, or edited in place with a replace.
REWORD = (
    (re.compile(r"g_strsplit\s*\(\s*[\w>.\-]*message\s*,\s*\"(?!\\n\")"), "splits a finished message on a word"),
    (re.compile(r"message\s*=\s*g_strjoinv\b"), "joins a split message back with other words"),
    (re.compile(r"\bg_string_replace\s*\("), "replaces words in a finished text"),
    (re.compile(r"\bg_regex_replace\w*\s*\("), "replaces words in a finished text"),
)

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
            if top != "src":
                continue
            for pattern, why in REWORD:
                for m in pattern.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    failures.append(f"{rel}:{line}: {why}")

print("1..1")
if checked == 0:
    print("not ok 1 - no sources found under", root)
    sys.exit(1)
for f in failures:
    print("#", f)
print(("not ok" if failures else "ok") + f" 1 - {checked} files: messages are made once")
sys.exit(1 if failures else 0)
