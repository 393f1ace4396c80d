#!/usr/bin/env python3
# Offline checks of the Flatpak manifest that flatpak-builder --show-manifest
# does not make: required keys, the app id, the meson module and a sandbox
# with no file system, network or bus holes.
import json
import sys

path, app_id = sys.argv[1], sys.argv[2]
errors = []
with open(path, encoding="utf-8") as f:
    manifest = json.load(f)

for key in ("id", "runtime", "runtime-version", "sdk", "command", "finish-args", "modules"):
    if key not in manifest:
        errors.append(f"missing key {key!r}")
if manifest.get("id") != app_id:
    errors.append(f"id is {manifest.get('id')!r}, expected {app_id!r}")
if manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk":
    errors.append("runtime and sdk must be org.gnome.Platform and org.gnome.Sdk")
if manifest.get("command") != "launch-planner":
    errors.append("command must be launch-planner")
expected_args = {"--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"}
args = set(manifest.get("finish-args", []))
for arg in args:
    if arg.startswith(("--filesystem", "--share=network", "--socket=x11", "--socket=session-bus",
                       "--socket=system-bus", "--talk-name", "--system-talk-name")):
        errors.append(f"finish-args must not contain {arg}: files go through the portal")
if args != expected_args:
    errors.append(f"finish-args are {sorted(args)}, expected exactly {sorted(expected_args)}")
modules = manifest.get("modules") or [{}]
last = modules[-1]
if last.get("buildsystem") != "meson":
    errors.append("the last module must use buildsystem meson")
if last.get("run-tests") is not True:
    errors.append("the app module must set run-tests: true")
if last.get("builddir") is not True:
    errors.append("the app module must set builddir: true")

for e in errors:
    print(f"{path}: {e}")
print("1..1")
print(("not ok" if errors else "ok") + " 1 flatpak manifest")
sys.exit(1 if errors else 0)
