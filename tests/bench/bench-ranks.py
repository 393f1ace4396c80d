#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`ranks --json` against Megatron's own RankGenerator, side by side.

bench-ranks.py CLI [WORLD TP PP EP]

Times the whole `launch-planner-cli ranks --json` process (start-up,
groups, writing every list) and, in this Python, Megatron-Core's
RankGenerator computing the same groups (the dense and expert generators
that initialize_model_parallel builds, every token the CLI prints, and the
embedding groups).  Megatron's code is read at run time from a Megatron-LM
git mirror ($MEGATRON_LM_MIRROR, default /work/.mirror/NVIDIA+Megatron-LM/repo,
or a checkout), and only the rank-generation functions are taken out of
parallel_state.py with `ast` and run in memory: parallel_state imports
torch, which this benchmark does not need.  Nothing is written to disk.
The two group lists are also compared, so the timing is of equal work.
"""

import ast
import json
import os
import statistics
import subprocess
import sys
import time

DEFAULT_MIRROR = "/work/.mirror/NVIDIA+Megatron-LM/repo"
SOURCE = "megatron/core/parallel_state.py"
WANTED = {"generate_masked_orthogonal_rank_groups", "RankGenerator",
          "default_embedding_ranks", "default_position_embedding_ranks"}
RUNS = 30


def read_parallel_state():
    mirror = os.environ.get("MEGATRON_LM_MIRROR", DEFAULT_MIRROR)
    checkout = os.path.join(mirror, SOURCE)
    if os.path.isfile(checkout):
        with open(checkout, encoding="utf-8") as f:
            return f.read(), checkout
    try:
        text = subprocess.run(["git", "-C", mirror, "show", "HEAD:" + SOURCE],
                              check=True, capture_output=True, text=True).stdout
        return text, mirror + ":" + SOURCE
    except (OSError, subprocess.CalledProcessError) as e:
        return None, f"no Megatron-LM source at {mirror} ({e.__class__.__name__}); " \
                     "set MEGATRON_LM_MIRROR to a mirror or checkout"


def load_rank_generator(text):
    """The four definitions, compiled from Megatron's own source."""
    tree = ast.parse(text)
    body = [node for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in WANTED]
    missing = WANTED - {node.name for node in body}
    if missing:
        raise RuntimeError("not found in parallel_state.py: " + ", ".join(sorted(missing)))
    module = ast.Module(body=body, type_ignores=[])
    namespace = {"List": list, "Optional": object}
    exec(compile(module, SOURCE, "exec"), namespace)
    return namespace


def megatron_groups(ns, world, tp, pp, cp, ep, etp):
    """Every group the CLI prints, as initialize_model_parallel asks for them."""
    RankGenerator = ns["RankGenerator"]
    dp = world // (tp * pp * cp)
    edp = world // (etp * ep * pp)
    dense = RankGenerator(tp=tp, ep=1, dp=dp, pp=pp, cp=cp, order="tp-cp-ep-dp-pp")
    expert = RankGenerator(tp=etp, ep=ep, dp=edp, pp=pp, cp=1, order="tp-cp-ep-dp-pp")
    groups = {}
    for name, token in (("tp", "tp"), ("pp", "pp"), ("dp", "dp"), ("cp", "cp"), ("dp_cp", "dp-cp"),
                        ("tp_pp", "tp-pp"), ("tp_dp", "tp-dp"), ("tp_dp_cp", "tp-dp-cp"),
                        ("tp_cp", "tp-cp")):
        groups[name] = dense.get_ranks(token)
    for name, token in (("ep", "ep"), ("etp", "tp"), ("etp_ep", "tp-ep"), ("etp_ep_pp", "tp-ep-pp"),
                        ("expert_dp", "dp")):
        groups[name] = expert.get_ranks(token)
    groups["embedding"] = [ns["default_embedding_ranks"](r) for r in groups["pp"]]
    groups["position_embedding"] = [ns["default_position_embedding_ranks"](r) for r in groups["pp"]]
    return groups


def time_cli(cli, args):
    """Wall-clock and CPU (user + system) seconds of the whole process:
    on a shared, loaded machine the CPU time is the steadier figure."""
    times, cpu = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        child = subprocess.Popen([cli] + args, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        times.append(time.perf_counter() - start)
        cpu.append(usage.ru_utime + usage.ru_stime)
        if status != 0:
            raise RuntimeError(f"{cli} exited with status {status}")
    return statistics.median(times), min(times), statistics.median(cpu)


def main():
    cli = sys.argv[1]
    world, tp, pp, ep = (int(v) for v in (sys.argv[2:6] if len(sys.argv) >= 6 else (16384, 8, 16, 64)))
    args = ["ranks", "--world-size", str(world), "--tp", str(tp), "--pp", str(pp), "--ep", str(ep), "--json"]

    median, best, cpu = time_cli(cli, args)
    size = len(subprocess.run([cli] + args, check=True, capture_output=True).stdout)
    print(f"layout: world {world}, TP {tp}, PP {pp}, EP {ep}; {size / 1e6:.1f} MB of JSON")
    print(f"launch-planner-cli ranks --json, whole process: median {median * 1e3:.2f} ms, "
          f"best {best * 1e3:.2f} ms, CPU {cpu * 1e3:.2f} ms median ({RUNS} runs)")

    text, where = read_parallel_state()
    if text is None:
        print(f"Megatron RankGenerator: not measured: {where}")
        return 0
    try:
        ns = load_rank_generator(text)
    except (SyntaxError, RuntimeError) as e:
        print(f"Megatron RankGenerator: not measured: {where}: {e}")
        return 0

    runs, cpu_runs = [], []
    for _ in range(5):
        start, start_cpu = time.perf_counter(), time.process_time()
        groups = megatron_groups(ns, world, tp, pp, 1, ep, tp)
        runs.append(time.perf_counter() - start)
        cpu_runs.append(time.process_time() - start_cpu)
    python, python_cpu = min(runs), min(cpu_runs)
    print(f"Megatron RankGenerator (Python {sys.version.split()[0]}, {where}), "
          f"computing the same groups only: best {python * 1e3:.1f} ms, CPU {python_cpu * 1e3:.1f} ms (5 runs)")

    ours = json.loads(subprocess.run([cli] + args, check=True, capture_output=True).stdout)["groups"]
    same = all(ours[name] == groups[name] for name in groups) and set(ours) == set(groups)
    print(f"groups identical to Megatron's: {'yes' if same else 'NO'}")
    print(f"speed-up of the whole CLI process over the Python groups alone: "
          f"{python / median:.0f}× (median wall clock), {python / best:.0f}× (best), "
          f"{python_cpu / cpu:.0f}× (CPU time)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
