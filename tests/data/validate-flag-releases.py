#!/usr/bin/env python3
# validate-flag-releases.py
#
# Copyright 2026 The Launch Planner developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks data/megatron-flag-releases.json: the releases in order, every
# option held by at least one release, each release's count of options as
# the extraction says, the 0.20.0 column equal to data/megatron-flags.json,
# and (when the per-release parser dumps sit beside the repository) that the
# file equals what build-aux/gen-flag-releases.py produces.
#
#   validate-flag-releases.py RELEASES-JSON GENERATOR FLAGS-JSON [VERSIONS-DIR]

import importlib.util
import json
import os
import sys

# Options per release, from ../shared/megatron/versions/README.md.
EXPECTED = {"0.12.0": 456, "0.13.1": 502, "0.14.0": 514, "0.15.3": 575, "0.16.1": 680,
            "0.17.1": 735, "0.18.2": 785, "0.19.0": 845, "0.20.0": 876}
FIELDS = ("dest", "action", "type", "choices", "nargs", "default", "aliases")


def main():
    path, generator_path, flags_path = sys.argv[1:4]
    directory = sys.argv[4] if len(sys.argv) > 4 else None
    errors = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    data = json.loads(text)
    versions = [r["version"] for r in data["releases"]]
    if versions != list(EXPECTED):
        errors.append("releases are %s, expected %s" % (versions, list(EXPECTED)))

    counts = [0] * len(versions)
    spelled = {}    # the 0.20.0 spelling of each option, as the release table gives it
    previous = ""
    for flag in data["flags"]:
        name = flag["flag"]
        if name <= previous:
            errors.append("%s: options must be sorted and unique" % name)
        previous = name
        mask = flag["releases"]
        if len(mask) != len(versions) or set(mask) - {"0", "1"} or "1" not in mask:
            errors.append("%s: bad release mask %r" % (name, mask))
            continue
        for i, bit in enumerate(mask):
            counts[i] += bit == "1"
        seen = set()
        for variant in flag.get("differs", []):
            for i, bit in enumerate(variant["releases"]):
                if bit == "1" and (mask[i] != "1" or i in seen):
                    errors.append("%s: variant for %s it is not held in, or twice" % (name, versions[i]))
                if bit == "1":
                    seen.add(i)
            if set(variant) - {"releases"} - set(FIELDS):
                errors.append("%s: unknown variant fields" % name)
        if mask[-1] == "1":
            spelled[name] = {k: flag[k] for k in FIELDS}
            for variant in flag.get("differs", []):
                if variant["releases"][-1] == "1":
                    spelled[name].update({k: v for k, v in variant.items() if k in FIELDS})

    for version, count in zip(versions, counts):
        if EXPECTED.get(version) != count:
            errors.append("%s holds %d options, expected %d" % (version, count, EXPECTED.get(version)))

    with open(flags_path, encoding="utf-8") as f:
        newest = {e["flag"]: {k: e[k] for k in FIELDS} for e in json.load(f)["flags"]}
    if newest != spelled:
        errors.append("the 0.20.0 column differs from data/megatron-flags.json")

    compared = False
    if directory and os.path.isdir(directory):
        spec = importlib.util.spec_from_file_location("gen", generator_path)
        gen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(gen)
        if text != gen.render(gen.generate(directory)):
            errors.append("file differs from the generator's output; run build-aux/gen-flag-releases.py")
        compared = True

    print("1..1")
    if errors:
        for e in errors:
            print("# " + e)
        print("not ok 1 megatron-flag-releases.json: %d problems" % len(errors))
        return 1
    print("ok 1 megatron-flag-releases.json: %d options over %d releases%s"
          % (len(data["flags"]), len(versions), ", equal to the generator's output" if compared else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
