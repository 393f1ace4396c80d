#!/usr/bin/env python3
# The engine's units use each other one way, and each area only the areas
# below it.  Reads the symbols of the built static library (nm): a unit is
# one object file (one source file), its area the folder it sits in under
# src/core; unit A uses unit B when A's object refers to a planner_* (or
# _planner_*) symbol that B's object defines.  Fails on any cycle between
# units and on any use of an area in the same layer or above (the layer
# order is the "layers" block of src/core/DESIGN.md).  The include-cycle
# test cannot see these: a call through a header the two units share is
# a use all the same.
#
# The window's library (src/gui, its areas and src/gui/DESIGN.md) is
# checked the same way.
#
# Usage: check-layers.py SOURCE_ROOT LIBRARY [NM [DESIGN.md [LABEL]]]
import collections
import os
import re
import subprocess
import sys

root, library = sys.argv[1], sys.argv[2]
nm = sys.argv[3] if len(sys.argv) > 3 else "nm"
design = sys.argv[4] if len(sys.argv) > 4 else os.path.join(root, "src", "core", "DESIGN.md")
label = sys.argv[5] if len(sys.argv) > 5 else "src/core"

# The layer order: one line per layer, bottom first, its areas separated
# by "|" or commas, between "```layers" and "```".
layer_of = {}
with open(design, encoding="utf-8") as f:
    text = f.read()
block = re.search(r"^```layers\n(.*?)^```", text, re.S | re.M)
if block is None:
    print(f"Bail out! {design} has no ```layers block")
    sys.exit(1)
for number, line in enumerate(l for l in block.group(1).splitlines() if l.strip()):
    for area in re.split(r"[|,]", line):
        if area.strip():
            layer_of[area.strip()] = number

# Objects: meson names src/core/AREA/planner-foo.c's object AREA_planner-foo.c.o
# (generated sources start with meson-generated_ and belong to no area).
out = subprocess.run([nm, "-A", library], capture_output=True, text=True, check=True).stdout
defined, used = {}, collections.defaultdict(set)
area_of = {}
symbol = re.compile(r"^_?planner_")
for line in out.splitlines():
    m = re.match(r"^[^:]*:([^:]+\.o):\s*(?:[0-9a-f]+)?\s+([A-Za-z])\s+(\S+)$", line)
    if m is None:
        continue
    obj, kind, name = m.groups()
    obj = os.path.basename(obj)
    if obj.startswith("meson-generated_"):
        unit, area = "generated:" + re.sub(r"^.*_(planner-[^_]+)\.c\.o$", r"\1", obj), None
    else:
        m2 = re.match(r"^(?:(\w+)_)?(planner-[^_]+)\.c\.o$", obj)
        if m2 is None:
            continue
        area, unit = m2.group(1), m2.group(2)
    area_of[unit] = area
    if not symbol.match(name):
        continue
    if kind == "U":
        used[unit].add(name)
    elif kind.isupper():
        defined[name] = unit

# One class in several files (the window, the rank grid, the advice page)
# is one unit: the "```units" block of the DESIGN.md names its files.
units = re.search(r"^```units\n(.*?)^```", text, re.S | re.M)
if units is not None:
    for line in units.group(1).splitlines():
        if ":" in line:
            whole, parts = line.split(":", 1)
            for part in parts.split():
                if part in area_of:
                    for name, unit in list(defined.items()):
                        if unit == part:
                            defined[name] = whole.strip()
                    used[whole.strip()] |= used.pop(part, set())
                    area_of[whole.strip()] = area_of.pop(part)

edges = collections.defaultdict(dict)
for unit, names in used.items():
    for name in sorted(names):
        to = defined.get(name)
        if to is not None and to != unit:
            edges[unit].setdefault(to, name)

problems = []
for unit in sorted(area_of):
    area = area_of[unit]
    if area is not None and area not in layer_of:
        problems.append(f"{unit}: area {area!r} is not in DESIGN.md's layers")
        continue
    for to, name in sorted(edges.get(unit, {}).items()):
        to_area = area_of[to]
        if area is None or to_area is None or to_area == area:
            continue
        if to_area not in layer_of:
            continue
        if layer_of[to_area] >= layer_of[area]:
            problems.append(f"{area}/{unit} uses {to_area}/{to} ({name}): "
                            f"{to_area} is not below {area} in DESIGN.md's layers")

# Tarjan's strongly connected components over the units.
index, low, stack, on_stack, cycles = {}, {}, [], set(), []
counter = [0]


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on_stack.add(v)
    for w in sorted(edges.get(v, ())):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1:
            cycles.append(sorted(component))


sys.setrecursionlimit(10000)
for v in sorted(area_of):
    if v not in index:
        visit(v)
for c in cycles:
    members = set(c)
    why = [f"{a} uses {b} ({edges[a][b]})" for a in c for b in sorted(edges.get(a, {})) if b in members]
    problems.append("cycle: " + " <-> ".join(c) + ": " + "; ".join(why))

n_edges = sum(len(v) for v in edges.values())
print("1..2")
for p in problems:
    print("# " + p)
n_cycles = len(cycles)
n_against = len(problems) - n_cycles
print(("ok" if n_cycles == 0 else "not ok") + f" 1 - {label}: {len(area_of)} units, {n_edges} uses, {n_cycles} cycles")
print(("ok" if n_against == 0 else "not ok") + f" 2 - {label}: {n_against} uses against the layer order")
sys.exit(1 if problems else 0)
