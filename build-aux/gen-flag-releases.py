#!/usr/bin/env python3
# gen-flag-releases.py
#
# Copyright 2026 The Launch Planner developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds data/megatron-flag-releases.json: the options of every Megatron-Core
# release the planner knows (../shared/megatron/versions/V/flags.jsonl), as
# one list of every option ever parsed with the releases that parse it and,
# where a release parses it differently, that release's dest, type, default,
# choices or nargs.  The argparse group is the newest release's (it only
# sorts the help).  Output is deterministic so the data validator can compare
# the committed file with a fresh run.
#
#   build-aux/gen-flag-releases.py [VERSIONS-DIR] > data/megatron-flag-releases.json

import json
import os
import sys

RELEASES = ["0.12.0", "0.13.1", "0.14.0", "0.15.3", "0.16.1",
            "0.17.1", "0.18.2", "0.19.0", "0.20.0"]

ACTIONS = {
    "StoreAction": "store",
    "StoreTrueAction": "store_true",
    "StoreFalseAction": "store_false",
    "BooleanOptionalAction": "boolean_optional",
}

# The fields a release may parse differently, in the order they are written.
VARYING = ["dest", "action", "type", "choices", "nargs", "default", "aliases"]


def normalise(entry):
    action = ACTIONS.get(entry["action"])
    if action is None:
        raise SystemExit("unknown action %r for %s" % (entry["action"], entry["flag"]))
    choices = entry["choices"]
    if choices is not None:
        choices = [str(c) for c in choices]
    return {
        "dest": entry["dest"],
        "action": action,
        "type": entry["type"],
        "choices": choices,
        "nargs": entry["nargs"],
        "default": entry["default"],
        "aliases": list(entry["aliases"]),
        "group": entry["group"],
    }


def read_commit(folder):
    with open(os.path.join(folder, "COMMIT"), encoding="utf-8") as f:
        return f.read().strip()


def generate(directory):
    per_release = []
    for release in RELEASES:
        folder = os.path.join(directory, release)
        with open(os.path.join(folder, "flags.jsonl"), encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        per_release.append({row["flag"]: normalise(row) for row in rows})

    names = sorted(set().union(*[set(table) for table in per_release]))
    flags = []
    for name in names:
        held = [i for i, table in enumerate(per_release) if name in table]
        newest = per_release[held[-1]][name]
        entry = {"flag": name,
                 "releases": "".join("1" if i in held else "0" for i in range(len(RELEASES)))}
        for key in VARYING + ["group"]:
            entry[key] = newest[key]
        variants = []
        for i in held:
            spelled = per_release[i][name]
            differing = {key: spelled[key] for key in VARYING if spelled[key] != newest[key]}
            if not differing:
                continue
            for variant in variants:
                if variant["fields"] == differing:
                    variant["releases"][i] = "1"
                    break
            else:
                mask = ["0"] * len(RELEASES)
                mask[i] = "1"
                variants.append({"releases": mask, "fields": differing})
        if variants:
            entry["differs"] = [dict({"releases": "".join(v["releases"])}, **v["fields"])
                                for v in variants]
        flags.append(entry)

    return {
        "source": "versions/V/flags.jsonl: each release's training parser, queried",
        "releases": [{"version": release, "commit": read_commit(os.path.join(directory, release))}
                     for release in RELEASES],
        "flags": flags,
    }


def render(catalog):
    # One flag per line: compact, and a diff still reads per flag.
    lines = ["{",
             ' "source": %s,' % json.dumps(catalog["source"]),
             ' "releases": [']
    lines += ["  %s%s" % (json.dumps(r), "," if i + 1 < len(catalog["releases"]) else "")
              for i, r in enumerate(catalog["releases"])]
    lines += [" ],", ' "flags": [']
    lines += ["  %s%s" % (json.dumps(f, ensure_ascii=False), "," if i + 1 < len(catalog["flags"]) else "")
              for i, f in enumerate(catalog["flags"])]
    lines += [" ]", "}"]
    return "\n".join(lines) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "shared", "megatron", "versions")
    directory = sys.argv[1] if len(sys.argv) > 1 else default
    sys.stdout.write(render(generate(directory)))


if __name__ == "__main__":
    main()
