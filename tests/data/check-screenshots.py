#!/usr/bin/env python3
# The metainfo's screenshots are the pictures in data/screenshots/: every
# image it names is there, is a PNG of the size it states, and every
# picture there is named; one screenshot is the default.  TAP.
#   check-screenshots.py METAINFO.xml.in.in SCREENSHOT-DIR
import os
import struct
import sys
import xml.etree.ElementTree as ET

metainfo, folder = sys.argv[1], sys.argv[2]
PREFIX = "https://raw.githubusercontent.com/launchplanner/launch-planner/main/data/screenshots/"
tests = []

root = ET.parse(metainfo).getroot()
shots = root.findall("./screenshots/screenshot")
tests.append((len(shots) > 0, f"{len(shots)} screenshots in the metainfo"))
tests.append((sum(1 for s in shots if s.get("type") == "default") == 1, "exactly one default screenshot"))

named = set()
for shot in shots:
    caption = shot.findtext("caption")
    for image in shot.findall("image"):
        url = image.text.strip()
        name = url[len(PREFIX):] if url.startswith(PREFIX) else None
        if name is None or "/" in name:
            tests.append((False, f"{url} is not under {PREFIX}"))
            continue
        named.add(name)
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            tests.append((False, f"{name}: no such file in data/screenshots"))
            continue
        with open(path, "rb") as f:
            head = f.read(24)
        if head[:8] != b"\x89PNG\r\n\x1a\n":
            tests.append((False, f"{name}: not a PNG"))
            continue
        width, height = struct.unpack(">II", head[16:24])
        stated = (int(image.get("width", 0)), int(image.get("height", 0)))
        tests.append(((width, height) == stated and width >= 1000 and caption,
                      f"{name}: {width}×{height}, stated {stated[0]}×{stated[1]}, caption “{caption}”"))

pictures = {n for n in os.listdir(folder) if n.endswith(".png")}
for extra in sorted(pictures - named):
    tests.append((False, f"{extra} is in data/screenshots but not in the metainfo"))

print(f"1..{len(tests)}")
for n, (ok, text) in enumerate(tests, 1):
    print(f"{'ok' if ok else 'not ok'} {n} {text}")
sys.exit(0 if all(ok for ok, _ in tests) else 1)
