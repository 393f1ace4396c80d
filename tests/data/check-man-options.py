#!/usr/bin/env python3
# The manual page and the command line cannot drift apart: every command
# that `launch-planner-cli --help` lists has a section in
# launch-planner-cli(1), and every option its `--help` lists appears in
# that section; and the exit statuses its --help names are the ones its
# section names, each with the same meaning.  TAP.
# check-man-options.py CLI PAGE
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

def exit_statuses(text):
    """{code: meaning} from "Exit status: 0 ok, 1 …, 2 …." (roff or not),
    the meaning with articles and line breaks dropped."""
    match = re.search(r"Exit status: (.*?\.)(?:\n\.|\n\n|$)", text, re.S)
    if match is None:
        return None
    sentence = re.sub(r"\.BR? ?|\"", "", match.group(1))
    sentence = " ".join(sentence.split())
    parts = re.split(r"(?:^|, )([0-9]) ", sentence)
    codes = {}
    for code, meaning in zip(parts[1::2], parts[2::2]):
        words = [w for w in re.findall(r"[a-z0-9-]+", meaning.lower()) if w not in ("a", "an", "the", "is")]
        codes[int(code)] = " ".join(words)
    return codes


def compare_exit_status(command, help_text, section):
    in_help, in_page = exit_statuses(help_text), exit_statuses(section)
    if in_help is None:
        return (False, f"{command}: --help gives no “Exit status:” line")
    if in_page is None:
        return (False, f"{command}: its section has no “Exit status: …” sentence")
    if sorted(in_help) != sorted(in_page):
        return (False, f"{command}: --help gives exit statuses {sorted(in_help)}, the man page {sorted(in_page)}")
    # The page may say more (an example, a parenthesis); never something else.
    for code in in_help:
        help_words, page_words = in_help[code].split(), in_page[code].split()
        if not set(help_words) <= set(page_words):
            return (False, f"{command}: exit status {code} is “{in_help[code]}” in --help "
                           f"but “{in_page[code]}” in the man page")
    return (True, f"{command}: exit statuses {sorted(in_help)} agree between --help and the man page")


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
    else:
        tests.append(compare_exit_status(command, help_text, section))
    if ".EX" not in section:
        tests.append((False, f"{command}: its section has no example"))

print(f"1..{len(tests)}")
for n, (ok, text) in enumerate(tests, 1):
    print(f"{'ok' if ok else 'not ok'} {n} {text}")
sys.exit(0 if all(ok for ok, _ in tests) else 1)
