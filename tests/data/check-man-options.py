#!/usr/bin/env python3
# The manual page and the command line cannot drift apart: every command
# that `launch-planner-cli --help` lists has a section in
# launch-planner-cli(1), and every option its `--help` lists appears in
# that section.  TAP.  check-man-options.py CLI PAGE
import os
import re
import subprocess
import sys

cli, page = sys.argv[1], sys.argv[2]
env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="")


def run(*args):
    return subprocess.run([cli, *args], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True).stdout


# The roff source, with its escapes for the characters options use.
with open(page, encoding="utf-8") as f:
    source = f.read().replace("\\-", "-").replace("\\&", "").replace("\\fB", "").replace("\\fI", "") \
                     .replace("\\fP", "").replace("\\fR", "")

sections = {}
for match in re.finditer(r"^\.SS (\S+)\n(.*?)(?=^\.S[SH] )", source, re.S | re.M):
    sections[match.group(1)] = match.group(2)

usage = run("--help")
commands = re.findall(r"^  ([a-z][a-z-]+) ", usage, re.M)
tests = []
if not commands:
    tests.append((False, "no command found in launch-planner-cli --help"))
for command in commands:
    section = sections.get(command)
    if section is None:
        tests.append((False, f"{command}: no “.SS {command}” section in {os.path.basename(page)}"))
        continue
    help_text = run(command, "--help")
    options = sorted(set(re.findall(r"^\s+(?:-\w, )?(--[a-z0-9-]+)", help_text, re.M))
                     | set(re.findall(r"^\s+(-[a-zA-Z]),", help_text, re.M)))
    options = [o for o in options if o not in ("--help", "-h")]
    missing = [o for o in options if not re.search(re.escape(o) + r"(?![a-z0-9-])", section)]
    if not options:
        tests.append((False, f"{command}: --help lists no options (did its format change?)"))
    elif missing:
        tests.append((False, f"{command}: not in its man page section: {' '.join(missing)}"))
    else:
        tests.append((True, f"{command}: all {len(options)} options documented"))
    if "Exit status" not in section:
        tests.append((False, f"{command}: its section gives no exit status"))
    if ".EX" not in section:
        tests.append((False, f"{command}: its section has no example"))

print(f"1..{len(tests)}")
for n, (ok, text) in enumerate(tests, 1):
    print(f"{'ok' if ok else 'not ok'} {n} {text}")
sys.exit(0 if all(ok for ok, _ in tests) else 1)
