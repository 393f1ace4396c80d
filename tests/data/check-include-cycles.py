#!/usr/bin/env python3
# The engine's files include each other one way only.  A unit is a source
# file with its own header and private header (planner-memory.c,
# planner-memory.h, planner-memory-private.h); a source or header without
# a partner is a unit of its own.  Unit A depends on unit B when a file of
# A includes a header of B.  A cycle in that graph (the catalogue including
# the memory estimate, whose header includes the catalogue) means neither
# can be understood, tested or reused without the other.
#
# Known cycles are listed with their owners so that the test still fails on
# any new one.
import os
import re
import sys

# None today; an entry is the cycle's units, sorted, with a comment naming
# the owners: ("planner-a", "planner-b").
KNOWN = set()

root = sys.argv[1]
core = os.path.join(root, "src", "core")
# The engine's files, in their area folders (src/core/AREA/planner-*.c).
paths = {}
for dirpath, _, filenames in os.walk(core):
    for n in filenames:
        if re.match(r"planner-.*\.[ch]$", n):
            paths[n] = os.path.join(dirpath, n)
names = sorted(paths)


def unit_of(stem):
    if stem.endswith("-private"):
        stem = stem[: -len("-private")]
    return stem


include = re.compile(r'#include\s+"(planner-[^"]+)\.h"')
edges = {}
for name in names:
    src = unit_of(re.sub(r"\.[ch]$", "", name))
    with open(paths[name], encoding="utf-8") as f:
        for line in f:
            m = include.match(line)
            if m:
                dst = unit_of(m.group(1))
                if dst != src:
                    edges.setdefault(src, set()).add(dst)

# Tarjan's strongly connected components.
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
            cycles.append(tuple(sorted(component)))


sys.setrecursionlimit(10000)
for v in sorted(edges):
    if v not in index:
        visit(v)

units = set(edges) | set().union(*edges.values())
new = [c for c in cycles if c not in KNOWN]
print("1..1")
for c in cycles:
    print("# include cycle: " + " <-> ".join(c) + (" (known: see KNOWN)" if c in KNOWN else ""))
if new:
    print("not ok 1 - src/core units include each other one way")
    sys.exit(1)
print(f"ok 1 - src/core: {len(units)} units, no include cycle beyond the {len(KNOWN)} known")
