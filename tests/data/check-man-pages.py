#!/usr/bin/env python3
# Each manual page renders without a single warning from `man --warnings`
# (groff's -ww).  TAP.  check-man-pages.py PAGE...
import os
import shutil
import subprocess
import sys

pages = sys.argv[1:]
man = shutil.which("man")
if man is None:
    print("1..0 # SKIP man is not installed (Debian packages man-db and groff)")
    sys.exit(0)

print(f"1..{len(pages)}")
failed = False
env = dict(os.environ, LC_ALL="C.UTF-8", MANWIDTH="80", MAN_KEEP_FORMATTING="0")
for n, page in enumerate(pages, 1):
    run = subprocess.run([man, "--warnings", "-E", "UTF-8", "-l", page], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    name = os.path.basename(page)
    if run.returncode != 0 or run.stderr.strip() or len(run.stdout) < 200:
        failed = True
        print(f"not ok {n} {name}: status {run.returncode}")
        for line in (run.stderr or "(no output)").splitlines():
            print(f"# {line}")
    else:
        print(f"ok {n} {name}: {len(run.stdout.splitlines())} lines, no warnings")
sys.exit(1 if failed else 0)
