#!/usr/bin/env python3
# Every file with a translatable string is listed in po/POTFILES.in, the
# list is sorted, and every listed file exists.
import os
import re
import sys

root = sys.argv[1]
with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
    listed = [l.strip() for l in f if l.strip() and not l.startswith("#")]

errors = []
if listed != sorted(listed):
    errors.append("po/POTFILES.in is not sorted")
for path in listed:
    if not os.path.exists(os.path.join(root, path)):
        errors.append(f"po/POTFILES.in lists {path}, which does not exist")

c_pattern = re.compile(r'\b(N?_|C_|NC_|g_dngettext|ngettext)\s*\(\s*"')
wanted = set()
for top in ("src", "ui", "data"):
    for dirpath, _, names in os.walk(os.path.join(root, top)):
        for name in names:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if name.endswith((".c", ".h")):
                with open(path, encoding="utf-8") as f:
                    if c_pattern.search(f.read()):
                        wanted.add(rel)
            elif name.endswith(".ui"):
                with open(path, encoding="utf-8") as f:
                    if 'translatable="yes"' in f.read():
                        wanted.add(rel)
            elif name.endswith((".desktop.in.in", ".metainfo.xml.in.in", ".gschema.xml.in")):
                wanted.add(rel)
for path in sorted(wanted - set(listed)):
    errors.append(f"{path} has translatable strings but is not in po/POTFILES.in")

for e in errors:
    print(e)
print("1..1")
print(("not ok" if errors else "ok") + " 1 POTFILES.in")
sys.exit(1 if errors else 0)
