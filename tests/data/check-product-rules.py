#!/usr/bin/env python3
# The product rules that a reading of the source and of the CLI's golden
# outputs can check (design.md, "Product rules"):
#  1. it never runs anything: no process spawning and no network in src/;
#  3. it never estimates training time or cost: no golden output mentions
#     hours, days, GPU-hours or money.
import os
import re
import sys

root = sys.argv[1]
failures = []

spawn = re.compile(r"\b(g_spawn\w*|g_subprocess\w*|system|popen|execv\w*|execl\w*|fork|posix_spawn\w*)\s*\(")
network = re.compile(r"\b(g_socket\w*|g_network\w*|GSocketClient|soup_\w+|curl_\w+|getaddrinfo|connect)\s*\(")
for top, _, names in os.walk(os.path.join(root, "src")):
    for name in names:
        if not name.endswith((".c", ".h")):
            continue
        path = os.path.join(top, name)
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                code = line.split("//")[0]
                if code.lstrip().startswith(("*", "/*")):
                    continue
                for pattern, rule in ((spawn, "runs a process"), (network, "uses the network")):
                    match = pattern.search(code)
                    if match:
                        failures.append(f"{os.path.relpath(path, root)}:{number}: {rule}: {match.group(0)}")

time_or_cost = re.compile(r"\b(\d+(\.\d+)?\s*(hours?|days?|weeks?)|GPU[- ]hours?|USD|dollars?|\$\d)", re.IGNORECASE)
cases = os.path.join(root, "tests", "cli", "cases")
n_outputs = 0
for name in sorted(os.listdir(cases)):
    if not name.endswith(".out"):
        continue
    n_outputs += 1
    with open(os.path.join(cases, name), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            match = time_or_cost.search(line)
            if match:
                failures.append(f"tests/cli/cases/{name}:{number}: a time or cost estimate: {match.group(0)}")

print("1..2")
spawn_failures = [f for f in failures if "runs a process" in f or "uses the network" in f]
print(("not ok" if spawn_failures else "ok") + " 1 src/ never runs a process or opens a connection")
estimate_failures = [f for f in failures if "estimate" in f]
print(("not ok" if estimate_failures or n_outputs == 0 else "ok") +
      f" 2 {n_outputs} golden outputs carry no training-time or cost estimate")
for failure in failures:
    print("# " + failure)
sys.exit(1 if failures or n_outputs == 0 else 0)
