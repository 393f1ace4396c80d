#!/usr/bin/env python3
# validate-flag-catalog.py
#
# Copyright 2026 The Launch Planner developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks data/megatron-flags.json: shape, counts, uniqueness, that every
# replacement it recommends is a real flag, and (when the parser dump sits
# beside the repository) that it equals what the generator produces.
#
#   validate-flag-catalog.py CATALOG GENERATOR [FLAGS.JSONL]

import importlib.util
import json
import os
import sys

EXPECTED_FLAGS = 876
REQUIRED = ("flag", "dest", "action", "type", "choices", "nargs", "default", "aliases", "group")
ACTIONS = ("store", "store_true", "store_false", "boolean_optional")
SEVERITIES = ("info", "warning", "error")
KINDS = ("dead", "deprecated", "fatal")

errors = []


def fail(message):
    errors.append(message)


def main():
    catalog_path, generator_path = sys.argv[1], sys.argv[2]
    jsonl = sys.argv[3] if len(sys.argv) > 3 else None

    with open(catalog_path, encoding="utf-8") as f:
        try:
            catalog = json.load(f)
        except ValueError as e:
            print("not ok 1 catalog is not valid JSON: %s" % e)
            return 1

    if catalog.get("megatron_core") != "0.20.0":
        fail("megatron_core must be 0.20.0")
    if catalog.get("megatron_lm_commit") != "d98e8a6":
        fail("megatron_lm_commit must be d98e8a6")

    flags = catalog.get("flags")
    if not isinstance(flags, list):
        fail("flags must be a list")
        flags = []
    if len(flags) != EXPECTED_FLAGS:
        fail("expected %d flags, found %d" % (EXPECTED_FLAGS, len(flags)))

    seen = set()
    for entry in flags:
        name = entry.get("flag", "?") if isinstance(entry, dict) else "?"
        if not isinstance(entry, dict):
            fail("entry %r is not an object" % entry)
            continue
        for key in REQUIRED:
            if key not in entry:
                fail("%s: missing key %s" % (name, key))
        if entry.get("action") not in ACTIONS:
            fail("%s: bad action %r" % (name, entry.get("action")))
        choices = entry.get("choices")
        if choices is not None and (not isinstance(choices, list)
                                    or not all(isinstance(c, str) for c in choices)):
            fail("%s: choices must be a list of strings or null" % name)
        nargs = entry.get("nargs")
        if nargs not in (None, "+", "*") and not (isinstance(nargs, int) and nargs >= 0):
            fail("%s: bad nargs %r" % (name, nargs))
        spelling = entry.get("flag")
        if not isinstance(spelling, str) or not spelling.startswith("--"):
            fail("%s: bad flag string %r" % (name, spelling))
        elif spelling in seen:
            fail("%s: flag string is not unique" % name)
        else:
            seen.add(spelling)

    # Each option string of an action has its own entry; aliases name the
    # other strings of the same action, so they must point back.
    by_flag = {e.get("flag"): e for e in flags if isinstance(e, dict)}
    for entry in by_flag.values():
        aliases = entry.get("aliases")
        if not isinstance(aliases, list) or len(set(aliases)) != len(aliases):
            fail("%s: aliases must be a list of unique strings" % entry.get("flag"))
            continue
        for alias in aliases:
            other = by_flag.get(alias)
            if other is None or other.get("dest") != entry.get("dest") \
               or entry.get("flag") not in (other.get("aliases") or []):
                fail("%s: alias %s is not an entry of the same option" % (entry.get("flag"), alias))

    def check_replacement(owner, replacement):
        if replacement is None:
            return
        flag = replacement.split()[0]
        if flag not in seen:
            fail("%s: replacement %s is not a flag of the catalog" % (owner, flag))

    for entry in catalog.get("removed", []):
        if entry["flag"] in seen:
            fail("%s is listed as removed but is in the parser" % entry["flag"])
        if not entry.get("note") or not entry.get("source"):
            fail("%s: removed entries need a note and a source" % entry["flag"])
        check_replacement(entry["flag"], entry.get("replacement"))
    for entry in catalog.get("dead", []):
        if entry["flag"] not in seen:
            fail("%s is listed as dead but is not in the parser" % entry["flag"])
        if entry.get("severity") not in SEVERITIES:
            fail("%s: bad severity %r" % (entry["flag"], entry.get("severity")))
        if entry.get("kind") not in KINDS:
            fail("%s: bad kind %r" % (entry["flag"], entry.get("kind")))
        if not entry.get("note") or not entry.get("source"):
            fail("%s: dead entries need a note and a source" % entry["flag"])
        check_replacement(entry["flag"], entry.get("replacement"))
    if len(catalog.get("removed", [])) < 14 or len(catalog.get("dead", [])) < 13:
        fail("removed/dead lists are incomplete")

    compared = False
    if jsonl and os.path.exists(jsonl):
        spec = importlib.util.spec_from_file_location("gen", generator_path)
        gen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(gen)
        with open(catalog_path, encoding="utf-8") as f:
            text = f.read()
        if text != gen.render(gen.generate(jsonl)):
            fail("catalog differs from the generator's output; run build-aux/gen-flag-catalog.py")
        compared = True

    print("1..1")
    if errors:
        for e in errors:
            print("# " + e)
        print("not ok 1 megatron-flags.json: %d problems" % len(errors))
        return 1
    print("ok 1 megatron-flags.json: %d flags, %d spellings%s"
          % (len(flags), len(seen), ", equal to the generator's output" if compared else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
